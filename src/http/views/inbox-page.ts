// The web inbox (SPEC A8): one server-rendered page. The script
// (static/inbox.js and the modules it imports) only enhances it (actions,
// heartbeat, live updates, settings) and re-reads the fragments below
// (groups, channels) and those of notices.ts and preferences.ts instead of
// rendering anything itself, so all markup and all escaping live here.
import { createHash } from 'node:crypto';
import type { Grid } from '../../core/preferences.ts';
import type { userEventView } from '../../core/views.ts';
import type { ChannelRow } from '../../db/channels.ts';
import { type Instant, type PlainDate, Temporal } from '../../domain/time.ts';
import { LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { dueWords, untilWords } from './due-words.ts';
import { html, type SafeHtml, safeHref } from './html.ts';
import { renderBell, renderNoticePanel } from './notices.ts';
import { pageText, say, sayHtml } from './page-text.ts';
import { renderPreferences } from './preferences.ts';

export type InboxEvent = ReturnType<typeof userEventView>;

export interface InboxModel {
  login: string;
  tz: string;
  locale: Locale;
  quietStart: string;
  quietEnd: string;
  badge: number;
  events: InboxEvent[];
  channels: ChannelRow[];
  telegramConfigured: boolean;
  /** HADO_SMTP_URL and HADO_MAIL_FROM are set (issue 17). */
  emailConfigured: boolean;
  /** SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET are set (issue 17). */
  slackConfigured: boolean;
  now: Instant;
  today: PlainDate;
  /** The bell's unread label: "", "1" … "99+". */
  unreadLabel: string;
  grid: Grid;
}

export interface PageAssets {
  css: string[];
  /** The entry module. */
  module: string;
  /** Every module it imports. */
  preload: string[];
  /** The icon an iPhone puts on the home screen (the manifest has the rest). */
  appIcon: string;
}

const GROUPS = [
  { state: 'today', title: 'inbox.group.today', hint: 'inbox.group.todayHint' },
  { state: 'overdue', title: 'inbox.group.overdue', hint: 'inbox.group.overdueHint' },
  { state: 'preparing', title: 'inbox.group.preparing', hint: 'inbox.group.preparingHint' },
  { state: 'scheduled', title: 'inbox.group.scheduled', hint: 'inbox.group.scheduledHint' },
] as const satisfies readonly { state: string; title: MessageKey; hint: MessageKey }[];

/** Tab title: the badge first, so it shows in a narrow tab. */
export const pageTitle = (badge: number, locale: Locale): string =>
  badge > 0 ? say(locale, 'title.some', { n: badge }) : say(locale, 'title.none');

const badgeLabel = (badge: number, locale: Locale): string =>
  badge === 0 ? say(locale, 'badge.none') : say(locale, 'badge.some', { n: badge });

/** The browser's colour around an installed inbox (the manifest's theme_color too). */
export const THEME_COLOR = '#2c5f8a';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%232c5f8a'/%3E%3Cpath d='M5 19c3-5 6-5 9 0s6 5 9 0 4-4 4-4' stroke='%23fff' stroke-width='3' fill='none' stroke-linecap='round'/%3E%3C/svg%3E";

/** The whole page. */
export function renderInboxPage(m: InboxModel, assets: PageAssets): string {
  const l = m.locale;
  const page = html`<!doctype html>
<html lang="${l}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${pageTitle(m.badge, l)}</title>
<link rel="icon" href="${FAVICON}">
<link rel="manifest" href="/manifest.webmanifest">
<meta name="theme-color" content="${THEME_COLOR}">
<link rel="apple-touch-icon" href="${assets.appIcon}">
${assets.css.map((href) => html`<link rel="stylesheet" href="${href}">\n`)}${assets.preload.map((href) => html`<link rel="modulepreload" href="${href}">\n`)}<script type="module" src="${assets.module}"></script>
</head>
<body data-intl="${LOCALE_INFO[l].intl}">
<a class="skip" href="#inbox">${t(l, 'page.skip')}</a>
<header class="top">
  <div class="wrap top-in">
    <a class="brand" href="/" aria-label="${t(l, 'page.brand')}"><span class="mark" aria-hidden="true"></span><span>Hado</span></a>
    <div class="top-side">
      <span id="live" class="live" data-state="off" role="status"><span class="dot" aria-hidden="true"></span><span class="live-text">${say(l, 'live.none')}</span></span>
      <span id="badge" class="badge" data-count="${m.badge}" aria-live="polite">${badgeLabel(m.badge, l)}</span>
      ${renderBell(m.unreadLabel, l)}
      <a class="top-link" href="#settings">${t(l, 'page.settingsLink')}</a>
    </div>
  </div>
</header>
<main class="wrap layout">
  <section id="inbox" class="inbox" aria-labelledby="inbox-title" tabindex="-1">
    <div class="inbox-head">
      <h1 id="inbox-title">${t(l, 'inbox.title')}</h1>
      <p class="where">${sayHtml(l, 'inbox.where', { login: html`<strong>${m.login}</strong>`, zone: html`<span id="zone-name">${m.tz}</span>` })}</p>
    </div>
    <div id="zone-offer" class="zone-offer" role="region" aria-label="${t(l, 'settings.tz')}" data-tz="${m.tz}" hidden>
      <p class="zone-offer-text"></p>
      <div class="zone-offer-actions"><button type="button" class="btn primary" data-zone="switch"><span class="btn-text"></span></button><button type="button" class="btn subtle" data-zone="keep"><span class="btn-text"></span></button></div>
      <p class="field-error" role="alert" hidden></p>
    </div>
    <noscript><p class="notice">${t(l, 'page.noscript')}</p></noscript>
    ${renderGroups(m)}
  </section>
  ${renderSettings(m)}
</main>
<footer class="wrap foot"><p>${t(l, 'page.footer')}</p></footer>
${renderNoticePanel(l)}
<script type="application/json" id="page-text">${pageText(l)}</script>
</body>
</html>
`;
  return page.text;
}

/** The event list: `#groups`, re-read by the page on every live change. */
export function renderGroups(m: Pick<InboxModel, 'events' | 'badge' | 'tz' | 'locale' | 'now' | 'today'>): SafeHtml {
  const groups = GROUPS.map((g) => ({ ...g, events: m.events.filter((e) => e.state === g.state) })).filter(
    (g) => g.events.length > 0,
  );
  const body =
    groups.length === 0
      ? html`<div class="empty">
      <div class="empty-art" aria-hidden="true"></div>
      <h2 class="empty-title" tabindex="-1">${t(m.locale, 'inbox.empty.title')}</h2>
      <p>${t(m.locale, 'inbox.empty.text')}</p>
    </div>`
      : groups.map(
          (g) => html`<section class="group" data-group="${g.state}" aria-labelledby="g-${g.state}">
      <div class="group-head">
        <h2 id="g-${g.state}" class="group-title" tabindex="-1">${t(m.locale, g.title)} <span class="count">${g.events.length}</span></h2>
        <p class="group-hint">${t(m.locale, g.hint)}</p>
      </div>
      <ol class="items">${g.events.map((e) => renderItem(e, m))}</ol>
    </section>`,
        );
  return html`<div id="groups" class="groups" data-badge="${m.badge}" data-title="${pageTitle(m.badge, m.locale)}">${body}</div>`;
}

function renderItem(e: InboxEvent, m: Pick<InboxModel, 'tz' | 'locale' | 'now' | 'today'>): SafeHtml {
  const due = dueWords(
    Temporal.PlainDate.from(e.due_day),
    e.due_time === null ? null : Temporal.PlainTime.from(e.due_time),
    m.today,
    m.locale,
  );
  const exact = e.all_day
    ? t(m.locale, 'inbox.item.allDay', { day: e.due_day, zone: m.tz })
    : t(m.locale, 'inbox.item.at', { day: e.due_day, time: e.due_time ?? '', zone: m.tz });
  const quietUntil = e.quiet_until === null ? null : Temporal.Instant.from(e.quiet_until);
  const quiet =
    quietUntil !== null && Temporal.Instant.compare(quietUntil, m.now) > 0 && ['preparing', 'today', 'overdue'].includes(e.state)
      ? t(m.locale, 'inbox.item.quiet', { until: untilWords(quietUntil, m.now, m.tz, m.locale) })
      : null;
  const href = safeHref(e.payload.deep_link);
  const canAck = ['preparing', 'today', 'overdue'].includes(e.state);
  // A client's done_label is its own words, shown as given; the default is ours.
  const doneLabel = e.payload.done_label?.trim() || t(m.locale, 'inbox.item.done');
  const ruleText = (e as { rule_text?: string | null }).rule_text ?? null;
  const inner = html`<article class="item-card" aria-labelledby="t-${e.id}">
        <div class="item-main">
          <h3 id="t-${e.id}" class="title">${e.payload.title}</h3>
          ${e.payload.subtitle ? html`<p class="subtitle">${e.payload.subtitle}</p>` : null}
          <p class="meta">
            <time class="due" datetime="${e.due_moment}" title="${exact}">${due}</time>
            <span class="sep" aria-hidden="true">·</span>
            <span class="source">${e.source}</span>
            ${ruleText ? html`<span class="sep" aria-hidden="true">·</span><span class="rule">${ruleText}</span>` : null}
            ${quiet ? html`<span class="sep" aria-hidden="true">·</span><span class="quiet">${quiet}</span>` : null}
          </p>
        </div>
        <div class="actions">
          ${href ? html`<a class="btn link" href="${href}" target="_blank" rel="noopener noreferrer" data-focus-key="open-${e.id}">${t(m.locale, 'inbox.item.open')}<span class="visually-hidden"> ${e.payload.title}</span></a>` : null}
          ${
            canAck
              ? html`<button type="button" class="btn" data-action="ack" data-id="${e.id}" data-focus-key="ack-${e.id}" title="${t(m.locale, 'inbox.item.ackTitle')}"><span class="btn-text">${t(m.locale, 'inbox.item.ack')}</span></button>`
              : null
          }
          <button type="button" class="btn primary" data-action="done" data-id="${e.id}" data-focus-key="done-${e.id}"><span class="btn-text">${doneLabel}</span></button>
        </div>
        <p class="item-error" role="alert" hidden></p>
      </article>`;
  // The page keeps an unchanged item's node (and focus) across live updates by comparing this.
  const rev = createHash('sha1').update(inner.text).digest('base64url').slice(0, 12);
  return html`<li class="item" data-key="${e.id}" data-state="${e.state}" data-rev="${rev}">${inner}</li>`;
}

function renderSettings(m: InboxModel): SafeHtml {
  const l = m.locale;
  const linked = telegramLinked(m.channels);
  return html`<aside id="settings" class="settings" aria-labelledby="settings-title">
    <h2 id="settings-title" class="settings-title">${t(l, 'settings.title')}</h2>

    <form id="settings-form" class="card" novalidate>
      <h3 class="card-title">${t(l, 'settings.zoneCard')}</h3>
      <div class="field">
        <label for="tz">${t(l, 'settings.tz')}</label>
        <input id="tz" name="tz" type="text" list="tz-list" value="${m.tz}" autocomplete="off" spellcheck="false"
          aria-describedby="tz-hint tz-error" required>
        <datalist id="tz-list"></datalist>
        <p id="tz-hint" class="hint">${t(l, 'settings.tzHint')}</p>
        <button type="button" id="use-device-tz" class="chip" hidden>${t(l, 'settings.useDeviceTz')} <span></span></button>
        <p id="tz-error" class="field-error" data-error-for="tz" role="alert" hidden></p>
      </div>
      <fieldset class="field">
        <legend>${t(l, 'settings.quiet')}</legend>
        <div class="pair">
          <label class="inline" for="quiet_start"><span class="label-text">${t(l, 'settings.quietFrom')}</span> <input id="quiet_start" name="quiet_start" type="time" value="${m.quietStart}" required aria-describedby="quiet-hint quiet_start-error"></label>
          <label class="inline" for="quiet_end"><span class="label-text">${t(l, 'settings.quietTo')}</span> <input id="quiet_end" name="quiet_end" type="time" value="${m.quietEnd}" required aria-describedby="quiet-hint quiet_end-error"></label>
        </div>
        <p id="quiet-hint" class="hint">${t(l, 'settings.quietHint')}</p>
        <p id="quiet_start-error" class="field-error" data-error-for="quiet_start" role="alert" hidden></p>
        <p id="quiet_end-error" class="field-error" data-error-for="quiet_end" role="alert" hidden></p>
      </fieldset>
      <div class="field">
        <label for="locale">${t(l, 'settings.language')}</label>
        <select id="locale" name="locale" data-current="${l}" aria-describedby="locale-hint locale-error">${LOCALES.map(
          (code) => html`<option value="${code}" lang="${code}" ${code === l ? html`selected` : null}>${LOCALE_INFO[code].name}</option>`,
        )}</select>
        <p id="locale-hint" class="hint">${t(l, 'settings.languageHint')}</p>
        <p id="locale-error" class="field-error" data-error-for="locale" role="alert" hidden></p>
      </div>
      <div class="form-actions">
        <button type="submit" class="btn primary"><span class="btn-text">${t(l, 'settings.save')}</span></button>
        <p class="form-status" role="status"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>
    </form>

    ${renderPushDevice(l, m.login)}

    <section class="card" aria-labelledby="channels-title">
      <h3 id="channels-title" class="card-title">${t(l, 'settings.channels')}</h3>
      <p class="hint">${t(l, 'settings.channelsHint')}</p>
      ${renderChannels(m)}
      <form id="webhook-form" class="subform" novalidate>
        <h4 class="subform-title">${t(l, 'settings.webhook.title')}</h4>
        <div class="field">
          <label for="deliver_url">${t(l, 'settings.webhook.deliverUrl')}</label>
          <input id="deliver_url" name="deliver_url" type="url" inputmode="url" placeholder="https://home.example/api/webhook/hado" required aria-describedby="deliver_url-error">
          <p id="deliver_url-error" class="field-error" data-error-for="config.deliver_url" role="alert" hidden></p>
        </div>
        <div class="field">
          <label for="presence_url">${t(l, 'settings.webhook.presenceUrl')} <span class="optional">${t(l, 'settings.webhook.optional')}</span></label>
          <input id="presence_url" name="presence_url" type="url" inputmode="url" placeholder="https://home.example/api/hado/presence" aria-describedby="presence_url-hint presence_url-error">
          <p id="presence_url-hint" class="hint">${sayHtml(l, 'settings.webhook.presenceHint', { json: html`<code>{"present": true}</code>` })}</p>
          <p id="presence_url-error" class="field-error" data-error-for="config.presence_url" role="alert" hidden></p>
        </div>
        <details id="ha-preset" class="preset">
          <summary>${t(l, 'settings.ha.title')}</summary>
          <p class="hint">${sayHtml(l, 'settings.ha.hint', { path: html`<code>/api/states/person.&lt;name&gt;</code>` })}</p>
          <div class="field">
            <label for="ha_url">${t(l, 'settings.ha.url')}</label>
            <input id="ha_url" name="ha_url" type="url" inputmode="url" placeholder="http://homeassistant.local:8123">
          </div>
          <div class="field">
            <label for="ha_person">${t(l, 'settings.ha.person')}</label>
            <input id="ha_person" name="ha_person" type="text" placeholder="nikita" autocomplete="off" spellcheck="false" aria-describedby="ha_person-hint">
            <p id="ha_person-hint" class="hint">${sayHtml(l, 'settings.ha.personHint', { prefix: html`<code>person.</code>` })}</p>
          </div>
          <div class="field">
            <label for="ha_token">${t(l, 'settings.ha.token')}</label>
            <input id="ha_token" name="ha_token" type="password" autocomplete="off" aria-describedby="ha_token-error">
            <p id="ha_token-error" class="field-error" data-error-for="config.presence_headers" role="alert" hidden></p>
          </div>
        </details>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">${t(l, 'settings.webhook.submit')}</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
        <div id="webhook-secret" class="secret" hidden>
          <p><strong>${t(l, 'settings.webhook.added')}</strong> ${t(l, 'settings.webhook.secret')}</p>
          <code class="secret-value"></code>
        </div>
      </form>
    </section>

    <section id="telegram" class="card" aria-labelledby="telegram-title" data-configured="${m.telegramConfigured ? 'true' : 'false'}">
      <h3 id="telegram-title" class="card-title">Telegram</h3>
      ${
        m.telegramConfigured
          ? html`<p class="tg-linked" ${linked ? null : html`hidden`}><span class="ok-mark" aria-hidden="true"></span>${t(l, 'settings.telegram.linked')}</p>
      <p class="tg-unlinked hint" ${linked ? html`hidden` : null}>${t(l, 'settings.telegram.unlinked')}</p>
      <button type="button" id="telegram-link" class="btn"><span class="btn-text">${linked ? say(l, 'telegram.another') : say(l, 'telegram.link')}</span></button>
      <div id="telegram-code" class="code-box" hidden>
        <p>${sayHtml(l, 'settings.telegram.codeIntro', { start: html`<strong>${t(l, 'settings.telegram.startButton')}</strong>` })}</p>
        <p><code class="tg-command"></code></p>
        <p><a class="btn primary tg-open" href="#" target="_blank" rel="noopener noreferrer">${t(l, 'settings.telegram.openBot')}</a></p>
        <p class="hint tg-expiry"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>`
          : html`<p class="hint">${sayHtml(l, 'settings.telegram.notSetUp', { token: html`<code>TELEGRAM_BOT_TOKEN</code>`, secret: html`<code>TELEGRAM_WEBHOOK_SECRET</code>` })}</p>`
      }
    </section>

    <section id="email" class="card" aria-labelledby="email-title">
      <h3 id="email-title" class="card-title">${t(l, 'settings.channel.email')}</h3>
      ${
        m.emailConfigured
          ? html`<p class="hint">${t(l, 'settings.email.hint')}</p>
      <form class="subform" data-channel-form="email" novalidate>
        <div class="field">
          <label for="email_address">${t(l, 'settings.email.address')}</label>
          <input id="email_address" name="address" type="email" autocomplete="email" placeholder="ana@example.org" required aria-describedby="email_address-error">
          <p id="email_address-error" class="field-error" data-error-for="config.address" role="alert" hidden></p>
        </div>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">${t(l, 'settings.email.submit')}</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
      </form>`
          : html`<p class="hint">${sayHtml(l, 'settings.email.notSetUp', { url: html`<code>HADO_SMTP_URL</code>`, from: html`<code>HADO_MAIL_FROM</code>` })}</p>`
      }
    </section>

    <section id="slack" class="card" aria-labelledby="slack-title">
      <h3 id="slack-title" class="card-title">Slack</h3>
      ${
        m.slackConfigured
          ? html`<p class="hint">${t(l, 'settings.slack.hint')}</p>
      <form class="subform" data-channel-form="slack" novalidate>
        <div class="field">
          <label for="slack_user_id">${t(l, 'settings.slack.user')}</label>
          <input id="slack_user_id" name="slack_user_id" type="text" autocomplete="off" spellcheck="false" placeholder="U024BE7LH" required aria-describedby="slack_user_id-error">
          <p id="slack_user_id-error" class="field-error" data-error-for="config.slack_user_id" role="alert" hidden></p>
        </div>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">${t(l, 'settings.slack.submit')}</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
      </form>`
          : html`<p class="hint">${sayHtml(l, 'settings.slack.notSetUp', { token: html`<code>SLACK_BOT_TOKEN</code>`, secret: html`<code>SLACK_SIGNING_SECRET</code>` })}</p>`
      }
    </section>

    ${renderPreferences(m.grid, l)}
  </aside>`;
}

/**
 * "Notifications on this device": Web Push for this browser (push.js). Every
 * state's words are here, hidden; the script shows those of the state it
 * finds (data-when: one state or several), so it says nothing by itself.
 * data-login tells the script whose page it is: on a browser profile shared
 * by two people, the subscription one of them made is "other" to the second.
 */
function renderPushDevice(l: Locale, login: string): SafeHtml {
  return html`<section id="push-device" class="card" aria-labelledby="push-title" data-state="unknown" data-login="${login}">
      <h3 id="push-title" class="card-title">${t(l, 'settings.push.title')}</h3>
      <p class="hint">${t(l, 'settings.push.hint')}</p>
      <p class="push-state" data-when="on" hidden><span class="ok-mark" aria-hidden="true"></span>${t(l, 'settings.push.on')}</p>
      <p class="push-state hint" data-when="off" hidden>${t(l, 'settings.push.off')}</p>
      <p class="push-state hint" data-when="other" hidden>${t(l, 'settings.push.other')}</p>
      <p class="push-state hint" data-when="denied" hidden>${t(l, 'settings.push.denied')}</p>
      <p class="push-state hint" data-when="unsupported" hidden>${t(l, 'settings.push.unsupported')}</p>
      <div class="form-actions">
        <button type="button" id="push-on" class="btn primary" data-when="off other" hidden><span class="btn-text">${t(l, 'settings.push.turnOn')}</span></button>
        <button type="button" id="push-off" class="btn" data-when="on" hidden><span class="btn-text">${t(l, 'settings.push.turnOff')}</span></button>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>
    </section>`;
}

const telegramLinked = (channels: ChannelRow[]): boolean => channels.some((c) => c.type === 'telegram');

/** The channel list: `#channel-list`, re-read after every change. */
export function renderChannels(m: Pick<InboxModel, 'channels' | 'locale'>): SafeHtml {
  const l = m.locale;
  const items = m.channels.map((c) => {
    const { name, details } = describeChannel(c, l);
    const onOff = t(l, c.enabled ? 'settings.channel.on' : 'settings.channel.off');
    return html`<li class="channel" data-channel="${c.id}" data-type="${c.type}" data-enabled="${c.enabled ? 'true' : 'false'}">
        <div class="channel-main">
          <span class="channel-name">${name}</span>
          ${details.map((d) => html`<span class="channel-detail" title="${d}">${d}</span>`)}
        </div>
        ${
          c.type === 'web'
            ? html`<span class="channel-fixed">${t(l, 'settings.channel.alwaysOn')}</span>`
            : html`<div class="channel-actions">
          <label class="switch"><input type="checkbox" role="switch" data-channel-toggle="${c.id}" ${c.enabled ? html`checked` : null}><span class="switch-track" aria-hidden="true"></span><span class="switch-label" data-on="${t(l, 'settings.channel.on')}" data-off="${t(l, 'settings.channel.off')}">${onOff}</span><span class="visually-hidden"> ${name}</span></label>
          <button type="button" class="btn subtle danger" data-channel-delete="${c.id}"><span class="btn-text">${say(l, 'channel.delete')}</span><span class="visually-hidden"> ${name}</span></button>
        </div>`
        }
        <p class="item-error" role="alert" hidden></p>
      </li>`;
  });
  return html`<ul id="channel-list" class="channels" data-telegram-linked="${telegramLinked(m.channels) ? 'true' : 'false'}">${items}</ul>`;
}

function describeChannel(c: ChannelRow, l: Locale): { name: string; details: string[] } {
  const config = c.config ?? {};
  if (c.type === 'web') return { name: t(l, 'settings.channel.web'), details: [t(l, 'settings.channel.webDetail')] };
  if (c.type === 'telegram') {
    return {
      name: t(l, 'settings.channel.telegram'),
      details: [typeof config.username === 'string' ? `@${config.username}` : t(l, 'settings.channel.telegramChat')],
    };
  }
  if (c.type === 'push') {
    const host = typeof config.endpoint === 'string' ? shortUrl(config.endpoint).split('/')[0]! : '';
    const device = typeof config.user_agent === 'string' ? config.user_agent : '';
    return { name: t(l, 'settings.channel.push'), details: device ? [device, host] : [host] };
  }
  // An email address or a Slack user delivers nothing until its owner confirms (issue 17).
  const pending = c.confirmed ? [] : [t(l, 'settings.channel.unconfirmed')];
  if (c.type === 'email') {
    return { name: t(l, 'settings.channel.email'), details: [typeof config.address === 'string' ? config.address : '', ...pending] };
  }
  if (c.type === 'slack') {
    const user = typeof config.slack_user_id === 'string' ? config.slack_user_id : '';
    return { name: t(l, 'settings.channel.slack'), details: [t(l, 'settings.channel.slackUser', { user }), ...pending] };
  }
  if (c.type === 'mobile') {
    // "iOS · pixel-7a": the platform and the app's own name for the device.
    const platform = config.platform === 'ios' ? 'iOS' : config.platform === 'android' ? 'Android' : '';
    const device = typeof config.device_id === 'string' ? config.device_id : '';
    return { name: t(l, 'settings.channel.mobile'), details: [[platform, device].filter(Boolean).join(' · ')] };
  }
  const deliver = typeof config.deliver_url === 'string' ? shortUrl(config.deliver_url) : '';
  const presence =
    typeof config.presence_url === 'string'
      ? t(l, 'settings.channel.presence', { url: shortUrl(config.presence_url) })
      : t(l, 'settings.channel.noPresence');
  return { name: t(l, 'settings.channel.webhook'), details: [deliver, presence] };
}

function shortUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return raw;
  }
}

/**
 * A small page for a request without a signed-in user (no proxy, no local
 * mode), in the browser's language; the server's reason, English like every
 * API message, under "Details".
 */
export function renderSignedOut(message: string, assets: PageAssets, l: Locale): string {
  return html`<!doctype html>
<html lang="${l}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${t(l, 'signedOut.title')}</title>
<link rel="icon" href="${FAVICON}">
${assets.css.map((href) => html`<link rel="stylesheet" href="${href}">`)}</head>
<body><main class="wrap signed-out"><h1>${t(l, 'signedOut.heading')}</h1>
<p class="hint">${sayHtml(l, 'signedOut.hint', { me: html`<code>me</code>` })}</p>
<details><summary>${t(l, 'signedOut.details')}</summary><p lang="en">${message}</p></details></main></body></html>
`.text;
}
