// The quiet-hours promise for notices (SPEC B5, issue 9's "except urgent
// notices"): with nobody present a notice falls back to every channel after
// HADO_NOTICE_FALLBACK_MINUTES, but never inside quiet hours by the wall
// clock — it waits for the next start of active hours — unless it is
// urgent. Someone present gets it at once, night or day (they are at the
// device). Checked through decideNotice, the notice tick's decision, around
// DST transitions of every zone that has them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideNotice } from '../../src/domain/notices.ts';
import { Temporal } from '../../src/domain/time.ts';
import { userArb } from './arbitraries.ts';
import { hash, rng, SEED } from './coverage.ts';
import { activeSpan, ceilMinute, dayOf, wallClockActive } from './oracle.ts';
import { MINUTE } from './simulator.ts';
import { dstZones, EXTREME_ZONES, FROM, nextTransition, UNTIL } from './zones.ts';

const ZONES = [...dstZones(), ...EXTREME_ZONES.filter((z) => z === 'Pacific/Kiritimati' || z === 'Etc/GMT+12' || z === 'Asia/Kathmandu')];

/** The first instant at or after `t` inside active hours (the seed's rule restated: quiet hours wait for quiet_end). */
function firstActive(t: number, user: Parameters<typeof activeSpan>[1]): number {
  for (let day = dayOf(t, user.tz).subtract({ days: 1 }); ; day = day.add({ days: 1 })) {
    const a = activeSpan(day, user);
    if (t < a.end && a.start < a.end) return Math.max(t, a.start);
  }
}

describe('notices fall back outside quiet hours unless urgent', () => {
  it.each(ZONES)('%s', (zone) => {
    const random = rng(hash(`${SEED}|notice|${zone}`));
    const span = UNTIL.epochMilliseconds - FROM.epochMilliseconds;
    const around = nextTransition(zone, Temporal.Instant.fromEpochMilliseconds(FROM.epochMilliseconds + Math.floor(random() * span)));
    const at = (around ?? Temporal.Instant.fromEpochMilliseconds(FROM.epochMilliseconds + Math.floor(random() * span))).epochMilliseconds;
    const wall = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone);
    const scenario = fc.record({
      user: userArb(zone, wall.hour * 60 + wall.minute),
      pushedAt: fc.integer({ min: at - 30 * 60 * MINUTE, max: at + 6 * 60 * MINUTE }),
      urgent: fc.boolean(),
      fallbackMinutes: fc.constantFrom(0, 1, 10, 45, 180),
      // Present from this many minutes after the push (never, if null).
      presentAfter: fc.option(fc.integer({ min: 0, max: 36 * 60 }), { nil: null }),
    });
    fc.assert(
      fc.property(scenario, ({ user, pushedAt, urgent, fallbackMinutes, presentAfter }) => {
        const presentFrom = presentAfter === null ? Number.POSITIVE_INFINITY : ceilMinute(pushedAt) + presentAfter * MINUTE;
        const channels = [
          { id: 1, type: 'web' as const, enabled: true },
          { id: 2, type: 'telegram' as const, enabled: true },
        ];
        // The notice tick: every minute from the push until it delivers; a wait names when to look again,
        // and presence can change at presentFrom.
        let t = ceilMinute(pushedAt);
        for (let steps = 0; steps < 10_000; steps++) {
          const present = t >= presentFrom;
          const d = decideNotice({
            now: Temporal.Instant.fromEpochMilliseconds(t),
            pushedAt: Temporal.Instant.fromEpochMilliseconds(pushedAt),
            urgent,
            read: false,
            user,
            fallbackMinutes,
            noticeChannels: null,
            channels,
            wants: () => true,
            presence: new Map([
              [1, present ? 'present' : 'absent'],
              [2, 'unknown'],
            ]),
          });
          if (d.kind === 'deliver') {
            const fallbackAt = pushedAt + fallbackMinutes * MINUTE;
            if (d.why === 'present') {
              expect(present).toBe(true);
              expect(t).toBe(Math.max(ceilMinute(pushedAt), presentFrom));
              return;
            }
            expect(d.channelIds).toEqual([1, 2]);
            // Blind: after the wait, and for a non-urgent notice at the first active minute, by the wall clock too.
            const expected = ceilMinute(urgent ? fallbackAt : firstActive(fallbackAt, user));
            expect(t).toBe(Math.max(ceilMinute(pushedAt), expected));
            if (!urgent) expect(wallClockActive(t, user)).toBe(true);
            expect(t).toBeLessThan(presentFrom);
            return;
          }
          expect(d.kind).toBe('wait');
          if (d.kind !== 'wait') return;
          t = Math.max(t + MINUTE, Math.min(ceilMinute(d.until.epochMilliseconds), presentFrom));
        }
        throw new Error('never delivered');
      }),
      { numRuns: 6, seed: hash(`${SEED}|notice|${zone}|runs`) },
    );
  });
});
