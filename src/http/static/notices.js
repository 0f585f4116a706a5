// Hado notices on the inbox page (SPEC B2–B4): the bell with the unread
// count, the feed in a panel (keyset pages, endless scroll, filters, mark
// read on open, mark all read, archive, claim), toasts for new notices (at
// most 3 at once, then one summary) and the preferences grid in Settings.
//
// Data comes as JSON from /me/notices and /me/preferences and as `notice` /
// `unread` frames from the page's one stream (window.Hado.on, inbox.js).
// Everything is built with DOM calls and textContent: no notice text is
// ever parsed as HTML.
(() => {
  const Hado = window.Hado;
  if (!Hado || !document.querySelector('.top-side')) return;

  const PAGE = 30;
  const MAX_TOASTS = 3; // more at once become one summary toast
  const TOAST_MS = 7000;
  const $ = (sel, root = document) => root.querySelector(sel);

  // ------------------------------------------------------------------ small helpers

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
  }

  function icon(paths, cls) {
    const NS = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('class', cls);
    for (const d of paths) {
      const p = document.createElementNS(NS, 'path');
      p.setAttribute('d', d);
      svg.append(p);
    }
    return svg;
  }

  const BELL = ['M6 17V11a6 6 0 1 1 12 0v6l1.5 2h-15z', 'M10 21a2 2 0 0 0 4 0'];

  const api = (method, url, body) => Hado.api(method, url, body);

  /** Only http(s) URLs and paths become links (the server validates too). */
  function safeHref(link) {
    if (typeof link !== 'string' || link === '') return null;
    // "//host", "/\\host" and "/<tab>/host" leave the site: browsers read "\\" as "/" and drop controls.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    if (link.startsWith('/')) return /^\/\/|[\\\u0000-\u001f\u007f]/.test(link) ? null : link;
    try {
      const u = new URL(link);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
    } catch {
      return null;
    }
  }

  function ago(iso) {
    const t = Date.parse(iso);
    if (Number.isNaN(t)) return '';
    const s = Math.max(0, Math.round((Date.now() - t) / 1000));
    if (s < 60) return 'just now';
    const m = Math.round(s / 60);
    if (m < 60) return `${m} min ago`;
    const h = Math.round(m / 60);
    if (h < 24) return `${h} h ago`;
    const d = Math.round(h / 24);
    if (d === 1) return 'yesterday';
    if (d < 7) return `${d} days ago`;
    return new Date(t).toLocaleDateString([], { day: 'numeric', month: 'short' });
  }

  function setBusy(button, busy) {
    if (busy) {
      button.setAttribute('aria-busy', 'true');
      button.setAttribute('aria-disabled', 'true');
    } else {
      button.removeAttribute('aria-busy');
      button.removeAttribute('aria-disabled');
    }
  }

  const btn = (label, cls, onclick, extra = {}) =>
    el('button', { type: 'button', class: `btn ${cls}`, onclick, ...extra }, el('span', { class: 'btn-text', text: label }));

  // ------------------------------------------------------------------ state

  const state = {
    filter: 'inbox',
    rows: new Map(), // id → row, for the rows in the list
    seen: new Map(), // id → updated_at last shown (toasts only for news)
    next: null,
    /** The first page of the current filter has been read (live rows are placed only then). */
    loaded: false,
    loading: null,
    generation: 0,
    unread: 0,
    label: '',
    open: false,
    me: $('.where strong')?.textContent || null,
  };

  // ------------------------------------------------------------------ the bell

  const bellCount = el('span', { class: 'nt-bell-count', hidden: true });
  const bellText = el('span', { class: 'visually-hidden', text: 'Notifications' });
  const bell = el(
    'button',
    { type: 'button', id: 'nt-bell', class: 'nt-bell', 'aria-expanded': 'false', 'aria-controls': 'nt-panel', 'aria-haspopup': 'true' },
    icon(BELL, 'nt-bell-icon'),
    bellText,
    bellCount,
  );
  const side = $('.top-side');
  side.insertBefore(bell, $('.top-link', side));

  function setUnread(unread, label) {
    state.unread = Number(unread) || 0;
    state.label = label ?? (state.unread >= 100 ? '99+' : state.unread > 0 ? String(state.unread) : '');
    bellCount.textContent = state.label;
    bellCount.hidden = state.label === '';
    bell.dataset.unread = state.label;
    bellText.textContent = state.label ? `Notifications, ${state.label} unread` : 'Notifications, none unread';
  }

  // ------------------------------------------------------------------ the panel

  const list = el('ol', { id: 'nt-list', class: 'nt-list', 'aria-label': 'Notifications' });
  const empty = el('p', { class: 'nt-empty', hidden: true });
  const error = el('p', { class: 'nt-error', role: 'alert', hidden: true });
  const more = btn('Load more', 'subtle nt-more', () => loadMore(), { hidden: true });
  const sentinel = el('div', { class: 'nt-sentinel', 'aria-hidden': 'true' });
  const filters = ['inbox', 'unread', 'archived'].map((f) =>
    el('button', {
      type: 'button',
      class: 'nt-filter',
      'data-filter': f,
      'aria-pressed': String(f === state.filter),
      text: f === 'inbox' ? 'Inbox' : f === 'unread' ? 'Unread' : 'Archived',
      onclick: () => setFilter(f),
    }),
  );
  const readAll = btn('Mark all read', 'subtle nt-read-all', () => markAllRead());
  const title = el('h2', { id: 'nt-title', class: 'nt-title', tabindex: '-1', text: 'Notifications' });
  const scroller = el('div', { class: 'nt-scroll' }, list, empty, sentinel, more);
  const panel = el(
    'section',
    { id: 'nt-panel', class: 'nt-panel', hidden: true, 'aria-labelledby': 'nt-title' },
    el(
      'div',
      { class: 'nt-head' },
      title,
      readAll,
      el('button', { type: 'button', class: 'nt-close', 'aria-label': 'Close notifications', text: '×', onclick: () => toggle(false) }),
    ),
    el('div', { class: 'nt-filters', role: 'group', 'aria-label': 'Show' }, ...filters),
    error,
    scroller,
  );
  document.body.append(panel);

  function toggle(open = !state.open) {
    state.open = open;
    panel.hidden = !open;
    bell.setAttribute('aria-expanded', String(open));
    if (open) {
      dismissToasts();
      title.focus({ preventScroll: true });
      if (!state.loaded && !state.loading) reload();
    } else if (panel.contains(document.activeElement) || document.activeElement === document.body) {
      bell.focus({ preventScroll: true });
    }
  }

  bell.addEventListener('click', () => toggle());
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && state.open) {
      e.preventDefault();
      toggle(false);
    }
  });
  // A click elsewhere closes the panel. The path, not the target: a toast removes itself on click.
  document.addEventListener('click', (e) => {
    if (!state.open) return;
    const path = e.composedPath();
    if (!path.includes(panel) && !path.includes(bell) && !path.includes(toasts)) toggle(false);
  });

  function setFilter(f) {
    if (f === state.filter) return;
    state.filter = f;
    for (const b of filters) b.setAttribute('aria-pressed', String(b.dataset.filter === f));
    reload();
  }

  function showError(message) {
    error.textContent = message || '';
    error.hidden = !message;
  }

  function updateEmpty() {
    const none = list.children.length === 0 && !state.loading;
    empty.hidden = !none;
    empty.textContent =
      state.filter === 'archived'
        ? 'Nothing archived.'
        : state.filter === 'unread'
          ? 'All read. Nice.'
          : 'No notifications yet. When one of your services has news for you, it appears here.';
    more.hidden = state.next === null;
  }

  /** The first page of the current filter (and the count); after a filter change, a resync or a reconnect. */
  function reload() {
    state.generation++;
    state.next = null;
    state.loaded = false;
    state.rows.clear();
    list.replaceChildren();
    return load(null);
  }

  function loadMore() {
    if (state.next && !state.loading) return load(state.next);
  }

  async function load(cursor) {
    const generation = state.generation;
    const params = new URLSearchParams({ filter: state.filter, limit: String(PAGE) });
    if (cursor) params.set('cursor', cursor);
    const run = (async () => {
      showError('');
      more.hidden = true;
      try {
        const page = await api('GET', `/me/notices?${params}`);
        if (generation !== state.generation) return;
        setUnread(page.unread, page.unread_label);
        for (const row of page.notices) {
          state.seen.set(row.id, row.updated_at);
          if (!state.rows.has(row.id)) {
            state.rows.set(row.id, row);
            list.append(renderItem(row));
          }
        }
        state.next = page.next_cursor;
        state.loaded = true;
      } catch (err) {
        if (generation === state.generation) showError(err.message);
      }
    })();
    state.loading = run;
    await run;
    if (state.loading === run) state.loading = null;
    updateEmpty();
    // Keep filling while the end of the list is in view (a tall screen, a short page).
    if (generation === state.generation && state.next && state.open && sentinelVisible()) loadMore();
  }

  function sentinelVisible() {
    const r = sentinel.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    return r.top <= s.bottom + 200;
  }

  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && state.open) loadMore();
    }, { root: scroller, rootMargin: '0px 0px 300px 0px' }).observe(sentinel);
  }

  // ------------------------------------------------------------------ one notice

  function renderItem(row) {
    const href = safeHref(row.deep_link);
    const unread = row.read_at === null;
    const heading = el('h3', { class: 'nt-item-title' });
    if (href) {
      heading.append(
        el('a', {
          href,
          target: '_blank',
          rel: 'noopener noreferrer',
          text: row.title,
          onclick: () => markRead([row.id]),
        }),
      );
    } else {
      heading.textContent = row.title;
    }
    const meta = el(
      'p',
      { class: 'nt-meta' },
      el('span', { class: 'nt-source', text: row.topic ? `${row.source} · ${row.topic}` : row.source }),
      row.actor ? el('span', { class: 'nt-actor', text: row.actor }) : null,
      el('time', { datetime: row.updated_at, title: new Date(row.updated_at).toLocaleString(), text: ago(row.updated_at) }),
      row.urgent ? el('span', { class: 'nt-urgent', text: 'Urgent' }) : null,
    );
    const group =
      row.group && row.group.count > 1
        ? el(
            'details',
            { class: 'nt-group' },
            el('summary', { text: `${row.group.count} in all · last ${Math.min(row.group.messages.length, 10)}` }),
            el('ul', {}, ...row.group.messages.slice().reverse().map((m) => el('li', { text: m }))),
          )
        : null;
    const claim = row.claim ? renderClaim(row) : null;
    const actions = el(
      'div',
      { class: 'nt-actions' },
      unread ? btn('Mark read', 'subtle', (e) => act(e.currentTarget, () => markRead([row.id]))) : null,
      row.archived_at === null
        ? btn('Archive', 'subtle', (e) => act(e.currentTarget, () => archive(row.id, true)))
        : btn('Unarchive', 'subtle', (e) => act(e.currentTarget, () => archive(row.id, false))),
    );
    const li = el(
      'li',
      { class: 'nt-item', 'data-id': row.id, 'data-unread': String(unread) },
      el('span', { class: 'nt-dot', 'aria-hidden': 'true' }),
      el(
        'div',
        { class: 'nt-body' },
        meta,
        heading,
        row.body ? el('p', { class: 'nt-text', text: row.body }) : null,
        group,
        claim,
        actions,
        el('p', { class: 'nt-item-error', role: 'alert', hidden: true }),
      ),
    );
    if (unread) li.append(el('span', { class: 'visually-hidden', text: ' (unread)' }));
    return li;
  }

  function renderClaim(row) {
    if (row.claim.claimed_by === null) {
      return el(
        'p',
        { class: 'nt-claim' },
        btn('Take it', 'primary nt-take', (e) => act(e.currentTarget, () => claim(row.id))),
        el('span', { class: 'hint', text: 'First one to take it has it.' }),
      );
    }
    const mine = state.me !== null && row.claim.claimed_by === state.me;
    return el('p', { class: 'nt-claim nt-claimed', text: mine ? 'You took it.' : `Taken by ${row.claim.claimed_by}.` });
  }

  async function act(button, work) {
    if (!button || button.getAttribute('aria-busy') === 'true') return;
    const li = button.closest('.nt-item');
    const slot = li && $('.nt-item-error', li);
    if (slot) slot.hidden = true;
    setBusy(button, true);
    try {
      await work();
    } catch (err) {
      if (slot?.isConnected) {
        slot.textContent = err.message;
        slot.hidden = false;
      }
    } finally {
      setBusy(button, false);
    }
  }

  /** Puts a row in the list: in place if shown, else in order if the filter wants it; removes it if not. */
  function place(row) {
    const wanted =
      state.filter === 'archived'
        ? row.archived_at !== null
        : row.archived_at === null && (state.filter !== 'unread' || row.read_at === null || state.rows.has(row.id));
    const current = $(`.nt-item[data-id="${row.id}"]`, list);
    if (!wanted) {
      if (current) current.remove();
      state.rows.delete(row.id);
      updateEmpty();
      return;
    }
    const node = renderItem(row);
    state.rows.set(row.id, row);
    if (current) {
      const focused = current.contains(document.activeElement) ? document.activeElement.textContent : null;
      current.replaceWith(node);
      if (focused !== null) [...node.querySelectorAll('button, a')].find((b) => b.textContent === focused)?.focus();
      return;
    }
    // Newest first by (created_at, id); a row older than the loaded part waits for its page.
    const after = [...list.children].find((li) => {
      const other = state.rows.get(Number(li.dataset.id));
      return other && (other.created_at < row.created_at || (other.created_at === row.created_at && other.id < row.id));
    });
    if (after) list.insertBefore(node, after);
    else if (state.next === null) list.append(node);
    else state.rows.delete(row.id);
    updateEmpty();
  }

  async function markRead(ids) {
    const unread = ids.filter((id) => state.rows.get(id)?.read_at === null);
    if (unread.length === 0) return;
    const res = await api('POST', '/me/notices/read', { ids: unread });
    setUnread(res.unread, res.unread_label);
    const now = new Date().toISOString();
    for (const id of unread) {
      const row = state.rows.get(id);
      if (row) place({ ...row, read_at: now });
    }
  }

  async function markAllRead() {
    if (readAll.getAttribute('aria-busy') === 'true') return;
    setBusy(readAll, true);
    showError('');
    try {
      const res = await api('POST', '/me/notices/read-all');
      setUnread(res.unread, res.unread_label);
      const now = new Date().toISOString();
      for (const row of [...state.rows.values()]) if (row.read_at === null) place({ ...row, read_at: now });
      if (state.filter === 'unread') reload();
    } catch (err) {
      showError(err.message);
    } finally {
      setBusy(readAll, false);
    }
  }

  async function archive(id, archived) {
    const res = await api('POST', `/me/notices/${archived ? 'archive' : 'unarchive'}`, { ids: [id] });
    setUnread(res.unread, res.unread_label);
    const row = state.rows.get(id);
    if (row) {
      const now = new Date().toISOString();
      place({ ...row, archived_at: archived ? now : null, read_at: row.read_at ?? (archived ? now : null) });
    }
  }

  async function claim(id) {
    const res = await api('POST', `/me/notices/${id}/claim`);
    place(res.notice);
  }

  // ------------------------------------------------------------------ toasts

  const toasts = el('div', { class: 'nt-toasts', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  document.body.append(toasts);
  let pending = [];
  let flushTimer = null;
  let summary = null;
  let summaryCount = 0;

  function queueToast(row) {
    pending.push(row);
    if (flushTimer === null) flushTimer = setTimeout(flushToasts, 60);
  }

  function flushToasts() {
    flushTimer = null;
    const batch = pending;
    pending = [];
    if (state.open) return; // the panel already shows them
    const individual = toasts.querySelectorAll('.nt-toast:not(.nt-summary)').length;
    if (!summary && individual + batch.length <= MAX_TOASTS) {
      for (const row of batch) showToast(row);
    } else {
      showSummary(batch.length);
    }
  }

  function removeToast(node) {
    if (node.isConnected) node.remove();
    if (node === summary) {
      summary = null;
      summaryCount = 0;
    }
  }

  function autoHide(node) {
    let timer = setTimeout(() => removeToast(node), TOAST_MS);
    const pause = () => clearTimeout(timer);
    const resume = () => {
      clearTimeout(timer);
      timer = setTimeout(() => removeToast(node), TOAST_MS);
    };
    node.addEventListener('mouseenter', pause);
    node.addEventListener('focusin', pause);
    node.addEventListener('mouseleave', resume);
    node.addEventListener('focusout', resume);
  }

  function toastShell(cls, body, onOpen) {
    const node = el(
      'div',
      { class: `nt-toast ${cls}`, role: 'status' },
      el('button', { type: 'button', class: 'nt-toast-open', onclick: onOpen }, ...body),
      el('button', { type: 'button', class: 'nt-toast-close', 'aria-label': 'Dismiss', text: '×', onclick: () => removeToast(node) }),
    );
    return node;
  }

  function showToast(row) {
    const node = toastShell(
      '',
      [
        el('span', { class: 'nt-toast-title', text: row.title }),
        row.body ? el('span', { class: 'nt-toast-text', text: row.body }) : null,
        el('span', { class: 'nt-toast-meta', text: row.actor ? `${row.actor} · ${row.source}` : row.source }),
      ],
      () => {
        removeToast(node);
        toggle(true);
      },
    );
    node.dataset.id = String(row.id);
    toasts.append(node);
    autoHide(node);
  }

  function showSummary(n) {
    summaryCount += n;
    const text = `${summaryCount} new notification${summaryCount === 1 ? '' : 's'}`;
    if (summary?.isConnected) {
      $('.nt-toast-title', summary).textContent = text;
      return;
    }
    summary = toastShell('nt-summary', [el('span', { class: 'nt-toast-title', text }), el('span', { class: 'nt-toast-meta', text: 'Open the notifications' })], () => {
      removeToast(summary);
      toggle(true);
    });
    toasts.append(summary);
    autoHide(summary);
  }

  function dismissToasts() {
    for (const t of [...toasts.children]) removeToast(t);
  }

  // ------------------------------------------------------------------ live (SPEC B4)

  Hado.on('notice', (row) => {
    if (!row || typeof row.id !== 'number') return;
    const before = state.seen.get(row.id);
    const isNews = before === undefined || before !== row.updated_at;
    state.seen.set(row.id, row.updated_at);
    if (state.loaded) place(row);
    if (isNews && row.read_at === null && !row.silent) queueToast(row);
  });
  Hado.on('unread', (data) => data && setUnread(data.unread, data.unread_label));
  // A resync or a reconnect: nothing streamed meanwhile can be assumed.
  document.addEventListener('hado:refresh', () => {
    if (state.open || state.loaded) reload();
    else refreshCount();
  });

  async function refreshCount() {
    try {
      const page = await api('GET', '/me/notices?limit=1');
      setUnread(page.unread, page.unread_label);
    } catch {
      // The next frame or page read brings it.
    }
  }

  // ------------------------------------------------------------------ preferences (SPEC B3)

  const CHANNELS = [
    ['web', 'Web'],
    ['telegram', 'Telegram'],
    ['webhook', 'Webhook'],
  ];

  function initPreferences() {
    const aside = $('#settings');
    if (!aside) return;
    const status = el('p', { class: 'form-status', role: 'status' });
    const err = el('p', { class: 'field-error', role: 'alert', hidden: true });
    const body = el('div', { class: 'nt-prefs-body' }, el('p', { class: 'hint', text: 'Loading…' }));
    const save = el('button', { type: 'submit', class: 'btn primary', hidden: true }, el('span', { class: 'btn-text', text: 'Save' }));
    const form = el(
      'form',
      { id: 'nt-prefs', class: 'card', novalidate: true },
      el('h3', { class: 'card-title', text: 'Notifications' }),
      el('p', {
        class: 'hint',
        text: 'Which kinds of notification reach you where. Web off: it still lands in the list, without a pop-up, and your other channels get it.',
      }),
      body,
      el('div', { class: 'form-actions' }, save, status),
      err,
    );
    aside.append(form);
    let grid = null;

    function render() {
      if (grid.rows.length === 0) {
        body.replaceChildren(el('p', { class: 'hint', text: 'No kinds yet: each appears here when a service first sends one.' }));
        save.hidden = true;
        return;
      }
      const head = el('tr', {}, el('th', { scope: 'col', text: 'Kind' }), ...CHANNELS.map(([, label]) => el('th', { scope: 'col', text: label })));
      const rows = grid.rows.map((r, i) => {
        const name = r.topic ? `${r.source} · ${r.topic}` : `${r.source} · general`;
        return el(
          'tr',
          { 'data-row': i },
          el('th', { scope: 'row', text: name }),
          ...CHANNELS.map(([type, label]) =>
            el(
              'td',
              {},
              el('input', {
                type: 'checkbox',
                'data-type': type,
                'aria-label': `${name}: ${label}`,
                checked: r.channels[type] !== false,
              }),
            ),
          ),
        );
      });
      body.replaceChildren(el('div', { class: 'nt-prefs-wrap' }, el('table', { class: 'nt-prefs-table' }, el('thead', {}, head), el('tbody', {}, ...rows))));
      save.hidden = false;
    }

    async function loadGrid() {
      try {
        grid = await api('GET', '/me/preferences');
        render();
      } catch (e) {
        body.replaceChildren();
        err.textContent = e.message;
        err.hidden = false;
      }
    }

    form.addEventListener('change', () => {
      status.textContent = '';
    });
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      if (!grid || save.getAttribute('aria-busy') === 'true') return;
      err.hidden = true;
      status.textContent = '';
      setBusy(save, true);
      try {
        // The whole grid, not a delta (SPEC B3).
        const rows = grid.rows.map((r, i) => {
          const tr = $(`tr[data-row="${i}"]`, body);
          const channels = {};
          for (const [type] of CHANNELS) channels[type] = $(`input[data-type="${type}"]`, tr).checked;
          return { source: r.source, topic: r.topic, channels };
        });
        grid = await api('PUT', '/me/preferences', { rows });
        render();
        status.textContent = 'Saved';
      } catch (e2) {
        err.textContent = e2.message;
        err.hidden = false;
      } finally {
        setBusy(save, false);
      }
    });
    loadGrid();
  }

  // ------------------------------------------------------------------ start

  window.HadoNotices = { open: () => toggle(true), close: () => toggle(false), reload };
  setUnread(0, '');
  refreshCount();
  initPreferences();
})();
