// Notices on the inbox page (SPEC B2–B4): the bell with the unread count and
// the feed in a panel — keyset pages with endless scroll, filters, mark read
// on open, mark all read, archive, claim — kept live from the stream.
//
// The server renders all of it (src/http/views/notices.ts): the bell and the
// empty panel come with the page; feed pages (GET /inbox/notices) and
// single notices (GET /inbox/notices/items, after a live frame or an action)
// come as fragments, placed by notice-list.js; toasts are notice-toasts.js.
import { $, $$, api, fragment, isBusy, say, setBusy, showMessage } from './hado.js';
import { on, onCatchUp } from './live.js';
import { appendItem, clearList, feed, fetchItems, placeAll, refreshItems, removeNotices, startList, updateEmpty } from './notice-list.js';
import { dismissToasts, dismissToastsOf, inToasts, planToasts, showToasts, startToasts } from './notice-toasts.js';

const COALESCE_MS = 60; // frames arriving together are fetched together
/** id → updated_at last seen: a frame is news (a toast) only when it changed. */
const seen = new Map();
const ui = {};

// ------------------------------------------------------------------ the bell and the panel

/** The bell's count and spoken label follow the server's label ("", "7", "99+"). */
function setUnread(label = '') {
  const count = $('.nt-bell-count', ui.bell);
  count.textContent = label;
  count.hidden = label === '';
  ui.bell.dataset.unread = label;
  $('.visually-hidden', ui.bell).textContent = label ? say('bell.some', { label }) : say('bell.none');
}

function toggle(open = !feed.open) {
  feed.open = open;
  ui.panel.hidden = !open;
  ui.bell.setAttribute('aria-expanded', String(open));
  if (open) {
    dismissToasts();
    ui.title.focus({ preventScroll: true });
    if (!feed.loaded && !feed.loading) reload();
  } else if (ui.panel.contains(document.activeElement) || document.activeElement === document.body) {
    ui.bell.focus({ preventScroll: true });
  }
}

function setFilter(filter) {
  if (filter === feed.filter) return;
  feed.filter = filter;
  for (const b of $$('.nt-filter', ui.panel)) b.setAttribute('aria-pressed', String(b.dataset.filter === filter));
  reload();
}

// ------------------------------------------------------------------ pages

/** The first page of the current filter; after a filter change, a resync or a reconnect. */
function reload() {
  feed.generation++;
  feed.next = null;
  feed.loaded = false;
  clearList();
  return load(null);
}

function loadMore() {
  if (feed.next && !feed.loading) return load(feed.next);
}

async function load(cursor) {
  const generation = feed.generation;
  const params = new URLSearchParams({ filter: feed.filter });
  if (cursor) params.set('cursor', cursor);
  const run = (async () => {
    showMessage(ui.error, '');
    ui.more.hidden = true;
    try {
      const page = await fragment(`/inbox/notices?${params}`);
      if (generation !== feed.generation) return;
      setUnread(page.dataset.unreadLabel);
      for (const li of $$('.nt-item', page)) {
        seen.set(Number(li.dataset.id), li.dataset.updated);
        appendItem(li);
      }
      feed.next = page.dataset.nextCursor || null;
      feed.loaded = true;
    } catch (err) {
      if (generation === feed.generation) showMessage(ui.error, err.message);
    }
  })();
  feed.loading = run;
  await run;
  if (feed.loading === run) feed.loading = null;
  updateEmpty();
  // Keep filling while the end of the list is in view (a tall screen, a short page).
  if (generation === feed.generation && feed.next && feed.open && sentinelVisible()) loadMore();
}

function sentinelVisible() {
  return ui.sentinel.getBoundingClientRect().top <= ui.scroller.getBoundingClientRect().bottom + 200;
}

// ------------------------------------------------------------------ actions

async function markRead(ids) {
  const res = await api('POST', '/me/notices/read', { ids });
  setUnread(res.unread_label);
  await refreshItems(ids);
}

async function archive(id, archived) {
  const res = await api('POST', `/me/notices/${archived ? 'archive' : 'unarchive'}`, { ids: [id] });
  setUnread(res.unread_label);
  await refreshItems([id]);
}

const ACTIONS = {
  read: (id) => markRead([id]),
  archive: (id) => archive(id, true),
  unarchive: (id) => archive(id, false),
  claim: async (id) => {
    await api('POST', `/me/notices/${id}/claim`);
    await refreshItems([id]);
  },
};

async function act(button) {
  const li = button.closest('.nt-item');
  const work = ACTIONS[button.dataset.ntAction];
  if (!li || !work || isBusy(button)) return;
  const slot = $('.nt-item-error', li);
  showMessage(slot, '');
  setBusy(button, true);
  try {
    await work(Number(li.dataset.id));
  } catch (err) {
    if (slot.isConnected) showMessage(slot, err.message);
  } finally {
    setBusy(button, false);
  }
}

async function markAllRead() {
  if (isBusy(ui.readAll)) return;
  setBusy(ui.readAll, true);
  showMessage(ui.error, '');
  try {
    const res = await api('POST', '/me/notices/read-all');
    setUnread(res.unread_label);
    if (feed.filter === 'unread') reload();
    else await refreshItems($$('.nt-item[data-unread="true"]', ui.list).map((li) => Number(li.dataset.id)));
  } catch (err) {
    showMessage(ui.error, err.message);
  } finally {
    setBusy(ui.readAll, false);
  }
}

function onListClick(e) {
  const link = e.target.closest('a[data-nt-open]');
  const li = e.target.closest('.nt-item');
  // Opening a notice reads it.
  if (link && li?.dataset.unread === 'true') markRead([Number(li.dataset.id)]).catch(() => {});
  const button = e.target.closest('button[data-nt-action]');
  if (button) act(button);
}

// ------------------------------------------------------------------ live (SPEC B4)

const arrivals = { ids: [], toasts: [], timer: null, chain: Promise.resolve() };

/** A `notice` frame: the whole row as JSON; its text is fetched as markup, together with the frames around it. */
function arrived(row) {
  if (!row || typeof row.id !== 'number') return;
  const before = seen.get(row.id);
  seen.set(row.id, row.updated_at);
  if (!arrivals.ids.includes(row.id)) arrivals.ids.push(row.id);
  const news = before === undefined || before !== row.updated_at;
  if (news && row.read_at === null && row.toast !== false && !row.silent && !arrivals.toasts.includes(row.id)) arrivals.toasts.push(row.id);
  if (arrivals.timer === null) arrivals.timer = setTimeout(flushArrivals, COALESCE_MS);
}

function flushArrivals() {
  arrivals.timer = null;
  const { ids, toasts } = arrivals;
  arrivals.ids = [];
  arrivals.toasts = [];
  // One batch at a time, in order: a later frame's markup never lands before an earlier one's.
  arrivals.chain = arrivals.chain.then(() => deliver(ids, toasts)).catch(() => {});
}

async function deliver(ids, toastIds) {
  const plan = feed.open ? 'none' : planToasts(toastIds.length); // the open panel already shows them
  const placing = feed.loaded;
  if (!placing && plan !== 'each') return;
  const batches = await fetchItems(placing ? ids : toastIds, plan === 'each');
  if (placing) placeAll(batches, ids);
  if (plan === 'each') {
    const toasts = batches.flatMap((b) => $$('.nt-batch-toasts > .nt-toast', b));
    showToasts(toasts.filter((t) => toastIds.includes(Number(t.dataset.id))));
  }
}

/** A `notice_removed` frame (issue 24): the source withdrew these notices; an `unread` frame follows with the count. */
function removed(data) {
  const ids = Array.isArray(data?.ids) ? data.ids.filter((id) => typeof id === 'number') : [];
  if (ids.length === 0) return;
  arrivals.ids = arrivals.ids.filter((id) => !ids.includes(id));
  arrivals.toasts = arrivals.toasts.filter((id) => !ids.includes(id));
  for (const id of ids) seen.delete(id);
  // After the batches in flight, so a notice fetched just before cannot come back.
  arrivals.chain = arrivals.chain
    .then(() => {
      removeNotices(ids);
      dismissToastsOf(ids);
    })
    .catch(() => {});
}

async function refreshCount() {
  try {
    setUnread((await api('GET', '/me/notices?limit=1')).unread_label);
  } catch {
    // The next frame or page read brings it.
  }
}

// ------------------------------------------------------------------ start

export function startNotices() {
  ui.bell = $('#nt-bell');
  ui.panel = $('#nt-panel');
  if (!ui.bell || !ui.panel) return;
  startList(ui.panel);
  Object.assign(ui, {
    list: $('#nt-list'),
    title: $('#nt-title'),
    error: $('.nt-error', ui.panel),
    more: $('.nt-more', ui.panel),
    sentinel: $('.nt-sentinel', ui.panel),
    scroller: $('.nt-scroll', ui.panel),
    readAll: $('.nt-read-all', ui.panel),
  });
  startToasts(() => toggle(true));
  ui.bell.addEventListener('click', () => toggle());
  $('.nt-close', ui.panel).addEventListener('click', () => toggle(false));
  ui.readAll.addEventListener('click', markAllRead);
  ui.more.addEventListener('click', () => loadMore());
  for (const b of $$('.nt-filter', ui.panel)) b.addEventListener('click', () => setFilter(b.dataset.filter));
  ui.list.addEventListener('click', onListClick);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && feed.open) {
      e.preventDefault();
      toggle(false);
    }
  });
  // A click elsewhere closes the panel. The path, not the target: a toast removes itself on click.
  document.addEventListener('click', (e) => {
    if (!feed.open) return;
    const path = e.composedPath();
    if (!path.includes(ui.panel) && !path.includes(ui.bell) && !inToasts(e)) toggle(false);
  });
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && feed.open && loadMore(), {
      root: ui.scroller,
      rootMargin: '0px 0px 300px 0px',
    }).observe(ui.sentinel);
  }
  on('notice', arrived);
  on('notice_removed', removed);
  on('unread', (data) => data && setUnread(data.unread_label));
  onCatchUp((first) => {
    // First connection: only the count can have moved since the render. Otherwise nothing streamed meanwhile can be assumed.
    if (!first && (feed.open || feed.loaded)) reload();
    else refreshCount();
  });
}
