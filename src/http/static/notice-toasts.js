// Toasts for notices that arrive live (SPEC B4): at most 3 at once, more
// become one summary ("5 new notifications"); each hides after a few seconds
// unless pointed at or focused; opening one opens the feed. A notice's toast
// is the server's markup (GET /inbox/notices/items?toasts=1); the summary is
// cloned from the page's #nt-summary-toast template, its count in the page's
// words (say('toast.summary')).
import { $, say } from './hado.js';

const MAX_TOASTS = 3; // more at once become one summary toast
const TOAST_MS = 7000;

let area = null;
let summary = null;
let summaryCount = 0;
let openFeed = () => {};

function remove(node) {
  if (node.isConnected) node.remove();
  if (node === summary) {
    summary = null;
    summaryCount = 0;
  }
}

/** Hides a toast after TOAST_MS, counting again from when the pointer or focus leaves it. */
function autoHide(node) {
  let timer = setTimeout(() => remove(node), TOAST_MS);
  const pause = () => clearTimeout(timer);
  const resume = () => {
    clearTimeout(timer);
    timer = setTimeout(() => remove(node), TOAST_MS);
  };
  node.addEventListener('mouseenter', pause);
  node.addEventListener('focusin', pause);
  node.addEventListener('mouseleave', resume);
  node.addEventListener('focusout', resume);
}

function show(node) {
  area.append(node);
  autoHide(node);
}

function showSummary(n) {
  summaryCount += n;
  const text = say('toast.summary', { n: summaryCount });
  if (!summary?.isConnected) {
    summary = /** @type {HTMLTemplateElement} */ ($('#nt-summary-toast')).content.firstElementChild.cloneNode(true);
    show(summary);
  }
  $('.nt-toast-title', summary).textContent = text;
}

/**
 * How `n` new notices are announced: 'each' (the caller fetches and passes
 * their toasts to showToasts), or 'summary' (counted into the summary toast
 * at once), or 'none'.
 */
export function planToasts(n) {
  if (n === 0 || !area) return 'none';
  const individual = area.querySelectorAll('.nt-toast:not(.nt-summary)').length;
  if (!summary && individual + n <= MAX_TOASTS) return 'each';
  showSummary(n);
  return 'summary';
}

export function showToasts(nodes) {
  for (const node of nodes) show(node);
}

export function dismissToasts() {
  for (const node of [...(area?.children ?? [])]) remove(node);
}

/** Takes away the toasts of these notices (withdrawn by their source). */
export function dismissToastsOf(ids) {
  for (const node of [...(area?.children ?? [])]) if (ids.includes(Number(node.dataset.id))) remove(node);
}

/** The toast area is part of the feed for clicks: a click in it does not close the panel. */
export const inToasts = (event) => area !== null && event.composedPath().includes(area);

export function startToasts(onOpen) {
  area = $('.nt-toasts');
  if (!area) return;
  openFeed = onOpen;
  area.addEventListener('click', (e) => {
    const target = /** @type {Element} */ (e.target);
    const toast = target.closest('.nt-toast');
    if (!toast) return;
    if (target.closest('.nt-toast-close')) remove(toast);
    else if (target.closest('.nt-toast-open')) {
      remove(toast);
      openFeed();
    }
  });
}
