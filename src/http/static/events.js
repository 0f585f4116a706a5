// The event list (SPEC A8): Ack and Done on each item, the badge and the
// tab title, and live changes. The server renders the list (#groups, GET
// /inbox/groups); this module re-reads it after a change and swaps it in,
// keeping focus and unchanged items steady.
import { $, $$, api, fragment, isBusy, say, setBusy, showMessage } from './hado.js';
import { on, onCatchUp } from './live.js';

/** The badge (today + overdue) in the header and the tab title. */
export function setBadge(count) {
  const n = Number(count) || 0;
  const badge = $('#badge');
  if (badge) {
    badge.dataset.count = String(n);
    badge.textContent = n === 0 ? say('badge.none') : say('badge.some', { n });
  }
  document.title = n > 0 ? say('title.some', { n }) : say('title.none');
}

let refreshTimer = null;
let refreshing = null;
let refreshAgain = false;

/** Coalesces a burst of live frames into one re-read. */
function scheduleGroups(delay = 60) {
  if (refreshTimer !== null) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    refreshGroups().catch(() => {});
  }, delay);
}

/** Re-reads the list; a call during a re-read makes it read once more when done. */
export function refreshGroups() {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      const next = await fragment('/inbox/groups');
      if (next) swapGroups(next);
    } while (refreshAgain);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Puts the new list in place, keeping every unchanged item's node (its
 * focus, a running action: the server marks each with data-rev) and moving
 * focus sensibly when the focused item went away.
 */
function swapGroups(next) {
  const current = $('#groups');
  if (!current) return;
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const inside = active && current.contains(active);
  const focusKey = inside ? active.dataset.focusKey : null;
  const focusItem = inside && /** @type {HTMLElement | null} */ (active.closest('li[data-key]'));
  const focusIndex = focusItem ? $$('li[data-key]', current).indexOf(focusItem) : -1;
  const focusGroup = focusItem ? /** @type {HTMLElement | null} */ (focusItem.closest('[data-group]'))?.dataset.group : null;

  const old = new Map($$('li[data-key]', current).map((li) => [li.dataset.key, li]));
  for (const li of $$('li[data-key]', next)) {
    const prev = old.get(li.dataset.key);
    if (prev && prev.dataset.rev === li.dataset.rev && !prev.classList.contains('leaving')) li.replaceWith(prev);
  }
  current.replaceWith(next);
  setBadge(next.dataset.badge);

  if (!inside) return;
  let target = focusKey ? $(`[data-focus-key="${CSS.escape(focusKey)}"]`, next) : null;
  if (!target && focusIndex >= 0) {
    // The item left (done elsewhere, moved group): the one now in its place, or its group, or the list.
    const items = $$('li[data-key]', next);
    const neighbour = items[Math.min(focusIndex, items.length - 1)];
    target =
      (neighbour && $('[data-action="done"]', neighbour)) ||
      (focusGroup && $(`[data-group="${focusGroup}"] .group-title`, next)) ||
      $('.group-title, .empty-title', next);
  }
  if (target) target.focus({ preventScroll: true });
}

/** A done item folds away before the list is re-read, so the eye can follow. */
function fold(li) {
  return new Promise((resolve) => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return resolve();
    li.style.height = `${li.offsetHeight}px`;
    void li.offsetHeight;
    li.classList.add('leaving');
    li.style.height = '0px';
    setTimeout(resolve, 220);
  });
}

/** Ack or Done: POST /me/events/{id}/{action}, then the list as the server has it now. */
async function act(e) {
  const button = e.target.closest('button[data-action]');
  if (!button) return;
  const li = button.closest('li[data-key]');
  if (!li || isBusy(button)) return;
  const error = $('.item-error', li);
  const others = $$('button[data-action]', li).filter((b) => b !== button);
  setBusy(button, true);
  for (const b of others) b.setAttribute('aria-disabled', 'true');
  showMessage(error, '');
  try {
    const { event } = await api('POST', `/me/events/${button.dataset.id}/${button.dataset.action}`);
    if (event.state === 'done') {
      // Keep focus in the list: on the next item, or the group.
      const items = $$('#groups li[data-key]');
      const next = items[items.indexOf(li) + 1] || items[items.indexOf(li) - 1];
      await fold(li);
      if (next && li.contains(document.activeElement)) {
        const t = $('[data-action="done"]', next);
        if (t) t.focus({ preventScroll: true });
      }
    }
    await refreshGroups();
  } catch (err) {
    showMessage(error, err.message);
  } finally {
    setBusy(button, false);
    for (const b of others) b.removeAttribute('aria-disabled');
  }
}

export function startEvents() {
  document.addEventListener('click', act);
  on('event', () => scheduleGroups());
  on('badge', (data) => data && setBadge(data.badge));
  // Even the first connection: the page may have been rendered a while before the stream opened.
  onCatchUp(() => scheduleGroups(0));
}
