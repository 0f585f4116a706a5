import { describe, expect, it } from 'vitest';
import type { Due } from '../../src/domain/due.ts';
import { type RecurrenceRule, currentOccurrence, expandOccurrences, nextOccurrence, parseRecurrence, sameRule } from '../../src/domain/recurrence.ts';
import { Temporal } from '../../src/domain/time.ts';

const day = (s: string) => Temporal.PlainDate.from(s);

function rule(json: unknown): RecurrenceRule {
  const r = parseRecurrence(json);
  if (!r.ok) throw new Error(`fixture rule rejected: ${r.field}: ${r.error}`);
  return r.value;
}

const dates = (r: RecurrenceRule, from: string, to: string) => expandOccurrences(r, day(from), day(to)).map((o) => o.date.toString());

const instantOf = (due: Due) => {
  if (due.mode !== 'fixed') throw new Error(`expected a fixed due, got ${due.mode}`);
  return due.instant.toString();
};

describe('weekly', () => {
  it('numbers weekdays from Monday = 0 (2026-11-30 is a Monday)', () => {
    expect(dates(rule({ type: 'weekly', weekdays: [0] }), '2026-11-24', '2026-12-14')).toEqual(['2026-11-30', '2026-12-07', '2026-12-14']);
    expect(dates(rule({ type: 'weekly', weekdays: [6] }), '2026-11-30', '2026-12-06')).toEqual(['2026-12-06']);
  });

  it('lists several weekdays in order', () => {
    expect(dates(rule({ type: 'weekly', weekdays: [3, 0] }), '2026-11-30', '2026-12-10')).toEqual(['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10']);
  });

  it('includes both ends of the range and is empty for a reversed one', () => {
    const r = rule({ type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6] });
    expect(dates(r, '2026-11-30', '2026-11-30')).toEqual(['2026-11-30']);
    expect(dates(r, '2026-12-01', '2026-11-30')).toEqual([]);
  });
});

describe('biweekly', () => {
  // Anchor Wed 2026-03-04: the week of Monday 2026-03-02 is "on".
  const r = rule({ type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-03-04' });

  it('counts parity in whole weeks from the anchor week, forwards', () => {
    expect(dates(r, '2026-03-01', '2026-04-02')).toEqual(['2026-03-02', '2026-03-05', '2026-03-16', '2026-03-19', '2026-03-30', '2026-04-02']);
  });

  it('counts parity backwards for ranges before the anchor', () => {
    expect(dates(r, '2026-01-19', '2026-03-01')).toEqual(['2026-01-19', '2026-01-22', '2026-02-02', '2026-02-05', '2026-02-16', '2026-02-19']);
  });

  it('counts parity across a year boundary and with a Sunday anchor', () => {
    // Sunday 2026-01-04 belongs to the week of Monday 2025-12-29.
    const s = rule({ type: 'biweekly', weekdays: [4], anchor_date: '2026-01-04' });
    expect(dates(s, '2025-12-01', '2026-01-31')).toEqual(['2025-12-05', '2025-12-19', '2026-01-02', '2026-01-16', '2026-01-30']);
  });
});

describe('monthly', () => {
  it('day 31 falls on the last day of short months, in a leap year', () => {
    expect(dates(rule({ type: 'monthly', day_of_month: 31 }), '2028-01-01', '2028-06-30')).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
    ]);
  });

  it.each([
    [29, '2027', ['2027-01-29', '2027-02-28', '2027-03-29']],
    [30, '2027', ['2027-01-30', '2027-02-28', '2027-03-30']],
    [31, '2027', ['2027-01-31', '2027-02-28', '2027-03-31']],
    [29, '2028', ['2028-01-29', '2028-02-29', '2028-03-29']],
    [30, '2028', ['2028-01-30', '2028-02-29', '2028-03-30']],
    [31, '2028', ['2028-01-31', '2028-02-29', '2028-03-31']],
  ])('day %i through February %s', (dom, year, expected) => {
    expect(dates(rule({ type: 'monthly', day_of_month: dom }), `${year}-01-01`, `${year}-03-31`)).toEqual(expected);
  });

  it('day 1 and day 28 every month', () => {
    expect(dates(rule({ type: 'monthly', day_of_month: 1 }), '2026-11-02', '2027-02-01')).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
    expect(dates(rule({ type: 'monthly', day_of_month: 28 }), '2027-02-01', '2027-03-31')).toEqual(['2027-02-28', '2027-03-28']);
  });
});

describe('every_n_days', () => {
  it('steps calendar days from the anchor, both directions', () => {
    const r = rule({ type: 'every_n_days', interval_days: 10, anchor_date: '2026-03-01' });
    expect(dates(r, '2026-02-01', '2026-03-31')).toEqual(['2026-02-09', '2026-02-19', '2026-03-01', '2026-03-11', '2026-03-21', '2026-03-31']);
  });

  it('interval 1 is every day', () => {
    const r = rule({ type: 'every_n_days', interval_days: 1, anchor_date: '2030-01-01' });
    expect(dates(r, '2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('in a fixed zone keeps the wall time across DST: a gap moves forward, an overlap takes the earlier instant', () => {
    const r = rule({ type: 'every_n_days', interval_days: 1, anchor_date: '2026-01-01', time_local: '02:30', timezone: 'Europe/Berlin' });
    const spring = expandOccurrences(r, day('2026-03-28'), day('2026-03-30'));
    expect(spring.map((o) => instantOf(o.due))).toEqual([
      '2026-03-28T01:30:00Z', // 02:30 CET
      '2026-03-29T01:00:00Z', // 02:30 does not exist: the first valid instant, 03:00 CEST
      '2026-03-30T00:30:00Z', // 02:30 CEST
    ]);
    const autumn = expandOccurrences(r, day('2026-10-24'), day('2026-10-26'));
    expect(autumn.map((o) => instantOf(o.due))).toEqual([
      '2026-10-24T00:30:00Z', // 02:30 CEST
      '2026-10-25T00:30:00Z', // 02:30 happens twice: the earlier, CEST
      '2026-10-26T01:30:00Z', // 02:30 CET
    ]);
  });

  // (How fast is a question for bench/, not for a timed test on a shared machine.)
  it('a many-year range gives every occurrence', () => {
    const r = rule({ type: 'every_n_days', interval_days: 3, anchor_date: '2026-01-01' });
    const all = expandOccurrences(r, day('2000-01-01'), day('2099-12-31'));
    expect(all.length).toBe(12175);
    expect(all[0]!.date.toString()).toBe('2000-01-03');
    expect(all.at(-1)!.date.toString()).toBe('2099-12-31');
  });
});

describe('yearly', () => {
  it('29 Feb falls on 28 Feb in common years (2027-2029)', () => {
    expect(dates(rule({ type: 'yearly', month: 2, day: 29 }), '2027-01-01', '2029-12-31')).toEqual(['2027-02-28', '2028-02-29', '2029-02-28']);
  });

  it('an ordinary day, and 2100 is a common year', () => {
    expect(dates(rule({ type: 'yearly', month: 8, day: 14 }), '2026-08-14', '2028-08-13')).toEqual(['2026-08-14', '2027-08-14']);
    expect(dates(rule({ type: 'yearly', month: 2, day: 29 }), '2100-01-01', '2100-12-31')).toEqual(['2100-02-28']);
    expect(dates(rule({ type: 'yearly', month: 2, day: 29 }), '2000-01-01', '2000-12-31')).toEqual(['2000-02-29']);
  });

  it('centuries expand quickly, one step per year', () => {
    const t0 = performance.now();
    const all = expandOccurrences(rule({ type: 'yearly', month: 12, day: 31 }), day('1600-01-01'), day('2599-12-31'));
    const monthly = expandOccurrences(rule({ type: 'monthly', day_of_month: 31 }), day('1900-01-01'), day('2099-12-31'));
    expect(all.length).toBe(1000);
    expect(monthly.length).toBe(2400);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('dues', () => {
  it('local all day without time_local or timezone', () => {
    const [o] = expandOccurrences(rule({ type: 'yearly', month: 8, day: 14 }), day('2026-01-01'), day('2026-12-31'));
    expect(o!.due).toEqual({ mode: 'local', date: day('2026-08-14'), time: null });
  });

  it('local with a wall time keeps the wall time, even one in a DST gap (the user zone resolves it later)', () => {
    const [o] = expandOccurrences(rule({ type: 'weekly', weekdays: [6], time_local: '02:30' }), day('2026-03-29'), day('2026-03-29'));
    expect(o!.due).toEqual({ mode: 'local', date: day('2026-03-29'), time: Temporal.PlainTime.from('02:30') });
  });

  it('a fixed rule without time_local is a local all-day due (an all-day occurrence has no instant)', () => {
    const [o] = expandOccurrences(rule({ type: 'monthly', day_of_month: 5, timezone: 'Europe/Madrid' }), day('2026-05-01'), day('2026-05-31'));
    expect(o!.due).toEqual({ mode: 'local', date: day('2026-05-05'), time: null });
  });

  it.each([
    ['gap: 02:30 moves forward to the first valid instant, 03:00 EDT', '2026-03-08', '02:30', '2026-03-08T07:00:00Z'],
    ['overlap: 01:30 takes the earlier, EDT', '2026-11-01', '01:30', '2026-11-01T05:30:00Z'],
    ['ordinary: 10:00 EST', '2026-11-02', '10:00', '2026-11-02T15:00:00Z'],
  ])('fixed time_local inside DST (America/New_York) — %s', (_, date, time, instant) => {
    const r = rule({ type: 'weekly', weekdays: [0, 6], time_local: time, timezone: 'America/New_York' });
    const [o] = expandOccurrences(r, day(date), day(date));
    expect(o!.date.toString()).toBe(date);
    expect(instantOf(o!.due)).toBe(instant);
  });
});

describe('currentOccurrence / nextOccurrence', () => {
  it('the current occurrence is the nearest with day >= today: today itself counts', () => {
    const r = rule({ type: 'yearly', month: 8, day: 14 });
    expect(currentOccurrence(r, day('2026-08-14')).date.toString()).toBe('2026-08-14');
    expect(currentOccurrence(r, day('2026-08-15')).date.toString()).toBe('2027-08-14');
    expect(currentOccurrence(r, day('2026-01-01')).date.toString()).toBe('2026-08-14');
  });

  it('walks forward one occurrence at a time', () => {
    const r = rule({ type: 'monthly', day_of_month: 31, time_local: '09:00' });
    let o = currentOccurrence(r, day('2028-01-31'));
    const seen = [o.date.toString()];
    for (let i = 0; i < 3; i++) {
      o = nextOccurrence(r, o);
      seen.push(o.date.toString());
    }
    expect(seen).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
    expect(o.due).toEqual({ mode: 'local', date: day('2028-04-30'), time: Temporal.PlainTime.from('09:00') });
  });

  it('biweekly and every_n_days find the next occurrence across off weeks and long intervals', () => {
    const b = rule({ type: 'biweekly', weekdays: [0], anchor_date: '2026-03-02' });
    expect(currentOccurrence(b, day('2026-03-03')).date.toString()).toBe('2026-03-16');
    const n = rule({ type: 'every_n_days', interval_days: 3660, anchor_date: '2026-01-01' });
    expect(currentOccurrence(n, day('2026-01-02')).date.toString()).toBe('2036-01-09');
    expect(nextOccurrence(n, currentOccurrence(n, day('2026-01-01'))).date.toString()).toBe('2036-01-09');
  });
});

describe('parseRecurrence', () => {
  it('accepts every type and normalises weekdays to ascending order', () => {
    expect(parseRecurrence({ type: 'weekly', weekdays: [3, 0] })).toEqual({ ok: true, value: { type: 'weekly', weekdays: [0, 3] } });
    expect(parseRecurrence({ type: 'biweekly', weekdays: [1], anchor_date: '2026-03-04', time_local: '10:00', timezone: 'Europe/Madrid' })).toEqual({
      ok: true,
      value: { type: 'biweekly', weekdays: [1], anchor_date: '2026-03-04', time_local: '10:00', timezone: 'Europe/Madrid' },
    });
    expect(parseRecurrence({ type: 'monthly', day_of_month: 31 }).ok).toBe(true);
    expect(parseRecurrence({ type: 'every_n_days', interval_days: 1, anchor_date: '2026-01-01' }).ok).toBe(true);
    expect(parseRecurrence({ type: 'yearly', month: 2, day: 29 }).ok).toBe(true);
    expect(parseRecurrence({ type: 'yearly', month: 12, day: 31, time_local: '23:59' }).ok).toBe(true);
  });

  it('treats null time_local and timezone as absent', () => {
    expect(parseRecurrence({ type: 'monthly', day_of_month: 1, time_local: null, timezone: null })).toEqual({
      ok: true,
      value: { type: 'monthly', day_of_month: 1 },
    });
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'weekly', 'recurrence'],
    ['an array', [], 'recurrence'],
    ['null', null, 'recurrence'],
    ['missing type', { weekdays: [0] }, 'type'],
    ['unknown type', { type: 'daily' }, 'type'],
    ['type not a string', { type: 1 }, 'type'],
    ['unknown key', { type: 'weekly', weekdays: [0], color: 'red' }, 'color'],
    ['a key of another type', { type: 'weekly', weekdays: [0], interval_days: 3 }, 'interval_days'],
    ['an ignored anchor that is not a date', { type: 'weekly', weekdays: [0], anchor_date: 'monday' }, 'anchor_date'],
    ['fire_days_before is an event field, not a rule field', { type: 'monthly', day_of_month: 1, fire_days_before: 3 }, 'fire_days_before'],
    ['weekdays missing', { type: 'weekly' }, 'weekdays'],
    ['weekdays empty', { type: 'weekly', weekdays: [] }, 'weekdays'],
    ['weekdays not an array', { type: 'weekly', weekdays: 1 }, 'weekdays'],
    ['weekday 7', { type: 'weekly', weekdays: [7] }, 'weekdays'],
    ['weekday -1', { type: 'weekly', weekdays: [-1] }, 'weekdays'],
    ['weekday fractional', { type: 'weekly', weekdays: [1.5] }, 'weekdays'],
    ['weekday as string', { type: 'weekly', weekdays: ['1'] }, 'weekdays'],
    ['duplicate weekday', { type: 'weekly', weekdays: [2, 4, 2] }, 'weekdays'],
    ['biweekly without anchor', { type: 'biweekly', weekdays: [0] }, 'anchor_date'],
    ['anchor not a date', { type: 'biweekly', weekdays: [0], anchor_date: '2026-02-30' }, 'anchor_date'],
    ['anchor with time', { type: 'every_n_days', interval_days: 2, anchor_date: '2026-02-03T10:00' }, 'anchor_date'],
    ['anchor as number', { type: 'every_n_days', interval_days: 2, anchor_date: 20260203 }, 'anchor_date'],
    ['day_of_month 0', { type: 'monthly', day_of_month: 0 }, 'day_of_month'],
    ['day_of_month 32', { type: 'monthly', day_of_month: 32 }, 'day_of_month'],
    ['day_of_month string', { type: 'monthly', day_of_month: '5' }, 'day_of_month'],
    ['interval_days 0', { type: 'every_n_days', interval_days: 0, anchor_date: '2026-01-01' }, 'interval_days'],
    ['interval_days fractional', { type: 'every_n_days', interval_days: 2.5, anchor_date: '2026-01-01' }, 'interval_days'],
    ['interval_days huge', { type: 'every_n_days', interval_days: 1e9, anchor_date: '2026-01-01' }, 'interval_days'],
    ['interval_days missing', { type: 'every_n_days', anchor_date: '2026-01-01' }, 'interval_days'],
    ['month 13', { type: 'yearly', month: 13, day: 1 }, 'month'],
    ['month missing', { type: 'yearly', day: 1 }, 'month'],
    ['30 Feb', { type: 'yearly', month: 2, day: 30 }, 'day'],
    ['31 Apr', { type: 'yearly', month: 4, day: 31 }, 'day'],
    ['day 0', { type: 'yearly', month: 1, day: 0 }, 'day'],
    ['time_local 24:00', { type: 'weekly', weekdays: [0], time_local: '24:00' }, 'time_local'],
    ['time_local with seconds', { type: 'weekly', weekdays: [0], time_local: '10:00:00' }, 'time_local'],
    ['time_local H:MM', { type: 'weekly', weekdays: [0], time_local: '9:00' }, 'time_local'],
    ['time_local number', { type: 'weekly', weekdays: [0], time_local: 900 }, 'time_local'],
    ['timezone unknown', { type: 'weekly', weekdays: [0], timezone: 'Mars/Olympus' }, 'timezone'],
    ['timezone offset', { type: 'weekly', weekdays: [0], timezone: '+02:00' }, 'timezone'],
    ['timezone empty', { type: 'weekly', weekdays: [0], timezone: '' }, 'timezone'],
  ])('rejects %s naming the field', (_, json, field) => {
    const r = parseRecurrence(json);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.field).toBe(field);
      expect(r.error.length).toBeGreaterThan(0);
    }
  });
});

describe('sameRule', () => {
  it('is structural and ignores weekday order', () => {
    const a = rule({ type: 'weekly', weekdays: [0, 3], time_local: '10:00' });
    expect(sameRule(a, { type: 'weekly', weekdays: [3, 0], time_local: '10:00' })).toBe(true);
    expect(sameRule(a, { type: 'weekly', weekdays: [0, 3] })).toBe(false);
    expect(sameRule(a, { type: 'weekly', weekdays: [0, 3], time_local: '10:00', timezone: 'Europe/Madrid' })).toBe(false);
    expect(sameRule(a, { type: 'weekly', weekdays: [0, 4], time_local: '10:00' })).toBe(false);
    expect(sameRule(a, { type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-01-01', time_local: '10:00' })).toBe(false);
  });

  it('compares every field of each type', () => {
    expect(
      sameRule(rule({ type: 'biweekly', weekdays: [1], anchor_date: '2026-01-01' }), rule({ type: 'biweekly', weekdays: [1], anchor_date: '2026-01-08' })),
    ).toBe(false);
    expect(sameRule(rule({ type: 'monthly', day_of_month: 30 }), rule({ type: 'monthly', day_of_month: 30 }))).toBe(true);
    expect(sameRule(rule({ type: 'monthly', day_of_month: 30 }), rule({ type: 'monthly', day_of_month: 31 }))).toBe(false);
    const n = { type: 'every_n_days', interval_days: 10, anchor_date: '2026-01-01' };
    expect(sameRule(rule(n), rule(n))).toBe(true);
    expect(sameRule(rule(n), rule({ ...n, interval_days: 11 }))).toBe(false);
    expect(sameRule(rule(n), rule({ ...n, anchor_date: '2026-01-11' }))).toBe(false);
    expect(sameRule(rule({ type: 'yearly', month: 8, day: 14 }), rule({ type: 'yearly', month: 8, day: 15 }))).toBe(false);
    expect(sameRule(rule({ type: 'yearly', month: 8, day: 14 }), rule({ type: 'yearly', month: 9, day: 14 }))).toBe(false);
  });
});
