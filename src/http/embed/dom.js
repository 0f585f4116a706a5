// Small helpers of <hado-inbox>: building elements (text is always set as
// text, never parsed as markup) and the words of the user's language.
import { WORDS } from './words.js';

/**
 * An element with attributes (a `false`/null value leaves one out, `on…` a listener) and children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {Array<Node | string | null | false | undefined>} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== false && child !== undefined) node.append(child);
  return node;
}

let locale = 'en';
/** @type {Intl.PluralRules | null} */
let plurals = null;

/** The language of the words: en, uk or ru (anything else is English). */
export function setLocale(l) {
  locale = Object.hasOwn(WORDS, l) ? l : 'en';
  plurals = null;
}

export const currentLocale = () => locale;

/** `key` of the catalogs in the user's language, `{name}` filled from `vars`; a count `n` picks the plural form. */
export function say(key, vars = {}) {
  let text = WORDS[locale][key] ?? WORDS.en[key];
  if (text === undefined) return key;
  if (typeof text === 'object') {
    plurals ??= new Intl.PluralRules(locale);
    text = text[plurals.select(Number(vars.n))] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** When a notice arrived, in the user's language: "5 minutes ago", or a date past a week. */
export function when(iso) {
  if (!iso) return '';
  const then = new Date(iso);
  const seconds = (then.getTime() - Date.now()) / 1000;
  if (Math.abs(seconds) < 60) return say('notices.justNow');
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of /** @type {const} */ ([
    ['minute', 60],
    ['hour', 3600],
    ['day', 86400],
  ])) {
    const n = Math.round(seconds / size);
    if (Math.abs(n) < (unit === 'minute' ? 60 : unit === 'hour' ? 24 : 7)) return rtf.format(n, unit);
  }
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(then);
}
