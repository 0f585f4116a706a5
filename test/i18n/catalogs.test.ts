// The message catalogs (issue 13): every key exists in every language, every
// message parses as ICU MessageFormat, uses the same placeholders as English
// (a date stays a date), and gives each plural every form its language has.
// A new language or a new key is held to all of it by this file.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { intlTag, LOCALE_INFO, LOCALES } from '../../src/i18n/locales.ts';
import { CATALOGS, type MessageKey, t } from '../../src/i18n/messages.ts';

type Kind = 'date' | 'value';

/** Each placeholder's name and whether it is a date; plural forms a message uses, by placeholder. */
function shape(message: string) {
  const args = new Map<string, Kind>();
  const plurals: { name: string; options: string[] }[] = [];
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      switch (el.type) {
        case TYPE.argument:
        case TYPE.number:
          if (!args.has(el.value)) args.set(el.value, 'value');
          break;
        case TYPE.date:
        case TYPE.time:
          args.set(el.value, 'date');
          break;
        case TYPE.plural:
          if (!args.has(el.value)) args.set(el.value, 'value');
          if (el.pluralType === 'cardinal') plurals.push({ name: el.value, options: Object.keys(el.options) });
          for (const o of Object.values(el.options)) walk(o.value);
          break;
        case TYPE.select:
          if (!args.has(el.value)) args.set(el.value, 'value');
          for (const o of Object.values(el.options)) walk(o.value);
          break;
        case TYPE.tag:
          walk(el.children);
          break;
      }
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return { args, plurals };
}

const KEYS = Object.keys(CATALOGS.en) as MessageKey[];

describe('catalogs', () => {
  it('there is one catalog per language Hado offers, and no other', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual([...LOCALES].sort());
    expect(Object.keys(LOCALE_INFO).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const catalog = CATALOGS[locale];

      it('has exactly the English keys', () => {
        expect(Object.keys(catalog).sort()).toEqual([...KEYS].sort());
      });

      it('every message is non-empty and parses as ICU MessageFormat', () => {
        for (const key of KEYS) {
          expect(catalog[key].trim(), key).not.toBe('');
          expect(() => parse(catalog[key], { ignoreTag: true }), key).not.toThrow();
        }
      });

      it('every message has the English placeholders, a date where English has a date', () => {
        for (const key of KEYS) {
          const mine = shape(catalog[key]).args;
          const english = shape(CATALOGS.en[key]).args;
          expect(Object.fromEntries(mine), key).toEqual(Object.fromEntries(english));
        }
      });

      it("every plural has each form of the language's plural rules", () => {
        const categories = new Intl.PluralRules(intlTag(locale)).resolvedOptions().pluralCategories;
        for (const key of KEYS) {
          for (const p of shape(catalog[key]).plurals) {
            for (const c of categories) expect(p.options, `${key}: {${p.name}, plural} lacks "${c}"`).toContain(c);
          }
        }
      });

      it('formats every message with its placeholders filled', () => {
        for (const key of KEYS) {
          const params = Object.fromEntries(
            [...shape(CATALOGS.en[key]).args].map(([name, kind]) => [name, kind === 'date' ? new Date(Date.UTC(2026, 7, 14)) : 3]),
          );
          const text = t(locale, key, params);
          expect(text, key).not.toMatch(/[{}]/);
        }
      });

      it("a message without placeholders reads exactly as written (an apostrophe such as Пам'ятаю is not ICU quoting)", () => {
        for (const key of KEYS) {
          if (shape(catalog[key]).args.size === 0) expect(t(locale, key), key).toBe(catalog[key]);
        }
      });
    });
  }
});

describe('t', () => {
  it('picks the plural form by the language: 1, 2, 5, 11, 21, 22, 25', () => {
    const forms = (locale: 'en' | 'ru' | 'uk') => [1, 2, 5, 11, 21, 22, 25].map((count) => t(locale, 'notice.newCount', { count }));
    expect(forms('en')).toEqual([
      '1 new notification',
      '2 new notifications',
      '5 new notifications',
      '11 new notifications',
      '21 new notifications',
      '22 new notifications',
      '25 new notifications',
    ]);
    expect(forms('ru')).toEqual([
      '1 новое уведомление',
      '2 новых уведомления',
      '5 новых уведомлений',
      '11 новых уведомлений',
      '21 новое уведомление',
      '22 новых уведомления',
      '25 новых уведомлений',
    ]);
    expect(forms('uk')).toEqual([
      '1 нове сповіщення',
      '2 нові сповіщення',
      '5 нових сповіщень',
      '11 нових сповіщень',
      '21 нове сповіщення',
      '22 нові сповіщення',
      '25 нових сповіщень',
    ]);
  });

  it('formats a calendar day the same in any machine zone (dates are UTC midnights)', () => {
    expect(t('ru', 'due.date', { date: new Date(Date.UTC(2026, 0, 1)) })).toBe('1 января');
    expect(t('uk', 'due.dateYear', { date: new Date(Date.UTC(2026, 11, 31)) })).toBe('31 грудня 2026 р.');
  });
});
