// The preferences grid in Settings (SPEC B3, issue 23): the (source, topic)
// pairs that concern the user, grouped by source and section, with the
// topic's label; a checkbox per allowed channel type, a dash elsewhere. The page's script sends the
// whole grid to PUT /me/preferences and re-reads the body below
// (GET /inbox/preferences); each row names its source and topic in data-
// attributes, each box its channel type, so nothing is read from the text.
import type { Grid } from '../../core/preferences.ts';
import type { ChannelType } from '../../domain/channels.ts';
import type { Locale } from '../../i18n/locales.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { html, type SafeHtml } from './html.ts';

const CHANNEL_LABELS: Record<ChannelType, MessageKey> = {
  web: 'notices.prefs.web',
  telegram: 'notices.prefs.telegram',
  webhook: 'notices.prefs.webhook',
  push: 'notices.prefs.push',
  mobile: 'notices.prefs.mobile',
  email: 'notices.prefs.email',
  slack: 'notices.prefs.slack',
};

/** The card in Settings. */
export function renderPreferences(grid: Grid, l: Locale): SafeHtml {
  return html`<form id="nt-prefs" class="card" novalidate>
      <h3 class="card-title">${t(l, 'notices.prefs.title')}</h3>
      <p class="hint">${t(l, 'notices.prefs.hint')}</p>
      ${renderPreferencesBody(grid, l)}
      <div class="form-actions">
        <button type="submit" class="btn primary" ${grid.rows.length === 0 ? html`hidden` : null}><span class="btn-text">${t(l, 'settings.save')}</span></button>
        <p class="form-status" role="status"></p>
      </div>
      <p class="field-error" data-error-for="_form" role="alert" hidden></p>
    </form>`;
}

/** The grid itself: `.nt-prefs-body`, with data-rows (no rows: nothing to save). */
export function renderPreferencesBody(grid: Grid, l: Locale): SafeHtml {
  if (grid.rows.length === 0) {
    return html`<div class="nt-prefs-body" data-rows="0"><p class="hint">${t(l, 'notices.prefs.none')}</p></div>`;
  }
  const label = (type: ChannelType): string => t(l, CHANNEL_LABELS[type]);
  // Only the columns some row may use; a type a row's topic does not allow is a dash (issue 23).
  const columns = grid.channels.filter((type) => grid.rows.some((r) => r.channels[type] !== undefined));
  const unavailable = t(l, 'notices.prefs.unavailable');
  let heading = '';
  return html`<div class="nt-prefs-body" data-rows="${grid.rows.length}"><div class="nt-prefs-wrap"><table class="nt-prefs-table"><thead><tr><th scope="col">${t(l, 'notices.prefs.kind')}</th>${columns.map(
    (type) => html`<th scope="col">${label(type)}</th>`,
  )}</tr></thead><tbody>${grid.rows.map((r) => {
    const group = r.section === null ? r.source : `${r.source} · ${r.section}`;
    const section = group === heading ? null : html`<tr class="nt-prefs-section"><th scope="colgroup" colspan="${columns.length + 1}">${group}</th></tr>`;
    heading = group;
    const name = r.label || t(l, 'notices.prefs.general');
    // The source in every box's name: a screen reader hears the cell without the section row.
    const aria = `${r.source} · ${name}`;
    return html`${section}<tr data-source="${r.source}" data-topic="${r.topic}"><th scope="row">${name}</th>${columns.map((type) =>
      r.channels[type] === undefined
        ? html`<td><span class="nt-prefs-na" role="img" aria-label="${aria}: ${label(type)} — ${unavailable}" title="${unavailable}">–</span></td>`
        : html`<td><input type="checkbox" data-type="${type}" aria-label="${aria}: ${label(type)}" ${r.channels[type] ? html`checked` : null}></td>`,
    )}</tr>`;
  })}</tbody></table></div></div>`;
}
