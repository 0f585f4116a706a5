// Random scenarios for the simulator (fast-check): an event of any form, a
// user with any active hours, channels with presence over time and scripted
// actions, all placed around one instant of interest — a DST transition of
// the user's zone — so the random walk spends its time where the calendar is
// hardest.
import fc from 'fast-check';
import type { Presence } from '../../src/domain/channels.ts';
import type { RecurrenceRule } from '../../src/domain/recurrence.ts';
import { Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import { MINUTE, type PresenceModel, type SimAction, type SimChannel, type SimEvent, type SimInput } from './simulator.ts';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const time = (minutes: number) => Temporal.PlainTime.from(hhmm(minutes));

/** Minutes of the day within 75 minutes of the transition's wall clock: the gap or the repeated hour, and their edges. */
const nearMinute = (wallMinute: number) => fc.integer({ min: -75, max: 75 }).map((d) => (((wallMinute + d) % 1440) + 1440) % 1440);

/** A minute of the day: near the transition's wall clock (both sides), on a round hour, or anywhere; only near for `edges`. */
function minuteOfDay(wallMinute: number, edges = false): fc.Arbitrary<number> {
  if (edges) return nearMinute(wallMinute);
  return fc.oneof(
    nearMinute(wallMinute),
    fc.integer({ min: 0, max: 23 }).map((h) => h * 60),
    fc.integer({ min: 0, max: 1439 }),
  );
}

/**
 * Active hours [quiet_end, quiet_start) inside one day: the defaults, or any
 * two distinct minutes; for `edges`, quiet_end near the transition's wall clock.
 */
export function userArb(tz: string, wallMinute: number, edges = false): fc.Arbitrary<UserSettings> {
  if (edges) {
    return nearMinute(wallMinute)
      .filter((a) => a < 1439)
      .chain((a) => fc.integer({ min: a + 1, max: 1439 }).map((b) => ({ tz, quietEnd: time(a), quietStart: time(b) })));
  }
  const custom = fc
    .tuple(minuteOfDay(wallMinute), minuteOfDay(wallMinute))
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => ({ tz, quietEnd: time(Math.min(a, b)), quietStart: time(Math.max(a, b)) }));
  return fc.oneof({ weight: 2, arbitrary: fc.constant({ tz, quietStart: time(22 * 60), quietEnd: time(9 * 60) }) }, { weight: 3, arbitrary: custom });
}

const afterDue = fc.constantFrom<'keep' | 'expire'>('keep', 'expire');
const weekdays = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((d) => d.sort((a, b) => a - b));

/**
 * An event whose due (or occurrences) fall within a few days of `at` in zone
 * `tz`; for `edges`, a wall time near the transition's on its day or the next.
 */
export function eventArb(at: number, tz: string, zones: readonly string[], edges = false): fc.Arbitrary<SimEvent> {
  const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(tz);
  const day = zoned.toPlainDate();
  const wallMinute = zoned.hour * 60 + zoned.minute;
  const dueDay = fc.integer({ min: edges ? 0 : -3, max: edges ? 1 : 3 }).map((d) => day.add({ days: d }));
  if (edges) {
    return fc
      .tuple(dueDay, minuteOfDay(wallMinute, true), fc.integer({ min: 0, max: 1 }), afterDue)
      .map(([d, m, l, a]) => ({ due_at: `${d.toString()}T${hhmm(m)}`, fire_at: d.subtract({ days: l }).toString(), after_due: a }));
  }
  const lead = fc.integer({ min: 0, max: 3 });
  const oneOff = fc.oneof(
    // All day.
    fc.tuple(dueDay, lead, afterDue).map(([d, l, a]) => ({ due_at: d.toString(), fire_at: d.subtract({ days: l }).toString(), after_due: a })),
    // A local wall time.
    fc.tuple(dueDay, minuteOfDay(wallMinute), lead, afterDue).map(([d, m, l, a]) => ({
      due_at: `${d.toString()}T${hhmm(m)}`,
      fire_at: d.subtract({ days: l }).toString(),
      after_due: a,
    })),
    // A fixed instant, written with the offset of some zone (fire_at counts in that zone's calendar, A3).
    fc.tuple(fc.integer({ min: -72 * 60, max: 72 * 60 }), fc.constantFrom(...zones), lead, afterDue).map(([m, z, l, a]) => {
      const inst = Temporal.Instant.fromEpochMilliseconds(Math.floor(at / MINUTE) * MINUTE + m * MINUTE).toZonedDateTimeISO(z);
      return {
        due_at: `${inst.toPlainDate().toString()}T${hhmm(inst.hour * 60 + inst.minute)}${inst.offset}`,
        fire_at: inst.toPlainDate().subtract({ days: l }).toString(),
        after_due: a,
      };
    }),
  );
  const near = (n: number) => fc.integer({ min: -n, max: n }).map((d) => day.add({ days: d }).toString());
  const ruleCore: fc.Arbitrary<RecurrenceRule> = fc.oneof(
    weekdays.map((w) => ({ type: 'weekly' as const, weekdays: w })),
    fc.tuple(weekdays, near(7)).map(([w, a]) => ({ type: 'biweekly' as const, weekdays: w, anchor_date: a })),
    fc.tuple(fc.integer({ min: 1, max: 4 }), near(4)).map(([n, a]) => ({ type: 'every_n_days' as const, interval_days: n, anchor_date: a })),
    fc.integer({ min: -1, max: 1 }).map((d) => ({ type: 'monthly' as const, day_of_month: Math.min(31, Math.max(1, day.day + d)) })),
    fc.integer({ min: -1, max: 1 }).map((d) => {
      const md = day.add({ days: d });
      return { type: 'yearly' as const, month: md.month, day: md.day };
    }),
  );
  const series = fc
    .tuple(
      ruleCore,
      fc.option(minuteOfDay(wallMinute), { nil: undefined }),
      fc.option(fc.constantFrom(tz, ...zones), { nil: undefined }),
      fc.integer({ min: 0, max: 3 }),
      afterDue,
    )
    .map(([core, m, z, l, a]) => {
      const rule: RecurrenceRule = { ...core };
      if (m !== undefined) rule.time_local = hhmm(m);
      if (z !== undefined) rule.timezone = z;
      return { recurrence: rule, fire_days_before: l, after_due: a };
    });
  return fc.oneof({ weight: 3, arbitrary: oneOff }, { weight: 2, arbitrary: series });
}

/** A channel's presence: constant, or changing at a few random instants of the span. */
function presenceArb(from: number, until: number, blind: boolean): fc.Arbitrary<PresenceModel> {
  const answers: Presence[] = blind ? ['absent', 'unknown'] : ['present', 'absent', 'unknown'];
  const constant = fc.constantFrom(...answers).map((v): PresenceModel => ({ initial: v, changes: [] }));
  if (blind) return constant;
  const changing = fc
    .tuple(fc.constantFrom(...answers), fc.array(fc.tuple(fc.integer({ min: from, max: until }), fc.constantFrom(...answers)), { maxLength: 8 }))
    .map(
      ([initial, cs]): PresenceModel => ({
        initial,
        changes: cs.map(([t, value]) => ({ at: Math.floor(t / MINUTE) * MINUTE, value })).sort((a, b) => a.at - b.at),
      }),
    );
  return fc.oneof(constant, changing);
}

/** The web channel (always there, rarely switched off), maybe a webhook, maybe Telegram (presence unknown). */
function channelsArb(from: number, until: number, blind: boolean): fc.Arbitrary<SimChannel[]> {
  return fc
    .tuple(
      // The web channel is switched off in one scenario out of ten.
      fc.integer({ min: 0, max: 9 }).map((roll) => roll !== 0),
      presenceArb(from, until, blind),
      fc.option(presenceArb(from, until, blind), { nil: undefined }),
      fc.boolean(),
    )
    .map(([webOn, webPresence, webhook, telegram]) => {
      const out: SimChannel[] = [{ id: 1, type: 'web', enabled: webOn, presence: webPresence }];
      if (webhook) out.push({ id: 2, type: 'webhook', enabled: true, presence: webhook });
      if (telegram) out.push({ id: 3, type: 'telegram', enabled: true, presence: { initial: 'unknown', changes: [] } });
      return out;
    });
}

export interface ScenarioOptions {
  /** The instant of interest (epoch ms): a DST transition of the zone. */
  at: number;
  tz: string;
  /** Zones for fixed dues and rule zones. */
  zones: readonly string[];
  /** Nobody ever present, no Ack or Done: the blind schedule is exact. */
  blind: boolean;
  /** Longest span simulated after `at`, in days (default 4; at least one). */
  maxDaysAfter?: number;
  /** Longest span before `at` the push may come, in days (default 4). */
  maxDaysBefore?: number;
  /** Quiet hours and a local due time both near the transition's wall clock (the DST edge cases). */
  edges?: boolean;
}

/** A whole scenario: the push up to four days before `at` (17 s past a minute), the end half a day to four days after. */
export function scenarioArb(o: ScenarioOptions): fc.Arbitrary<SimInput> {
  const wall = Temporal.Instant.fromEpochMilliseconds(o.at).toZonedDateTimeISO(o.tz);
  const span = fc.tuple(
    fc.integer({ min: 2 * 60, max: (o.maxDaysBefore ?? 4) * 24 * 60 }).map((m) => o.at - m * MINUTE - 17_000),
    fc.integer({ min: 12 * 60, max: (o.maxDaysAfter ?? 4) * 24 * 60 }).map((m) => o.at + m * MINUTE),
  );
  return span.chain(([pushAt, until]) =>
    fc.record({
      event: eventArb(o.at, o.tz, o.zones, o.edges),
      user: userArb(o.tz, wall.hour * 60 + wall.minute, o.edges),
      channels: channelsArb(pushAt, until, o.blind),
      pushAt: fc.constant(pushAt),
      until: fc.constant(until),
      actions: o.blind
        ? fc.constant([] as SimAction[])
        : fc.array(fc.record({ at: fc.integer({ min: pushAt, max: until }), action: fc.constantFrom<'ack' | 'done'>('ack', 'ack', 'ack', 'done') }), {
            maxLength: 3,
          }),
    }),
  );
}

export { DAY, HOUR };
