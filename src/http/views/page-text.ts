// The words the page's script shows by itself — a count that changes live, a
// button's second state, a network error — kept here beside the templates and
// handed to the browser in one JSON block (#page-text, see pageText()). The
// templates use the same table for the same words (the first render of the
// badge, the bell, the title), so the server and the script never disagree,
// and a translation replaces this table in one place.
//
// A value is a template with {name} placeholders, or plural forms keyed by
// the CLDR categories of Intl.PluralRules (one, few, many, other …) chosen by
// the count `n`. The script's twin of say() is in static/hado.js.
import { jsonForScript, type SafeHtml } from './html.ts';

export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Words = string | Plural;

/** The page's language (issue 13 makes it the user's). */
export const PAGE_LANG = 'en';

export const PAGE_TEXT = {
  'title.none': 'Hado',
  'title.some': '({n}) Hado',
  'badge.none': 'Nothing due',
  'badge.some': '{n} due',
  'live.none': 'Not live',
  'live.live': 'Live',
  'live.reconnecting': 'Reconnecting…',
  'live.offline': 'Offline, retrying',
  'error.network': 'Hado could not be reached. Check the connection and try again.',
  'error.status': 'The server answered {status}.',
  'error.refresh': 'Could not refresh ({status}).',
  'form.saved': 'Saved',
  'form.added': 'Added',
  'channel.delete': 'Delete',
  'channel.confirm': 'Really delete?',
  'telegram.link': 'Link Telegram',
  'telegram.another': 'Link another chat',
  'telegram.expiry': 'The code works until {time}.',
  'bell.none': 'Notifications, none unread',
  'bell.some': 'Notifications, {label} unread',
  'toast.summary': { one: '{n} new notification', other: '{n} new notifications' },
} as const satisfies Record<string, Words>;

export type TextKey = keyof typeof PAGE_TEXT;

/** The words for `key` with `{name}` filled from `vars`; a count `n` picks the plural form. */
export function say(key: TextKey, vars: Record<string, string | number> = {}, lang: string = PAGE_LANG): string {
  const words: Words = PAGE_TEXT[key];
  const template = typeof words === 'string' ? words : (words[new Intl.PluralRules(lang).select(Number(vars.n))] ?? words.other);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The table as the page's JSON block: `<script type="application/json" id="page-text">` (data, never run). */
export const pageText = (): SafeHtml => jsonForScript(PAGE_TEXT);
