import { describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { dateLabel, dueWords, untilWords } from '../../src/http/views/due-words.ts';
import { escapeHtml, html, jsonForScript, safeHref, trusted } from '../../src/http/views/html.ts';

const d = (s: string) => Temporal.PlainDate.from(s);
const t = (s: string) => Temporal.PlainTime.from(s);
const TODAY = d('2026-08-11');

describe('dueWords', () => {
  it.each([
    ['2026-08-11', null, 'today'],
    ['2026-08-11', '14:00', 'today 14:00'],
    ['2026-08-12', null, 'tomorrow'],
    ['2026-08-12', '07:05', 'tomorrow 07:05'],
    ['2026-08-10', null, 'yesterday'],
    ['2026-08-10', '23:59', 'yesterday 23:59'],
    ['2026-08-14', null, 'in 3 days, 14 Aug'],
    ['2026-08-14', '14:00', 'in 3 days, 14 Aug, 14:00'],
    ['2026-08-24', null, 'in 13 days, 24 Aug'],
    ['2026-08-25', null, 'in 2 weeks, 25 Aug'],
    ['2026-10-09', null, 'in 8 weeks, 9 Oct'],
    ['2026-10-10', null, 'in 1 month, 10 Oct'],
    ['2027-03-02', null, 'in 6 months, 2 Mar 2027'],
    ['2028-09-01', null, 'in 2 years, 1 Sept 2028'],
    ['2026-08-08', null, '3 days ago, 8 Aug'],
    ['2026-07-28', '09:00', '2 weeks ago, 28 Jul, 09:00'],
    ['2026-05-01', null, '3 months ago, 1 May'],
    ['2025-12-31', null, '7 months ago, 31 Dec 2025'],
  ])('%s %s → %s', (day, time, words) => {
    expect(dueWords(d(day), time === null ? null : t(time), TODAY, 'en')).toBe(words);
  });

  it('says "1 day" nowhere: neighbours of today have names', () => {
    expect(dueWords(d('2026-08-12'), null, TODAY, 'en')).not.toContain('1 day');
  });

  it('crosses a year end by calendar days, not by the year number', () => {
    expect(dueWords(d('2027-01-01'), null, d('2026-12-31'), 'en')).toBe('tomorrow');
    expect(dueWords(d('2027-01-03'), null, d('2026-12-31'), 'en')).toBe('in 3 days, 3 Jan 2027');
  });

  it('dateLabel shows the year only outside today’s year', () => {
    expect(dateLabel(d('2026-02-28'), TODAY, 'en')).toBe('28 Feb');
    expect(dateLabel(d('2027-02-28'), TODAY, 'en')).toBe('28 Feb 2027');
  });
});

describe('untilWords', () => {
  const now = Temporal.Instant.from('2026-08-11T10:30:00Z'); // 12:30 in Madrid
  it.each([
    ['2026-08-11T13:00:00Z', 'until 15:00'],
    ['2026-08-11T22:00:00Z', 'until tomorrow'],
    ['2026-08-12T07:00:00Z', 'until tomorrow 09:00'],
    ['2026-08-12T22:00:00Z', 'until 13 Aug'],
  ])('%s → %s', (until, words) => {
    expect(untilWords(Temporal.Instant.from(until), now, 'Europe/Madrid', 'en')).toBe(words);
  });
});

// The same days read in Russian and Ukrainian (issue 13): Intl's plural forms
// for 1, 2, 5, 11, 21, 22, 25 ahead and behind, months in the genitive.
describe('dueWords in Russian and Ukrainian', () => {
  it.each<[string, string | null, string, string]>([
    ['2026-08-11', null, 'сегодня', 'сьогодні'],
    ['2026-08-11', '14:00', 'сегодня в 14:00', 'сьогодні о 14:00'],
    ['2026-08-12', '07:05', 'завтра в 07:05', 'завтра о 07:05'],
    ['2026-08-10', '23:59', 'вчера в 23:59', 'учора о 23:59'],
    ['2026-08-13', null, 'через 2 дня, 13 августа', 'через 2 дні, 13 серпня'],
    ['2026-08-16', null, 'через 5 дней, 16 августа', 'через 5 днів, 16 серпня'],
    ['2026-08-22', '09:30', 'через 11 дней, 22 августа, в 09:30', 'через 11 днів, 22 серпня, о 09:30'],
    ['2026-08-09', null, '2 дня назад, 9 августа', '2 дні тому, 9 серпня'],
    ['2026-08-06', null, '5 дней назад, 6 августа', '5 днів тому, 6 серпня'],
    ['2026-07-31', null, '11 дней назад, 31 июля', '11 днів тому, 31 липня'],
    ['2026-08-25', null, 'через 2 недели, 25 августа', 'через 2 тижні, 25 серпня'],
    ['2026-09-15', null, 'через 5 недель, 15 сентября', 'через 5 тижнів, 15 вересня'],
    ['2026-07-07', null, '5 недель назад, 7 июля', '5 тижнів тому, 7 липня'],
    ['2026-10-10', null, 'через 1 месяц, 10 октября', 'через 1 місяць, 10 жовтня'],
    ['2027-07-11', null, 'через 11 месяцев, 11 июля 2027 г.', 'через 11 місяців, 11 липня 2027 р.'],
    ['2028-05-11', null, 'через 21 месяц, 11 мая 2028 г.', 'через 21 місяць, 11 травня 2028 р.'],
    ['2028-06-11', null, 'через 22 месяца, 11 июня 2028 г.', 'через 22 місяці, 11 червня 2028 р.'],
    ['2025-09-11', null, '11 месяцев назад, 11 сентября 2025 г.', '11 місяців тому, 11 вересня 2025 р.'],
    ['2024-10-11', null, '22 месяца назад, 11 октября 2024 г.', '22 місяці тому, 11 жовтня 2024 р.'],
    ['2047-08-11', null, 'через 21 год, 11 августа 2047 г.', 'через 21 рік, 11 серпня 2047 р.'],
    ['2048-08-11', null, 'через 22 года, 11 августа 2048 г.', 'через 22 роки, 11 серпня 2048 р.'],
    ['2051-08-11', null, 'через 25 лет, 11 августа 2051 г.', 'через 25 років, 11 серпня 2051 р.'],
    ['2005-08-11', null, '21 год назад, 11 августа 2005 г.', '21 рік тому, 11 серпня 2005 р.'],
    ['2004-08-11', null, '22 года назад, 11 августа 2004 г.', '22 роки тому, 11 серпня 2004 р.'],
    ['2001-08-11', null, '25 лет назад, 11 августа 2001 г.', '25 років тому, 11 серпня 2001 р.'],
    ['2027-01-03', '10:00', 'через 4 месяца, 3 января 2027 г., в 10:00', 'через 4 місяці, 3 січня 2027 р., о 10:00'],
  ])('%s %s → %s · %s', (day, time, ru, uk) => {
    const at = time === null ? null : t(time);
    expect(dueWords(d(day), at, TODAY, 'ru')).toBe(ru);
    expect(dueWords(d(day), at, TODAY, 'uk')).toBe(uk);
  });

  it('English has the same spans with its own plural forms', () => {
    expect(dueWords(d('2028-05-11'), null, TODAY, 'en')).toBe('in 21 months, 11 May 2028');
    expect(dueWords(d('2004-08-11'), null, TODAY, 'en')).toBe('22 years ago, 11 Aug 2004');
    expect(dueWords(d('2026-10-10'), null, TODAY, 'en')).toBe('in 1 month, 10 Oct');
  });
});

describe('untilWords in Russian and Ukrainian', () => {
  const now = Temporal.Instant.from('2026-08-11T10:30:00Z'); // 12:30 in Madrid
  it.each([
    ['2026-08-11T13:00:00Z', 'до 15:00', 'до 15:00'],
    ['2026-08-11T22:00:00Z', 'до завтра', 'до завтра'],
    ['2026-08-12T07:00:00Z', 'до завтра, 09:00', 'до завтра, 09:00'],
    ['2026-08-12T22:00:00Z', 'до 13 августа', 'до 13 серпня'],
    ['2026-08-13T07:00:00Z', 'до 13 августа, 09:00', 'до 13 серпня, 09:00'],
  ])('%s → %s · %s', (until, ru, uk) => {
    expect(untilWords(Temporal.Instant.from(until), now, 'Europe/Madrid', 'ru')).toBe(ru);
    expect(untilWords(Temporal.Instant.from(until), now, 'Europe/Madrid', 'uk')).toBe(uk);
  });
});

describe('html', () => {
  it('escapes every interpolation, including attributes', () => {
    const title = '<script>alert("x")</script> & \'friends\'';
    expect(html`<h3 title="${title}">${title}</h3>`.text).toBe(
      '<h3 title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</h3>',
    );
  });

  it('passes nested html and arrays through, drops null/false', () => {
    const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}${null}${false}${undefined}</ul>`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul>');
    expect(html`${trusted('<b>ok</b>')}`.text).toBe('<b>ok</b>');
    expect(escapeHtml('"')).toBe('&quot;');
  });

  it('safeHref keeps http(s) and paths, drops script and data URLs however they are disguised', () => {
    expect(safeHref('https://people.example/42')).toBe('https://people.example/42');
    expect(safeHref('/\\evil.example/x')).toBeNull();
    expect(safeHref('/\t/evil.example/x')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('/people/42')).toBe('/people/42');
    expect(safeHref('people/42?x=1#y')).toBe('people/42?x=1#y');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'java\tscript:x', 'data:text/html,<b>', 'vbscript:x']) {
      expect(safeHref(bad)).toBeNull();
    }
    expect(safeHref('')).toBeNull();
    expect(safeHref(undefined)).toBeNull();
  });

  it('jsonForScript cannot close its script element', () => {
    expect(jsonForScript({ t: '</script><script>x' }).text).not.toContain('</script>');
  });
});
