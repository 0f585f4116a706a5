// The upsert's integer calendar (domain/epoch.ts, domain/lifecycle-epoch.ts,
// issue 28) against its oracle, the Temporal versions (time.ts, due.ts,
// lifecycle.ts, db/rows.ts's dueColumns): random zones — DST both ways, 30-
// minute DST, midnight transitions, a skipped day, ±14 h — days drawn near
// the zone's transitions, year ends and leap days, random active hours and
// random instants around the due.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_DAY, dueColumns } from '../../src/db/rows.ts';
import { parseDueAt } from '../../src/domain/due.ts';
import { civilFromDays, dayStartMs, daysFromCivil, isoDay, isoTime, parseEpochDay, wallMs, wallOfMs } from '../../src/domain/epoch.ts';
import { type AfterDue, lifecycleAt } from '../../src/domain/lifecycle.ts';
import { type EpochDue, lifecycleEpoch, parseDueAtEpoch } from '../../src/domain/lifecycle-epoch.ts';
import { Temporal, dayIn, parseIsoDate, startOfDay, timeIn, wallInstant } from '../../src/domain/time.ts';
import { EDGE_ZONES } from '../support/zones.ts';

const ZONES = EDGE_ZONES;
const zoneArb = fc.constantFrom(...ZONES);
const DAY_MS = 86_400_000;
const plainDate = (days: number) => {
  const { year, month, day } = civilFromDays(days);
  return new Temporal.PlainDate(year, month, day);
};

/** Epoch days 1900..2999, biased to year ends, leap days and the zone's own transitions. */
const dayArb = (tz: string) =>
  fc.oneof(
    fc.integer({ min: daysFromCivil(1900, 1, 1), max: daysFromCivil(2999, 12, 31) }),
    fc.integer({ min: daysFromCivil(1960, 1, 1), max: daysFromCivil(2040, 1, 1) }),
    fc
      .tuple(fc.integer({ min: 1901, max: 2998 }), fc.constantFrom([12, 31], [1, 1], [2, 28], [2, 29], [3, 1]))
      .map(([y, [m, d]]) => daysFromCivil(y, m!, d!) - (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 1 : 0)),
    fc.tuple(fc.integer({ min: daysFromCivil(1970, 1, 1), max: daysFromCivil(2037, 1, 1) }), fc.integer({ min: -1, max: 1 })).map(([d, k]) => {
      const t = Temporal.Instant.fromEpochMilliseconds(d * DAY_MS)
        .toZonedDateTimeISO(tz)
        .getTimeZoneTransition('next');
      if (t === null) return d;
      const day = t.toPlainDate();
      return daysFromCivil(day.year, day.month, day.day) + k;
    }),
  );
/** Seconds of the day, biased to midnight and the 00:00–03:59 stretch where transitions happen. */
const secondArb = fc.oneof(fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: 0, max: 4 * 3600 - 1 }), fc.constantFrom(0, 3600, 7200, 9000));
const clockOf = (s: number, withSeconds: boolean) => (withSeconds ? isoTime(s) : isoTime(s).slice(0, 5));

describe('epoch days equal Temporal dates', () => {
  it('converts, formats and parses like PlainDate', () => {
    fc.assert(
      fc.property(fc.integer({ min: daysFromCivil(0, 1, 1), max: daysFromCivil(9999, 12, 31) }), (days) => {
        const d = Temporal.PlainDate.from('1970-01-01').add({ days });
        expect(isoDay(days)).toBe(d.toString());
        expect(daysFromCivil(d.year, d.month, d.day)).toBe(days);
        expect(parseEpochDay(d.toString())).toBe(days);
      }),
    );
  });

  it('rejects what parseIsoDate rejects', () => {
    const shaped = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(shaped, fc.string({ maxLength: 12 })), (s) => {
        const d = parseIsoDate(s);
        expect(parseEpochDay(s)).toBe(d === null ? null : daysFromCivil(d.year, d.month, d.day));
      }),
    );
  });
});

describe('zone arithmetic on integers equals time.ts', () => {
  it('wallMs, dayStartMs and wallOfMs', () => {
    fc.assert(
      fc.property(
        zoneArb.chain((tz) => fc.tuple(fc.constant(tz), dayArb(tz), secondArb, fc.constantFrom('earlier' as const, 'later' as const))),
        fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS }),
        ([tz, day, second, overlap], jitter) => {
          const date = plainDate(day);
          const time = new Temporal.PlainTime(Math.floor(second / 3600), Math.floor(second / 60) % 60, second % 60);
          expect(wallMs(day, second, tz, overlap)).toBe(wallInstant(date, time, tz, overlap).epochMilliseconds);
          expect(dayStartMs(day, tz)).toBe(startOfDay(date, tz).epochMilliseconds);
          const at = day * DAY_MS + jitter;
          const instant = Temporal.Instant.fromEpochMilliseconds(at);
          const wall = wallOfMs(at, tz);
          expect(isoDay(wall.day)).toBe(dayIn(instant, tz).toString());
          const t = timeIn(instant, tz);
          expect(wall.second).toBe(t.hour * 3600 + t.minute * 60 + t.second);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

/** A due_at in one of the three forms of SPEC A3 on a generated day. */
const dueAtArb = (tz: string) =>
  fc
    .tuple(dayArb(tz), secondArb, fc.boolean(), fc.integer({ min: 0, max: 2 }), fc.integer({ min: -14 * 4, max: 14 * 4 }))
    .map(([day, second, withSeconds, form, q]) => {
      const d = isoDay(day);
      if (form === 0) return d;
      const local = `${d}T${clockOf(second, withSeconds)}`;
      if (form === 1) return local;
      if (q === 0) return `${local}Z`;
      const minutes = Math.abs(q) * 15;
      return `${local}${q < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    });

describe('parseDueAtEpoch equals parseDueAt', () => {
  it('the same due, the same columns, the same errors', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '2026-02-30',
        '2026-02-30T10:00',
        '2026-01-01T24:00',
        '2026-01-01T10:61',
        '2026-01-01T10:00+15:00',
        '2026-01-01T10:00+14:30',
        '2026-01-01T10:00:60',
      ),
    );
    fc.assert(
      fc.property(fc.oneof(zoneArb.chain(dueAtArb), junk), (s) => {
        const oracle = parseDueAt(s);
        const mine = parseDueAtEpoch(s);
        if (!oracle.ok || !mine.ok) {
          expect(mine).toEqual(oracle);
          return;
        }
        const cols = dueColumns(oracle.value);
        const due = mine.value;
        expect({
          due_mode: due.mode,
          due_date: due.mode === 'local' ? isoDay(due.day) : null,
          due_time: due.mode === 'local' ? (due.second === null ? ALL_DAY : isoTime(due.second)) : null,
          due_instant: due.mode === 'fixed' ? new Date(due.ms) : null,
        }).toEqual(cols);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('lifecycleEpoch equals lifecycleAt', () => {
  it('state and next transition across zones, DST days, year ends and leap days', () => {
    const caseArb = zoneArb.chain((tz) =>
      fc.record({
        tz: fc.constant(tz),
        dueAt: dueAtArb(tz),
        lead: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 60 })),
        afterDue: fc.constantFrom<AfterDue>('keep', 'expire'),
        // Active hours, sometimes ending just after midnight (the eve before 00:00 of fire_on) or inside a gap.
        quietStart: fc.oneof(
          fc.constant(22 * 3600),
          fc.integer({ min: 0, max: 1439 }).map((m) => m * 60),
        ),
        quietEnd: fc.oneof(
          fc.constant(9 * 3600),
          fc.integer({ min: 0, max: 1439 }).map((m) => m * 60),
          fc.constantFrom(0, 2 * 3600 + 1800),
        ),
        nowOffset: fc.oneof(fc.integer({ min: -70 * DAY_MS, max: 3 * DAY_MS }), fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS })),
      }),
    );
    fc.assert(
      fc.property(caseArb, (c) => {
        const oracleDue = parseDueAt(c.dueAt);
        const due = parseDueAtEpoch(c.dueAt);
        if (!oracleDue.ok || !due.ok) throw new Error(`generated due_at ${c.dueAt} rejected`);
        const clientDay = parseEpochDay(c.dueAt.slice(0, 10))!;
        const fireDay = clientDay - c.lead;
        const quietStart = Temporal.PlainTime.from(isoTime(c.quietStart));
        const quietEnd = Temporal.PlainTime.from(isoTime(c.quietEnd));
        const anchor = (due.value as EpochDue).mode === 'fixed' ? (due.value as { ms: number }).ms : clientDay * DAY_MS;
        const nowMs = anchor + c.nowOffset;
        const oracle = lifecycleAt(
          { due: oracleDue.value, fireOn: plainDate(fireDay), afterDue: c.afterDue },
          { tz: c.tz, quietStart, quietEnd },
          Temporal.Instant.fromEpochMilliseconds(nowMs),
        );
        const mine = lifecycleEpoch(due.value, fireDay, c.afterDue, { tz: c.tz, quietStart: c.quietStart, quietEnd: c.quietEnd }, nowMs);
        expect(mine).toEqual({ state: oracle.state, next: oracle.next === null ? null : oracle.next.epochMilliseconds });
      }),
      { numRuns: 2500 },
    );
  });
});
