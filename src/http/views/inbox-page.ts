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
import type { Locale } from '../../i18n/locales.ts';
import { dueWords, untilWords } from './due-words.ts';
import { html, type SafeHtml, safeHref } from './html.ts';
import { renderBell, renderNoticePanel } from './notices.ts';
import { PAGE_LANG, pageText, say } from './page-text.ts';
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
}

const GROUPS = [
  { state: 'today', title: 'Today', hint: 'Due today. Reminders come hourly while you are around.' },
  { state: 'overdue', title: 'Overdue', hint: 'Past due and still open. A reminder once a day until Done.' },
  { state: 'preparing', title: 'Preparing', hint: 'Coming up. A reminder once a day; Ack quiets it until the next step.' },
  { state: 'scheduled', title: 'Scheduled', hint: 'Later. Nothing to do yet — Done closes it early.' },
] as const;

/** Tab title: the badge first, so it shows in a narrow tab. */
export const pageTitle = (badge: number): string => (badge > 0 ? say('title.some', { n: badge }) : say('title.none'));

const badgeLabel = (badge: number): string => (badge === 0 ? say('badge.none') : say('badge.some', { n: badge }));

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%232c5f8a'/%3E%3Cpath d='M5 19c3-5 6-5 9 0s6 5 9 0 4-4 4-4' stroke='%23fff' stroke-width='3' fill='none' stroke-linecap='round'/%3E%3C/svg%3E";

/** The whole page. */
export function renderInboxPage(m: InboxModel, assets: PageAssets): string {
  const page = html`<!doctype html>
<html lang="${PAGE_LANG}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${pageTitle(m.badge)}</title>
<link rel="icon" href="${FAVICON}">
${assets.css.map((href) => html`<link rel="stylesheet" href="${href}">\n`)}${assets.preload.map((href) => html`<link rel="modulepreload" href="${href}">\n`)}<script type="module" src="${assets.module}"></script>
</head>
<body>
<a class="skip" href="#inbox">Skip to the inbox</a>
<header class="top">
  <div class="wrap top-in">
    <a class="brand" href="/" aria-label="Hado, inbox"><span class="mark" aria-hidden="true"></span><span>Hado</span></a>
    <div class="top-side">
      <span id="live" class="live" data-state="off" role="status"><span class="dot" aria-hidden="true"></span><span class="live-text">${say('live.none')}</span></span>
      <span id="badge" class="badge" data-count="${m.badge}" aria-live="polite">${badgeLabel(m.badge)}</span>
      ${renderBell(m.unreadLabel)}
      <a class="top-link" href="#settings">Settings</a>
    </div>
  </div>
</header>
<main class="wrap layout">
  <section id="inbox" class="inbox" aria-labelledby="inbox-title" tabindex="-1">
    <div class="inbox-head">
      <h1 id="inbox-title">Inbox</h1>
      <p class="where">Signed in as <strong>${m.login}</strong> · times in <span id="zone-name">${m.tz}</span></p>
    </div>
    <noscript><p class="notice">Ack, Done, settings and live updates need JavaScript; this list is still up to date as of loading.</p></noscript>
    ${renderGroups(m)}
  </section>
  ${renderSettings(m)}
</main>
<footer class="wrap foot"><p>Hado reminds you where you are, when you are around. Ack quiets a reminder until its next step; Done closes it.</p></footer>
${renderNoticePanel()}
<script type="application/json" id="page-text">${pageText()}</script>
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
      <h2 class="empty-title" tabindex="-1">All clear</h2>
      <p>Nothing needs you right now. When one of your services sends something with a date — a birthday, a deadline, a flight — it appears here, and Hado reminds you when you are around.</p>
    </div>`
      : groups.map(
          (g) => html`<section class="group" data-group="${g.state}" aria-labelledby="g-${g.state}">
      <div class="group-head">
        <h2 id="g-${g.state}" class="group-title" tabindex="-1">${g.title} <span class="count">${g.events.length}</span></h2>
        <p class="group-hint">${g.hint}</p>
      </div>
      <ol class="items">${g.events.map((e) => renderItem(e, m))}</ol>
    </section>`,
        );
  return html`<div id="groups" class="groups" data-badge="${m.badge}" data-title="${pageTitle(m.badge)}">${body}</div>`;
}

function renderItem(e: InboxEvent, m: Pick<InboxModel, 'tz' | 'locale' | 'now' | 'today'>): SafeHtml {
  const due = dueWords(
    Temporal.PlainDate.from(e.due_day),
    e.due_time === null ? null : Temporal.PlainTime.from(e.due_time),
    m.today,
    m.locale,
  );
  const exact = e.all_day ? `${e.due_day} (all day), ${m.tz}` : `${e.due_day} ${e.due_time}, ${m.tz}`;
  const quietUntil = e.quiet_until === null ? null : Temporal.Instant.from(e.quiet_until);
  const quiet =
    quietUntil !== null && Temporal.Instant.compare(quietUntil, m.now) > 0 && ['preparing', 'today', 'overdue'].includes(e.state)
      ? `Quiet ${untilWords(quietUntil, m.now, m.tz, m.locale)}`
      : null;
  const href = safeHref(e.payload.deep_link);
  const canAck = ['preparing', 'today', 'overdue'].includes(e.state);
  const doneLabel = e.payload.done_label?.trim() || 'Done';
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
          ${href ? html`<a class="btn link" href="${href}" target="_blank" rel="noopener noreferrer" data-focus-key="open-${e.id}">Open<span class="visually-hidden"> ${e.payload.title}</span></a>` : null}
          ${
            canAck
              ? html`<button type="button" class="btn" data-action="ack" data-id="${e.id}" data-focus-key="ack-${e.id}" title="Quiet until the next reminder"><span class="btn-text">Ack</span></button>`
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
  return html`<aside id="settings" class="settings" aria-labelledby="settings-title">
    <h2 id="settings-title" class="settings-title">Settings</h2>

    <form id="settings-form" class="card" novalidate>
      <h3 class="card-title">Time zone and quiet hours</h3>
      <div class="field">
        <label for="tz">Time zone</label>
        <input id="tz" name="tz" type="text" list="tz-list" value="${m.tz}" autocomplete="off" spellcheck="false"
          aria-describedby="tz-hint tz-error" required>
        <datalist id="tz-list"></datalist>
        <p id="tz-hint" class="hint">Type to search, for example “Madrid” or “Tokyo”.</p>
        <button type="button" id="use-device-tz" class="chip" hidden>Use this device’s zone: <span></span></button>
        <p id="tz-error" class="field-error" data-error-for="tz" role="alert" hidden></p>
      </div>
      <fieldset class="field">
        <legend>Quiet hours</legend>
        <div class="pair">
          <label class="inline" for="quiet_start"><span class="label-text">From</span> <input id="quiet_start" name="quiet_start" type="time" value="${m.quietStart}" required aria-describedby="quiet-hint quiet_start-error"></label>
          <label class="inline" for="quiet_end"><span class="label-text">to</span> <input id="quiet_end" name="quiet_end" type="time" value="${m.quietEnd}" required aria-describedby="quiet-hint quiet_end-error"></label>
        </div>
        <p id="quiet-hint" class="hint">No reminders in this time. Active hours run from its end to its start, within one day.</p>
        <p id="quiet_start-error" class="field-error" data-error-for="quiet_start" role="alert" hidden></p>
        <p id="quiet_end-error" class="field-error" data-error-for="quiet_end" role="alert" hidden></p>
      </fieldset>
      <div class="form-actions">
        <button type="submit" class="btn primary"><span class="btn-text">Save</span></button>
        <p class="form-status" role="status"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>
    </form>

    <section class="card" aria-labelledby="channels-title">
      <h3 id="channels-title" class="card-title">Channels</h3>
      <p class="hint">Where Hado reaches you when this page is not open. It asks each one whether you are there, and delivers only where you are.</p>
      ${renderChannels(m)}
      <form id="webhook-form" class="subform" novalidate>
        <h4 class="subform-title">Add a webhook</h4>
        <div class="field">
          <label for="deliver_url">Deliver URL</label>
          <input id="deliver_url" name="deliver_url" type="url" inputmode="url" placeholder="https://home.example/api/webhook/hado" required aria-describedby="deliver_url-error">
          <p id="deliver_url-error" class="field-error" data-error-for="config.deliver_url" role="alert" hidden></p>
        </div>
        <div class="field">
          <label for="presence_url">Presence URL <span class="optional">optional</span></label>
          <input id="presence_url" name="presence_url" type="url" inputmode="url" placeholder="https://home.example/api/hado/presence" aria-describedby="presence_url-hint presence_url-error">
          <p id="presence_url-hint" class="hint">Answers <code>{"present": true}</code> when you are home.</p>
          <p id="presence_url-error" class="field-error" data-error-for="config.presence_url" role="alert" hidden></p>
        </div>
        <details id="ha-preset" class="preset">
          <summary>Home Assistant person</summary>
          <p class="hint">Presence from a person in Home Assistant: home is present, anywhere else absent. Hado asks <code>/api/states/person.&lt;name&gt;</code> with your token and never shows the token again.</p>
          <div class="field">
            <label for="ha_url">Home Assistant URL</label>
            <input id="ha_url" name="ha_url" type="url" inputmode="url" placeholder="http://homeassistant.local:8123">
          </div>
          <div class="field">
            <label for="ha_person">Person</label>
            <input id="ha_person" name="ha_person" type="text" placeholder="nikita" autocomplete="off" spellcheck="false" aria-describedby="ha_person-hint">
            <p id="ha_person-hint" class="hint">The entity id after <code>person.</code></p>
          </div>
          <div class="field">
            <label for="ha_token">Long-lived access token</label>
            <input id="ha_token" name="ha_token" type="password" autocomplete="off" aria-describedby="ha_token-error">
            <p id="ha_token-error" class="field-error" data-error-for="config.presence_headers" role="alert" hidden></p>
          </div>
        </details>
        <div class="form-actions">
          <button type="submit" class="btn"><span class="btn-text">Add webhook</span></button>
          <p class="form-status" role="status"></p>
        </div>
        <p class="field-error" data-error-for="_form" role="alert" hidden></p>
        <div id="webhook-secret" class="secret" hidden>
          <p><strong>Webhook added.</strong> Its signing secret is shown only this once — keep it where the receiver checks signatures:</p>
          <code class="secret-value"></code>
        </div>
      </form>
    </section>

    <section id="telegram" class="card" aria-labelledby="telegram-title" data-configured="${m.telegramConfigured ? 'true' : 'false'}">
      <h3 id="telegram-title" class="card-title">Telegram</h3>
      ${
        m.telegramConfigured
          ? html`<p class="tg-linked" ${telegramLinked(m.channels) ? null : html`hidden`}><span class="ok-mark" aria-hidden="true"></span>Linked. Reminders reach you in Telegram when you are away from here.</p>
      <p class="tg-unlinked hint" ${telegramLinked(m.channels) ? html`hidden` : null}>Get reminders in Telegram when you are away from this page.</p>
      <button type="button" id="telegram-link" class="btn"><span class="btn-text">${telegramLinked(m.channels) ? say('telegram.another') : say('telegram.link')}</span></button>
      <div id="telegram-code" class="code-box" hidden>
        <p>Open the bot and press <strong>Start</strong>, or send it this message:</p>
        <p><code class="tg-command"></code></p>
        <p><a class="btn primary tg-open" href="#" target="_blank" rel="noopener noreferrer">Open the bot</a></p>
        <p class="hint tg-expiry"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>`
          : html`<p class="hint">Telegram is not set up on this server. An administrator can enable it with <code>TELEGRAM_BOT_TOKEN</code> and <code>TELEGRAM_WEBHOOK_SECRET</code>.</p>`
      }
    </section>

    ${renderPreferences(m.grid)}
  </aside>`;
}

const telegramLinked = (channels: ChannelRow[]): boolean => channels.some((c) => c.type === 'telegram');

/** The channel list: `#channel-list`, re-read after every change. */
export function renderChannels(m: Pick<InboxModel, 'channels'>): SafeHtml {
  const items = m.channels.map((c) => {
    const { name, details } = describeChannel(c);
    const state = c.type === 'web' ? 'Always on' : c.enabled ? 'On' : 'Off';
    return html`<li class="channel" data-channel="${c.id}" data-type="${c.type}" data-enabled="${c.enabled ? 'true' : 'false'}">
        <div class="channel-main">
          <span class="channel-name">${name}</span>
          ${details.map((d) => html`<span class="channel-detail" title="${d}">${d}</span>`)}
        </div>
        ${
          c.type === 'web'
            ? html`<span class="channel-fixed">${state}</span>`
            : html`<div class="channel-actions">
          <label class="switch"><input type="checkbox" role="switch" data-channel-toggle="${c.id}" ${c.enabled ? html`checked` : null}><span class="switch-track" aria-hidden="true"></span><span class="switch-label">${c.enabled ? 'On' : 'Off'}</span><span class="visually-hidden"> ${name}</span></label>
          <button type="button" class="btn subtle danger" data-channel-delete="${c.id}"><span class="btn-text">${say('channel.delete')}</span><span class="visually-hidden"> ${name}</span></button>
        </div>`
        }
        <p class="item-error" role="alert" hidden></p>
      </li>`;
  });
  return html`<ul id="channel-list" class="channels" data-telegram-linked="${telegramLinked(m.channels) ? 'true' : 'false'}">${items}</ul>`;
}

function describeChannel(c: ChannelRow): { name: string; details: string[] } {
  const config = c.config ?? {};
  if (c.type === 'web') return { name: 'Web inbox', details: ['This page, while it is open and you are active'] };
  if (c.type === 'telegram') {
    return { name: 'Telegram', details: [typeof config.username === 'string' ? `@${config.username}` : 'Linked chat'] };
  }
  const deliver = typeof config.deliver_url === 'string' ? shortUrl(config.deliver_url) : '';
  const presence = typeof config.presence_url === 'string' ? `presence: ${shortUrl(config.presence_url)}` : 'no presence URL';
  return { name: 'Webhook', details: [deliver, presence] };
}

function shortUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return raw;
  }
}

/** A small page for a request without a signed-in user (no proxy, no local mode). */
export function renderSignedOut(message: string, assets: PageAssets): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Hado — not signed in</title>
<link rel="icon" href="${FAVICON}">
${assets.css.map((href) => html`<link rel="stylesheet" href="${href}">`)}</head>
<body><main class="wrap signed-out"><h1>Not signed in</h1><p>${message}</p>
<p class="hint">Open Hado through your hub's sign-in, or run it locally (the quick start signs you in as <code>me</code>).</p></main></body></html>
`.text;
}
