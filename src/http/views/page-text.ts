// The words of the page, in the reader's language (issue 13). The templates
// call say() / sayHtml() with a catalog key (src/i18n/catalogs/); the few
// words the script shows by itself — a count that changes live, a button's
// second state, a network error — go to the browser in one JSON block
// (#page-text, see pageText()), turned into the shape static/hado.js say()
// fills: {name} placeholders, plural forms by CLDR category chosen by `n`.
// The templates use the same keys for the same words (the first render of the
// badge, the bell, the title), so the server and the script never disagree.
import { clientTable } from '../../i18n/client-words.ts';
import type { Locale } from '../../i18n/locales.ts';
import { type MessageKey, type MessageParams, t, tParts } from '../../i18n/messages.ts';
import { escapeHtml, jsonForScript, SafeHtml } from './html.ts';

/** The keys the script uses, without their `page.` prefix (static/*.js: say('badge.some', { n })). */
export const SCRIPT_KEYS = [
  'title.none',
  'title.some',
  'badge.none',
  'badge.some',
  'live.none',
  'live.live',
  'live.reconnecting',
  'live.offline',
  'error.network',
  'error.status',
  'error.refresh',
  'form.saved',
  'form.added',
  'channel.delete',
  'channel.confirm',
  'telegram.link',
  'telegram.another',
  'telegram.expiry',
  'bell.none',
  'bell.some',
  'toast.summary',
  'zone.offer',
  'zone.switch',
  'zone.keep',
] as const;

export type TextKey = (typeof SCRIPT_KEYS)[number];

const pageKey = (key: TextKey): MessageKey => `page.${key}` as MessageKey;

/** A word the script also shows: `key` as in SCRIPT_KEYS, in `locale`. */
export function say(locale: Locale, key: TextKey, vars: MessageParams = {}): string {
  return t(locale, pageKey(key), vars);
}

/**
 * A catalog message as markup: its text escaped, and params that are markup
 * the view built (a <strong>login</strong>, a <code>) kept as they are.
 */
export function sayHtml(locale: Locale, key: MessageKey, params: Record<string, string | number | SafeHtml>): SafeHtml {
  return new SafeHtml(
    tParts<SafeHtml>(locale, key, params)
      .map((p) => (p instanceof SafeHtml ? p.text : escapeHtml(String(p))))
      .join(''),
  );
}

/** The script's table in `locale`, as the page's JSON block: `<script type="application/json" id="page-text">` (data, never run). */
export const pageText = (locale: Locale): SafeHtml =>
  jsonForScript(Object.fromEntries(SCRIPT_KEYS.map((k) => [k, clientTable(locale, [pageKey(k)])[pageKey(k)]])));
