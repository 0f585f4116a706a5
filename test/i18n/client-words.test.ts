// The page script's words (issue 13): a catalog's ICU message turned into the
// plain shape the browser fills — {name} placeholders, plural forms by CLDR
// category — and the same text as the server's t() for every count.
import { describe, expect, it } from 'vitest';
import { clientWords, type ClientWords } from '../../src/i18n/client-words.ts';
import { intlTag, type Locale } from '../../src/i18n/locales.ts';
import { t } from '../../src/i18n/messages.ts';

/** What static/hado.js say() does with the words. */
function fill(words: ClientWords, vars: Record<string, string | number>, locale: Locale): string {
  const template = typeof words === 'string' ? words : (words[new Intl.PluralRules(intlTag(locale)).select(Number(vars.count))] ?? words.other);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

describe('clientWords', () => {
  it('a plural becomes its forms, # the count', () => {
    expect(clientWords('ru', 'notice.newCount')).toEqual({
      one: '{count} новое уведомление',
      few: '{count} новых уведомления',
      many: '{count} новых уведомлений',
      other: '{count} нового уведомления',
    });
    expect(clientWords('en', 'notice.newCount')).toEqual({ one: '{count} new notification', other: '{count} new notifications' });
  });

  it('plain words and placeholders pass as they are', () => {
    expect(clientWords('uk', 'telegram.ack')).toBe("Пам'ятаю");
    expect(clientWords('en', 'rule.at')).toBe('{rule} at {time}');
  });

  it('text around a plural is kept in every form', () => {
    expect(clientWords('uk', 'notice.groupSummary')).toMatchObject({
      one: 'усього {count} · останнє {shown} повідомлення',
      many: 'усього {count} · останні {shown} повідомлень',
    });
  });

  it.each(['en', 'ru', 'uk'] as Locale[])('%s: the script says exactly what the server says, for every count', (locale) => {
    const words = clientWords(locale, 'notice.newCount');
    for (const count of [0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 111]) {
      expect(fill(words, { count }, locale)).toBe(t(locale, 'notice.newCount', { count }));
    }
  });

  it('refuses what the script cannot fill: dates are formatted on the server', () => {
    expect(() => clientWords('en', 'due.date')).toThrow(/due.date/);
  });
});
