// The page's words (page-text.ts): placeholders, plural forms by the page's
// language, and the JSON block the browser reads; and the notice times
// (agoWords, exactWords) the feed shows.
import { describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { agoWords, exactWords } from '../../src/http/views/due-words.ts';
import { html } from '../../src/http/views/html.ts';
import { pageText, SCRIPT_KEYS, say, sayHtml } from '../../src/http/views/page-text.ts';

describe('say', () => {
  it('fills placeholders and picks the plural form of the count', () => {
    expect(say('en', 'badge.some', { n: 3 })).toBe('3 due');
    expect(say('en', 'toast.summary', { n: 1 })).toBe('1 new notification');
    expect(say('en', 'toast.summary', { n: 5 })).toBe('5 new notifications');
    expect(say('en', 'bell.some', { label: '99+' })).toBe('Notifications, 99+ unread');
    expect(say('ru', 'badge.some', { n: 3 })).toBe('Срочных: 3');
  });

  it('uses the categories of the reader’s language (one / few / many / other)', () => {
    expect([1, 2, 5, 21, 22, 25].map((n) => say('ru', 'toast.summary', { n }))).toEqual([
      '1 новое уведомление',
      '2 новых уведомления',
      '5 новых уведомлений',
      '21 новое уведомление',
      '22 новых уведомления',
      '25 новых уведомлений',
    ]);
    expect([1, 2, 5].map((n) => say('uk', 'toast.summary', { n }))).toEqual(['1 нове сповіщення', '2 нові сповіщення', '5 нових сповіщень']);
  });

  it('hands the script its words in the reader’s language, as JSON that cannot close its element', () => {
    const text = pageText('uk').text;
    const table = JSON.parse(text);
    expect(Object.keys(table).sort()).toEqual([...SCRIPT_KEYS].sort());
    expect(table['form.saved']).toBe('Збережено');
    expect(table['toast.summary']).toEqual({
      one: '{n} нове сповіщення',
      few: '{n} нові сповіщення',
      many: '{n} нових сповіщень',
      other: '{n} нового сповіщення',
    });
    expect(text).not.toContain('<');
  });

  it('sayHtml escapes the words and keeps the markup the view built', () => {
    const out = sayHtml('ru', 'inbox.where', { login: html`<strong>${'<me>'}</strong>`, zone: 'Europe/Moscow' }).text;
    expect(out).toBe('Вы вошли как <strong>&lt;me&gt;</strong> · часовой пояс Europe/Moscow');
  });
});

describe('notice times', () => {
  const now = Temporal.Instant.from('2026-08-11T08:00:00Z');
  const ago = (iso: string) => agoWords(Temporal.Instant.from(iso), now, 'Europe/Madrid', 'en');
  it.each([
    ['2026-08-11T08:00:00Z', 'just now'],
    ['2026-08-11T07:59:01Z', 'just now'],
    ['2026-08-11T07:55:00Z', '5 min ago'],
    ['2026-08-11T05:00:00Z', '3 hr ago'],
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

describe('notice times in Russian and Ukrainian', () => {
  const now = Temporal.Instant.from('2026-08-11T08:00:00Z');
  it.each([
    ['2026-08-11T07:59:30Z', 'только что', 'щойно'],
    ['2026-08-11T07:39:00Z', '21 мин. назад', '21 хв тому'],
    ['2026-08-11T05:00:00Z', '3 ч назад', '3 год тому'],
    ['2026-08-10T08:00:00Z', 'вчера', 'учора'],
    ['2026-08-06T08:00:00Z', '5 дней назад', '5 днів тому'],
    ['2026-07-30T08:00:00Z', '30 июля', '30 липня'],
  ])('%s → %s · %s', (iso, ru, uk) => {
    expect(agoWords(Temporal.Instant.from(iso), now, 'Europe/Madrid', 'ru')).toBe(ru);
    expect(agoWords(Temporal.Instant.from(iso), now, 'Europe/Madrid', 'uk')).toBe(uk);
  });
});
