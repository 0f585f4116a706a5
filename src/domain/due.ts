// Due modes (SPEC A2, A3): a calendar day with an optional wall time that
// follows the user's zone (local), or an absolute instant (fixed) whose day
// and moment are derived from the user's *current* zone each time.
import type { UserSettings } from './user.ts';
import {
  Temporal,
  type Instant,
  type PlainDate,
  type PlainTime,
  dayIn,
  endOfDay,
  instantMemo,
  parseIsoDate,
  startOfDay,
  timeIn,
  timeKey,
  wallInstant,
} from './time.ts';

export type Due =
  /** time null = all day (stored as 24:00). */
  { mode: 'local'; date: PlainDate; time: PlainTime | null } | { mode: 'fixed'; instant: Instant };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Parses the three `due_at` forms of SPEC A3:
 * `2026-08-14` (local, all day), `2026-09-10T14:00` (local),
 * `2026-09-10T08:15+02:00` (fixed; `Z` counts as an offset).
 */
export function parseDueAt(s: string): ParseResult<Due> {
  const date = parseIsoDate(s);
  if (date) return { ok: true, value: { mode: 'local', date, time: null } };
  const m = DATE_TIME.exec(s);
  if (!m) {
    return {
      ok: false,
      error: 'must be YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM±HH:MM',
    };
  }
  const day = parseIsoDate(m[1]!);
  if (!day) return { ok: false, error: `${m[1]} is not a calendar date` };
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, error: `${s} has an impossible time of day` };
  const time = new Temporal.PlainTime(hour, minute, second);
  const offset = m[5];
  if (offset === undefined) return { ok: true, value: { mode: 'local', date: day, time } };
  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 14 || om > 59 || (oh === 14 && om > 0)) {
      return { ok: false, error: `offset ${offset} is outside -14:00..+14:00` };
    }
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const utcWall = day.toPlainDateTime(time).toZonedDateTime('UTC').toInstant();
  return { ok: true, value: { mode: 'fixed', instant: utcWall.subtract({ minutes: offsetMinutes }) } };
}

/** The calendar day of the due in the user's zone. */
export function dueDay(due: Due, tz: string): PlainDate {
  return due.mode === 'local' ? due.date : dayIn(due.instant, tz);
}

/** The wall time of the due in the user's zone; null for an all-day due. */
export function dueLocalTime(due: Due, tz: string): PlainTime | null {
  return due.mode === 'local' ? due.time : timeIn(due.instant, tz);
}

/** The due moment: the instant the due passes (an all-day due ends at 24:00). */
export function dueMoment(due: Due, tz: string): Instant {
  if (due.mode === 'fixed') return due.instant;
  if (due.time === null) return endOfDay(due.date, tz);
  return wallInstant(due.date, due.time, tz);
}

/**
 * Early due (SPEC A4 and its clarification): a due moment at or before the
 * start of active hours leaves no window on the due day, so the due day
 * starts on the eve instead. An all-day due never does. Instants are
 * compared, not wall times: on a spring-forward day a 02:45 due and a 02:30
 * quiet_end both fall on 03:00, and no active minute precedes the due.
 * (The start of active hours is windows.ts's activeHours: quiet_end, the
 * later instant where a fall-back repeats it.)
 */
export function isEarlyDue(due: Due, user: UserSettings): boolean {
  if (due.mode === 'local' && due.time === null) return false;
  const activeStart = wallInstant(dueDay(due, user.tz), user.quietEnd, user.tz, 'later');
  return Temporal.Instant.compare(dueMoment(due, user.tz), activeStart) <= 0;
}

// Built once: a duration literal is re-validated on every call.
const ONE_DAY = Temporal.Duration.from({ days: 1 });
const TWO_HOURS = Temporal.Duration.from({ hours: 2 });
/** The eve start of an early due by (zone, day, quiet_start): pure, and the same for many events. */
const eveMemo = instantMemo();

/**
 * When the `today` phase begins: 00:00 of the due day, or for an early due
 * the eve at `quiet_start − 2h` (20:00 with the default 22:00).
 */
export function todayStart(due: Due, user: UserSettings): Instant {
  const day = dueDay(due, user.tz);
  if (!isEarlyDue(due, user)) return startOfDay(day, user.tz);
  return eveMemo(`${user.tz} ${day.toString()} ${timeKey(user.quietStart)}`, () => {
    const eveStart = day.subtract(ONE_DAY).toPlainDateTime(user.quietStart).subtract(TWO_HOURS);
    return wallInstant(eveStart.toPlainDate(), eveStart.toPlainTime(), user.tz);
  });
}

/** Two dues are the same `due_at` for the upsert rules of SPEC A3. */
export function sameDue(a: Due, b: Due): boolean {
  if (a.mode === 'fixed' && b.mode === 'fixed') return a.instant.equals(b.instant);
  if (a.mode === 'local' && b.mode === 'local') {
    if (!a.date.equals(b.date)) return false;
    if (a.time === null || b.time === null) return a.time === b.time;
    return a.time.equals(b.time);
  }
  return false;
}
