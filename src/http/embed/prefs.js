// The preferences panel of <hado-inbox> (SPEC B3, issue 23): the source's
// kinds of notice, under their sections, with their labels in the user's
// language; a box per channel type the kind allows, a dash where it does
// not. A change sends the whole grid to PUT /me/preferences (a token's grid
// is its source's rows) and shows what the server answers.
import { el, say } from './dom.js';
import { call } from './hado.js';

const CHANNEL_KEYS = {
  web: 'notices.prefs.web',
  telegram: 'notices.prefs.telegram',
  webhook: 'notices.prefs.webhook',
  push: 'notices.prefs.push',
  mobile: 'notices.prefs.mobile',
  email: 'notices.prefs.email',
  slack: 'notices.prefs.slack',
};

const channelName = (type) => (CHANNEL_KEYS[type] ? say(CHANNEL_KEYS[type]) : type);

export class Prefs {
  constructor() {
    this.grid = null;
    this.body = el('div', { class: 'prefs-body' });
    this.status = el('p', { class: 'status', role: 'status' });
    this.root = el('div', { class: 'prefs' }, this.body, this.status);
    this.body.addEventListener('change', () => this.save());
  }

  async load() {
    this.status.textContent = '';
    try {
      this.grid = await call('GET', 'me/preferences');
      this.render();
    } catch (e) {
      this.body.replaceChildren(el('p', { class: 'note', text: e.message }));
    }
  }

  rowsOf() {
    return [...this.body.querySelectorAll(/** @type {'tr'} */ ('tr[data-topic]'))].map((tr) => ({
      source: tr.dataset.source,
      topic: tr.dataset.topic,
      channels: Object.fromEntries([...tr.querySelectorAll(/** @type {'input'} */ ('input[data-type]'))].map((box) => [box.dataset.type, box.checked])),
    }));
  }

  async save() {
    this.status.textContent = '';
    const focused = /** @type {HTMLElement | null} */ (/** @type {ShadowRoot} */ (this.root.getRootNode()).activeElement);
    const key = focused?.dataset?.type
      ? `tr[data-topic="${CSS.escape(focused.closest('tr').dataset.topic)}"] input[data-type="${focused.dataset.type}"]`
      : null;
    try {
      this.grid = await call('PUT', 'me/preferences', { rows: this.rowsOf() });
      this.render();
      this.status.textContent = say('page.form.saved');
      if (key) /** @type {HTMLElement | null} */ (this.body.querySelector(key))?.focus();
    } catch (e) {
      this.status.textContent = e.message;
    }
  }

  render() {
    const { rows, channels } = this.grid;
    if (rows.length === 0) return this.body.replaceChildren(el('p', { class: 'note', text: say('notices.prefs.none') }));
    // Only the columns some row may use; a type a kind does not allow is a dash.
    const columns = channels.filter((type) => rows.some((r) => r.channels[type] !== undefined));
    const unavailable = say('notices.prefs.unavailable');
    let heading = null;
    const body = [];
    for (const r of rows) {
      const section = r.section ?? '';
      if (section !== heading && section !== '') {
        body.push(el('tr', { class: 'section' }, el('th', { scope: 'colgroup', colspan: columns.length + 1, text: section })));
      }
      heading = section;
      const name = r.label || say('notices.prefs.general');
      const cells = columns.map((type) =>
        el(
          'td',
          {},
          r.channels[type] === undefined
            ? el('span', { class: 'na', role: 'img', 'aria-label': `${name}: ${channelName(type)} — ${unavailable}`, title: unavailable, text: '–' })
            : el('input', { type: 'checkbox', 'data-type': type, 'aria-label': `${name}: ${channelName(type)}`, checked: r.channels[type] }),
        ),
      );
      body.push(el('tr', { 'data-source': r.source, 'data-topic': r.topic }, el('th', { scope: 'row', text: name }), ...cells));
    }
    const head = el(
      'tr',
      {},
      el('th', { scope: 'col', text: say('notices.prefs.kind') }),
      ...columns.map((type) => el('th', { scope: 'col', text: channelName(type) })),
    );
    this.body.replaceChildren(el('table', {}, el('thead', {}, head), el('tbody', {}, ...body)));
  }
}
