import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ActionOutcome, ackQuietUntil, doneOutcome } from '../../src/domain/ack.ts';
import { dueMoment } from '../../src/domain/due.ts';
import { type AfterDue, type EventDates, STATES, type State, milestones, phaseAt } from '../../src/domain/lifecycle.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import { todayWindows } from '../../src/domain/windows.ts';
import { BERLIN, MONTEVIDEO, NEW_YORK, TOKYO, daysBefore, event, user, wall } from './fixtures.ts';

const B = user(BERLIN);

/** quiet_until as an ISO string, failing the test if Ack was refused. */
function ack(state: State, ev: EventDates, u: UserSettings, now: Instant): string {
  const r = ackQuietUntil(state, ev, u, now);
  if (!r.ok) throw new Error(`Ack refused: ${r.reason}`);
  return r.value.toString();
}

const inBerlin = (s: string): string => wall(s, BERLIN).toString();

describe('Ack: quiet_until for the three states (SPEC A6 table)', () => {
  it('preparing → 00:00 of the next checkpoint; today → the window after next; overdue → 00:00 the day after tomorrow', () => {
    const birthday = event('2026-08-14', '2026-07-15');
    expect(ack('preparing', birthday, B, wall('2026-07-17T10:00', BERLIN))).toBe(inBerlin('2026-07-30T00:00'));
    expect(ack('today', birthday, B, wall('2026-08-14T11:00', BERLIN))).toBe(inBerlin('2026-08-14T13:00'));
    expect(ack('overdue', birthday, B, wall('2026-08-20T11:00', BERLIN))).toBe(inBerlin('2026-08-22T00:00'));
  });
});

describe('Ack in preparing (SPEC A6 example)', () => {
  // fire_on 30 days before: checkpoints −30, −15, −7, −3, −1.
  const DUE = '2026-08-14';
  const birthday = event(DUE, daysBefore(DUE, 30).toString());

  it.each([
    { ackOn: 30, until: 15, note: 'Ack on fire_on itself' },
    { ackOn: 29, until: 15, note: '' },
    { ackOn: 28, until: 15, note: 'the SPEC example: reminded −30, −29, −28, Ack → silence until −15' },
    { ackOn: 16, until: 15, note: '' },
    { ackOn: 15, until: 7, note: 'daily again from −15 until the next Ack → −7' },
    { ackOn: 14, until: 7, note: '' },
    { ackOn: 8, until: 7, note: '' },
    { ackOn: 7, until: 3, note: '' },
    { ackOn: 4, until: 3, note: '' },
    { ackOn: 3, until: 1, note: '' },
    { ackOn: 2, until: 1, note: '' },
  ])('Ack on −$ackOn → 00:00 of −$until $note', ({ ackOn, until }) => {
    const until0 = `${daysBefore(DUE, until)}T00:00`;
    for (const time of ['00:00', '10:00', '21:59', '23:59:59']) {
      const now = wall(`${daysBefore(DUE, ackOn)}T${time}`, BERLIN);
      expect(phaseAt(birthday, B, now)).toBe('preparing');
      expect(ack('preparing', birthday, B, now)).toBe(inBerlin(until0));
    }
  });

  it('no checkpoint left (Ack on −1) → the start of the due day', () => {
    expect(ack('preparing', birthday, B, wall('2026-08-13T10:00', BERLIN))).toBe(inBerlin('2026-08-14T00:00'));
  });

  it('no checkpoint left for an early due → the eve start at quiet_start − 2h', () => {
    // 07:00 flight, fire_on 7 days before: checkpoints 09-03, 09-07, 09-09.
    const flight = event('2026-09-10T07:00', '2026-09-03');
    expect(ack('preparing', flight, B, wall('2026-09-08T10:00', BERLIN))).toBe(inBerlin('2026-09-09T00:00'));
    expect(ack('preparing', flight, B, wall('2026-09-09T10:00', BERLIN))).toBe(inBerlin('2026-09-09T20:00'));
    expect(ack('preparing', flight, B, wall('2026-09-09T19:59', BERLIN))).toBe(inBerlin('2026-09-09T20:00'));
  });

  it('no checkpoint left for the Montevideo flight (fixed 08:15+02:00 = 03:15) → 20:00 on the eve', () => {
    const u = user(MONTEVIDEO);
    const flight = event('2026-09-10T08:15+02:00', '2026-09-08');
    expect(ack('preparing', flight, u, wall('2026-09-08T10:00', MONTEVIDEO))).toBe(wall('2026-09-09T00:00', MONTEVIDEO).toString());
    expect(ack('preparing', flight, u, wall('2026-09-09T10:00', MONTEVIDEO))).toBe('2026-09-09T23:00:00Z');
  });

  it('active hours 00:00–01:00: the next checkpoint is 00:00 of the eve, the first today window', () => {
    // The early due's today begins at quiet_start − 2h = 23:00 two days before, but the
    // eve's first window opens at 00:00 on the eve, exactly when the silence ends.
    const u = user(BERLIN, '01:00', '00:00');
    const ev = event('2026-09-10T00:00', '2026-09-08');
    const now = wall('2026-09-08T00:30', BERLIN);
    expect(phaseAt(ev, u, now)).toBe('preparing');
    expect(ack('preparing', ev, u, now)).toBe(inBerlin('2026-09-09T00:00'));
    expect(todayWindows(ev.due, u).map((w) => w.start.toString())).toEqual([inBerlin('2026-09-09T00:00')]);
  });

  it('fire_on one day before: the only checkpoint is today → the start of the due day', () => {
    const ev = event('2026-08-14', '2026-08-13');
    expect(ack('preparing', ev, B, wall('2026-08-13T09:30', BERLIN))).toBe(inBerlin('2026-08-14T00:00'));
  });

  it('checkpoints are days in the user’s zone', () => {
    // 2026-07-29T23:30Z is already −15 in Berlin (next: −7) but still −16 in New York (next: −15).
    const now = Temporal.Instant.from('2026-07-29T23:30:00Z');
    expect(ack('preparing', birthday, B, now)).toBe(inBerlin('2026-08-07T00:00'));
    expect(ack('preparing', birthday, user(NEW_YORK), now)).toBe(wall('2026-07-30T00:00', NEW_YORK).toString());
  });

  it.each([
    // Berlin springs forward on 2026-03-29: the checkpoint's midnight is still CET.
    { ackOn: '2026-03-26', until: '2026-03-28T23:00:00Z' },
    { ackOn: '2026-03-29', until: '2026-03-30T22:00:00Z' },
    { ackOn: '2026-03-31', until: '2026-03-31T22:00:00Z' },
  ])('on DST days: Ack on $ackOn → $until', ({ ackOn, until }) => {
    // due 04-01, fire_on 03-25: checkpoints 03-25, 03-29, 03-31.
    expect(ack('preparing', event('2026-04-01', '2026-03-25'), B, wall(`${ackOn}T12:00`, BERLIN))).toBe(until);
  });
});

describe('Ack in today', () => {
  const birthday = event('2026-08-14', '2026-08-01');

  it.each([
    { now: '11:00', until: '2026-08-14T13:00', note: 'the SPEC example: reminded at 11:00 → silent at 12:00, again at 13:00' },
    { now: '11:30', until: '2026-08-14T13:00', note: '' },
    { now: '11:59:59', until: '2026-08-14T13:00', note: 'last second of the window' },
    { now: '12:00', until: '2026-08-14T14:00', note: 'the next window has begun' },
    { now: '09:00', until: '2026-08-14T11:00', note: 'first window' },
    { now: '19:30', until: '2026-08-14T21:00', note: 'window after next is the last one' },
    // Between windows: the coming window is the one skipped.
    { now: '00:00', until: '2026-08-14T10:00', note: 'before active hours' },
    { now: '08:59', until: '2026-08-14T10:00', note: 'just before the first window' },
    // In the last windows of the day nothing is left after next: silence until the due moment.
    { now: '20:00', until: '2026-08-15T00:00', note: 'next is 21–22, nothing after' },
    { now: '21:30', until: '2026-08-15T00:00', note: 'in the last window' },
    { now: '22:00', until: '2026-08-15T00:00', note: 'after active hours' },
    { now: '23:59', until: '2026-08-15T00:00', note: '' },
  ])('all-day birthday, Ack at $now → $until ($note)', ({ now, until }) => {
    const at = wall(`2026-08-14T${now}`, BERLIN);
    expect(phaseAt(birthday, B, at)).toBe('today');
    expect(ack('today', birthday, B, at)).toBe(inBerlin(until));
  });

  it.each([
    // Windows 09–10 … 14–15, then 15:00–15:30 clipped at the due moment.
    { now: '08:00', until: '2026-08-14T10:00' },
    { now: '13:10', until: '2026-08-14T15:00' },
    { now: '14:10', until: '2026-08-14T15:30' },
    { now: '15:10', until: '2026-08-14T15:30' },
  ])('due at 15:30, Ack at $now → $until (the clipped window counts; after it, the due moment)', ({ now, until }) => {
    const ev = event('2026-08-14T15:30', '2026-08-14');
    expect(ack('today', ev, B, wall(`2026-08-14T${now}`, BERLIN))).toBe(inBerlin(until));
  });

  it.each([
    // 07:00 flight: today begins 20:00 on the eve; eve windows 20–21 and 21–22, none on the day.
    { dueAt: '2026-09-10T07:00', quietStart: '22:00', now: '2026-09-09T20:00', until: '2026-09-10T07:00' },
    { dueAt: '2026-09-10T07:00', quietStart: '22:00', now: '2026-09-09T21:30', until: '2026-09-10T07:00' },
    { dueAt: '2026-09-10T07:00', quietStart: '22:00', now: '2026-09-09T23:00', until: '2026-09-10T07:00' },
    { dueAt: '2026-09-10T07:00', quietStart: '22:00', now: '2026-09-10T06:00', until: '2026-09-10T07:00' },
    // Due AT quiet_end: the eve rule, and the empty 09:00–09:00 window is no window.
    { dueAt: '2026-09-10T09:00', quietStart: '22:00', now: '2026-09-09T20:15', until: '2026-09-10T09:00' },
    // quiet_start 23:30: the eve starts 21:30; windows 21:30–22, 22–23, 23–23:30.
    { dueAt: '2026-09-10T08:00', quietStart: '23:30', now: '2026-09-09T21:40', until: '2026-09-09T23:00' },
    { dueAt: '2026-09-10T08:00', quietStart: '23:30', now: '2026-09-09T22:10', until: '2026-09-10T08:00' },
    // quiet_start 23:00 with an early due at 09:00: the eve 21–22, 22–23.
    { dueAt: '2026-09-10T09:00', quietStart: '23:00', now: '2026-09-09T21:00', until: '2026-09-10T09:00' },
  ])('early $dueAt (quiet_start $quietStart), Ack in the eve at $now → $until', ({ dueAt, quietStart, now, until }) => {
    const u = user(BERLIN, quietStart);
    const ev = event(dueAt, '2026-09-01', 'expire');
    expect(phaseAt(ev, u, wall(now, BERLIN))).toBe('today');
    expect(ack('today', ev, u, wall(now, BERLIN))).toBe(inBerlin(until));
  });

  it('the Montevideo flight: Ack in the first eve window → the due moment 03:15', () => {
    const u = user(MONTEVIDEO);
    const flight = event('2026-09-10T08:15+02:00', '2026-09-10');
    expect(ack('today', flight, u, wall('2026-09-09T20:05', MONTEVIDEO))).toBe('2026-09-10T06:15:00Z');
  });

  it.each([
    { tz: BERLIN, day: '2026-03-29', now: '11:15', until: '2026-03-29T11:00:00Z' },
    { tz: BERLIN, day: '2026-03-29', now: '01:00', until: '2026-03-29T08:00:00Z' },
    { tz: BERLIN, day: '2026-03-29', now: '20:30', until: '2026-03-29T22:00:00Z' },
    { tz: BERLIN, day: '2026-10-25', now: '11:00', until: '2026-10-25T12:00:00Z' },
    { tz: BERLIN, day: '2026-10-25', now: '02:30', until: '2026-10-25T09:00:00Z' },
    { tz: NEW_YORK, day: '2026-03-08', now: '11:00', until: '2026-03-08T17:00:00Z' },
    { tz: NEW_YORK, day: '2026-11-01', now: '11:00', until: '2026-11-01T18:00:00Z' },
    { tz: NEW_YORK, day: '2026-11-01', now: '21:00', until: '2026-11-02T05:00:00Z' },
  ])('on a DST day in $tz ($day), Ack at $now → $until', ({ tz, day, now, until }) => {
    expect(ack('today', event(day, day), user(tz), wall(`${day}T${now}`, tz))).toBe(until);
  });

  it('a tz change moves the windows, and so the Ack', () => {
    const ev = event('2026-08-14', '2026-08-14');
    const now = Temporal.Instant.from('2026-08-14T09:00:00Z'); // 11:00 Berlin, 18:00 Tokyo
    expect(ack('today', ev, B, now)).toBe(inBerlin('2026-08-14T13:00'));
    expect(ack('today', ev, user(TOKYO), now)).toBe(wall('2026-08-14T20:00', TOKYO).toString());
  });
});

describe('Ack in overdue → 00:00 of the day after tomorrow', () => {
  const ev = event('2026-08-14', '2026-08-01', 'keep');

  it.each([
    { tz: BERLIN, now: '2026-08-20T00:00', until: '2026-08-21T22:00:00Z' },
    { tz: BERLIN, now: '2026-08-20T12:00', until: '2026-08-21T22:00:00Z' },
    { tz: BERLIN, now: '2026-08-20T23:59:59', until: '2026-08-21T22:00:00Z' },
    { tz: BERLIN, now: '2026-08-31T12:00', until: '2026-09-01T22:00:00Z' },
    // DST: the day after tomorrow starts at the shifted midnight.
    { tz: BERLIN, now: '2027-03-26T12:00', until: '2027-03-27T23:00:00Z' },
    { tz: BERLIN, now: '2027-03-27T12:00', until: '2027-03-28T22:00:00Z' },
    { tz: BERLIN, now: '2026-10-24T12:00', until: '2026-10-25T23:00:00Z' },
    { tz: NEW_YORK, now: '2026-10-30T12:00', until: '2026-11-01T04:00:00Z' },
    { tz: NEW_YORK, now: '2026-10-31T12:00', until: '2026-11-02T05:00:00Z' },
    { tz: NEW_YORK, now: '2027-03-13T12:00', until: '2027-03-15T04:00:00Z' },
  ])('$tz, Ack at $now → $until', ({ tz, now, until }) => {
    const at = wall(now, tz);
    expect(phaseAt(ev, user(tz), at)).toBe('overdue');
    expect(ack('overdue', ev, user(tz), at)).toBe(until);
  });

  it('the day is the user’s', () => {
    const now = Temporal.Instant.from('2026-08-20T23:30:00Z'); // 08-21 in Berlin, 08-20 in New York
    expect(ack('overdue', ev, B, now)).toBe('2026-08-22T22:00:00Z');
    expect(ack('overdue', ev, user(NEW_YORK), now)).toBe('2026-08-22T04:00:00Z');
  });
});

describe('Ack outside preparing/today/overdue is refused', () => {
  const ev = event('2026-08-14', '2026-07-15');
  it.each(['scheduled', 'done', 'expired', 'withdrawn'] as const)('%s → not ok, with a reason', (state) => {
    const r = ackQuietUntil(state, ev, B, wall('2026-08-14T11:00', BERLIN));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain(state);
  });

  it('every state is either accepted or refused as the table says', () => {
    const accepted = STATES.filter((s) => ackQuietUntil(s, ev, B, wall('2026-08-14T11:00', BERLIN)).ok);
    expect(accepted).toEqual(['preparing', 'today', 'overdue']);
  });
});

describe('Done outcomes (SPEC A4, A6)', () => {
  it.each([
    { state: 'scheduled', outcome: { ok: true, value: 'close' } },
    { state: 'preparing', outcome: { ok: true, value: 'close' } },
    { state: 'today', outcome: { ok: true, value: 'close' } },
    { state: 'overdue', outcome: { ok: true, value: 'close' } },
    { state: 'done', outcome: { ok: true, value: 'already' } },
    { state: 'expired', outcome: { ok: false } },
    { state: 'withdrawn', outcome: { ok: false } },
  ] as const)('$state → $outcome', ({ state, outcome }) => {
    const r: ActionOutcome<'close' | 'already'> = doneOutcome(state);
    expect(r).toMatchObject(outcome);
    if (!r.ok) expect(r.reason).toContain(state);
  });
});

describe('Ack invariants (property)', () => {
  const zones = [BERLIN, NEW_YORK, MONTEVIDEO, TOKYO, 'America/Havana', 'Australia/Lord_Howe'];
  const base = Temporal.PlainDate.from('2026-01-01');

  it('quiet_until is after now, and never outlasts the phase Ack was pressed in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.oneof(fc.constant(null), fc.constant(0), fc.integer({ min: 0, max: 24 * 60 - 1 })),
        fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 200 })),
        fc.constantFrom<AfterDue>('keep', 'expire'),
        fc.constantFrom(...zones),
        // Active hours ending before 02:00 put the eve start two days before the due day.
        fc.oneof(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 20 })),
        fc.oneof(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 23 })),
        fc.constantFrom('preparingAt', 'todayAt', 'dueAt'),
        fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 }),
        (day, minutes, lead, after, tz, quietEnd, span, anchor, offset) => {
          const d = base.add({ days: day });
          const hm = minutes === null ? '' : `T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          const ev = event(`${d}${hm}`, d.subtract({ days: lead }).toString(), after);
          const qs = Math.min(quietEnd + span, 23);
          const u = user(tz, `${String(qs).padStart(2, '0')}:00`, `${String(quietEnd).padStart(2, '0')}:00`);
          const m = milestones(ev, u);
          const now = (m[anchor as 'todayAt'] ?? m.todayAt).add({ minutes: offset });
          const state = phaseAt(ev, u, now);
          const r = ackQuietUntil(state, ev, u, now);
          if (state === 'scheduled' || state === 'expired') {
            expect(r.ok).toBe(false);
            return;
          }
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(Temporal.Instant.compare(r.value, now)).toBe(1);
          if (state === 'preparing') {
            // An Ack in preparing never silences a window of today.
            for (const w of todayWindows(ev.due, u)) expect(Temporal.Instant.compare(r.value, w.start)).toBeLessThan(1);
          }
          if (state === 'today') expect(Temporal.Instant.compare(r.value, dueMoment(ev.due, tz))).toBeLessThan(1);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
