// The page's words (page-text.ts): placeholders, plural forms by the page's
// language, and the JSON block the browser reads; and the notice times
// (agoWords, exactWords) the feed shows.
import { describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { agoWords, exactWords } from '../../src/http/views/due-words.ts';
import { PAGE_TEXT, pageText, say } from '../../src/http/views/page-text.ts';

describe('say', () => {
  it('fills placeholders and picks the plural form of the count', () => {
    expect(say('badge.some', { n: 3 })).toBe('3 due');
    expect(say('toast.summary', { n: 1 })).toBe('1 new notification');
    expect(say('toast.summary', { n: 5 })).toBe('5 new notifications');
    expect(say('bell.some', { label: '99+' })).toBe('Notifications, 99+ unread');
    // A placeholder with no value stays visible rather than vanishing.
    expect(say('error.status')).toBe('The server answered {status}.');
  });

  it('uses the categories of the language asked for (one / few / many / other)', () => {
    const original = PAGE_TEXT['toast.summary'];
    const ru = { one: '{n} новое', few: '{n} новых (few)', many: '{n} новых (many)', other: '{n} новых' };
    (PAGE_TEXT as Record<string, unknown>)['toast.summary'] = ru;
    try {
      expect([1, 2, 5, 21, 22, 25].map((n) => say('toast.summary', { n }, 'ru'))).toEqual([
        '1 новое',
        '2 новых (few)',
        '5 новых (many)',
        '21 новое',
        '22 новых (few)',
        '25 новых (many)',
      ]);
    } finally {
      (PAGE_TEXT as Record<string, unknown>)['toast.summary'] = original;
    }
  });

  it('hands the table to the page as JSON that cannot close its element', () => {
    const text = pageText().text;
    expect(JSON.parse(text)).toEqual(PAGE_TEXT);
    expect(text).not.toContain('<');
  });
});

describe('notice times', () => {
  const now = Temporal.Instant.from('2026-08-11T08:00:00Z');
  const ago = (iso: string) => agoWords(Temporal.Instant.from(iso), now, 'Europe/Madrid', 'en');
  it.each([
    ['2026-08-11T08:00:00Z', 'just now'],
    ['2026-08-11T07:59:01Z', 'just now'],
    ['2026-08-11T07:55:00Z', '5 min ago'],
    ['2026-08-11T05:00:00Z', '3 h ago'],
    ['2026-08-10T08:00:00Z', 'yesterday'],
    ['2026-08-07T08:00:00Z', '4 days ago'],
    ['2026-07-30T08:00:00Z', '30 Jul'],
    ['2025-12-30T08:00:00Z', '30 Dec 2025'],
    // A moment in the future (another process's clock a little ahead) is "just now", not negative.
    ['2026-08-11T08:00:05Z', 'just now'],
  ])('%s → %s', (iso, words) => {
    expect(ago(iso)).toBe(words);
  });

  it('the exact moment is in the user’s zone', () => {
    expect(exactWords(Temporal.Instant.from('2026-08-10T22:30:00Z'), 'Europe/Madrid')).toBe('2026-08-11 00:30, Europe/Madrid');
  });
});
