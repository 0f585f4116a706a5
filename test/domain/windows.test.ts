// Windows and fallback (SPEC A6 with its clarifications). Expected instants are
// written as wall times in the user's zone, or as UTC where DST is the point.
import { describe, expect, it } from 'vitest';
import { type Due, parseDueAt } from '../../src/domain/due.ts';
import type { AfterDue, EventDates, State } from '../../src/domain/lifecycle.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import {
  DEFAULT_WINDOW_CONFIG,
  type WindowConfig,
  type WindowInfo,
  nextWindowStart,
  openWindow,
  todayWindowInfos,
  todayWindows,
} from '../../src/domain/windows.ts';

const BERLIN = 'Europe/Berlin';
const MONTEVIDEO = 'America/Montevideo';

const utc = (s: string): Instant => Temporal.Instant.from(s);
const wall = (s: string, tz = BERLIN): Instant => Temporal.PlainDateTime.from(s).toZonedDateTime(tz, { disambiguation: 'compatible' }).toInstant();
const user = (tz = BERLIN, quietStart = '22:00', quietEnd = '09:00'): UserSettings => ({
  tz,
  quietStart: Temporal.PlainTime.from(quietStart),
  quietEnd: Temporal.PlainTime.from(quietEnd),
});
function due(dueAt: string): Due {
  const r = parseDueAt(dueAt);
  if (!r.ok) throw new Error(`fixture due_at ${dueAt}: ${r.error}`);
  return r.value;
}
const event = (dueAt: string, fireAt: string, afterDue: AfterDue = 'keep'): EventDates => ({
  due: due(dueAt),
  fireOn: Temporal.PlainDate.from(fireAt),
  afterDue,
});

/** A window as wall-clock strings in the zone, so a failing row prints what the SPEC says. */
function show(w: WindowInfo | null, tz = BERLIN) {
  if (!w) return null;
  const t = (i: Instant) => i.toZonedDateTimeISO(tz).toPlainDateTime().toString({ smallestUnit: 'minute' });
  return { start: t(w.start), end: t(w.end), fallbackAt: w.fallbackAt ? t(w.fallbackAt) : null };
}
const at = (state: State, ev: EventDates, u: UserSettings, now: string, cfg = DEFAULT_WINDOW_CONFIG) =>
  show(openWindow(state, ev, u, wall(now, u.tz), cfg), u.tz);
/** Wall hours of the today windows that fall back, e.g. ['09:00', '14:00', '20:00']. */
const fallbackStarts = (ev: EventDates, u: UserSettings, cfg = DEFAULT_WINDOW_CONFIG): string[] =>
  todayWindowInfos(ev.due, u, cfg)
    .filter((w) => w.fallback)
    .map((w) => show(w, u.tz)!.start);

describe('DEFAULT_WINDOW_CONFIG (SPEC A10 defaults)', () => {
  it('is 30 / 10 / 9,14,20', () => {
    expect(DEFAULT_WINDOW_CONFIG).toEqual({ fallbackDayMinutes: 30, fallbackHourMinutes: 10, fallbackHours: [9, 14, 20] });
  });
});

describe('preparing and overdue: one window a day, the active hours', () => {
  const prep = event('2026-08-14', '2026-08-01');
  const u = user();

  it.each([
    { now: '2026-08-05T08:59', window: null },
    { now: '2026-08-05T09:00', window: { start: '2026-08-05T09:00', end: '2026-08-05T22:00', fallbackAt: '2026-08-05T21:30' } },
    { now: '2026-08-05T21:59', window: { start: '2026-08-05T09:00', end: '2026-08-05T22:00', fallbackAt: '2026-08-05T21:30' } },
    { now: '2026-08-05T22:00', window: null },
    { now: '2026-08-05T03:00', window: null },
  ])('preparing at $now', ({ now, window }) => {
    expect(at('preparing', prep, u, now)).toEqual(window);
  });

  it('is always a fallback window, margin HADO_FALLBACK_DAY', () => {
    const w = openWindow('preparing', prep, u, wall('2026-08-05T12:00'));
    expect(w?.fallback).toBe(true);
    const cfg: WindowConfig = { ...DEFAULT_WINDOW_CONFIG, fallbackDayMinutes: 45 };
    expect(at('preparing', prep, u, '2026-08-05T12:00', cfg)?.fallbackAt).toBe('2026-08-05T21:15');
  });

  it('overdue opens at the due moment inside the due day’s daily window, keyed 09:00–22:00; then 09:00–22:00 every day', () => {
    const ev = event('2026-08-14T14:00', '2026-08-14');
    // The daily window keeps its nominal bounds (SPEC A6 clarification); it is open from the due moment.
    expect(at('overdue', ev, u, '2026-08-14T13:59')).toBeNull();
    expect(at('overdue', ev, u, '2026-08-14T15:00')).toEqual({
      start: '2026-08-14T09:00',
      end: '2026-08-14T22:00',
      fallbackAt: '2026-08-14T21:30',
    });
    expect(at('overdue', ev, u, '2026-08-20T10:00')).toEqual({
      start: '2026-08-20T09:00',
      end: '2026-08-20T22:00',
      fallbackAt: '2026-08-20T21:30',
    });
  });

  it('the due day’s overdue window holds every today window of that day: one reminder per daily window', () => {
    const ev = event('2026-08-14T14:00', '2026-08-14');
    const overdue = openWindow('overdue', ev, u, wall('2026-08-14T14:00'))!;
    const starts = todayWindows(ev.due, u).map((w) => w.start);
    expect(starts).toHaveLength(5);
    for (const s of starts) {
      expect(Temporal.Instant.compare(overdue.start, s)).toBeLessThanOrEqual(0);
      expect(Temporal.Instant.compare(s, overdue.end)).toBeLessThan(0);
    }
  });

  it('overdue from after the fallback moment (due 21:45) falls back at once: its moment has passed', () => {
    const ev = event('2026-08-14T21:45', '2026-08-14');
    expect(at('overdue', ev, u, '2026-08-14T21:45')?.fallbackAt).toBe('2026-08-14T21:30');
  });

  it('an all-day due with keep is overdue from the next morning', () => {
    const ev = event('2026-08-14', '2026-08-14');
    expect(at('overdue', ev, u, '2026-08-15T09:00')?.start).toBe('2026-08-15T09:00');
  });

  it.each(['scheduled', 'done', 'expired', 'withdrawn'] as const)('%s has no window', (state) => {
    expect(at(state, prep, u, '2026-08-05T12:00')).toBeNull();
    expect(nextWindowStart(state, prep, u, wall('2026-08-05T12:00'), DEFAULT_WINDOW_CONFIG)).toBeNull();
  });
});

describe('today: hourly windows, fallback only in three of them', () => {
  const ev = event('2026-08-14', '2026-08-14');
  const u = user();

  it('13 windows 09–10 … 21–22', () => {
    const ws = todayWindowInfos(ev.due, u, DEFAULT_WINDOW_CONFIG).map((w) => show(w)!.start.slice(11));
    expect(ws).toEqual(['09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '21'].map((h) => `${h}:00`));
  });

  it('falls back only in the windows of 09:00, 14:00 and 20:00', () => {
    expect(fallbackStarts(ev, u)).toEqual(['2026-08-14T09:00', '2026-08-14T14:00', '2026-08-14T20:00']);
  });

  it.each([
    { now: '2026-08-14T09:30', window: { start: '2026-08-14T09:00', end: '2026-08-14T10:00', fallbackAt: '2026-08-14T09:50' } },
    { now: '2026-08-14T11:20', window: { start: '2026-08-14T11:00', end: '2026-08-14T12:00', fallbackAt: null } },
    { now: '2026-08-14T14:00', window: { start: '2026-08-14T14:00', end: '2026-08-14T15:00', fallbackAt: '2026-08-14T14:50' } },
    { now: '2026-08-14T20:59', window: { start: '2026-08-14T20:00', end: '2026-08-14T21:00', fallbackAt: '2026-08-14T20:50' } },
    { now: '2026-08-14T21:30', window: { start: '2026-08-14T21:00', end: '2026-08-14T22:00', fallbackAt: null } },
    { now: '2026-08-14T08:59', window: null },
    { now: '2026-08-14T22:00', window: null },
  ])('at $now', ({ now, window }) => {
    expect(at('today', ev, u, now)).toEqual(window);
  });

  it('margin HADO_FALLBACK_HOUR and hours HADO_FALLBACK_HOURS come from the config', () => {
    const cfg: WindowConfig = { fallbackDayMinutes: 30, fallbackHourMinutes: 25, fallbackHours: [10, 18] };
    expect(fallbackStarts(ev, u, cfg)).toEqual(['2026-08-14T10:00', '2026-08-14T18:00']);
    expect(at('today', ev, u, '2026-08-14T10:01', cfg)?.fallbackAt).toBe('2026-08-14T10:35');
  });
});

describe('today: the window is clipped by the due moment', () => {
  const u = user();

  it('a due at 14:30 cuts the 14:00 window, which still falls back 10 min before its new end', () => {
    const ev = event('2026-08-14T14:30', '2026-08-14', 'expire');
    expect(at('today', ev, u, '2026-08-14T14:10')).toEqual({
      start: '2026-08-14T14:00',
      end: '2026-08-14T14:30',
      fallbackAt: '2026-08-14T14:20',
    });
    expect(todayWindows(ev.due, u).at(-1)).toEqual({ start: wall('2026-08-14T14:00'), end: wall('2026-08-14T14:30') });
    expect(at('today', ev, u, '2026-08-14T14:30')).toBeNull();
  });

  it('a clipped window shorter than its margin falls back at its start', () => {
    const ev = event('2026-08-14T14:05', '2026-08-14', 'expire');
    expect(at('today', ev, u, '2026-08-14T14:00')).toEqual({
      start: '2026-08-14T14:00',
      end: '2026-08-14T14:05',
      fallbackAt: '2026-08-14T14:00',
    });
  });

  it('a due that cuts the day before every inside fallback hour: its last window falls back', () => {
    // Due 13:00: windows 09–13 hold the 09:00 fallback window, nothing more is needed.
    expect(fallbackStarts(event('2026-08-14T13:00', '2026-08-14'), u)).toEqual(['2026-08-14T09:00']);
    // Active hours from 10:00 make 9 an ignored hour; a due at 12:00 cuts the day before 14:00.
    const late = user(BERLIN, '22:00', '10:00');
    expect(fallbackStarts(event('2026-08-14T12:00', '2026-08-14'), late)).toEqual(['2026-08-14T11:00']);
  });
});

describe('a tz change moves the windows', () => {
  const ev = event('2026-08-14', '2026-08-01');
  const now = utc('2026-08-14T07:30:00Z');

  it('local due: the same instant is inside the Berlin window and before the Montevideo one', () => {
    const berlin = openWindow('today', ev, user(BERLIN), now, DEFAULT_WINDOW_CONFIG);
    expect(berlin?.start).toEqual(utc('2026-08-14T07:00:00Z'));
    expect(openWindow('today', ev, user(MONTEVIDEO), now, DEFAULT_WINDOW_CONFIG)).toBeNull();
    expect(todayWindows(ev.due, user(MONTEVIDEO))[0]?.start).toEqual(utc('2026-08-14T12:00:00Z'));
  });

  it('preparing: 09:00–22:00 follows the zone', () => {
    const mv = openWindow('preparing', ev, user(MONTEVIDEO), utc('2026-08-05T15:00:00Z'), DEFAULT_WINDOW_CONFIG);
    expect(mv).toMatchObject({ start: utc('2026-08-05T12:00:00Z'), end: utc('2026-08-06T01:00:00Z') });
  });

  it('fixed due 08:15+02:00 with Montevideo is 03:15 local: eve windows from 20:00 the day before', () => {
    const flight = event('2026-09-10T08:15+02:00', '2026-09-10', 'expire');
    const mv = user(MONTEVIDEO);
    expect(todayWindowInfos(flight.due, mv, DEFAULT_WINDOW_CONFIG).map((w) => show(w, MONTEVIDEO))).toEqual([
      { start: '2026-09-09T20:00', end: '2026-09-09T21:00', fallbackAt: '2026-09-09T20:50' },
      { start: '2026-09-09T21:00', end: '2026-09-09T22:00', fallbackAt: null },
    ]);
    // The same flight for a Berlin user is at 08:15 local: also early, eve from 20:00 Berlin.
    expect(todayWindows(flight.due, user(BERLIN))[0]?.start).toEqual(wall('2026-09-09T20:00'));
  });
});

describe('non-default quiet hours', () => {
  it('07:00–23:00: day window and the three fallback hours all inside', () => {
    const u = user(BERLIN, '23:00', '07:00');
    expect(at('preparing', event('2026-08-14', '2026-08-01'), u, '2026-08-05T07:00')).toEqual({
      start: '2026-08-05T07:00',
      end: '2026-08-05T23:00',
      fallbackAt: '2026-08-05T22:30',
    });
    const ev = event('2026-08-14', '2026-08-14');
    expect(todayWindows(ev.due, u)).toHaveLength(16);
    expect(fallbackStarts(ev, u)).toEqual(['2026-08-14T09:00', '2026-08-14T14:00', '2026-08-14T20:00']);
  });

  it('10:00–20:00: 9 and 20 are outside the active hours and ignored, 14 stays', () => {
    const u = user(BERLIN, '20:00', '10:00');
    expect(fallbackStarts(event('2026-08-14', '2026-08-14'), u)).toEqual(['2026-08-14T14:00']);
  });

  it('12:00–14:00: no fallback hour is inside, so the first and the last window fall back', () => {
    const u = user(BERLIN, '14:00', '12:00');
    expect(fallbackStarts(event('2026-08-14', '2026-08-14'), u)).toEqual(['2026-08-14T12:00', '2026-08-14T13:00']);
  });

  it('a single active hour with no fallback hour inside: that window falls back', () => {
    const u = user(BERLIN, '11:00', '10:00');
    expect(fallbackStarts(event('2026-08-14', '2026-08-14'), u)).toEqual(['2026-08-14T10:00']);
  });

  it('half-hour active hours: a window counts for the hour it starts in; the last is cut at quiet_start', () => {
    const u = user(BERLIN, '21:45', '09:30');
    const ev = event('2026-08-14', '2026-08-14');
    expect(fallbackStarts(ev, u)).toEqual(['2026-08-14T09:30', '2026-08-14T14:30', '2026-08-14T20:30']);
    expect(at('today', ev, u, '2026-08-14T21:40')).toEqual({ start: '2026-08-14T21:30', end: '2026-08-14T21:45', fallbackAt: null });
  });
});

describe('DST days in the user zone (Europe/Berlin)', () => {
  const u = user(BERLIN);

  it('2026-03-29 (spring forward): the day window is 09:00–22:00 CEST, a 13 h window at +02:00', () => {
    const ev = event('2026-04-10', '2026-03-20');
    const w = openWindow('preparing', ev, u, utc('2026-03-29T10:00:00Z'), DEFAULT_WINDOW_CONFIG);
    expect(w).toEqual({
      start: utc('2026-03-29T07:00:00Z'),
      end: utc('2026-03-29T20:00:00Z'),
      fallback: true,
      fallbackAt: utc('2026-03-29T19:30:00Z'),
    });
    // The day before is still CET: 09:00 = 08:00Z.
    expect(openWindow('preparing', ev, u, utc('2026-03-28T10:00:00Z'), DEFAULT_WINDOW_CONFIG)?.start).toEqual(utc('2026-03-28T08:00:00Z'));
    expect(nextWindowStart('preparing', ev, u, utc('2026-03-28T10:00:00Z'), DEFAULT_WINDOW_CONFIG)).toEqual(utc('2026-03-29T07:00:00Z'));
  });

  it('2026-03-29 today windows from 01:00: the 02:00 hour does not exist and has no window', () => {
    const night = user(BERLIN, '22:00', '01:00');
    const ws = todayWindows(event('2026-03-29', '2026-03-29').due, night);
    expect(ws.slice(0, 2)).toEqual([
      { start: utc('2026-03-29T00:00:00Z'), end: utc('2026-03-29T01:00:00Z') },
      { start: utc('2026-03-29T01:00:00Z'), end: utc('2026-03-29T02:00:00Z') },
    ]);
    expect(ws).toHaveLength(20);
  });

  it('2026-03-29 with quiet_end 02:30 (does not exist): active hours start at the first valid instant, 03:00 CEST', () => {
    const odd = user(BERLIN, '22:00', '02:30');
    const w = openWindow('overdue', event('2026-03-01', '2026-03-01'), odd, utc('2026-03-29T05:00:00Z'), DEFAULT_WINDOW_CONFIG);
    expect(w?.start).toEqual(utc('2026-03-29T01:00:00Z'));
  });

  it('2026-03-29 today: the fallback windows keep their wall hours, 09:50 CEST = 07:50Z', () => {
    const ws = todayWindowInfos(event('2026-03-29', '2026-03-29').due, u, DEFAULT_WINDOW_CONFIG).filter((w) => w.fallback);
    expect(ws.map((w) => w.fallbackAt)).toEqual([utc('2026-03-29T07:50:00Z'), utc('2026-03-29T12:50:00Z'), utc('2026-03-29T18:50:00Z')]);
  });

  it('2026-10-25 (fall back) with quiet_end 02:00: the day opens at the later 02:00, so no quiet wall time follows inside', () => {
    const night = user(BERLIN, '22:00', '02:00');
    const ws = todayWindows(event('2026-10-25', '2026-10-25').due, night);
    // 02:00 CET (01:00Z), not 02:00 CEST (00:00Z): the clock would read 02:00–02:59 again, then fine, but a
    // 02:30 quiet_end would read 02:00–02:29 (quiet) an hour after the window opened.
    expect(ws[0]).toEqual({ start: utc('2026-10-25T01:00:00Z'), end: utc('2026-10-25T02:00:00Z') });
    const half = user(BERLIN, '22:00', '02:30');
    const w = openWindow('overdue', event('2026-10-01', '2026-10-01'), half, utc('2026-10-25T05:00:00Z'), DEFAULT_WINDOW_CONFIG);
    expect(w?.start).toEqual(utc('2026-10-25T01:30:00Z'));
    // Other wall times of the repeated hour keep the earlier instant (SPEC A6): the window's end at 02:30.
    const short = user(BERLIN, '02:30', '01:00');
    expect(todayWindows(event('2026-10-25', '2026-10-25').due, short).map((w) => [w.start.toString(), w.end.toString()])).toEqual([
      ['2026-10-24T23:00:00Z', '2026-10-25T00:00:00Z'],
      ['2026-10-25T00:00:00Z', '2026-10-25T00:30:00Z'],
    ]);
  });
});

describe('eve windows of an early due (SPEC A4): the eve is a day of today windows', () => {
  const u = user();
  const flight = event('2026-08-14T07:00', '2026-08-10', 'expire');

  it('default hours: eve 20–21 (the 20:00 fallback hour) and 21–22; the due day has none', () => {
    expect(todayWindowInfos(flight.due, u, DEFAULT_WINDOW_CONFIG).map((w) => show(w))).toEqual([
      { start: '2026-08-13T20:00', end: '2026-08-13T21:00', fallbackAt: '2026-08-13T20:50' },
      { start: '2026-08-13T21:00', end: '2026-08-13T22:00', fallbackAt: null },
    ]);
    expect(at('today', flight, u, '2026-08-14T06:00')).toBeNull();
  });

  it('quiet_start 23:00: the eve starts at 21:00, after the last fallback hour, so its last window falls back', () => {
    const late = user(BERLIN, '23:00', '09:00');
    expect(todayWindowInfos(flight.due, late, DEFAULT_WINDOW_CONFIG).map((w) => show(w))).toEqual([
      { start: '2026-08-13T21:00', end: '2026-08-13T22:00', fallbackAt: null },
      { start: '2026-08-13T22:00', end: '2026-08-13T23:00', fallbackAt: '2026-08-13T22:50' },
    ]);
  });

  it('no fallback hour inside the active hours: the first and the last eve window fall back', () => {
    const narrow = user(BERLIN, '14:00', '12:00');
    const early = event('2026-08-14T11:00', '2026-08-14', 'expire');
    expect(fallbackStarts(early, narrow)).toEqual(['2026-08-13T12:00', '2026-08-13T13:00']);
  });

  it('a clipped first eve window keeps the hour it was cut from (19:45–20:30 is the 19:30 window)', () => {
    const half = user(BERLIN, '21:45', '09:30');
    expect(todayWindowInfos(flight.due, half, DEFAULT_WINDOW_CONFIG).map((w) => show(w))).toEqual([
      { start: '2026-08-13T19:45', end: '2026-08-13T20:30', fallbackAt: null },
      { start: '2026-08-13T20:30', end: '2026-08-13T21:30', fallbackAt: '2026-08-13T21:20' },
      { start: '2026-08-13T21:30', end: '2026-08-13T21:45', fallbackAt: null },
    ]);
  });

  it('preparing on the eve keeps its nominal 09:00–22:00 window, open until today begins at 20:00; no fallback (21:30 comes after)', () => {
    expect(at('preparing', flight, u, '2026-08-13T12:00')).toEqual({
      start: '2026-08-13T09:00',
      end: '2026-08-13T22:00',
      fallbackAt: null,
    });
    expect(openWindow('preparing', flight, u, wall('2026-08-13T12:00'))?.fallback).toBe(false);
    expect(at('preparing', flight, u, '2026-08-13T20:30')).toBeNull();
    // The day before the eve is an ordinary preparing day.
    expect(at('preparing', flight, u, '2026-08-12T12:00')?.fallbackAt).toBe('2026-08-12T21:30');
  });
});

describe('WindowInfo invariant', () => {
  it('fallback is true exactly when fallbackAt is set, and fallbackAt lies inside the window', () => {
    for (const u of [user(), user(BERLIN, '14:00', '12:00'), user(MONTEVIDEO, '21:45', '09:30')]) {
      for (const w of todayWindowInfos(due('2026-08-14T07:00'), u, DEFAULT_WINDOW_CONFIG).concat(
        todayWindowInfos(due('2026-08-14'), u, DEFAULT_WINDOW_CONFIG),
      )) {
        expect(w.fallback).toBe(w.fallbackAt !== null);
        if (w.fallbackAt) {
          expect(Temporal.Instant.compare(w.start, w.fallbackAt)).toBeLessThanOrEqual(0);
          expect(Temporal.Instant.compare(w.fallbackAt, w.end)).toBeLessThan(0);
        }
      }
    }
  });
});

describe('nextWindowStart: the next window strictly after now', () => {
  const u = user();
  const next = (state: State, ev: EventDates, now: string): string | null => {
    const i = nextWindowStart(state, ev, u, wall(now), DEFAULT_WINDOW_CONFIG);
    return i ? i.toZonedDateTimeISO(BERLIN).toPlainDateTime().toString({ smallestUnit: 'minute' }) : null;
  };

  it.each([
    { state: 'preparing', ev: event('2026-08-14', '2026-08-01'), now: '2026-08-05T03:00', next: '2026-08-05T09:00' },
    { state: 'preparing', ev: event('2026-08-14', '2026-08-01'), now: '2026-08-05T09:00', next: '2026-08-06T09:00' },
    { state: 'preparing', ev: event('2026-08-14', '2026-08-01'), now: '2026-08-13T12:00', next: null },
    { state: 'preparing', ev: event('2026-08-14T07:00', '2026-08-01'), now: '2026-08-12T23:00', next: '2026-08-13T09:00' },
    { state: 'preparing', ev: event('2026-08-14T07:00', '2026-08-01'), now: '2026-08-13T10:00', next: null },
    { state: 'today', ev: event('2026-08-14', '2026-08-14'), now: '2026-08-14T00:00', next: '2026-08-14T09:00' },
    { state: 'today', ev: event('2026-08-14', '2026-08-14'), now: '2026-08-14T11:20', next: '2026-08-14T12:00' },
    { state: 'today', ev: event('2026-08-14', '2026-08-14'), now: '2026-08-14T21:00', next: null },
    { state: 'today', ev: event('2026-08-14T07:00', '2026-08-14'), now: '2026-08-13T20:10', next: '2026-08-13T21:00' },
    { state: 'overdue', ev: event('2026-08-14T14:00', '2026-08-14'), now: '2026-08-14T14:00', next: '2026-08-15T09:00' },
    { state: 'overdue', ev: event('2026-08-14T23:00', '2026-08-14'), now: '2026-08-14T23:00', next: '2026-08-15T09:00' },
    { state: 'overdue', ev: event('2026-08-14', '2026-08-14'), now: '2026-09-01T08:00', next: '2026-09-01T09:00' },
  ] as const)('$state at $now → $next', ({ state, ev, now, next: expected }) => {
    expect(next(state, ev, now)).toBe(expected);
  });
});
