// The page's script formats a few words by itself (a live count, "Saved").
// It gets them from the server already in the user's language, in a shape a
// dozen lines of browser code can fill (static/hado.js say()): a string with
// {name} placeholders, or one string per CLDR plural category picked with
// Intl.PluralRules. This turns a catalog's ICU message into that shape, so
// the catalogs stay the one place where words live.
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Locale } from './locales.ts';
import { CATALOGS, type MessageKey } from './messages.ts';

export type PluralWords = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type ClientWords = string | PluralWords;

/** Literal text and {name} placeholders; `#` (inside a plural) as {count}. */
function flat(els: MessageFormatElement[], key: string, count: string | null): string {
  return els
    .map((el) => {
      if (el.type === TYPE.literal) return el.value;
      if (el.type === TYPE.argument) return `{${el.value}}`;
      if (el.type === TYPE.pound && count !== null) return `{${count}}`;
      throw new Error(`${key}: the page's script can fill only {name} placeholders and one plural`);
    })
    .join('');
}

/**
 * `key` in `locale` for the script: "Saved", "{n} due", or for
 * `{n, plural, one {# new} other {# new}}` the forms { one: "{n} new", … }.
 * Throws on anything richer (dates, selects, nested plurals): such words are
 * formatted on the server instead.
 */
export function clientWords(locale: Locale, key: MessageKey): ClientWords {
  const els = parse(CATALOGS[locale][key], { ignoreTag: true });
  const plurals = els.filter((el) => el.type === TYPE.plural);
  if (plurals.length === 0) return flat(els, key, null);
  const plural = plurals[0]!;
  if (plurals.length > 1 || plural.type !== TYPE.plural || plural.pluralType !== 'cardinal' || plural.offset !== 0) {
    throw new Error(`${key}: the page's script can fill one cardinal plural without offset`);
  }
  const at = els.indexOf(plural);
  const before = flat(els.slice(0, at), key, null);
  const after = flat(els.slice(at + 1), key, null);
  const forms: Record<string, string> = {};
  for (const [category, option] of Object.entries(plural.options)) {
    if (category.startsWith('=')) throw new Error(`${key}: exact-number forms (${category}) are not for the script`);
    forms[category] = before + flat(option.value, key, plural.value) + after;
  }
  if (forms.other === undefined) throw new Error(`${key}: a plural needs "other"`);
  return forms as PluralWords;
}

/** The script's whole table for `locale`. */
export function clientTable(locale: Locale, keys: readonly MessageKey[]): Record<string, ClientWords> {
  return Object.fromEntries(keys.map((k) => [k, clientWords(locale, k)]));
}
