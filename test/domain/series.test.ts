import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueMoment, parseDueAt } from '../../src/domain/due.ts';
import { expandOccurrences, parseRecurrence, type RecurrenceRule, sameRule } from '../../src/domain/recurrence.ts';
import {
  currentOccurrenceAt,
  occurrenceDay,
  followingOccurrence,
  lifecycleStep,
  nextLookAt,
  occurrenceDueAt,
  roundEnded,
  rollTarget,
  roundFor,
} from '../../src/domain/series.ts';
import { Temporal } from '../../src/domain/time.ts';
import { event, LOS_ANGELES, show, TOKYO, user, utc, wall } from './fixtures.ts';

const MADRID = 'Europe/Madrid';

function rule(json: unknown): RecurrenceRule {
  const r = parseRecurrence(json);
  if (!r.ok) throw new Error(`fixture rule rejected: ${r.field}: ${r.error}`);
  return r.value;
}

describe('the current occurrence', () => {
  const mondays = rule({ type: 'weekly', weekdays: [0], time_local: '10:00' });
  const madrid = user(MADRID);

  it.each([
    // 2026-11-30 is a Monday.
    ['the Saturday before', wall('2026-11-28T12:00', MADRID), '2026-11-30T10:00'],
    ['Monday morning', wall('2026-11-30T08:00', MADRID), '2026-11-30T10:00'],
    // Today's occurrence until its moment (SPEC A3's trap: never its successor while it is live)…
    ['Monday 09:59', wall('2026-11-30T09:59', MADRID), '2026-11-30T10:00'],
    // …and the next one once it has passed (SPEC Part C: a rule pushed after today's occurrence).
    ['Monday 10:00', wall('2026-11-30T10:00', MADRID), '2026-12-07T10:00'],
    ['Monday evening', wall('2026-11-30T23:59', MADRID), '2026-12-07T10:00'],
    ['Tuesday', wall('2026-12-01T00:00', MADRID), '2026-12-07T10:00'],
  ])('%s → %s', (_, now, expected) => {
    expect(occurrenceDueAt(mondays, currentOccurrenceAt(mondays, madrid, now).due)).toBe(expected);
  });

  it('counts today in the user zone for a local rule', () => {
    // 16:30 UTC Monday is already Tuesday in Tokyo, and 08:30 Monday in Los Angeles.
    const now = utc('2026-11-30T16:30:00Z');
    expect(occurrenceDueAt(mondays, currentOccurrenceAt(mondays, user(TOKYO), now).due)).toBe('2026-12-07T10:00');
    expect(occurrenceDueAt(mondays, currentOccurrenceAt(mondays, user(LOS_ANGELES), now).due)).toBe('2026-11-30T10:00');
  });

  it('counts today in the rule zone for a fixed rule, skipping one already past where the user is', () => {
    const honolulu = rule({ type: 'weekly', weekdays: [0], time_local: '00:30', timezone: 'Pacific/Honolulu' });
    // Monday 00:30 in Honolulu is Monday 19:30 in Tokyo; at Tuesday 00:30 Tokyo it is still Monday in
    // Honolulu, but the occurrence's due day (Monday in Tokyo) is past for the user: the next one.
    const now = wall('2026-12-01T00:30', TOKYO);
    expect(occurrenceDueAt(honolulu, currentOccurrenceAt(honolulu, user(TOKYO), now).due)).toBe('2026-12-07T00:30-10:00');
    // For a user in Honolulu it is Monday 05:30: Monday's 00:30 has passed, so the next one too.
    const local = currentOccurrenceAt(honolulu, user('Pacific/Honolulu'), now);
    expect(occurrenceDueAt(honolulu, local.due)).toBe('2026-12-07T00:30-10:00');
    // Before the moment, Monday's is current wherever the user is.
    const early = wall('2026-11-30T00:00', 'Pacific/Honolulu');
    expect(occurrenceDueAt(honolulu, currentOccurrenceAt(honolulu, user('Pacific/Honolulu'), early).due)).toBe('2026-11-30T00:30-10:00');
  });
});

describe('due_at forms', () => {
  it.each([
    [{ type: 'yearly', month: 8, day: 14 }, '2026-08-14'],
    [{ type: 'yearly', month: 8, day: 14, time_local: '09:30' }, '2026-08-14T09:30'],
    [{ type: 'yearly', month: 8, day: 14, time_local: '09:30', timezone: 'Asia/Kolkata' }, '2026-08-14T09:30+05:30'],
    // All day with a zone is a local all-day due: all day follows the user.
    [{ type: 'yearly', month: 8, day: 14, timezone: 'Asia/Kolkata' }, '2026-08-14'],
    // A wall time in the spring-forward gap moves to the first valid instant, the end of the gap (SPEC A6).
    [{ type: 'yearly', month: 3, day: 29, time_local: '02:30', timezone: 'Europe/Madrid' }, '2026-03-29T03:00+02:00'],
  ])('%j → %s', (json, expected) => {
    const r = rule(json);
    const text = occurrenceDueAt(r, currentOccurrenceAt(r, user(MADRID), utc('2026-01-01T12:00:00Z')).due);
    expect(text).toBe(expected);
    // The text is a valid due_at meaning the same due.
    expect(parseDueAt(text).ok).toBe(true);
  });
});

describe('rolling', () => {
  const madrid = user(MADRID);
  const birthday = rule({ type: 'yearly', month: 2, day: 29 });

  it('a round ends with done or expired; overdue (keep) waits for Done; withdrawn ends the series', () => {
    expect(['scheduled', 'preparing', 'today', 'overdue', 'done', 'expired', 'withdrawn'].filter((s) => roundEnded(s as never))).toEqual(['done', 'expired']);
  });

  it('rolls as soon as the round ends, not at the next midnight (SPEC Part C)', () => {
    // Every day at 07:00 (an early due): the round of Tuesday expires at 07:00 and Wednesday's starts at
    // once, so Wednesday's eve windows (Tuesday 20:00–22:00) are still ahead.
    const daily = rule({ type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6], time_local: '07:00' });
    const tuesday = currentOccurrenceAt(daily, madrid, wall('2026-11-30T12:00', MADRID));
    expect(occurrenceDueAt(daily, tuesday.due)).toBe('2026-12-01T07:00');
    const stored = { state: 'today' as const, dates: { due: tuesday.due, fireOn: tuesday.date, afterDue: 'expire' as const }, rule: daily, fireDaysBefore: 0 };
    expect(lifecycleStep(stored, madrid, wall('2026-12-01T06:59', MADRID))).toMatchObject({ kind: 'state', state: 'today' });
    const step = lifecycleStep(stored, madrid, wall('2026-12-01T07:00', MADRID));
    expect(step.kind).toBe('roll');
    if (step.kind !== 'roll') return;
    expect(step.ended).toBe('expired');
    expect(step.round.dueAt).toBe('2026-12-02T07:00');
    expect(step.round.state).toBe('scheduled');
    expect(show(step.round.next)).toBe(show(wall('2026-12-01T20:00', MADRID)));
    // after_due keep: the round stays overdue until Done, then rolls at once.
    const keep = { ...stored, dates: { ...stored.dates, afterDue: 'keep' as const } };
    expect(lifecycleStep(keep, madrid, wall('2026-12-03T12:00', MADRID))).toMatchObject({ kind: 'state', state: 'overdue', next: null });
    const done = lifecycleStep({ ...keep, state: 'done' }, madrid, wall('2026-12-03T12:00', MADRID));
    expect(done.kind === 'roll' && done.round.dueAt).toBe('2026-12-04T07:00');
    // A withdrawn series never rolls, and a one-off event that ended stays as it is.
    expect(lifecycleStep({ ...stored, state: 'withdrawn' }, madrid, wall('2026-12-03T12:00', MADRID))).toMatchObject({ kind: 'state', next: null });
    expect(lifecycleStep({ ...stored, rule: null }, madrid, wall('2026-12-03T12:00', MADRID))).toMatchObject({ kind: 'state', state: 'expired', next: null });
  });

  it('rolls to the next occurrence: 28 Feb in common years, 29 Feb in a leap year', () => {
    let due = currentOccurrenceAt(birthday, madrid, utc('2027-01-10T12:00:00Z')).due;
    const seen = [occurrenceDueAt(birthday, due)];
    // Each round expires at the end of its day and rolls at once.
    for (let i = 0; i < 3; i++) {
      due = rollTarget(birthday, due, madrid, dueMoment(due, MADRID)).due;
      seen.push(occurrenceDueAt(birthday, due));
    }
    expect(seen).toEqual(['2027-02-28', '2028-02-29', '2029-02-28', '2030-02-28']);
  });

  it('skips occurrences missed while no tick ran', () => {
    const weekly = rule({ type: 'weekly', weekdays: [0] });
    const due = currentOccurrenceAt(weekly, madrid, wall('2026-11-30T12:00', MADRID)).due;
    const later = rollTarget(weekly, due, madrid, wall('2026-12-16T12:00', MADRID)).due;
    expect(occurrenceDueAt(weekly, later)).toBe('2026-12-21');
  });

  it('never rolls to the same occurrence, even when the rule zone still shows its day', () => {
    // Tuesday 08:00 in Tokyo is Monday 15:00 in Los Angeles; the user in LA has its due day on Monday.
    const tokyo = rule({ type: 'weekly', weekdays: [1], time_local: '08:00', timezone: TOKYO });
    const la = user(LOS_ANGELES);
    const due = currentOccurrenceAt(tokyo, la, wall('2026-11-30T09:00', LOS_ANGELES)).due;
    expect(occurrenceDueAt(tokyo, due)).toBe('2026-12-01T08:00+09:00');
    // At Tuesday 00:00 in LA (Tuesday 17:00 in Tokyo, the occurrence's own day) it rolls a week on.
    const now = wall('2026-12-01T00:00', LOS_ANGELES);
    expect(occurrenceDueAt(tokyo, rollTarget(tokyo, due, la, now).due)).toBe('2026-12-08T08:00+09:00');
  });

  it('shows the occurrence after the current one', () => {
    const biweekly = rule({ type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-11-30', time_local: '10:00' });
    const due = currentOccurrenceAt(biweekly, madrid, wall('2026-12-01T12:00', MADRID)).due;
    expect(occurrenceDueAt(biweekly, due)).toBe('2026-12-03T10:00');
    expect(occurrenceDueAt(biweekly, followingOccurrence(biweekly, due).due)).toBe('2026-12-14T10:00');
  });
});

describe('a round', () => {
  const madrid = user(MADRID);

  it('takes the lead before every occurrence and the state of a re-push', () => {
    const monthly = rule({ type: 'monthly', day_of_month: 31 });
    const now = wall('2027-02-20T12:00', MADRID);
    const round = roundFor(monthly, currentOccurrenceAt(monthly, madrid, now), 7, 'keep', madrid, now);
    expect(round.dueAt).toBe('2027-02-28');
    expect(round.dates.fireOn.toString()).toBe('2027-02-21');
    expect(round.state).toBe('scheduled');
    expect(show(round.next)).toBe(show(wall('2027-02-21T00:00', MADRID)));
  });

  it('starts with the next occurrence when pushed after today’s has passed', () => {
    const daily = rule({ type: 'every_n_days', interval_days: 1, anchor_date: '2026-01-01', time_local: '10:00' });
    const now = wall('2026-12-01T15:00', MADRID);
    const round = roundFor(daily, currentOccurrenceAt(daily, madrid, now), 0, 'expire', madrid, now);
    expect(round.dueAt).toBe('2026-12-02T10:00');
    expect(round.state).toBe('scheduled');
    expect(show(round.next)).toBe(show(wall('2026-12-02T00:00', MADRID)));
  });

  it('looks again: live → next phase change, ended round → now (it rolls), withdrawn or one-off → never', () => {
    const dates = event('2026-12-01', '2026-12-01', 'expire');
    const now = wall('2026-12-01T12:00', MADRID);
    expect(show(nextLookAt('today', dates, true, madrid, now))).toBe(show(wall('2026-12-02T00:00', MADRID)));
    // An ended round of a series rolls at the next tick.
    expect(show(nextLookAt('done', dates, true, madrid, now))).toBe(show(now));
    expect(nextLookAt('done', dates, false, madrid, now)).toBeNull();
    expect(nextLookAt('withdrawn', dates, true, madrid, now)).toBeNull();
  });
});

describe('stored rules', () => {
  it('equal rules are equal JSON once validated, so the database can compare them as jsonb', () => {
    const a = rule({ type: 'weekly', weekdays: [3, 0], time_local: '10:00', timezone: null });
    const b = rule({ time_local: '10:00', weekdays: [0, 3], type: 'weekly' });
    expect(sameRule(a, b)).toBe(true);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('a series rolled by a punctual tick', () => {
  const zones = ['Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
  const weekdays = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });
  const anchor = fc.integer({ min: 0, max: 4000 }).map((n) => Temporal.PlainDate.from('2020-01-01').add({ days: n }).toString());
  const ruleJson = fc.tuple(
    fc.oneof(
      fc.record({ type: fc.constant('weekly'), weekdays }),
      fc.record({ type: fc.constant('biweekly'), weekdays, anchor_date: anchor }),
      fc.record({ type: fc.constant('monthly'), day_of_month: fc.integer({ min: 1, max: 31 }) }),
      fc.record({ type: fc.constant('every_n_days'), interval_days: fc.integer({ min: 1, max: 45 }), anchor_date: anchor }),
      fc.record({ type: fc.constant('yearly'), month: fc.constant(2), day: fc.integer({ min: 27, max: 29 }) }),
    ),
    fc.option(fc.constantFrom('00:30', '02:30', '09:00', '23:45'), { nil: undefined }),
    fc.option(fc.constantFrom(...zones), { nil: undefined }),
  );

  it('visits every occurrence once, in order, each rolled to at its predecessor’s moment', () => {
    fc.assert(
      fc.property(ruleJson, fc.constantFrom(...zones), fc.integer({ min: 0, max: 3000 }), ([core, time, tz], userTz, startDay) => {
        const r = rule({ ...core, ...(time ? { time_local: time } : {}), ...(tz ? { timezone: tz } : {}) });
        const u = user(userTz);
        let now = wall(`${Temporal.PlainDate.from('2021-01-01').add({ days: startDay }).toString()}T12:00`, userTz);
        let occ = currentOccurrenceAt(r, u, now);
        const visited = [occ];
        // Each round ends at its moment (expired) and the tick rolls it at once.
        for (let i = 0; i < 12; i++) {
          now = dueMoment(occ.due, userTz);
          const next = rollTarget(r, occ.due, u, now);
          // The new round's moment is ahead: it is live, with all its windows to come.
          expect(Temporal.Instant.compare(dueMoment(next.due, userTz), now)).toBeGreaterThan(0);
          occ = next;
          visited.push(occ);
        }
        const days = visited.map((o) => occurrenceDay(r, o.due).toString());
        for (let i = 1; i < days.length; i++) expect(Temporal.PlainDate.compare(days[i - 1]!, days[i]!)).toBeLessThan(0);
        // Without a fixed rule in another zone the tick visits exactly the calendar's occurrences.
        if (r.timezone === undefined || r.time_local === undefined || r.timezone === userTz) {
          const first = Temporal.PlainDate.from(days[0]!);
          const last = Temporal.PlainDate.from(days[days.length - 1]!);
          expect(days).toEqual(expandOccurrences(r, first, last).map((o) => o.date.toString()));
        }
      }),
      { numRuns: 300 },
    );
  });
});
