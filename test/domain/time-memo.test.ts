// The zone helpers remember their answers (src/domain/time.ts, for the
// upsert's hot path). A remembered answer must be the one Temporal gives,
// on the first call and on every later one, across DST days and zones.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueMoment, todayStart } from '../../src/domain/due.ts';
import { Temporal, dayIn, endOfDay, startOfDay, timeIn, wallInstant } from '../../src/domain/time.ts';

const ZONES = ['Europe/Berlin', 'America/Havana', 'America/Montevideo', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Lord_Howe', 'UTC'];

const day = fc
  .record({ year: fc.integer({ min: 1970, max: 2100 }), dayOfYear: fc.integer({ min: 0, max: 364 }) })
  .map(({ year, dayOfYear }) => Temporal.PlainDate.from({ year, month: 1, day: 1 }).add({ days: dayOfYear }));
const time = fc
  .record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }), second: fc.integer({ min: 0, max: 59 }) })
  .map((t) => new Temporal.PlainTime(t.hour, t.minute, t.second));
const zone = fc.constantFrom(...ZONES);

/** SPEC A6: a wall time in a gap moves to the end of the gap; in an overlap, the earlier instant. */
function referenceWall(date: Temporal.PlainDate, t: Temporal.PlainTime, tz: string): Temporal.Instant {
  const wall = date.toPlainDateTime(t);
  const zoned = wall.toZonedDateTime(tz, { disambiguation: 'earlier' });
  if (zoned.toPlainDateTime().equals(wall)) return zoned.toInstant();
  return (zoned.getTimeZoneTransition('next') ?? wall.toZonedDateTime(tz, { disambiguation: 'later' })).toInstant();
}

describe('memoised zone helpers give what Temporal gives, every time', () => {
  it('startOfDay, endOfDay and wallInstant (first call and repeated calls)', () => {
    fc.assert(
      fc.property(day, time, zone, (d, t, tz) => {
        for (let call = 0; call < 2; call++) {
          expect(startOfDay(d, tz).equals(d.toZonedDateTime({ timeZone: tz }).toInstant())).toBe(true);
          expect(endOfDay(d, tz).equals(d.add({ days: 1 }).toZonedDateTime({ timeZone: tz }).toInstant())).toBe(true);
          expect(wallInstant(d, t, tz).equals(referenceWall(d, t, tz))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('dayIn and timeIn of the same instant in different zones, in turn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), zone, zone, (seconds, a, b) => {
        const instant = Temporal.Instant.fromEpochMilliseconds(seconds * 1000);
        for (const tz of [a, b, a]) {
          const zoned = instant.toZonedDateTimeISO(tz);
          expect(dayIn(instant, tz).equals(zoned.toPlainDate())).toBe(true);
          expect(timeIn(instant, tz).equals(zoned.toPlainTime())).toBe(true);
        }
      }),
      { numRuns: 500 },
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
