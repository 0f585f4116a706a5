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
    ['2028-09-01', null, 'in 2 years, 1 Sep 2028'],
    ['2026-08-08', null, '3 days ago, 8 Aug'],
    ['2026-07-28', '09:00', '2 weeks ago, 28 Jul, 09:00'],
    ['2026-05-01', null, '3 months ago, 1 May'],
    ['2025-12-31', null, '7 months ago, 31 Dec 2025'],
  ])('%s %s → %s', (day, time, words) => {
    expect(dueWords(d(day), time === null ? null : t(time), TODAY)).toBe(words);
  });

  it('says "1 day" nowhere: neighbours of today have names', () => {
    expect(dueWords(d('2026-08-12'), null, TODAY)).not.toContain('1 day');
  });

  it('crosses a year end by calendar days, not by the year number', () => {
    expect(dueWords(d('2027-01-01'), null, d('2026-12-31'))).toBe('tomorrow');
    expect(dueWords(d('2027-01-03'), null, d('2026-12-31'))).toBe('in 3 days, 3 Jan 2027');
  });

  it('dateLabel shows the year only outside today’s year', () => {
    expect(dateLabel(d('2026-02-28'), TODAY)).toBe('28 Feb');
    expect(dateLabel(d('2027-02-28'), TODAY)).toBe('28 Feb 2027');
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
    expect(untilWords(Temporal.Instant.from(until), now, 'Europe/Madrid')).toBe(words);
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
