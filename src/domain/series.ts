// A recurring event as a series of rounds (SPEC Part C). The calendar is
// recurrence.ts's; this file decides which occurrence an event is on, what
// its stored dates are, and when an ended round rolls to the next one — so
// that every Part A rule (states, windows, Ack, Done) applies to the current
// occurrence unchanged. Pure: (rule, stored due, user settings, now) in.
import { type Due, dueDay } from './due.ts';
import { type AfterDue, type EventDates, isTerminal, nextTransitionAt, phaseAt, type State } from './lifecycle.ts';
import { currentOccurrence, nextOccurrence, type Occurrence, type RecurrenceRule } from './recurrence.ts';
import { dayIn, formatClockTime, type Instant, type PlainDate, startOfDay, Temporal } from './time.ts';
import type { UserSettings } from './user.ts';

/**
 * The zone whose calendar numbers a rule's occurrences: the rule's own zone
 * for a fixed rule (a `timezone` and a `time_local`), the user's otherwise —
 * an all-day occurrence is a local due and follows the user (recurrence.ts).
 */
export function occurrenceZone(rule: RecurrenceRule, userTz: string): string {
  return rule.timezone !== undefined && rule.time_local !== undefined ? rule.timezone : userTz;
}

/** The calendar day, in the rule's terms, of an occurrence stored as a due. */
export function occurrenceDay(rule: RecurrenceRule, due: Due): PlainDate {
  return due.mode === 'local' ? due.date : dayIn(due.instant, rule.timezone ?? 'UTC');
}

/**
 * An occurrence in `due_at` form (SPEC A3), as a client would have sent it:
 * `2026-08-14`, `2026-08-14T10:00`, or for a fixed rule the wall time and
 * offset in the rule's zone, `2026-08-14T10:00+02:00`.
 */
export function occurrenceDueAt(rule: RecurrenceRule, due: Due): string {
  if (due.mode === 'local') {
    return due.time === null ? due.date.toString() : `${due.date.toString()}T${formatClockTime(due.time)}`;
  }
  const at = due.instant.toZonedDateTimeISO(rule.timezone ?? 'UTC');
  return `${at.toPlainDate().toString()}T${formatClockTime(at.toPlainTime())}${at.offset}`;
}

/**
 * The first occurrence from day `from` (in occurrenceZone) on whose due day
 * is not already past in the user's zone. The second condition only matters
 * for a fixed rule: its occurrence can still be "today" in the rule's zone
 * when it is yesterday where the user is.
 */
function occurrenceFrom(rule: RecurrenceRule, from: PlainDate, user: UserSettings, now: Instant): Occurrence {
  const userToday = dayIn(now, user.tz);
  let occurrence = currentOccurrence(rule, from);
  while (Temporal.PlainDate.compare(dueDay(occurrence.due, user.tz), userToday) < 0) {
    occurrence = nextOccurrence(rule, occurrence);
  }
  return occurrence;
}

/**
 * The current occurrence (SPEC Part C): the nearest whose day is >= today —
 * never today's successor while today's occurrence exists, so a live
 * `today` is not replaced (the trap of A3).
 */
export function currentOccurrenceAt(rule: RecurrenceRule, user: UserSettings, now: Instant): Occurrence {
  return occurrenceFrom(rule, dayIn(now, occurrenceZone(rule, user.tz)), user, now);
}

/**
 * The occurrence a series rolls to from the stored one: strictly after it
 * (never the same round again), and not one already past (occurrences missed
 * while no tick ran are skipped, as nothing is delivered retroactively).
 */
export function rollTarget(rule: RecurrenceRule, stored: Due, user: UserSettings, now: Instant): Occurrence {
  const today = dayIn(now, occurrenceZone(rule, user.tz));
  const after = occurrenceDay(rule, stored).add({ days: 1 });
  return occurrenceFrom(rule, Temporal.PlainDate.compare(after, today) > 0 ? after : today, user, now);
}

/** The occurrence after the stored one, for display; null for a one-off event. */
export function followingOccurrence(rule: RecurrenceRule, stored: Due): Occurrence {
  const date = occurrenceDay(rule, stored);
  return nextOccurrence(rule, { date, due: stored });
}

/** An occurrence's dates: the same lead before every occurrence, in the rule's calendar (like fire_at, A3). */
export function occurrenceDates(occurrence: Occurrence, fireDaysBefore: number, afterDue: AfterDue): EventDates {
  return { due: occurrence.due, fireOn: occurrence.date.subtract({ days: fireDaysBefore }), afterDue };
}

/** A new round of a series, as stored: what a client re-push with this occurrence's `due_at` would write. */
export interface Round {
  dueAt: string;
  dates: EventDates;
  state: State;
  /** The next moment the lifecycle tick must look at the event. */
  next: Instant | null;
}

export function roundFor(
  rule: RecurrenceRule,
  occurrence: Occurrence,
  fireDaysBefore: number,
  afterDue: AfterDue,
  user: UserSettings,
  now: Instant,
): Round {
  const dates = occurrenceDates(occurrence, fireDaysBefore, afterDue);
  const state = phaseAt(dates, user, now);
  return { dueAt: occurrenceDueAt(rule, occurrence.due), dates, state, next: nextLookAt(state, dates, true, user, now) };
}

/** The start of the day after the due day in the user's zone: when an ended round may roll. */
export function rollAt(due: Due, user: UserSettings): Instant {
  return startOfDay(dueDay(due, user.tz).add({ days: 1 }), user.tz);
}

/**
 * Whether a round has ended and its due day is past, so the series rolls
 * (SPEC Part C). Done or expired end a round; `overdue` (after_due keep)
 * waits for Done; withdrawn is the end of the whole series.
 */
export function rollsNow(state: State, due: Due, user: UserSettings, now: Instant): boolean {
  if (state !== 'done' && state !== 'expired') return false;
  return Temporal.PlainDate.compare(dueDay(due, user.tz), dayIn(now, user.tz)) < 0;
}

/**
 * The next instant the lifecycle tick must look at an event in `state`:
 * its next phase change while live; for an ended round of a series, the
 * moment it rolls; never for a withdrawn or an ended one-off event.
 */
export function nextLookAt(
  state: State,
  dates: EventDates,
  recurring: boolean,
  user: UserSettings,
  now: Instant,
): Instant | null {
  if (state === 'withdrawn') return null;
  if (isTerminal(state)) return recurring ? rollAt(dates.due, user) : null;
  return nextTransitionAt(dates, user, now);
}
