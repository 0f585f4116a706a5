// The preferences grid in Settings (SPEC B3): every known (source, topic) ×
// channel type, a checkbox each, defaults on. The page's script sends the
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
  return html`<div class="nt-prefs-body" data-rows="${grid.rows.length}"><div class="nt-prefs-wrap"><table class="nt-prefs-table"><thead><tr><th scope="col">${t(l, 'notices.prefs.kind')}</th>${grid.channels.map(
    (type) => html`<th scope="col">${label(type)}</th>`,
  )}</tr></thead><tbody>${grid.rows.map((r) => {
    const name = `${r.source} · ${r.topic || t(l, 'notices.prefs.general')}`;
    return html`<tr data-source="${r.source}" data-topic="${r.topic}"><th scope="row">${name}</th>${grid.channels.map(
      (type) =>
        html`<td><input type="checkbox" data-type="${type}" aria-label="${name}: ${label(type)}" ${r.channels[type] === false ? null : html`checked`}></td>`,
    )}</tr>`;
  })}</tbody></table></div></div>`;
}
