// When the delivery tick looks at an event again (events.next_check_at), and
// the tick's window cache answering exactly like windows.ts.
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/domain/lifecycle.ts';
import { type CheckInput, nextCheckAt } from '../../src/domain/next-check.ts';
import { Temporal } from '../../src/domain/time.ts';
import { WindowCache } from '../../src/domain/window-cache.ts';
import { DEFAULT_WINDOW_CONFIG, nextWindowStart, openWindow } from '../../src/domain/windows.ts';
import { BERLIN, event, NEW_YORK, show, user, utc, wall } from './fixtures.ts';

const U = user(BERLIN);
const NEVER = utc('1970-01-01T00:00:00Z');
const w = (s: string) => wall(s, BERLIN);

function check(state: State, now: string, over: Partial<CheckInput> = {}): string | null {
  return show(
    nextCheckAt({
      state,
      ev: event('2026-08-14', '2026-08-01', 'keep'),
      user: U,
      quietUntil: NEVER,
      now: w(now),
      cfg: DEFAULT_WINDOW_CONFIG,
      closedWindowStart: null,
      ...over,
    }),
  );
}

describe('nextCheckAt', () => {
  it.each([
    // Waiting inside an open window: every tick.
    { state: 'preparing', now: '2026-08-05T10:00', closed: null, quiet: null, expected: '2026-08-05T10:00' },
    { state: 'today', now: '2026-08-14T10:30', closed: null, quiet: null, expected: '2026-08-14T10:30' },
    { state: 'overdue', now: '2026-08-20T21:59', closed: null, quiet: null, expected: '2026-08-20T21:59' },
    // The window has its round: the next one.
    { state: 'preparing', now: '2026-08-05T10:00', closed: '2026-08-05T09:00', quiet: null, expected: '2026-08-06T09:00' },
    { state: 'today', now: '2026-08-14T10:30', closed: '2026-08-14T10:00', quiet: null, expected: '2026-08-14T11:00' },
    { state: 'overdue', now: '2026-08-20T12:00', closed: '2026-08-20T09:00', quiet: null, expected: '2026-08-21T09:00' },
    // Between windows: the next window's start.
    { state: 'preparing', now: '2026-08-05T07:00', closed: null, quiet: null, expected: '2026-08-05T09:00' },
    { state: 'preparing', now: '2026-08-05T23:00', closed: null, quiet: null, expected: '2026-08-06T09:00' },
    { state: 'today', now: '2026-08-14T03:00', closed: null, quiet: null, expected: '2026-08-14T09:00' },
    // The last preparing window is done: the phase change at 00:00 of the due day comes first.
    { state: 'preparing', now: '2026-08-13T15:00', closed: '2026-08-13T09:00', quiet: null, expected: '2026-08-14T00:00' },
    // The last today window is done: the due moment (all day → 24:00), when it turns overdue.
    { state: 'today', now: '2026-08-14T21:10', closed: '2026-08-14T21:00', quiet: null, expected: '2026-08-15T00:00' },
    // Ack in today at 11:05 → quiet until 13:00 (A6): the 13:00 window.
    { state: 'today', now: '2026-08-14T11:05', closed: '2026-08-14T11:00', quiet: '2026-08-14T13:00', expected: '2026-08-14T13:00' },
    // Ack in overdue → 00:00 of the day after tomorrow: that day's window at 09:00.
    { state: 'overdue', now: '2026-08-20T12:00', closed: '2026-08-20T09:00', quiet: '2026-08-22T00:00', expected: '2026-08-22T09:00' },
    // quiet_until inside a later, open window: that very moment.
    { state: 'preparing', now: '2026-08-05T10:00', closed: '2026-08-05T09:00', quiet: '2026-08-06T15:20', expected: '2026-08-06T15:20' },
    // quiet_until inside the closed window: the next one.
    { state: 'today', now: '2026-08-14T10:05', closed: '2026-08-14T10:00', quiet: '2026-08-14T10:30', expected: '2026-08-14T11:00' },
  ] as const)('$state at $now, closed $closed, quiet $quiet → $expected', ({ state, now, closed, quiet, expected }) => {
    expect(check(state, now, { closedWindowStart: closed ? w(closed) : null, quietUntil: quiet ? w(quiet) : NEVER })).toBe(w(expected).toString());
  });

  it('a timed due with keep: after the last today window, the due moment (overdue opens there)', () => {
    const ev = event('2026-08-14T14:00', '2026-08-14', 'keep');
    expect(check('today', '2026-08-14T13:20', { ev, closedWindowStart: w('2026-08-14T13:00') })).toBe(w('2026-08-14T14:00').toString());
  });

  it('scheduled: the moment it starts preparing; terminal: never', () => {
    expect(check('scheduled', '2026-07-20T12:00')).toBe(w('2026-08-01T00:00').toString());
    expect(check('done', '2026-08-05T10:00')).toBeNull();
    expect(check('expired', '2026-08-15T10:00', { ev: event('2026-08-14', '2026-08-01', 'expire') })).toBeNull();
  });

  it('moves with the zone: the same event for a New York user', () => {
    // 05:00 in Berlin is 23:00 of the day before in New York: the next window is New York's 09:00.
    expect(check('preparing', '2026-08-06T05:00', { user: user(NEW_YORK) })).toBe(wall('2026-08-06T09:00', NEW_YORK).toString());
    expect(check('preparing', '2026-08-06T05:00')).toBe(w('2026-08-06T09:00').toString());
  });

  it('is the same through the window cache', () => {
    const cache = new WindowCache(DEFAULT_WINDOW_CONFIG);
    expect(check('today', '2026-08-14T10:30', { windows: cache, closedWindowStart: w('2026-08-14T10:00') })).toBe(w('2026-08-14T11:00').toString());
  });
});

describe('WindowCache answers exactly like windows.ts', () => {
  const cases = [
    { name: 'all-day due, Berlin', ev: event('2026-08-14', '2026-08-01'), u: U },
    { name: 'early due takes the eve', ev: event('2026-08-14T07:00', '2026-08-10'), u: U },
    { name: 'fixed due in another zone', ev: event('2026-08-14T08:15+02:00', '2026-08-12'), u: user('America/Montevideo') },
    { name: 'DST day, odd hours', ev: event('2026-03-29', '2026-03-20'), u: user(BERLIN, '21:30', '01:30') },
    { name: 'timed due clips the day', ev: event('2026-08-14T14:20', '2026-08-14'), u: user(NEW_YORK) },
  ];
  it.each(cases)('$name: every 17 minutes over four days', ({ ev, u }) => {
    const cache = new WindowCache(DEFAULT_WINDOW_CONFIG);
    const day = ev.due.mode === 'local' ? ev.due.date : Temporal.PlainDate.from('2026-08-14');
    let t = wall(`${day.subtract({ days: 2 }).toString()}T00:00`, u.tz);
    const end = t.add({ hours: 96 });
    for (; Temporal.Instant.compare(t, end) < 0; t = t.add({ minutes: 17 })) {
      for (const state of ['preparing', 'today', 'overdue'] as const) {
        expect(cache.open(state, ev, u, t, DEFAULT_WINDOW_CONFIG)).toEqual(openWindow(state, ev, u, t, DEFAULT_WINDOW_CONFIG));
        expect(show(cache.nextStart(state, ev, u, t, DEFAULT_WINDOW_CONFIG))).toBe(show(nextWindowStart(state, ev, u, t, DEFAULT_WINDOW_CONFIG)));
      }
    }
  });
});
