// The "Why?" page of one event (/inbox/events/{id}/why): the explanation of
// GET /me/events/{id}/why as a page. Its sentences are the API's (English,
// like every API message), so the page says so with lang="en".
import type { WhyResult } from '../../scheduler/why.ts';
import { Temporal } from '../../domain/time.ts';
import { localWords } from '../../domain/why.ts';
import type { Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import { html, type SafeHtml } from './html.ts';
import { FAVICON } from './inbox-page.ts';

const at = (s: string | null, tz: string): string => (s === null ? '—' : localWords(Temporal.Instant.from(s), tz));

function checkpointRows(w: WhyResult): SafeHtml[] {
  const rows: Array<[string, string | null]> = [
    ['Fire day (preparing from)', w.checkpoints.preparing_at],
    ['Due day (today from)', w.checkpoints.today_at],
    ['Due moment', w.checkpoints.due_at],
    ['Next phase change', w.next_transition ? w.next_transition.at : null],
    ['Quiet (Ack) until', w.quiet_until],
    ['Next reminder', w.next_reminder ? w.next_reminder.at : null],
    ["Scheduler's next look", w.next_check_at],
  ];
  const cells = rows.map(([label, value]) => [label, at(value, w.tz)] as const);
  cells.splice(5, 0, ['Window open now', w.window ? `${at(w.window.start, w.tz)} – ${at(w.window.end, w.tz)}` : '—']);
  return cells.map(([label, value]) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`);
}

function channelRows(w: WhyResult): SafeHtml[] {
  return w.channels.map(
    (c) => html`<tr><td>${c.type} #${c.id}</td><td>${c.enabled ? 'on' : 'off'}</td><td>${c.presence}</td><td>${c.chosen ? 'yes' : '—'}</td></tr>`,
  );
}

export function renderWhyPage(w: WhyResult, l: Locale, css: string[]): string {
  return html`<!doctype html>
<html lang="${l}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${t(l, 'inbox.item.why')} ${w.title}</title>
<link rel="icon" href="${FAVICON}">
${css.map((href) => html`<link rel="stylesheet" href="${href}">`)}</head>
<body><main class="wrap why-page" lang="en">
<p><a class="btn link" href="/">← Inbox</a></p>
<h1>${w.title}</h1>
<p class="hint">${w.source} · event ${w.event_id} · <span class="why-state" data-state="${w.state}">${w.state}</span> · as of ${at(w.now, w.tz)}</p>
<ul class="why-lines">${w.lines.map((line) => html`<li>${line}</li>`)}</ul>
<h2>Checkpoints</h2>
<div class="why-table-wrap"><table class="why-table"><tbody>${checkpointRows(w)}</tbody></table></div>
<h2>Channels</h2>
${
  w.channels.length === 0
    ? html`<p>No channels.</p>`
    : html`<div class="why-table-wrap"><table class="why-table"><thead><tr><th scope="col">Channel</th><th scope="col">On</th><th scope="col">Presence</th><th scope="col">Chosen</th></tr></thead><tbody>${channelRows(w)}</tbody></table></div>`
}
<p class="hint">Times are in ${w.tz}; reminders come only between ${w.active_hours.from} and ${w.active_hours.until}. The same answer as JSON: <a href="/me/events/${String(w.event_id)}/why">/me/events/${String(w.event_id)}/why</a>.</p>
</main></body></html>
`.text;
}
