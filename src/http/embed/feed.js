// The feed inside <hado-inbox>'s popover (SPEC B2): keyset pages newest
// first ("Load more" passes next_cursor), kept live from the stream's
// `notice` frames; opening a notice reads it; archive; claim for one-time
// notices (the first recipient wins, the others see who has it).
import { el, say, when } from './dom.js';
import { call } from './hado.js';

const PAGE = 20;

const ARCHIVE_SVG =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" d="M4 5h16v4H4zM5 9v10h14V9M10 13h4"/></svg>';

export class Feed {
  /**
   * @param {{ onUnread: (label: string) => void, onError: (message: string) => void, login: () => string | null }} host
   */
  constructor(host) {
    this.host = host;
    /** @type {Map<number, any>} */
    this.rows = new Map();
    this.order = [];
    this.cursor = null;
    this.loaded = false;
    this.loading = false;
    this.list = el('ul', { class: 'list', 'aria-live': 'polite', 'aria-relevant': 'additions' });
    this.empty = el('p', { class: 'empty', hidden: true });
    this.more = el('button', { type: 'button', class: 'link more', hidden: true, onclick: () => this.load(false) });
    this.root = el('div', { class: 'feed' }, this.list, this.empty, this.more);
    this.list.addEventListener('click', (e) => this.onClick(e));
  }

  /** The first page again (reload = true), or the next one. */
  async load(reload = true) {
    if (this.loading) return;
    this.loading = true;
    try {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (!reload && this.cursor) q.set('cursor', this.cursor);
      const page = await call('GET', `me/notices?${q}`);
      if (reload) {
        this.rows.clear();
        this.order = [];
      }
      for (const row of page.notices) this.put(row, false);
      this.cursor = page.next_cursor;
      this.loaded = true;
      this.host.onUnread(page.unread_label);
      this.render();
    } catch (e) {
      this.host.onError(e.message);
    } finally {
      this.loading = false;
    }
  }

  /** A row from a page or a frame: new ones go first when live, in page order otherwise. */
  put(row, live) {
    const known = this.rows.has(row.id);
    this.rows.set(row.id, row);
    if (known) return;
    if (live) this.order.unshift(row.id);
    else this.order.push(row.id);
  }

  /** A `notice` frame: shown when the feed is loaded (the next load brings it otherwise). */
  onFrame(row) {
    if (!this.loaded) return;
    if (row.archived_at !== null) {
      this.rows.delete(row.id);
      this.order = this.order.filter((id) => id !== row.id);
    } else this.put(row, true);
    this.render();
  }

  render() {
    const root = this.root.getRootNode();
    const focused = root instanceof ShadowRoot ? /** @type {HTMLElement | null} */ (root.activeElement) : null;
    const focusKey = focused?.closest?.('li')?.dataset.id;
    const focusAct = focused?.dataset?.act;
    this.list.replaceChildren(...this.order.map((id) => this.item(this.rows.get(id))));
    this.empty.textContent = say('notices.empty.inbox');
    this.empty.hidden = this.order.length > 0;
    this.more.textContent = say('notices.more');
    this.more.hidden = this.cursor === null;
    if (focusKey && focusAct) /** @type {HTMLElement | null} */ (this.list.querySelector(`li[data-id="${focusKey}"] [data-act="${focusAct}"]`))?.focus();
  }

  item(n) {
    const unread = n.read_at === null;
    const title = n.deep_link
      ? el('a', { class: 'title', href: n.deep_link, 'data-act': 'open', target: '_top' }, n.title)
      : el('span', { class: 'title' }, n.title);
    const meta = el(
      'div',
      { class: 'meta' },
      n.urgent ? el('span', { class: 'urgent', text: say('notices.urgent') }) : null,
      n.entity_label ? el('span', { text: n.entity_label }) : null,
      n.actor ? el('span', { text: n.actor }) : null,
      el('time', { datetime: n.created_at ?? '', text: when(n.created_at) }),
    );
    const acts = el(
      'div',
      { class: 'acts' },
      unread
        ? el('button', {
            type: 'button',
            class: 'icon',
            'data-act': 'read',
            title: say('notices.markRead'),
            'aria-label': `${say('notices.markRead')}: ${n.title}`,
            text: '✓',
          })
        : null,
      el('button', {
        type: 'button',
        class: 'icon',
        'data-act': 'archive',
        title: say('notices.archive'),
        'aria-label': `${say('notices.archive')}: ${n.title}`,
      }),
    );
    /** @type {HTMLElement} */ (acts.lastChild).innerHTML = ARCHIVE_SVG;
    return el(
      'li',
      { class: unread ? 'item unread' : 'item', 'data-id': n.id, 'data-unread': String(unread) },
      el('span', { class: 'dot', 'aria-hidden': 'true' }),
      el(
        'div',
        { class: 'main' },
        title,
        unread ? el('span', { class: 'visually-hidden', text: ` ${say('notices.unread')}` }) : null,
        n.group && n.group.messages.length > 0 ? el('div', { class: 'text', text: n.group.messages.join(' · ') }) : null,
        n.body_html ? markdownPart(n.body_html) : n.body ? el('div', { class: 'text', text: n.body }) : null,
        meta,
        this.claimPart(n),
      ),
      acts,
    );
  }

  claimPart(n) {
    if (!n.claim) return null;
    const by = n.claim.claimed_by;
    if (by === null) {
      return el(
        'div',
        { class: 'claim' },
        el('button', { type: 'button', class: 'btn', 'data-act': 'claim', text: say('notices.take') }),
        el('span', { text: say('notices.takeHint') }),
      );
    }
    return el('div', { class: 'claim', text: by === this.host.login() ? say('notices.tookIt') : say('notices.takenBy', { login: by }) });
  }

  async onClick(e) {
    const target = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[data-act]'));
    const li = target?.closest('li');
    if (!target || !li) return;
    const id = Number(li.dataset.id);
    const act = target.dataset.act;
    try {
      if (act === 'open' || act === 'read') {
        // Opening a notice reads it (the link goes on without waiting).
        if (li.dataset.unread === 'true') await this.change('me/notices/read', [id], (row, at) => ({ ...row, read_at: at }));
      } else if (act === 'archive') {
        await this.change('me/notices/archive', [id], null);
      } else if (act === 'claim') {
        await this.claim(id);
      }
    } catch (err) {
      this.host.onError(err.message);
    }
  }

  /** A read or archive call, and the rows as it leaves them (`update` null: the rows leave the feed). */
  async change(path, ids, update) {
    const res = await call('POST', path, { ids });
    const at = new Date().toISOString();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (!row) continue;
      if (update) this.rows.set(id, update(row, at));
      else {
        this.rows.delete(id);
        this.order = this.order.filter((x) => x !== id);
      }
    }
    this.host.onUnread(res.unread_label);
    this.render();
  }

  async claim(id) {
    try {
      const { notice } = await call('POST', `me/notices/${id}/claim`);
      this.rows.set(id, notice);
      this.render();
    } catch (e) {
      // 409: someone else has it; the re-read row says who.
      if (e.status === 409) await this.load(true);
      throw e;
    }
  }

  async readAll() {
    const res = await call('POST', 'me/notices/read-all');
    const at = new Date().toISOString();
    for (const [id, row] of this.rows) if (row.read_at === null) this.rows.set(id, { ...row, read_at: at });
    this.host.onUnread(res.unread_label);
    this.render();
  }
}

/**
 * A markdown body (issue 24): the server's body_html, already sanitized
 * (core/markdown.ts); only that field is ever inserted as HTML.
 * @param {string} bodyHtml
 */
function markdownPart(bodyHtml) {
  const node = el('div', { class: 'text md' });
  node.innerHTML = bodyHtml;
  return node;
}
