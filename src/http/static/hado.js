// The helpers every module of the inbox page shares (imported, never a
// global). The page is rendered on the server; the modules only enhance it:
// they call the JSON API for actions, fetch HTML fragments and put them in
// place, and take the few words they show by themselves from the server too
// (#page-text, rendered from src/http/views/page-text.ts).
//
// Requests go to the page's own origin with its cookie. The browser marks
// them "Sec-Fetch-Site: same-origin", the one origin the server's cross-site
// guard accepts writes from (src/http/cross-origin.ts); nothing else is needed.

/**
 * The first element under `root` matching `sel` (every element of the page is an HTML one), or null.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement | null}
 */
export const $ = (sel, root = document) => root.querySelector(sel);
/**
 * Every element under `root` matching `sel`.
 * @param {string} sel
 * @param {ParentNode} [root]
 * @returns {HTMLElement[]}
 */
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
/**
 * A form's text field by name: `form.elements[name]`.
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {HTMLInputElement}
 */
export const field = (form, name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));

// ------------------------------------------------------------------ words

let words = null;
let plurals = null;

/**
 * The page's words for `key` with `{name}` filled from `vars`; a count `n`
 * picks the plural form of the page's language (`<html lang>`). The twin of
 * say() in src/http/views/page-text.ts, over the same table.
 */
export function say(key, vars = {}) {
  if (words === null) {
    try {
      words = JSON.parse($('#page-text')?.textContent || '{}');
    } catch {
      words = {};
    }
  }
  let text = words[key];
  if (text === undefined) return key;
  if (typeof text === 'object') {
    plurals ??= new Intl.PluralRules(document.documentElement.lang || 'en');
    text = text[plurals.select(Number(vars.n))] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

// ------------------------------------------------------------------ requests

/** A failed call, with the server's message and the field it names. */
export class ApiError extends Error {
  constructor(message, field, status) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

/** Calls the JSON API; a 4xx/5xx throws an ApiError with the server's own message. */
export async function api(method, url, body) {
  /** @type {RequestInit & { headers: Record<string, string> }} */
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiError(say('error.network'));
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = data?.error;
    // `text` is the trouble in the reader's language (the API's `message` stays English).
    throw new ApiError(e?.text || e?.message || say('error.status', { status: res.status }), e?.field, res.status);
  }
  return data;
}

/**
 * An HTML fragment rendered by the server, as an element. Parsed in a
 * <template>, so nothing in it runs (and the CSP allows no inline script).
 * @param {string} url
 * @returns {Promise<HTMLElement | null>}
 */
export async function fragment(url) {
  let res;
  try {
    res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  } catch {
    throw new ApiError(say('error.network'));
  }
  if (!res.ok) throw new ApiError(say('error.refresh', { status: res.status }), undefined, res.status);
  const tpl = document.createElement('template');
  tpl.innerHTML = await res.text();
  return /** @type {HTMLElement | null} */ (tpl.content.firstElementChild);
}

// ------------------------------------------------------------------ buttons and messages

/** A busy button keeps its size and focus (aria-disabled, not disabled) and ignores clicks. */
export function setBusy(button, busy) {
  if (busy) {
    button.setAttribute('aria-busy', 'true');
    button.setAttribute('aria-disabled', 'true');
  } else {
    button.removeAttribute('aria-busy');
    button.removeAttribute('aria-disabled');
  }
}

export const isBusy = (button) => button.getAttribute('aria-busy') === 'true';

/** Shows a message in a slot of the page (an error paragraph), or hides the slot when empty. */
export function showMessage(slot, message) {
  if (!slot) return;
  slot.textContent = message || '';
  slot.hidden = !message;
}

// ------------------------------------------------------------------ forms

/** The server prefixes messages with the field ("tz: …"); next to the field that is redundant. */
const fieldMessage = (message, field) => (field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message);

function clearErrors(form) {
  for (const el of $$('[data-error-for]', form)) showMessage(el, '');
  for (const el of $$('[aria-invalid]', form)) el.removeAttribute('aria-invalid');
  const status = $('.form-status', form);
  if (status) status.textContent = '';
}

/** The server's message next to the field it names (its slot is [data-error-for]), else at the form's foot. */
function showError(form, err) {
  const slot = (err.field && $(`[data-error-for="${CSS.escape(err.field)}"]`, form)) || $('[data-error-for="_form"]', form);
  showMessage(slot, fieldMessage(err.message, err.field));
  const input = slot.id && $(`[aria-describedby~="${CSS.escape(slot.id)}"]`, form);
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }
}

/** Runs a form's submit work once at a time, with its button busy and the server's errors in place. */
export async function submitWith(form, work) {
  const button = $('button[type="submit"]', form);
  if (isBusy(button)) return;
  clearErrors(form);
  setBusy(button, true);
  try {
    await work();
  } catch (err) {
    showError(form, err);
  } finally {
    setBusy(button, false);
  }
}

/** Sets a form's status line ("Saved"), read out by screen readers (role=status). */
export function setStatus(form, key) {
  const status = $('.form-status', form);
  if (status) status.textContent = key ? say(key) : '';
}
