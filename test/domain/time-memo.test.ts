// The zone helpers of src/domain/time.ts answer on integers where the zone
// keeps one offset through the day, and remember Temporal's answers on the
// other days (issue 28: the upsert's and the tick's hot path). Every answer
// must be the one Temporal itself gives, on the first call and on every later
// one: across DST days (both ways, 30-minute, at midnight), skipped days,
// ±14 h zones, whole and fractional seconds, and instants with sub-millisecond
// parts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueMoment, todayStart } from '../../src/domain/due.ts';
import { Temporal, dayIn, endOfDay, startOfDay, timeIn, wallInstant } from '../../src/domain/time.ts';
import { EDGE_ZONES } from '../support/zones.ts';

const ZONES = EDGE_ZONES;

const anyDay = fc
  .record({ year: fc.integer({ min: 1900, max: 2100 }), dayOfYear: fc.integer({ min: 0, max: 364 }) })
  .map(({ year, dayOfYear }) => Temporal.PlainDate.from({ year, month: 1, day: 1 }).add({ days: dayOfYear }));
/** A day beside one of the zone's transitions (the days the integer path must hand to Temporal). */
const transitionDay = (tz: string) =>
  fc.tuple(fc.integer({ min: -2_000_000_000, max: 2_100_000_000 }), fc.integer({ min: -1, max: 1 })).map(([seconds, k]) => {
    const next = Temporal.Instant.fromEpochMilliseconds(seconds * 1000)
      .toZonedDateTimeISO(tz)
      .getTimeZoneTransition('next');
    return (next ?? Temporal.Instant.fromEpochMilliseconds(seconds * 1000).toZonedDateTimeISO(tz)).toPlainDate().add({ days: k });
  });
const zone = fc.constantFrom(...ZONES);
const zonedDay = zone.chain((tz) => fc.tuple(fc.constant(tz), fc.oneof(anyDay, transitionDay(tz))));
const time = fc
  .record({
    hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 3 })),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    millisecond: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999 })),
    microsecond: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 999 })),
  })
  .map((t) => new Temporal.PlainTime(t.hour, t.minute, t.second, t.millisecond, t.microsecond));

/** SPEC A6: a wall time in a gap moves to the end of the gap; in an overlap, the earlier instant. */
function referenceWall(date: Temporal.PlainDate, t: Temporal.PlainTime, tz: string, overlap: 'earlier' | 'later' = 'earlier'): Temporal.Instant {
  const wall = date.toPlainDateTime(t);
  const zoned = wall.toZonedDateTime(tz, { disambiguation: 'earlier' });
  if (zoned.toPlainDateTime().equals(wall))
    return overlap === 'earlier' ? zoned.toInstant() : wall.toZonedDateTime(tz, { disambiguation: 'later' }).toInstant();
  return (zoned.getTimeZoneTransition('next') ?? wall.toZonedDateTime(tz, { disambiguation: 'later' })).toInstant();
}

describe('memoised zone helpers give what Temporal gives, every time', () => {
  it('startOfDay, endOfDay and wallInstant (first call and repeated calls)', () => {
    fc.assert(
      fc.property(zonedDay, time, ([tz, d], t) => {
        for (let call = 0; call < 2; call++) {
          expect(startOfDay(d, tz).toString()).toBe(d.toZonedDateTime({ timeZone: tz }).toInstant().toString());
          expect(endOfDay(d, tz).toString()).toBe(d.add({ days: 1 }).toZonedDateTime({ timeZone: tz }).toInstant().toString());
          expect(wallInstant(d, t, tz).toString()).toBe(referenceWall(d, t, tz).toString());
          expect(wallInstant(d, t, tz, 'later').toString()).toBe(referenceWall(d, t, tz, 'later').toString());
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('dayIn and timeIn of the same instant in different zones, in turn', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -2_300_000_000_000, max: 4_000_000_000_000 }),
          // Whole seconds either side of a transition of the first zone.
          fc.tuple(fc.integer({ min: 0, max: 2_100_000_000 }), fc.integer({ min: -7200, max: 7200 })).map(([s, k]) => s * 1000 + k * 1000),
        ),
        fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 999_999n })),
        zone,
        zone,
        (ms, subMs, a, b) => {
          const near = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(a).getTimeZoneTransition('next');
          for (const base of [ms, near ? near.epochMilliseconds + (ms % 7_200_000) : ms]) {
            const instant = Temporal.Instant.fromEpochNanoseconds(BigInt(base) * 1_000_000n + subMs);
            for (const tz of [a, b, a]) {
              const zoned = instant.toZonedDateTimeISO(tz);
              expect(dayIn(instant, tz).toString()).toBe(zoned.toPlainDate().toString());
              expect(timeIn(instant, tz).toString()).toBe(zoned.toPlainTime().toString());
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('an early due starts on the eve at quiet_start − 2h, whatever the user hours asked before', () => {
    const due = { mode: 'local' as const, date: Temporal.PlainDate.from('2026-03-29'), time: Temporal.PlainTime.from('07:00') };
    const user = (quietStart: string) => ({
      tz: 'Europe/Berlin',
      quietStart: Temporal.PlainTime.from(quietStart),
      quietEnd: Temporal.PlainTime.from('09:00'),
    });
    for (const [quietStart, eve] of [
      ['22:00', '2026-03-28T20:00:00+01:00[Europe/Berlin]'],
      ['23:30', '2026-03-28T21:30:00+01:00[Europe/Berlin]'],
      ['22:00', '2026-03-28T20:00:00+01:00[Europe/Berlin]'],
    ] as const) {
      expect(todayStart(due, user(quietStart)).equals(Temporal.ZonedDateTime.from(eve).toInstant())).toBe(true);
    }
    // The all-day due of a DST day ends at the next midnight, 23 hours later.
    const allDay = { mode: 'local' as const, date: Temporal.PlainDate.from('2026-03-29'), time: null };
    expect(dueMoment(allDay, 'Europe/Berlin').toString()).toBe('2026-03-29T22:00:00Z');
  });
});
