// expandOccurrences against a naive day-by-day reference built only from
// Temporal's own calendar, over random rules and random ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RecurrenceRule, currentOccurrence, expandOccurrences, nextOccurrence, parseRecurrence } from '../../src/domain/recurrence.ts';
import { type PlainDate, Temporal, wallInstant } from '../../src/domain/time.ts';

const MIN = Temporal.PlainDate.from('1990-01-01');
const SPAN_DAYS = 365 * 80;

const dateArb = fc.integer({ min: 0, max: SPAN_DAYS }).map((n) => MIN.add({ days: n }));
const isoArb = dateArb.map((d) => d.toString());
const weekdaysArb = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });
const clockArb = fc.option(
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  { nil: undefined },
);
const zoneArb = fc.option(fc.constantFrom('Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'), {
  nil: undefined,
});
const yearlyArb = fc.integer({ min: 1, max: 12 }).chain((month) =>
  fc.record({
    type: fc.constant('yearly' as const),
    month: fc.constant(month),
    day: fc.integer({ min: 1, max: [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]! }),
  }),
);

const coreArb = fc.oneof(
  fc.record({ type: fc.constant('weekly' as const), weekdays: weekdaysArb }),
  fc.record({ type: fc.constant('biweekly' as const), weekdays: weekdaysArb, anchor_date: isoArb }),
  fc.record({ type: fc.constant('monthly' as const), day_of_month: fc.integer({ min: 1, max: 31 }) }),
  fc.record({
    type: fc.constant('every_n_days' as const),
    interval_days: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 3660 })),
    anchor_date: isoArb,
  }),
  yearlyArb,
);

/** A valid rule as a client would send it, put through parseRecurrence. */
const ruleArb = fc.tuple(coreArb, clockArb, zoneArb).map(([core, time, tz]) => {
  const json: Record<string, unknown> = { ...core };
  if (time !== undefined) json.time_local = time;
  if (tz !== undefined) json.timezone = tz;
  const parsed = parseRecurrence(json);
  if (!parsed.ok) throw new Error(`generated rule rejected: ${parsed.field}: ${parsed.error}`);
  return parsed.value;
});

/** A range of up to ~3 years, sometimes empty or reversed. */
const rangeArb = fc.tuple(dateArb, fc.integer({ min: -5, max: 1100 })).map(([from, len]) => [from, from.add({ days: len })] as const);

const cmp = Temporal.PlainDate.compare;
const daysBetween = (a: PlainDate, b: PlainDate) => a.until(b, { largestUnit: 'days' }).days;

/** Does the rule occur on this day? Written from the rule's definition, day by day. */
function occursOn(rule: RecurrenceRule, d: PlainDate): boolean {
  const weekday = d.dayOfWeek - 1;
  switch (rule.type) {
    case 'weekly':
      return rule.weekdays.includes(weekday);
    case 'biweekly': {
      const anchor = Temporal.PlainDate.from(rule.anchor_date);
      const anchorMonday = anchor.subtract({ days: anchor.dayOfWeek - 1 });
      const monday = d.subtract({ days: weekday });
      const weeks = daysBetween(anchorMonday, monday) / 7;
      return rule.weekdays.includes(weekday) && Math.abs(weeks) % 2 === 0;
    }
    case 'monthly':
      return d.day === Math.min(rule.day_of_month, d.daysInMonth);
    case 'every_n_days':
      return Math.abs(daysBetween(Temporal.PlainDate.from(rule.anchor_date), d)) % rule.interval_days === 0;
    case 'yearly': {
      if (d.month !== rule.month) return false;
      return d.day === Math.min(rule.day, d.daysInMonth);
    }
  }
}

function naive(rule: RecurrenceRule, from: PlainDate, to: PlainDate): string[] {
  const out: string[] = [];
  for (let d = from; cmp(d, to) <= 0; d = d.add({ days: 1 })) if (occursOn(rule, d)) out.push(d.toString());
  return out;
}

function expectedDue(rule: RecurrenceRule, date: PlainDate) {
  const time = rule.time_local === undefined ? null : Temporal.PlainTime.from(rule.time_local);
  if (rule.timezone === undefined || time === null) return { mode: 'local', date, time };
  return { mode: 'fixed', instant: wallInstant(date, time, rule.timezone) };
}

describe('expandOccurrences matches the day-by-day reference', () => {
  it('same days, strictly increasing, each with its due', () => {
    fc.assert(
      fc.property(ruleArb, rangeArb, (rule, [from, to]) => {
        const got = expandOccurrences(rule, from, to);
        expect(got.map((o) => o.date.toString())).toEqual(naive(rule, from, to));
        for (let i = 1; i < got.length; i++) expect(cmp(got[i - 1]!.date, got[i]!.date)).toBeLessThan(0);
        for (const o of got) {
          expect(occursOn(rule, o.date)).toBe(true);
          expect(o.due).toEqual(expectedDue(rule, o.date));
        }
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('splitting a range anywhere gives the same occurrences', () => {
    fc.assert(
      fc.property(ruleArb, dateArb, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }), (rule, from, a, b) => {
        const mid = from.add({ days: Math.min(a, b) });
        const to = from.add({ days: Math.max(a, b) });
        const whole = expandOccurrences(rule, from, to).map((o) => o.date.toString());
        const parts = [...expandOccurrences(rule, from, mid), ...expandOccurrences(rule, mid.add({ days: 1 }), to)];
        expect(parts.map((o) => o.date.toString())).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

describe('currentOccurrence and nextOccurrence', () => {
  it('current is the first occurrence with day >= today; next is the one after', () => {
    fc.assert(
      fc.property(ruleArb, dateArb, (rule, today) => {
        const cur = currentOccurrence(rule, today);
        expect(cmp(cur.date, today)).toBeGreaterThanOrEqual(0);
        expect(occursOn(rule, cur.date)).toBe(true);
        // Nothing in [today, current).
        const before = expandOccurrences(rule, today, cur.date.subtract({ days: 1 }));
        expect(before).toEqual([]);
        expect(cur.due).toEqual(expectedDue(rule, cur.date));

        const next = nextOccurrence(rule, cur);
        expect(cmp(next.date, cur.date)).toBeGreaterThan(0);
        expect(expandOccurrences(rule, cur.date, next.date).map((o) => o.date.toString())).toEqual([cur.date.toString(), next.date.toString()]);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

describe('parseRecurrence', () => {
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (json) => {
        const r = parseRecurrence(json);
        if (!r.ok) expect(typeof r.field).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('accepts its own output unchanged', () => {
    fc.assert(
      fc.property(ruleArb, (rule) => {
        expect(parseRecurrence(JSON.parse(JSON.stringify(rule)))).toEqual({ ok: true, value: rule });
      }),
    );
  });
});
