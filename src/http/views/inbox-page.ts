// The web inbox (SPEC A8): one server-rendered page. The script
// (static/inbox.js and the modules it imports) only enhances it (actions,
// heartbeat, live updates, settings) and re-reads the fragments below
// (groups, channels) and those of notices.ts and preferences.ts instead of
// rendering anything itself, so all markup and all escaping live here.
import { createHash } from 'node:crypto';
import type { ClosedCounts } from '../../core/users.ts';
import type { userEventView } from '../../core/views.ts';
import { type Instant, type PlainDate, Temporal } from '../../domain/time.ts';
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { dueWords, untilWords } from './due-words.ts';
import { html, type SafeHtml, safeHref } from './html.ts';
import { renderBell, renderNoticePanel } from './notices.ts';
import { pageText, say, sayHtml } from './page-text.ts';
import { renderSettings, type SettingsModel } from './settings.ts';

export type InboxEvent = ReturnType<typeof userEventView>;

export interface InboxModel extends SettingsModel {
  badge: number;
  events: InboxEvent[];
  /** The user's closed events by state: what an empty list says it has received. */
  closed: ClosedCounts;
  now: Instant;
  today: PlainDate;
  /** The bell's unread label: "", "1" … "99+". */
  unreadLabel: string;
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
export const pageTitle = (badge: number, locale: Locale): string => (badge > 0 ? say(locale, 'title.some', { n: badge }) : say(locale, 'title.none'));

const badgeLabel = (badge: number, locale: Locale): string => (badge === 0 ? say(locale, 'badge.none') : say(locale, 'badge.some', { n: badge }));

/** The browser's colour around an installed inbox (the manifest's theme_color too). */
export const THEME_COLOR = '#2c5f8a';

export const FAVICON =
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
export function renderGroups(m: Pick<InboxModel, 'events' | 'closed' | 'badge' | 'tz' | 'locale' | 'now' | 'today'>): SafeHtml {
  const groups = GROUPS.map((g) => ({ ...g, events: m.events.filter((e) => e.state === g.state) })).filter((g) => g.events.length > 0);
  const body =
    groups.length === 0
      ? renderEmpty(m)
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

const CLOSED = [
  { state: 'expired', text: 'inbox.empty.expired' },
  { state: 'done', text: 'inbox.empty.done' },
  { state: 'withdrawn', text: 'inbox.empty.withdrawn' },
] as const satisfies readonly { state: keyof ClosedCounts; text: MessageKey }[];

/**
 * Nothing open. A first-time inbox explains how something gets here; one
 * that has received events says what became of them, so that a push which
 * arrived expired (its due moment had passed) does not look like nothing.
 */
function renderEmpty(m: Pick<InboxModel, 'closed' | 'locale'>): SafeHtml {
  const l = m.locale;
  const received = CLOSED.reduce((n, c) => n + m.closed[c.state], 0);
  if (received === 0) {
    return html`<div class="empty">
      <div class="empty-art" aria-hidden="true"></div>
      <h2 class="empty-title" tabindex="-1">${t(l, 'inbox.empty.title')}</h2>
      <p>${t(l, 'inbox.empty.text')}</p>
    </div>`;
  }
  const lines = CLOSED.filter((c) => m.closed[c.state] > 0);
  return html`<div class="empty" data-received="${received}">
      <div class="empty-art" aria-hidden="true"></div>
      <h2 class="empty-title" tabindex="-1">${t(l, 'inbox.empty.titleClosed')}</h2>
      <p class="empty-received">${t(l, 'inbox.empty.received', { n: received })}</p>
      <ul class="empty-states">${lines.map((c) => html`<li data-state="${c.state}">${t(l, c.text, { n: m.closed[c.state] })}</li>`)}</ul>
      <p>${t(l, 'inbox.empty.textClosed')}</p>
    </div>`;
}

function renderItem(e: InboxEvent, m: Pick<InboxModel, 'tz' | 'locale' | 'now' | 'today'>): SafeHtml {
  const due = dueWords(Temporal.PlainDate.from(e.due_day), e.due_time === null ? null : Temporal.PlainTime.from(e.due_time), m.today, m.locale);
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
            <span class="sep" aria-hidden="true">·</span><a class="why" href="/inbox/events/${e.id}/why" title="${t(m.locale, 'inbox.item.whyTitle')}">${t(m.locale, 'inbox.item.why')}<span class="visually-hidden"> ${e.payload.title}</span></a>
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
