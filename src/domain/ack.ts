// Ack and Done (SPEC A6).
import { cascade } from './cascade.ts';
import { type Due, dueDay, dueMoment, todayStart } from './due.ts';
import type { EventDates, State } from './lifecycle.ts';
import { type Instant, Temporal, dayIn, startOfDay } from './time.ts';
import type { UserSettings } from './user.ts';
import { todayWindows } from './windows.ts';

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
  const current = windows.findIndex(
    (w) => Temporal.Instant.compare(w.start, now) <= 0 && Temporal.Instant.compare(now, w.end) < 0,
  );
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
