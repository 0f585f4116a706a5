// Delivery windows (SPEC A6). Windows lie inside the user's active hours
// [quiet_end, quiet_start) in their zone.
import type { Due } from './due.ts';
import { dueDay, dueMoment, todayStart } from './due.ts';
import { type Instant, type PlainDate, Temporal, dayIn, maxInstant, minInstant, wallInstant } from './time.ts';
import type { UserSettings } from './user.ts';

export interface Window {
  start: Instant;
  end: Instant;
}

/** The active hours of one calendar day as instants. */
export function activeHours(day: PlainDate, user: UserSettings): Window {
  return { start: wallInstant(day, user.quietEnd, user.tz), end: wallInstant(day, user.quietStart, user.tz) };
}

/**
 * The hourly windows of one day's active hours: 09–10, 10–11, … 21–22 with
 * the defaults; the last one is cut at quiet_start when hours are not whole.
 */
export function hourlyWindows(day: PlainDate, user: UserSettings): Window[] {
  const out: Window[] = [];
  const endWall = day.toPlainDateTime(user.quietStart);
  let wall = day.toPlainDateTime(user.quietEnd);
  while (Temporal.PlainDateTime.compare(wall, endWall) < 0) {
    const nextWall = wall.add({ hours: 1 });
    const capped = Temporal.PlainDateTime.compare(nextWall, endWall) < 0 ? nextWall : endWall;
    const start = wallInstant(wall.toPlainDate(), wall.toPlainTime(), user.tz);
    const end = wallInstant(capped.toPlainDate(), capped.toPlainTime(), user.tz);
    // A window that a DST gap swallows whole has no instant in it.
    if (Temporal.Instant.compare(start, end) < 0) out.push({ start, end });
    wall = nextWall;
  }
  return out;
}

/**
 * All windows of the `today` phase in order: the hourly windows from the
 * start of the phase (the eve for an early due) to the due moment, the last
 * one clipped at the due moment.
 */
export function todayWindows(due: Due, user: UserSettings): Window[] {
  const from = todayStart(due, user);
  const until = dueMoment(due, user.tz);
  const out: Window[] = [];
  let day = dayIn(from, user.tz);
  const last = dueDay(due, user.tz);
  while (Temporal.PlainDate.compare(day, last) <= 0) {
    for (const w of hourlyWindows(day, user)) {
      const start = maxInstant(w.start, from);
      const end = minInstant(w.end, until);
      if (Temporal.Instant.compare(start, end) < 0) out.push({ start, end });
    }
    day = day.add({ days: 1 });
  }
  return out;
}
