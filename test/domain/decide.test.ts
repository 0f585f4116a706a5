// The tick's decision for one event (SPEC A7 tick algorithm, A6 windows and
// quiet_until, A11 "window algorithm" cases). Presence comes from plain maps,
// the clock is a fixed instant per case.
import { describe, expect, it } from 'vitest';
import type { ChannelRef, Presence } from '../../src/domain/channels.ts';
import { type Decision, type DecideInput, decide } from '../../src/domain/decide.ts';
import { parseDueAt } from '../../src/domain/due.ts';
import type { AfterDue, EventDates, State } from '../../src/domain/lifecycle.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import { DEFAULT_WINDOW_CONFIG, type WindowConfig, openWindow } from '../../src/domain/windows.ts';

const BERLIN = 'Europe/Berlin';
const wall = (s: string, tz = BERLIN): Instant => Temporal.PlainDateTime.from(s).toZonedDateTime(tz, { disambiguation: 'compatible' }).toInstant();
const utc = (s: string): Instant => Temporal.Instant.from(s);
const user = (tz = BERLIN, quietStart = '22:00', quietEnd = '09:00'): UserSettings => ({
  tz,
  quietStart: Temporal.PlainTime.from(quietStart),
  quietEnd: Temporal.PlainTime.from(quietEnd),
});
function event(dueAt: string, fireAt: string, afterDue: AfterDue = 'keep'): EventDates {
  const r = parseDueAt(dueAt);
  if (!r.ok) throw new Error(`fixture due_at ${dueAt}: ${r.error}`);
  return { due: r.value, fireOn: Temporal.PlainDate.from(fireAt), afterDue };
}

const WEB = 1;
const TELEGRAM = 2;
const HA = 3;
const CHANNELS: ChannelRef[] = [
  { id: WEB, type: 'web', enabled: true },
  { id: TELEGRAM, type: 'telegram', enabled: true },
  { id: HA, type: 'webhook', enabled: true },
];
const NOBODY = new Map<number, Presence>([
  [WEB, 'absent'],
  [TELEGRAM, 'unknown'],
  [HA, 'absent'],
]);
const only = (id: number): Map<number, Presence> => new Map([...NOBODY, [id, 'present' as const]]);

const TODAY = event('2026-08-14', '2026-08-01');
const NEVER_ACKED = utc('1970-01-01T00:00:00Z');

/** One tick's input; the window is computed the way the scheduler does, with openWindow. */
function tick(now: string, over: Partial<Omit<DecideInput, 'now'>> & { state?: State; cfg?: WindowConfig } = {}): DecideInput {
  const state = over.state ?? 'today';
  const ev = over.ev ?? TODAY;
  const u = over.user ?? user();
  const cfg = over.cfg ?? DEFAULT_WINDOW_CONFIG;
  const at = wall(now, u.tz);
  return {
    state,
    ev,
    user: u,
    cfg,
    now: at,
    quietUntil: NEVER_ACKED,
    window: openWindow(state, ev, u, at, cfg),
    deliveredInWindow: false,
    channels: CHANNELS,
    presence: NOBODY,
    ...over,
  };
}
const deliver = (start: string, channelIds: number[], why: 'present' | 'fallback', tz = BERLIN): Decision => ({
  kind: 'deliver',
  windowStart: wall(start, tz),
  channelIds,
  why,
});

describe('delivered only to present channels', () => {
  it.each([
    { who: 'web', presence: only(WEB), ids: [WEB] },
    { who: 'Home Assistant', presence: only(HA), ids: [HA] },
    { who: 'telegram', presence: only(TELEGRAM), ids: [TELEGRAM] },
    { who: 'web and Home Assistant', presence: new Map([...only(WEB), [HA, 'present' as const]]), ids: [WEB, HA] },
  ])('$who present in a non-fallback window → only $who', ({ presence, ids }) => {
    expect(decide(tick('2026-08-14T11:05', { presence }))).toEqual(deliver('2026-08-14T11:00', ids, 'present'));
  });

  it('present wins over fallback: in the fallback moment only the present channel gets it', () => {
    expect(decide(tick('2026-08-14T09:55', { presence: only(HA) }))).toEqual(deliver('2026-08-14T09:00', [HA], 'present'));
  });

  it('preparing and overdue deliver to the present the minute they come home', () => {
    expect(decide(tick('2026-08-05T18:42', { state: 'preparing', presence: only(HA) }))).toEqual(deliver('2026-08-05T09:00', [HA], 'present'));
    expect(decide(tick('2026-08-20T09:01', { state: 'overdue', presence: only(WEB) }))).toEqual(deliver('2026-08-20T09:00', [WEB], 'present'));
  });

  it('a channel missing from the presence map counts as unknown', () => {
    expect(decide(tick('2026-08-14T11:05', { presence: new Map([[HA, 'present']]) }))).toEqual(deliver('2026-08-14T11:00', [HA], 'present'));
  });
});

describe('waited when absent, fallback to all N minutes before the end', () => {
  it.each([
    { state: 'preparing', now: '2026-08-05T09:00', expected: { kind: 'skip', why: 'waiting' } },
    { state: 'preparing', now: '2026-08-05T21:29', expected: { kind: 'skip', why: 'waiting' } },
    { state: 'preparing', now: '2026-08-05T21:30', expected: deliver('2026-08-05T09:00', [WEB, TELEGRAM, HA], 'fallback') },
    { state: 'preparing', now: '2026-08-05T21:59', expected: deliver('2026-08-05T09:00', [WEB, TELEGRAM, HA], 'fallback') },
    { state: 'overdue', now: '2026-08-20T21:29', expected: { kind: 'skip', why: 'waiting' } },
    { state: 'overdue', now: '2026-08-20T21:30', expected: deliver('2026-08-20T09:00', [WEB, TELEGRAM, HA], 'fallback') },
    { state: 'today', now: '2026-08-14T09:49', expected: { kind: 'skip', why: 'waiting' } },
    { state: 'today', now: '2026-08-14T09:50', expected: deliver('2026-08-14T09:00', [WEB, TELEGRAM, HA], 'fallback') },
    { state: 'today', now: '2026-08-14T14:50', expected: deliver('2026-08-14T14:00', [WEB, TELEGRAM, HA], 'fallback') },
    { state: 'today', now: '2026-08-14T20:59', expected: deliver('2026-08-14T20:00', [WEB, TELEGRAM, HA], 'fallback') },
  ] as const)('$state, nobody present, at $now', ({ state, now, expected }) => {
    expect(decide(tick(now, { state }))).toEqual(expected);
  });

  it('N is the config: HADO_FALLBACK_DAY=45 falls back at 21:15', () => {
    const cfg = { ...DEFAULT_WINDOW_CONFIG, fallbackDayMinutes: 45 };
    expect(decide(tick('2026-08-05T21:14', { state: 'preparing', cfg }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-05T21:15', { state: 'preparing', cfg })).kind).toBe('deliver');
  });
});

describe('in today, fallback only in the three windows', () => {
  it.each(['10', '11', '12', '13', '15', '16', '17', '18', '19', '21'])('the %s:00 window waits even at :59', (h) => {
    expect(decide(tick(`2026-08-14T${h}:59`))).toEqual({ kind: 'skip', why: 'waiting' });
  });

  it('a whole absent day, ticked every minute: exactly three blind deliveries, at 09:50, 14:50, 20:50', () => {
    const delivered = new Set<string>();
    const log: string[] = [];
    for (let t = wall('2026-08-14T00:00'); Temporal.Instant.compare(t, wall('2026-08-15T00:00')) < 0; t = t.add({ minutes: 1 })) {
      const window = openWindow('today', TODAY, user(), t, DEFAULT_WINDOW_CONFIG);
      const d = decide({ ...tick('2026-08-14T00:00'), now: t, window, deliveredInWindow: delivered.has(`${window?.start}`) });
      if (d.kind === 'deliver') {
        delivered.add(d.windowStart.toString());
        log.push(`${t.toZonedDateTimeISO(BERLIN).toPlainTime().toString({ smallestUnit: 'minute' })} ${d.why}`);
      }
    }
    expect(log).toEqual(['09:50 fallback', '14:50 fallback', '20:50 fallback']);
  });

  it('a whole present day: one delivery per hourly window, 13 in all, each at the window start', () => {
    const delivered = new Set<string>();
    let count = 0;
    for (let t = wall('2026-08-14T00:00'); Temporal.Instant.compare(t, wall('2026-08-15T00:00')) < 0; t = t.add({ minutes: 1 })) {
      const window = openWindow('today', TODAY, user(), t, DEFAULT_WINDOW_CONFIG);
      const d = decide({ ...tick('2026-08-14T00:00', { presence: only(WEB) }), now: t, window, deliveredInWindow: delivered.has(`${window?.start}`) });
      if (d.kind === 'deliver') {
        expect(d.windowStart).toEqual(t);
        delivered.add(d.windowStart.toString());
        count++;
      }
    }
    expect(count).toBe(13);
  });
});

describe('one window, one delivery', () => {
  it('the tick that delivered leaves a row; the next tick in the same window sees it, the next window starts fresh', () => {
    const first = decide(tick('2026-08-14T09:50'));
    expect(first).toEqual(deliver('2026-08-14T09:00', [WEB, TELEGRAM, HA], 'fallback'));
    expect(decide(tick('2026-08-14T09:51', { deliveredInWindow: true }))).toEqual({ kind: 'skip', why: 'delivered' });
    // A pending row counts as well, even if someone has just come home.
    expect(decide(tick('2026-08-14T09:52', { deliveredInWindow: true, presence: only(HA) }))).toEqual({
      kind: 'skip',
      why: 'delivered',
    });
    expect(decide(tick('2026-08-14T10:00', { presence: only(HA) }))).toEqual(deliver('2026-08-14T10:00', [HA], 'present'));
  });
});

describe('quiet_until blocks', () => {
  it.each([
    { now: '2026-08-14T11:59', quiet: '2026-08-14T12:00', expected: { kind: 'skip', why: 'quiet' } },
    { now: '2026-08-14T12:00', quiet: '2026-08-14T12:00', expected: deliver('2026-08-14T12:00', [HA], 'present') },
  ] as const)('present at $now with quiet_until $quiet', ({ now, quiet, expected }) => {
    expect(decide(tick(now, { presence: only(HA), quietUntil: wall(quiet) }))).toEqual(expected);
  });

  it('blocks a fallback as well (Ack at 11:00 silences the 12:00 window, not the 14:00 fallback)', () => {
    const quietUntil = wall('2026-08-14T13:00');
    expect(decide(tick('2026-08-14T09:55', { quietUntil }))).toEqual({ kind: 'skip', why: 'quiet' });
    expect(decide(tick('2026-08-14T14:50', { quietUntil })).kind).toBe('deliver');
  });
});

describe('only preparing, today and overdue remind; only inside a window', () => {
  it.each(['scheduled', 'done', 'expired', 'withdrawn'] as const)('%s → not-reminding, even with someone present', (state) => {
    expect(decide(tick('2026-08-14T11:05', { state, presence: only(HA) }))).toEqual({ kind: 'skip', why: 'not-reminding' });
  });

  it.each(['2026-08-14T08:59', '2026-08-14T22:00', '2026-08-14T03:00'])('today at %s → no-window', (now) => {
    expect(decide(tick(now, { presence: only(HA) }))).toEqual({ kind: 'skip', why: 'no-window' });
  });

  it('without a window argument decide opens it itself, with the same answer', () => {
    const input = tick('2026-08-14T09:50');
    const { window: _ignored, ...rest } = input;
    expect(decide(rest)).toEqual(decide(input));
    expect(decide({ ...rest, now: wall('2026-08-14T23:00') })).toEqual({ kind: 'skip', why: 'no-window' });
  });
});

describe('channels: disabled never count, web is a channel too', () => {
  const noHa: ChannelRef[] = CHANNELS.map((c) => (c.id === HA ? { ...c, enabled: false } : c));

  it('a disabled channel that says present is ignored: the others wait', () => {
    expect(decide(tick('2026-08-14T11:05', { channels: noHa, presence: only(HA) }))).toEqual({ kind: 'skip', why: 'waiting' });
  });

  it('fallback goes to every enabled channel and never to a disabled one', () => {
    expect(decide(tick('2026-08-14T09:50', { channels: noHa }))).toEqual(deliver('2026-08-14T09:00', [WEB, TELEGRAM], 'fallback'));
  });

  it('a web-only user with nobody present still gets the web row on fallback', () => {
    const webOnly: ChannelRef[] = [{ id: WEB, type: 'web', enabled: true }];
    const absent = new Map<number, Presence>([[WEB, 'absent']]);
    expect(decide(tick('2026-08-14T09:49', { channels: webOnly, presence: absent }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-14T09:50', { channels: webOnly, presence: absent }))).toEqual(deliver('2026-08-14T09:00', [WEB], 'fallback'));
  });

  it('no enabled channel at all → no-channels, the window stays open', () => {
    const none = CHANNELS.map((c) => ({ ...c, enabled: false }));
    expect(decide(tick('2026-08-14T09:55', { channels: none }))).toEqual({ kind: 'skip', why: 'no-channels' });
  });
});

describe('windows that A6 bends: clipped, moved, non-default, DST, eve', () => {
  it('a today window clipped by the due moment falls back 10 min before its new end', () => {
    const ev = event('2026-08-14T14:30', '2026-08-14', 'expire');
    expect(decide(tick('2026-08-14T14:19', { ev }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-14T14:20', { ev }))).toEqual(deliver('2026-08-14T14:00', [WEB, TELEGRAM, HA], 'fallback'));
  });

  it('a clipped window shorter than its margin falls back at its start', () => {
    const ev = event('2026-08-14T14:05', '2026-08-14', 'expire');
    expect(decide(tick('2026-08-14T14:00', { ev }))).toEqual(deliver('2026-08-14T14:00', [WEB, TELEGRAM, HA], 'fallback'));
  });

  it('a tz change moves the window: the same instant is a Berlin window and night in Montevideo', () => {
    const now = utc('2026-08-14T07:55:00Z');
    const input = (tz: string): DecideInput => {
      const u = user(tz);
      return { ...tick('2026-08-14T00:00', { user: u }), now, window: openWindow('today', TODAY, u, now, DEFAULT_WINDOW_CONFIG) };
    };
    expect(decide(input(BERLIN))).toEqual({ ...deliver('2026-08-14T09:00', [WEB, TELEGRAM, HA], 'fallback') });
    expect(decide(input('America/Montevideo'))).toEqual({ kind: 'skip', why: 'no-window' });
  });

  it('quiet hours 10:00–20:00: the 09:00 hour is not active, 14:00 is the only fallback', () => {
    const u = user(BERLIN, '20:00', '10:00');
    expect(decide(tick('2026-08-14T09:55', { user: u }))).toEqual({ kind: 'skip', why: 'no-window' });
    expect(decide(tick('2026-08-14T10:55', { user: u }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-14T14:50', { user: u }))).toEqual(deliver('2026-08-14T14:00', [WEB, TELEGRAM, HA], 'fallback'));
    expect(decide(tick('2026-08-14T19:55', { user: u }))).toEqual({ kind: 'skip', why: 'waiting' });
  });

  it('quiet hours 12:00–14:00: no fallback hour inside, the first and last window fall back', () => {
    const u = user(BERLIN, '14:00', '12:00');
    expect(decide(tick('2026-08-14T12:50', { user: u }))).toEqual(deliver('2026-08-14T12:00', [WEB, TELEGRAM, HA], 'fallback'));
    expect(decide(tick('2026-08-14T13:50', { user: u }))).toEqual(deliver('2026-08-14T13:00', [WEB, TELEGRAM, HA], 'fallback'));
  });

  it('DST day 2026-03-29 Berlin: the preparing fallback is at 21:30 CEST = 19:30Z', () => {
    const ev = event('2026-04-10', '2026-03-20');
    const base = tick('2026-03-29T12:00', { state: 'preparing', ev });
    const at = (iso: string): DecideInput => {
      const now = utc(iso);
      return { ...base, now, window: openWindow('preparing', ev, base.user, now, DEFAULT_WINDOW_CONFIG) };
    };
    expect(decide(at('2026-03-29T19:29:00Z'))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(at('2026-03-29T19:30:00Z'))).toEqual({
      kind: 'deliver',
      windowStart: utc('2026-03-29T07:00:00Z'),
      channelIds: [WEB, TELEGRAM, HA],
      why: 'fallback',
    });
  });

  it('early due 07:00: the eve reminds hourly from 20:00 and falls back once, at 20:50', () => {
    const flight = event('2026-08-14T07:00', '2026-08-14', 'expire');
    expect(decide(tick('2026-08-13T19:59', { ev: flight }))).toEqual({ kind: 'skip', why: 'no-window' });
    expect(decide(tick('2026-08-13T20:49', { ev: flight }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-13T20:50', { ev: flight }))).toEqual(deliver('2026-08-13T20:00', [WEB, TELEGRAM, HA], 'fallback'));
    expect(decide(tick('2026-08-13T21:05', { ev: flight, presence: only(HA) }))).toEqual(deliver('2026-08-13T21:00', [HA], 'present'));
    expect(decide(tick('2026-08-13T21:55', { ev: flight }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-14T06:30', { ev: flight, presence: only(HA) }))).toEqual({ kind: 'skip', why: 'no-window' });
  });

  it('early due with quiet_start 23:00: the eve (21–23) has no fallback hour, its last window falls back', () => {
    const flight = event('2026-08-14T07:00', '2026-08-14', 'expire');
    const u = user(BERLIN, '23:00', '09:00');
    expect(decide(tick('2026-08-13T21:55', { ev: flight, user: u }))).toEqual({ kind: 'skip', why: 'waiting' });
    expect(decide(tick('2026-08-13T22:50', { ev: flight, user: u }))).toEqual(deliver('2026-08-13T22:00', [WEB, TELEGRAM, HA], 'fallback'));
  });
});
