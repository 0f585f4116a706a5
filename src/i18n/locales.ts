// The languages Hado speaks. Adding one: an entry here and a catalog in
// catalogs/ (README "Languages"); the catalog tests then hold it to every key.

/**
 * Each language: its own name (shown in the picker, in that language) and the
 * BCP 47 tag given to `Intl`. English formats as en-GB so dates read
 * "14 Aug" and lists "Mon, Wed and Fri", as Hado wrote them before.
 */
export const LOCALE_INFO = {
  en: { name: 'English', intl: 'en-GB' },
  ru: { name: 'Русский', intl: 'ru' },
  uk: { name: 'Українська', intl: 'uk' },
} as const;

export type Locale = keyof typeof LOCALE_INFO;

export const LOCALES = Object.keys(LOCALE_INFO) as Locale[];

/** English: the language of the API's own messages, and of a stored code no longer offered. */
export const BASE_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && Object.hasOwn(LOCALE_INFO, value);

/** The stored code as a Locale; a language since removed falls back to English rather than failing a page. */
export const toLocale = (value: string | null | undefined): Locale => (isLocale(value) ? value : BASE_LOCALE);

/** The tag for `Intl` constructors. */
export const intlTag = (locale: Locale): string => LOCALE_INFO[locale].intl;

/**
 * The supported language a language tag names ("ru-RU" → ru, "uk" → uk,
 * "en-US" → en), or null. Only the primary subtag counts: Hado has one
 * variety of each language.
 */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  return isLocale(primary) ? primary : null;
}

/**
 * The best supported language of an Accept-Language header (RFC 9110
 * §12.5.4): the highest q wins, ties keep the header's order, q=0 means "not
 * this one", "*" is no preference. Null when none is supported.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges: { locale: Locale; q: number; order: number }[] = [];
  header.split(',').forEach((part, order) => {
    const [tag, ...params] = part.split(';');
    const locale = localeOfTag(tag);
    if (locale === null) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > 0) ranges.push({ locale, q, order });
  });
  ranges.sort((a, b) => b.q - a.q || a.order - b.order);
  return ranges[0]?.locale ?? null;
}

/**
 * The language of a page someone opens from a message (a mail's links): the
 * recipient's stored one when the link names them, else the request's
 * Accept-Language, else the deployment's default.
 */
export function recipientLocale(stored: string | null, acceptLanguage: string | null | undefined, fallback: Locale): Locale {
  return isLocale(stored) ? stored : (localeFromAcceptLanguage(acceptLanguage) ?? fallback);
}
