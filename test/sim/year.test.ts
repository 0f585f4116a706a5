// Whole years, and the simulator against itself (issue 9).
//
// A year of a series in the zones at the edges of the offset range and in a
// few with DST: every occurrence visited, every blind delivery exactly the
// seed's, every invariant kept — 52 to 365 rounds each, through every DST
// change of the year.
//
// Then the three ways of stepping must agree: 'exhaustive' looks at the
// event every minute whatever next_transition_at and next_check_at say;
// 'tick' honours them as the scheduler's queries do; 'fast' also skips the
// minutes in which nothing a decision reads can change. Equal results prove
// that the stored "next look" bounds never make the real tick miss a minute
// that matters, and that the fast runs the property tests rely on are faithful.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecurrenceRule } from '../../src/domain/recurrence.ts';
import { Temporal } from '../../src/domain/time.ts';
import { scenarioArb } from './arbitraries.ts';
import { Coverage, hash, SEED } from './coverage.ts';
import { blindExactly, general } from './invariants.ts';
import { phases } from './oracle.ts';
import { type SimInput, type SimResult, simulate } from './simulator.ts';
import { allTransitions, EXTREME_ZONES, nextTransition } from './zones.ts';

const coverage = new Coverage();
afterAll(() => {
  console.log(coverage.report('whole years and stepping modes'));
});

const year = (tz: string, y: number) => ({
  from: Temporal.PlainDate.from(`${y}-01-01`).toZonedDateTime(tz).epochMilliseconds,
  until: Temporal.PlainDate.from(`${y + 1}-01-01`).toZonedDateTime(tz).epochMilliseconds,
});

describe('a whole year, nobody present', () => {
  const cases: Array<[string, RecurrenceRule, number, 'keep' | 'expire', [string, string]]> = [
    ...EXTREME_ZONES.map((tz): [string, RecurrenceRule, number, 'keep' | 'expire', [string, string]] => [
      tz,
      { type: 'weekly', weekdays: [1, 4], time_local: '08:30' },
      2,
      'expire',
      ['22:00', '09:00'],
    ]),
    // Every day at 07:00, an early due: each round is today from the eve and expires at 07:00.
    ['Europe/Berlin', { type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6], time_local: '07:00' }, 1, 'expire', ['22:00', '09:00']],
    // Every other day at 02:30 with active hours from 02:30: through both of the year's changes at 02:00/03:00.
    ['Australia/Lord_Howe', { type: 'every_n_days', interval_days: 2, anchor_date: '2026-01-01', time_local: '02:30' }, 0, 'expire', ['21:00', '02:30']],
    ['America/Santiago', { type: 'monthly', day_of_month: 31 }, 3, 'expire', ['23:30', '00:15']],
  ];

  it.each(cases)(
    '%s: %j, fire_days_before %d, %s, quiet %j',
    (tz, rule, lead, afterDue, [quietStart, quietEnd]) => {
      const { from, until } = year(tz, 2026);
      const input: SimInput = {
        event: { recurrence: rule, fire_days_before: lead, after_due: afterDue },
        user: { tz, quietStart: Temporal.PlainTime.from(quietStart), quietEnd: Temporal.PlainTime.from(quietEnd) },
        channels: [
          { id: 1, type: 'web', enabled: true, presence: { initial: 'absent', changes: [] } },
          { id: 3, type: 'telegram', enabled: true, presence: { initial: 'unknown', changes: [] } },
        ],
        pushAt: from - 17_000,
        until,
      };
      const r = simulate(input);
      coverage.add(tz, input.pushAt, until, r.steps);
      for (const t of allTransitions(tz)) if (t.epochMilliseconds >= from && t.epochMilliseconds < until) coverage.transitions.add(`${tz}@${t}`);
      expect([...general(input, r), ...blindExactly(input, r)]).toEqual([]);
      // Every round that began before its today phase and ended in the year was reminded at least once.
      expect(r.rounds.length).toBeGreaterThanOrEqual(12);
      const reminded = new Set(r.deliveries.map((d) => d.round));
      const whole = r.rounds.filter((x) => {
        const p = phases(x.dates, input.user);
        return x.startedAt <= p.todayAt && p.dueAt <= until;
      });
      expect(whole.length).toBeGreaterThanOrEqual(r.rounds.length - 2);
      expect(whole.filter((x) => !reminded.has(x.round)).map((x) => x.dueAt)).toEqual([]);
      // A year is about a second of CPU; the margin is for a machine shared with the rest of the suite.
    },
    120_000,
  );
});

/** What a run did, comparable across stepping modes. */
const trace = (r: SimResult) => ({
  rounds: r.rounds.map((x) => `${x.round} ${x.dueAt} ${x.startedAt} ${x.state}`),
  transitions: r.transitions.map((t) => `${t.at} ${t.round} ${t.from}>${t.to}`),
  deliveries: r.deliveries.map((d) => `${d.at} ${d.round} ${d.state} ${d.channelId} ${d.why} ${d.window.start.toString()}`),
  actions: r.actions.map((a) => `${a.at} ${a.action} ${a.ok} ${a.quietUntil ?? ''}`),
});

describe('stepping modes agree', () => {
  const zones = ['Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/New_York', 'Asia/Tehran'];
  it.each(zones)(
    '%s: exhaustive = tick = fast, around a transition',
    (tz) => {
      // Tehran has had no DST since 2022: its scenarios sit around an ordinary instant.
      const transition = nextTransition(tz, Temporal.Instant.from('2026-01-01T00:00:00Z'));
      if (transition) coverage.transitions.add(`${tz}@${transition}`);
      const at = transition ?? Temporal.Instant.from('2026-06-01T00:00:00Z');
      for (const blind of [false, true]) {
        const arb = scenarioArb({ at: at.epochMilliseconds, tz, zones: [...EXTREME_ZONES], blind, maxDaysBefore: 1, maxDaysAfter: 1 });
        fc.assert(
          fc.property(arb, (input) => {
            const exhaustive = simulate({ ...input, mode: 'exhaustive' });
            const tick = simulate({ ...input, mode: 'tick' });
            const fast = simulate({ ...input, mode: 'fast' });
            coverage.add(tz, input.pushAt, input.until, exhaustive.steps);
            expect(trace(tick)).toEqual(trace(exhaustive));
            expect(trace(fast)).toEqual(trace(exhaustive));
            expect(general(input, fast)).toEqual([]);
          }),
          { numRuns: 1, seed: hash(`${SEED}|modes|${tz}|${blind}`) },
        );
      }
    },
    120_000,
  );
});
