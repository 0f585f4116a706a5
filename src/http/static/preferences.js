// Settings: the preferences grid (SPEC B3), rendered by the server
// (#nt-prefs). Save sends the whole grid, not a delta, to PUT
// /me/preferences, then re-reads the grid's body (GET /inbox/preferences):
// a kind that appeared meanwhile shows up, and the boxes are what the server
// has.
import { $, $$, api, fragment, setStatus, submitWith } from './hado.js';

/** Every row as PUT /me/preferences takes it; rows and boxes say what they are in data- attributes. */
const gridOf = (form) =>
  $$('tr[data-source]', form).map((tr) => ({
    source: tr.dataset.source,
    topic: tr.dataset.topic,
    channels: Object.fromEntries($$('input[data-type]', tr).map((box) => [box.dataset.type, /** @type {HTMLInputElement} */ (box).checked])),
  }));

/** The box to focus again after the body is replaced. */
function focusKeyOf(el) {
  const tr = el?.closest?.('tr[data-source]');
  if (!tr || !el.dataset.type) return null;
  return `tr[data-source="${CSS.escape(tr.dataset.source)}"][data-topic="${CSS.escape(tr.dataset.topic)}"] input[data-type="${CSS.escape(el.dataset.type)}"]`;
}

async function refresh(form) {
  const current = $('.nt-prefs-body', form);
  const next = await fragment('/inbox/preferences');
  if (!current || !next) return;
  const focusKey = current.contains(document.activeElement) ? focusKeyOf(document.activeElement) : null;
  current.replaceWith(next);
  $('button[type="submit"]', form).hidden = next.dataset.rows === '0';
  if (focusKey) $(focusKey, next)?.focus({ preventScroll: true });
}

export function startPreferences() {
  const form = $('#nt-prefs');
  if (!form) return;
  form.addEventListener('change', () => setStatus(form, null));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submitWith(form, async () => {
      await api('PUT', '/me/preferences', { rows: gridOf(form) });
      await refresh(form);
      setStatus(form, 'form.saved');
    });
  });
}
