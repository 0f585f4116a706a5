// The words of <hado-inbox> (issue 25) in every language, from the catalogs
// (src/i18n/catalogs/): the element's module words.js is made from them at
// start-up, so the catalogs stay the one place where words live. Shapes as
// the page's script takes them (i18n/client-words.ts): {name} placeholders,
// plural forms by CLDR category.
import { clientTable } from '../i18n/client-words.ts';
import { LOCALES } from '../i18n/locales.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** The catalog keys the element shows (embed/inbox.js say()). */
export const EMBED_KEYS = [
  'page.bell.none',
  'page.bell.some',
  'page.toast.summary',
  'page.error.network',
  'page.error.status',
  'page.form.saved',
  'page.settingsLink',
  'notices.title',
  'notices.readAll',
  'notices.close',
  'notices.empty.inbox',
  'notices.more',
  'notices.urgent',
  'notices.archive',
  'notices.take',
  'notices.takeHint',
  'notices.tookIt',
  'notices.takenBy',
  'notices.dismiss',
  'notices.unread',
  'notices.justNow',
  'notices.prefs.title',
  'notices.prefs.none',
  'notices.prefs.kind',
  'notices.prefs.general',
  'notices.prefs.unavailable',
  'notices.prefs.web',
  'notices.prefs.telegram',
  'notices.prefs.webhook',
  'notices.prefs.push',
  'notices.prefs.mobile',
  'notices.prefs.email',
  'notices.prefs.slack',
] as const satisfies readonly MessageKey[];

/** The module words.js: `export const WORDS = { en: {…}, uk: {…}, ru: {…} };`. */
export function embedWordsModule(): string {
  const table = Object.fromEntries(LOCALES.map((l) => [l, clientTable(l, EMBED_KEYS)]));
  return `// Made at start-up from src/i18n/catalogs (src/http/embed-words.ts).\nexport const WORDS = ${JSON.stringify(table)};\n`;
}
