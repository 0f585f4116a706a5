// Notices on the inbox page (SPEC B2–B4), rendered here with the same `html`
// template as the events: the bell, the feed panel, a page of the feed, one
// notice, and its toast. The page's script (static/notices.js) fetches pages
// and notices as fragments (routes/inbox-notices.ts) and only places them.
//
// Each notice carries what the script needs to place it without reading its
// text: data-id, data-unread, data-archived, data-created (the feed's order)
// and data-updated (is a live frame news?).
import type { RecipientNoticeView } from '../../core/notice-views.ts';
import type { FeedPage } from '../../core/notice-feed.ts';
import { type Instant, Temporal } from '../../domain/time.ts';
import type { Locale } from '../../i18n/locales.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { agoWords, exactWords } from './due-words.ts';
import { html, type SafeHtml, safeHref, trusted } from './html.ts';
import { say } from './page-text.ts';

/** Who is looking, and when: a claim reads "You took it." for its holder; times are in their zone. */
export interface NoticeReader {
  login: string;
  tz: string;
  locale: Locale;
  now: Instant;
}

export const FILTERS = [
  { filter: 'inbox', label: 'notices.filter.inbox', empty: 'notices.empty.inbox' },
  { filter: 'unread', label: 'notices.filter.unread', empty: 'notices.empty.unread' },
  { filter: 'archived', label: 'notices.filter.archived', empty: 'notices.empty.archived' },
] as const satisfies readonly { filter: string; label: MessageKey; empty: MessageKey }[];

const bellLabel = (label: string, l: Locale): string => (label ? say(l, 'bell.some', { label }) : say(l, 'bell.none'));

/** The bell in the header, with the unread label ("", "7", "99+"). */
export function renderBell(unreadLabel: string, l: Locale): SafeHtml {
  return html`<button type="button" id="nt-bell" class="nt-bell" aria-expanded="false" aria-controls="nt-panel" aria-haspopup="true" data-unread="${unreadLabel}"><svg viewBox="0 0 24 24" aria-hidden="true" class="nt-bell-icon"><path d="M6 17V11a6 6 0 1 1 12 0v6l1.5 2h-15z"></path><path d="M10 21a2 2 0 0 0 4 0"></path></svg><span class="visually-hidden">${bellLabel(unreadLabel, l)}</span><span class="nt-bell-count" ${unreadLabel ? null : html`hidden`}>${unreadLabel}</span></button>`;
}

/** The feed panel, closed and empty: its first page is fetched when it first opens. */
export function renderNoticePanel(l: Locale): SafeHtml {
  return html`<section id="nt-panel" class="nt-panel" hidden aria-labelledby="nt-title">
  <div class="nt-head">
    <h2 id="nt-title" class="nt-title" tabindex="-1">${t(l, 'notices.title')}</h2>
    <button type="button" class="btn subtle nt-read-all"><span class="btn-text">${t(l, 'notices.readAll')}</span></button>
    <button type="button" class="nt-close" aria-label="${t(l, 'notices.close')}">×</button>
  </div>
  <div class="nt-filters" role="group" aria-label="${t(l, 'notices.show')}">${FILTERS.map(
    (f, i) => html`<button type="button" class="nt-filter" data-filter="${f.filter}" aria-pressed="${i === 0 ? 'true' : 'false'}">${t(l, f.label)}</button>`,
  )}</div>
  <p class="nt-error" role="alert" hidden></p>
  <div class="nt-scroll">
    <ol id="nt-list" class="nt-list" aria-label="${t(l, 'notices.title')}"></ol>
    ${FILTERS.map((f) => html`<p class="nt-empty" data-filter="${f.filter}" hidden>${t(l, f.empty)}</p>`)}
    <div class="nt-sentinel" aria-hidden="true"></div>
    <button type="button" class="btn subtle nt-more" hidden><span class="btn-text">${t(l, 'notices.more')}</span></button>
  </div>
</section>
<div class="nt-toasts" aria-live="polite" aria-relevant="additions"></div>
<template id="nt-summary-toast">${toastShell('nt-summary', html`<span class="nt-toast-title"></span><span class="nt-toast-meta">${t(l, 'notices.openAll')}</span>`, l)}</template>`;
}

/** The unread count travels with every fragment, so the bell can follow. */
const unreadAttrs = (unread: { unread: number; unread_label: string }): SafeHtml =>
  html`data-unread="${unread.unread}" data-unread-label="${unread.unread_label}"`;

/** One page of the feed: `<ol class="nt-page" data-next-cursor>` (GET /inbox/notices). */
export function renderNoticePage(page: FeedPage, reader: NoticeReader): SafeHtml {
  return html`<ol class="nt-page" data-next-cursor="${page.next_cursor ?? ''}" ${unreadAttrs(page)}>${page.notices.map((n) => renderNotice(n, reader))}</ol>`;
}

/** Some notices by id, in the order asked, and their toasts when asked (GET /inbox/notices/items). */
export function renderNoticeItems(
  notices: RecipientNoticeView[],
  unread: { unread: number; unread_label: string },
  reader: NoticeReader,
  withToasts: boolean,
): SafeHtml {
  return html`<div class="nt-batch" ${unreadAttrs(unread)}><ol class="nt-batch-items">${notices.map((n) => renderNotice(n, reader))}</ol>${
    withToasts ? html`<div class="nt-batch-toasts">${notices.map((n) => renderToast(n, reader.locale))}</div>` : null
  }</div>`;
}

function renderNotice(n: RecipientNoticeView, reader: NoticeReader): SafeHtml {
  const href = safeHref(n.deep_link);
  const unread = n.read_at === null;
  const updated = Temporal.Instant.from(n.updated_at!);
  const group = n.group !== null && n.group.count > 1 ? n.group : null;
  return html`<li class="nt-item" data-id="${n.id}" data-unread="${String(unread)}" data-archived="${String(n.archived_at !== null)}" data-created="${n.created_at}" data-updated="${n.updated_at}"><span class="nt-dot" aria-hidden="true"></span><div class="nt-body">
  <p class="nt-meta"><span class="nt-source">${n.topic ? `${n.source} · ${n.topic}` : n.source}</span>${
    n.actor ? html`<span class="nt-actor">${n.actor}</span>` : null
  }<time datetime="${n.updated_at}" title="${exactWords(updated, reader.tz)}">${agoWords(updated, reader.now, reader.tz, reader.locale)}</time>${
    n.urgent ? html`<span class="nt-urgent">${t(reader.locale, 'notices.urgent')}</span>` : null
  }</p>
  <h3 class="nt-item-title">${href ? html`<a href="${href}" target="_blank" rel="noopener noreferrer" data-nt-open>${n.title}</a>` : n.title}</h3>
  ${n.entity_label ? html`<p class="nt-entity">${n.entity_label}</p>` : null}
  ${n.body_html ? html`<div class="nt-text nt-md">${trusted(n.body_html)}</div>` : n.body ? html`<p class="nt-text">${n.body}</p>` : null}
  ${
    group
      ? html`<details class="nt-group"><summary>${t(reader.locale, 'notice.groupSummary', { count: group.count, shown: Math.min(group.messages.length, 10) })}</summary><ul>${group.messages
          .slice()
          .reverse()
          .map((m) => html`<li>${m}</li>`)}</ul></details>`
      : null
  }
  ${n.claim ? renderClaim(n.claim, reader) : null}
  <div class="nt-actions">${unread ? actionButton('read', t(reader.locale, 'notices.markRead')) : null}${
    n.archived_at === null ? actionButton('archive', t(reader.locale, 'notices.archive')) : actionButton('unarchive', t(reader.locale, 'notices.unarchive'))
  }</div>
  <p class="nt-item-error" role="alert" hidden></p>
</div>${unread ? html`<span class="visually-hidden"> ${t(reader.locale, 'notices.unread')}</span>` : null}</li>`;
}

const actionButton = (action: string, label: string, cls = 'subtle'): SafeHtml =>
  html`<button type="button" class="btn ${cls}" data-nt-action="${action}"><span class="btn-text">${label}</span></button>`;

function renderClaim(claim: NonNullable<RecipientNoticeView['claim']>, reader: NoticeReader): SafeHtml {
  if (claim.claimed_by === null) {
    return html`<p class="nt-claim">${actionButton('claim', t(reader.locale, 'notices.take'), 'primary nt-take')}<span class="hint">${t(reader.locale, 'notices.takeHint')}</span></p>`;
  }
  return html`<p class="nt-claim nt-claimed">${
    claim.claimed_by === reader.login ? t(reader.locale, 'notices.tookIt') : t(reader.locale, 'notices.takenBy', { login: claim.claimed_by })
  }</p>`;
}

function toastShell(cls: string, body: SafeHtml, l: Locale, id?: number): SafeHtml {
  return html`<div class="${cls ? `nt-toast ${cls}` : 'nt-toast'}" role="status" ${id === undefined ? null : html`data-id="${id}"`}><button type="button" class="nt-toast-open">${body}</button><button type="button" class="nt-toast-close" aria-label="${t(l, 'notices.dismiss')}">×</button></div>`;
}

/** The pop-up for a notice that just arrived (the page shows at most 3, then one summary). */
function renderToast(n: RecipientNoticeView, l: Locale): SafeHtml {
  return toastShell(
    '',
    html`<span class="nt-toast-title">${n.title}</span>${n.entity_label ? html`<span class="nt-toast-text">${n.entity_label}</span>` : null}${n.body ? html`<span class="nt-toast-text">${n.body}</span>` : null}<span class="nt-toast-meta">${
      n.actor ? `${n.actor} · ${n.source}` : n.source
    }</span>`,
    l,
    n.id,
  );
}
