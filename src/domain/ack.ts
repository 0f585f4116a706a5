// Ack and Done (SPEC A6).
import { cascade } from './cascade.ts';
import { type Due, dueDay, dueMoment, todayStart } from './due.ts';
import { advance, type EventDates, nextTransitionAt, type State } from './lifecycle.ts';
import { nextCheckAt } from './next-check.ts';
import { nextLookAt } from './series.ts';
import { type Instant, Temporal, dayIn, startOfDay } from './time.ts';
import type { UserSettings } from './user.ts';
import { DEFAULT_WINDOW_CONFIG, todayWindows } from './windows.ts';

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * Ack = "be quiet until the next checkpoint": the `quiet_until` it sets, by state.
 * - preparing: 00:00 of the nearest cascade checkpoint after today, else the start of the due day (A4);
 * - today: the start of the window after next (the next hour is skipped);
 * - overdue: 00:00 of the day after tomorrow.
 */
export function ackQuietUntil(state: State, ev: EventDates, user: UserSettings, now: Instant): ActionOutcome<Instant> {
  const today = dayIn(now, user.tz);
  switch (state) {
    case 'preparing': {
      const next = cascade(ev.fireOn, dueDay(ev.due, user.tz)).find((p) => Temporal.PlainDate.compare(p, today) > 0);
      return { ok: true, value: next ? startOfDay(next, user.tz) : todayStart(ev.due, user) };
    }
    case 'today':
      return { ok: true, value: todayAckUntil(ev.due, user, now) };
    case 'overdue':
      return { ok: true, value: startOfDay(today.add({ days: 2 }), user.tz) };
    default:
      return { ok: false, reason: `Ack applies to preparing, today and overdue events; this one is ${state}` };
  }
}

function todayAckUntil(due: Due, user: UserSettings, now: Instant): Instant {
  const windows = todayWindows(due, user);
  const current = windows.findIndex((w) => Temporal.Instant.compare(w.start, now) <= 0 && Temporal.Instant.compare(now, w.end) < 0);
  // Inside a window: skip the next one. Between windows: skip the coming one.
  let index = -1;
  if (current >= 0) index = current + 2;
  else {
    const upcoming = windows.findIndex((w) => Temporal.Instant.compare(w.start, now) > 0);
    if (upcoming >= 0) index = upcoming + 1;
  }
  // No window left in the phase: silence lasts until the due moment, when the phase ends.
  return windows[index]?.start ?? dueMoment(due, user.tz);
}

/** Done works from every live state; on a done event it is a no-op (SPEC A6 clarification). */
export function doneOutcome(state: State): ActionOutcome<'close' | 'already'> {
  if (state === 'done') return { ok: true, value: 'already' };
  if (state === 'expired' || state === 'withdrawn') {
    return { ok: false, reason: `Done does not apply: the event is ${state}` };
  }
  return { ok: true, value: 'close' };
}

/** An event as an action finds it (the stored row, brought up to date by advance). */
export interface ActionTarget {
  state: State;
  dates: EventDates;
  recurring: boolean;
}

/** What an Ack writes: the state it found, the silence, and when the ticks look again. */
export interface AckWrite {
  state: State;
  quietUntil: Instant;
  nextTransitionAt: Instant | null;
  nextCheckAt: Instant;
}

/**
 * Ack at `now` (SPEC A6) on the event as stored: the state brought up to date
 * first (the stored one may lag the clock by a tick), then its silence. The
 * inbox, Telegram, webhook links and the simulator in the tests all apply it.
 */
export function ackAt(target: ActionTarget, user: UserSettings, now: Instant): ActionOutcome<AckWrite> {
  const state = advance(target.state, target.dates, user, now);
  const quiet = ackQuietUntil(state, target.dates, user, now);
  if (!quiet.ok) return quiet;
  // The delivery tick need not look before the silence ends (window bounds do not depend on the fallback knobs).
  const check = nextCheckAt({ state, ev: target.dates, user, quietUntil: quiet.value, now, cfg: DEFAULT_WINDOW_CONFIG, closedWindowStart: null });
  return {
    ok: true,
    value: { state, quietUntil: quiet.value, nextTransitionAt: nextTransitionAt(target.dates, user, now), nextCheckAt: check ?? now },
  };
}

/** What a Done writes: nothing ('already' done), or the close and when the lifecycle tick looks again (a series rolls). */
export type DoneWrite = { kind: 'already' } | { kind: 'close'; nextTransitionAt: Instant | null };

/** Done at `now` (SPEC A6): from any live state; idempotent on a done event; refused on expired or withdrawn. */
export function doneAt(target: ActionTarget, user: UserSettings, now: Instant): ActionOutcome<DoneWrite> {
  const done = doneOutcome(advance(target.state, target.dates, user, now));
  if (!done.ok) return done;
  if (done.value === 'already') return { ok: true, value: { kind: 'already' } };
  // A series' round rolls to the next occurrence at once (SPEC Part C): the next lifecycle tick starts it.
  return { ok: true, value: { kind: 'close', nextTransitionAt: nextLookAt('done', target.dates, target.recurring, user, now) } };
}
