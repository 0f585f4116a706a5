// The list in the notices panel: where a notice's markup goes. Newest first
// by (created, id), as the feed's keyset; a notice the current filter does not
// want leaves; one older than the loaded pages waits for its page. Notices
// come from the server (GET /inbox/notices/items) and say what placing needs
// in data- attributes: id, unread, archived, created.
import { $, $$, fragment } from './hado.js';

const MAX_ITEMS = 100; // ids per items request (the server's limit)

/** The panel's state, shared with notices.js. */
export const feed = {
  filter: 'inbox',
  next: null, // the cursor of the next page; null at the end
  loaded: false, // the first page of the current filter has been read: live notices are placed only then
  loading: null,
  generation: 0, // a filter change or reload makes pages still in flight stale
  open: false,
};

const ui = {};

export function startList(panel) {
  Object.assign(ui, { panel, list: $('#nt-list', panel), title: $('#nt-title', panel), more: $('.nt-more', panel) });
}

export const itemOf = (id) => $(`.nt-item[data-id="${Number(id)}"]`, ui.list);

/** The filter's "nothing here" line when the list is empty, and "Load more" while there is more. */
export function updateEmpty() {
  const none = ui.list.children.length === 0 && !feed.loading;
  for (const p of $$('.nt-empty', ui.panel)) p.hidden = !none || p.dataset.filter !== feed.filter;
  ui.more.hidden = feed.next === null;
}

export function clearList() {
  ui.list.replaceChildren();
}

/** A notice of a page read in order: at the end, unless live already put it in. */
export function appendItem(li) {
  if (!itemOf(li.dataset.id)) ui.list.append(li);
}

const newer = (a, b) => a.dataset.created > b.dataset.created || (a.dataset.created === b.dataset.created && Number(a.dataset.id) > Number(b.dataset.id));

/** Takes a notice out of the list, handing focus on to the next one (or the panel's title). */
function removeItem(li) {
  if (li.contains(document.activeElement)) {
    const next = li.nextElementSibling || li.previousElementSibling;
    ((next && $('[data-nt-action], a', next)) || ui.title).focus({ preventScroll: true });
  }
  li.remove();
}

/** Swaps in a notice's new markup, keeping focus on the same control and an opened group open. */
function replaceItem(current, li) {
  const focused = current.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement) : null;
  const details = (root) => /** @type {HTMLDetailsElement | null} */ ($('details', root));
  if (details(current)?.open && details(li)) details(li).open = true;
  current.replaceWith(li);
  if (!focused) return;
  const same = focused.dataset.ntAction ? $(`[data-nt-action="${focused.dataset.ntAction}"]`, li) : $(focused.tagName, li);
  (same ?? $('[data-nt-action]', li))?.focus({ preventScroll: true });
}

/** Puts a notice in the list: in place if shown, else in order if the filter wants it; removes it if not. */
function place(li) {
  const archived = li.dataset.archived === 'true';
  const current = itemOf(li.dataset.id);
  // Under "unread", a notice read while shown stays until the next reload (it must not vanish under the cursor).
  const wanted = feed.filter === 'archived' ? archived : !archived && (feed.filter !== 'unread' || li.dataset.unread === 'true' || current !== null);
  if (!wanted) {
    if (current) removeItem(current);
  } else if (current) {
    replaceItem(current, li);
  } else {
    const after = $$('.nt-item', ui.list).find((other) => newer(li, other));
    if (after) ui.list.insertBefore(li, after);
    else if (feed.next === null) ui.list.append(li); // older than the loaded part: it comes with its page
  }
  updateEmpty();
}

/** Fetches notices by id (in slices the server takes), with their toasts when asked. */
export async function fetchItems(ids, withToasts) {
  const batches = [];
  for (let i = 0; i < ids.length; i += MAX_ITEMS) {
    const slice = ids.slice(i, i + MAX_ITEMS);
    batches.push(await fragment(`/inbox/notices/items?ids=${slice.join(',')}${withToasts ? '&toasts=1' : ''}`));
  }
  return batches;
}

/** Places fetched notices; one asked for but not returned is no longer the user's and leaves the list. */
export function placeAll(batches, asked) {
  if (!feed.loaded) return;
  const got = new Set();
  for (const li of batches.flatMap((b) => $$('.nt-batch-items > .nt-item', b))) {
    got.add(Number(li.dataset.id));
    place(li);
  }
  for (const id of asked) {
    const gone = got.has(id) ? null : itemOf(id);
    if (gone) removeItem(gone);
  }
}

/** Notices withdrawn by their source (issue 24): they leave the list at once. */
export function removeNotices(ids) {
  for (const id of ids) {
    const li = itemOf(id);
    if (li) removeItem(li);
  }
  updateEmpty();
}

/** Re-reads these notices from the server and places them (after an action). */
export const refreshItems = async (ids) => placeAll(await fetchItems(ids, false), ids);
