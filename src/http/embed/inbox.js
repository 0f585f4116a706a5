// <hado-inbox token-url="/hado-token" [theme="light|dark"] [active-entity="task:42"]>
// (issue 25): Hado's bell in a sibling web app's header, in a shadow root.
// The bell shows the unread count ("99+"); it opens a popover (a dialog that
// keeps the focus inside; Escape or a click outside closes it) with the
// feed and the preferences. Toasts announce notices whose kind asks for one
// (the `toast` frames), at most three, then one summary; none for the
// entity the page says it shows (`active-entity`: a notice's source_ref, or
// several separated by spaces), none while the popover is open. Words in
// the token user's language (GET /me: en, uk, ru). The entry /embed.js
// re-exports this module: `import { hado } from '…/embed.js'`.
import { currentLocale, el, say, setLocale } from './dom.js';
import { Feed } from './feed.js';
import { call, hado } from './hado.js';
import { Prefs } from './prefs.js';
import { BELL_SVG, CSS, READ_ALL_SVG } from './styles.js';

export { hado };

const MAX_TOASTS = 3;
const TOAST_MS = 7000;
const FOCUSABLE = 'button:not([disabled]):not([hidden]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

class HadoInbox extends HTMLElement {
  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    this.unread = '';
    this.login = null;
    this.seen = new Map(); // notice id → updated_at: a toast only for news
    this.summary = null;
    this.summaryCount = 0;
    this.stops = [];
    this.feed = new Feed({ onUnread: (label) => this.setUnread(label), onError: (m) => this.showError(m), login: () => this.login });
    this.prefs = new Prefs();
    this.build();
  }

  build() {
    const style = el('style', { text: CSS });
    this.bell = el('button', { type: 'button', class: 'bell', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', onclick: () => this.toggle() });
    this.bell.innerHTML = BELL_SVG;
    this.badge = el('span', { class: 'badge', 'aria-hidden': 'true', hidden: true });
    this.bellLabel = el('span', { class: 'visually-hidden' });
    this.bell.append(this.badge, this.bellLabel);
    this.tabFeed = el('button', { type: 'button', role: 'tab', id: 'tab-feed', 'aria-controls': 'panel-feed', onclick: () => this.showTab('feed') });
    this.tabPrefs = el('button', { type: 'button', role: 'tab', id: 'tab-prefs', 'aria-controls': 'panel-prefs', onclick: () => this.showTab('prefs') });
    this.readAllText = el('span', { class: 'readall-text' });
    this.readAllButton = el('button', { type: 'button', class: 'link readall', onclick: () => this.readAll() });
    this.readAllButton.innerHTML = READ_ALL_SVG;
    this.readAllButton.append(this.readAllText);
    this.closeButton = el('button', { type: 'button', class: 'icon', text: '×', onclick: () => this.toggle(false) });
    this.error = el('p', { class: 'error', role: 'alert', hidden: true });
    this.panelFeed = el('div', { class: 'body', role: 'tabpanel', id: 'panel-feed', 'aria-labelledby': 'tab-feed' }, this.feed.root);
    this.panelPrefs = el('div', { class: 'body', role: 'tabpanel', id: 'panel-prefs', 'aria-labelledby': 'tab-prefs', hidden: true }, this.prefs.root);
    this.pop = el(
      'div',
      { class: 'pop', role: 'dialog', 'aria-modal': 'true', hidden: true, onkeydown: (e) => this.onKey(e) },
      el(
        'div',
        { class: 'tabs' },
        el('div', { role: 'tablist' }, this.tabFeed, this.tabPrefs),
        el('span', { class: 'grow' }),
        this.readAllButton,
        this.closeButton,
      ),
      this.error,
      this.panelFeed,
      this.panelPrefs,
    );
    this.toasts = el('div', { class: 'toasts', 'aria-live': 'polite', 'aria-relevant': 'additions' });
    this.shadow.append(style, this.bell, this.pop, this.toasts);
    this.words();
  }

  /** Every fixed word, again after the language is known. */
  words() {
    this.tabFeed.textContent = say('notices.title');
    this.tabPrefs.textContent = say('page.settingsLink');
    this.readAllText.textContent = say('notices.readAll');
    this.readAllButton.title = say('notices.readAll');
    this.closeButton.setAttribute('aria-label', say('notices.close'));
    this.pop.setAttribute('aria-label', say('notices.title'));
    this.setUnread(this.unread);
    if (this.feed.loaded) this.feed.render();
    if (this.prefs.grid) this.prefs.render();
  }

  connectedCallback() {
    const tokenUrl = this.getAttribute('token-url');
    if (!tokenUrl) return this.showError('<hado-inbox> needs a token-url attribute');
    this.stops = [
      hado.on('unread', (d) => this.setUnread(d.unread_label)),
      hado.on('notice', (row) => this.onNotice(row)),
      hado.on('open', () => {
        this.bell.dataset.live = 'true';
        this.catchUp();
      }),
      hado.on('down', () => {
        this.bell.dataset.live = 'false';
      }),
      hado.on('resync', () => this.catchUp()),
    ];
    this.onOutside = (e) => {
      if (!this.pop.hidden && !e.composedPath().includes(this)) this.toggle(false);
    };
    document.addEventListener('pointerdown', this.onOutside);
    hado.connect({ tokenUrl });
    if (hado.live) {
      this.bell.dataset.live = 'true';
      this.catchUp();
    }
    call('GET', 'me')
      .then((me) => {
        this.login = me.login ?? null;
        setLocale(me.locale);
        this.lang = currentLocale();
        this.words();
      })
      .catch((e) => this.showError(e.message));
  }

  disconnectedCallback() {
    for (const stop of this.stops) stop();
    document.removeEventListener('pointerdown', this.onOutside);
  }

  /** The stream (re)opened or asked to resync: frames were missed, re-read. */
  catchUp() {
    if (this.feed.loaded) this.feed.load(true);
    else
      call('GET', 'me/notices?limit=1').then(
        (page) => this.setUnread(page.unread_label),
        () => {},
      );
  }

  setUnread(label = '') {
    this.unread = label;
    this.badge.textContent = label;
    this.badge.hidden = label === '';
    this.bell.dataset.unread = label;
    this.bellLabel.textContent = label ? say('page.bell.some', { label }) : say('page.bell.none');
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = false;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => {
      this.error.hidden = true;
    }, 8000);
  }

  toggle(open = this.pop.hidden) {
    this.pop.hidden = !open;
    this.bell.setAttribute('aria-expanded', String(open));
    if (open) {
      this.dismissToasts();
      this.showTab('feed');
      if (!this.feed.loaded) this.feed.load(true);
    } else if (this.shadow.activeElement === null || this.pop.contains(this.shadow.activeElement)) {
      this.bell.focus();
    }
  }

  showTab(which) {
    const prefs = which === 'prefs';
    this.tabFeed.setAttribute('aria-selected', String(!prefs));
    this.tabPrefs.setAttribute('aria-selected', String(prefs));
    this.tabFeed.tabIndex = prefs ? -1 : 0;
    this.tabPrefs.tabIndex = prefs ? 0 : -1;
    this.panelFeed.hidden = prefs;
    this.panelPrefs.hidden = !prefs;
    this.readAllButton.hidden = prefs;
    (prefs ? this.tabPrefs : this.tabFeed).focus();
    if (prefs) this.prefs.load();
  }

  /** Escape closes; Tab stays inside the popover (a focus trap); arrows move between the tabs. */
  onKey(e) {
    if (e.key === 'Escape') {
      e.preventDefault();
      return this.toggle(false);
    }
    if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && e.target.getAttribute?.('role') === 'tab') {
      return this.showTab(e.target === this.tabFeed ? 'prefs' : 'feed');
    }
    if (e.key !== 'Tab') return;
    const items = [...this.pop.querySelectorAll(/** @type {'button'} */ (FOCUSABLE))].filter((n) => !n.closest('[hidden]') && n.tabIndex >= 0);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = this.shadow.activeElement;
    if (e.shiftKey && (active === first || !this.pop.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  }

  async readAll() {
    try {
      await this.feed.readAll();
    } catch (e) {
      this.showError(e.message);
    }
  }

  // ---------------------------------------------------------------- live notices and toasts

  onNotice(row) {
    const news = this.seen.get(row.id) !== row.updated_at;
    this.seen.set(row.id, row.updated_at);
    this.feed.onFrame(row);
    if (!news || !row.toast || row.silent || row.read_at !== null || !this.pop.hidden) return;
    const active = (this.getAttribute('active-entity') ?? '').split(/\s+/).filter(Boolean);
    // The page shows that entity already: the row is in the feed, the toast would only interrupt.
    if (row.source_ref !== null && active.includes(row.source_ref)) return;
    this.toast(row);
  }

  toast(row) {
    const individual = this.toasts.querySelectorAll('.toast:not(.summary)').length;
    if (this.summary === null && individual < MAX_TOASTS) {
      const body = el('button', { type: 'button', class: 'open' }, el('div', { class: 'title', text: row.title }));
      if (row.entity_label) body.append(el('div', { class: 'meta', text: row.entity_label }));
      if (row.body) body.append(el('div', { class: 'text', text: row.body }));
      return this.showToast(el('div', { class: 'toast', role: 'status', 'data-id': row.id }, body, this.dismissButton()));
    }
    this.summaryCount += 1;
    if (!this.summary?.isConnected) {
      this.summary = el(
        'div',
        { class: 'toast summary', role: 'status' },
        el('button', { type: 'button', class: 'open' }, el('div', { class: 'title' })),
        this.dismissButton(),
      );
      this.showToast(this.summary);
    }
    this.summary.querySelector('.title').textContent = say('page.toast.summary', { n: this.summaryCount });
  }

  dismissButton() {
    return el('button', { type: 'button', class: 'icon close', 'aria-label': say('notices.dismiss'), text: '×' });
  }

  showToast(node) {
    this.toasts.append(node);
    node.addEventListener('click', (e) => {
      this.removeToast(node);
      if (!e.target.closest('.close')) this.toggle(true);
    });
    let timer = setTimeout(() => this.removeToast(node), TOAST_MS);
    const pause = () => clearTimeout(timer);
    const resume = () => {
      clearTimeout(timer);
      timer = setTimeout(() => this.removeToast(node), TOAST_MS);
    };
    node.addEventListener('mouseenter', pause);
    node.addEventListener('focusin', pause);
    node.addEventListener('mouseleave', resume);
    node.addEventListener('focusout', resume);
  }

  removeToast(node) {
    node.remove();
    if (node === this.summary) {
      this.summary = null;
      this.summaryCount = 0;
    }
  }

  dismissToasts() {
    for (const node of [...this.toasts.children]) this.removeToast(node);
  }
}

if (!customElements.get('hado-inbox')) customElements.define('hado-inbox', HadoInbox);
