// t(locale, key, params): every word a person reads goes through here. The
// catalogs (one file per language in catalogs/) hold ICU MessageFormat
// strings — plurals, selects, dates by skeleton — formatted by
// intl-messageformat with the language's own plural rules from Intl.
//
// Pure: the same locale, key and params always give the same text. A Date
// param is a calendar day (see calendarDate): dates are formatted in UTC so
// the machine's zone never moves a day.
import { IntlMessageFormat, type Formatters, type PrimitiveType } from 'intl-messageformat';
import en from './catalogs/en.ts';
import ru from './catalogs/ru.ts';
import uk from './catalogs/uk.ts';
import { intlTag, type Locale } from './locales.ts';

/** Every key, as the English catalog defines them; the other catalogs must have the same keys (checked by TypeScript and the catalog test). */
export type MessageKey = keyof typeof en;

/** A catalog: one ICU message per key. */
export type Catalog = Record<MessageKey, string>;

export const CATALOGS: Record<Locale, Catalog> = { en, ru, uk };

export type MessageParams = Record<string, string | number | Date>;

/** Intl formatters whose dates are calendar days: formatted in UTC. */
const FORMATTERS: Formatters = {
  getNumberFormat: (locales, options) => new Intl.NumberFormat(locales, options as Intl.NumberFormatOptions),
  getDateTimeFormat: (locales, options) => new Intl.DateTimeFormat(locales, { ...options, timeZone: 'UTC' }),
  getPluralRules: (locales, options) => new Intl.PluralRules(locales, options),
};

const compiled = new Map<string, IntlMessageFormat>();

function formatter(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let f = compiled.get(id);
  if (f === undefined) {
    // Tags are plain text here: markup belongs to the templates, which escape what they are given.
    f = new IntlMessageFormat(CATALOGS[locale][key], intlTag(locale), undefined, { formatters: FORMATTERS, ignoreTag: true });
    compiled.set(id, f);
  }
  return f;
}

/** The message `key` in `locale`, with `params` put in. */
export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return String(formatter(locale, key).format(params as Record<string, PrimitiveType> | undefined));
}

/**
 * The message with some params that are not text (markup built by a view,
 * say): the literal text and those params in order, for the caller to join
 * (src/http/views escapes the text and keeps its own markup).
 */
export function tParts<T extends object>(locale: Locale, key: MessageKey, params: Record<string, string | number | Date | T>): (string | T)[] {
  const out = formatter(locale, key).format<T>(params as Record<string, PrimitiveType | T>);
  return Array.isArray(out) ? out : [out];
}

/** A calendar day as the Date a message's `{d, date, ::…}` placeholder takes (midnight UTC). */
export function calendarDate(day: { year: number; month: number; day: number }): Date {
  const d = new Date(0);
  d.setUTCFullYear(day.year, day.month - 1, day.day);
  return d;
}
