// A recurring event as a series of rounds (SPEC Part C). The calendar is
// recurrence.ts's; this file decides which occurrence an event is on, what
// its stored dates are, and when an ended round rolls to the next one — so
// that every Part A rule (states, windows, Ack, Done) applies to the current
// occurrence unchanged. Pure: (rule, stored due, user settings, now) in.
import type { Due } from './due.ts';
import { type AfterDue, advance, dueEnd, type EventDates, isTerminal, nextTransitionAt, phaseAt, type State } from './lifecycle.ts';
import { currentOccurrence, nextOccurrence, type Occurrence, type RecurrenceRule } from './recurrence.ts';
import { before, dayIn, formatClockTime, type Instant, type PlainDate, Temporal } from './time.ts';
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
 * The first occurrence from day `from` (in occurrenceZone) on whose moment
 * has not passed at `now` (SPEC Part C; an all-day occurrence lasts its whole
 * day in the user's zone). For a fixed rule the moment is an instant, so an
 * occurrence still "today" in the rule's zone but past where the user is
 * is skipped too.
 */
function occurrenceFrom(rule: RecurrenceRule, from: PlainDate, user: UserSettings, now: Instant): Occurrence {
  let occurrence = currentOccurrence(rule, from);
  const end = (o: Occurrence) => dueEnd({ due: o.due, durationMinutes: rule.duration_minutes }, user.tz);
  while (!before(now, end(occurrence))) occurrence = nextOccurrence(rule, occurrence);
  return occurrence;
}

/**
 * The current occurrence (SPEC Part C): the nearest whose day is >= today and
 * whose moment has not passed. A rule pushed after today's occurrence has
 * passed starts with the next one; a live `today` is never replaced by its
 * successor (the trap of A3), since its moment is still ahead.
 */
export function currentOccurrenceAt(rule: RecurrenceRule, user: UserSettings, now: Instant): Occurrence {
  return occurrenceFrom(rule, dayIn(now, occurrenceZone(rule, user.tz)), user, now);
}

/**
 * The occurrence a series rolls to from the stored one: strictly after it
 * (never the same round again), and not one whose moment has passed
 * (occurrences missed while a `keep` round waited for Done, or while no tick
 * ran, are skipped: nothing is delivered retroactively).
 */
export function rollTarget(rule: RecurrenceRule, stored: Due, user: UserSettings, now: Instant): Occurrence {
  const today = dayIn(now, occurrenceZone(rule, user.tz));
  const after = occurrenceDay(rule, stored).add({ days: 1 });
  // Starting from today skips the long past at once (an earlier day's moment has passed); the moment check does the rest.
  return occurrenceFrom(rule, Temporal.PlainDate.compare(after, today) > 0 ? after : today, user, now);
}

/** The occurrence after the stored one, for display; null for a one-off event. */
export function followingOccurrence(rule: RecurrenceRule, stored: Due): Occurrence {
  const date = occurrenceDay(rule, stored);
  return nextOccurrence(rule, { date, due: stored });
}

/** An occurrence's dates: the same lead before every occurrence, in the rule's calendar (like fire_at, A3). */
export function occurrenceDates(occurrence: Occurrence, fireDaysBefore: number, afterDue: AfterDue, duration?: number): EventDates {
  return { due: occurrence.due, fireOn: occurrence.date.subtract({ days: fireDaysBefore }), afterDue, durationMinutes: duration };
}

/** A new round of a series, as stored: what a client re-push with this occurrence's `due_at` would write. */
export interface Round {
  dueAt: string;
  dates: EventDates;
  state: State;
  /** The next moment the lifecycle tick must look at the event. */
  next: Instant | null;
}

export function roundFor(rule: RecurrenceRule, occurrence: Occurrence, fireDaysBefore: number, afterDue: AfterDue, user: UserSettings, now: Instant): Round {
  const dates = occurrenceDates(occurrence, fireDaysBefore, afterDue, rule.duration_minutes);
  const state = phaseAt(dates, user, now);
  return { dueAt: occurrenceDueAt(rule, occurrence.due), dates, state, next: nextLookAt(state, dates, true, user, now) };
}

/**
 * Whether a round has ended, so the series rolls at once (SPEC Part C) — not
 * at the next midnight, so that an early next occurrence's eve windows are
 * reached. Done or expired end a round; `overdue` (after_due keep) waits for
 * Done; withdrawn is the end of the whole series.
 */
export function roundEnded(state: State): boolean {
  return state === 'done' || state === 'expired';
}

/**
 * The next instant the lifecycle tick must look at an event in `state`:
 * its next phase change while live; for an ended round of a series, now
 * (it rolls at the next tick); never for a withdrawn or an ended one-off event.
 */
export function nextLookAt(state: State, dates: EventDates, recurring: boolean, user: UserSettings, now: Instant): Instant | null {
  if (state === 'withdrawn') return null;
  if (isTerminal(state)) return recurring ? now : null;
  return nextTransitionAt(dates, user, now);
}

/** An event as stored, as far as the lifecycle tick needs it. */
export interface StoredSchedule {
  state: State;
  dates: EventDates;
  /** The series' rule; null for a one-off event. */
  rule: RecurrenceRule | null;
  fireDaysBefore: number;
}

/**
 * What one lifecycle tick does to one event at `now` (SPEC A4, Part C): the
 * state its dates give (terminal states stay) and when to look again; or,
 * for a series whose round has ended, the new round — the lifecycle tick
 * and the simulator in the tests both run exactly this.
 */
export type LifecycleStep = { kind: 'state'; state: State; next: Instant | null } | { kind: 'roll'; ended: State; round: Round };

export function lifecycleStep(stored: StoredSchedule, user: UserSettings, now: Instant): LifecycleStep {
  const { dates, rule } = stored;
  const state = advance(stored.state, dates, user, now);
  if (rule !== null && roundEnded(state)) {
    const occurrence = rollTarget(rule, dates.due, user, now);
    return { kind: 'roll', ended: state, round: roundFor(rule, occurrence, stored.fireDaysBefore, dates.afterDue, user, now) };
  }
  return { kind: 'state', state, next: nextLookAt(state, dates, rule !== null, user, now) };
}
