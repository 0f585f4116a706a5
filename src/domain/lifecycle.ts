// The event lifecycle of SPEC A4 as pure functions of (event, user, now).
import { type Due, dueDay, dueMoment, todayStart } from './due.ts';
import { type Instant, type PlainDate, Temporal, atOrAfter, startOfDay } from './time.ts';
import type { UserSettings } from './user.ts';

export const STATES = ['scheduled', 'preparing', 'today', 'overdue', 'done', 'expired', 'withdrawn'] as const;
export type State = (typeof STATES)[number];
export type AfterDue = 'keep' | 'expire';

/** The state DELETE leaves (SPEC A4): the end of a one-off event, and of a whole series (Part C). */
export const WITHDRAWN = 'withdrawn' satisfies State;
export const TERMINAL_STATES: readonly State[] = ['done', 'expired', WITHDRAWN];
export const LIVE_STATES: readonly State[] = ['scheduled', 'preparing', 'today', 'overdue'];
/** States that remind (SPEC A4 table). */
export const REMINDING_STATES: readonly State[] = ['preparing', 'today', 'overdue'];

export const isTerminal = (s: State): boolean => TERMINAL_STATES.includes(s);
/** Badge = today + overdue (SPEC A4). */
export const BADGE_STATES: readonly State[] = ['today', 'overdue'];
export const countsInBadge = (s: State): boolean => BADGE_STATES.includes(s);

/** The dates of an event that drive its phase. */
export interface EventDates {
  due: Due;
  fireOn: PlainDate;
  afterDue: AfterDue;
  /** A timed occurrence's length (a rule's duration_minutes, issue 24): its phase ends at due + duration. */
  durationMinutes?: number;
}

/** The instants at which the phase changes, in the user's current zone and hours. */
export interface Milestones {
  /** 00:00 of fire_on, or null when there is no preparation (fire_on is the due day or later). */
  preparingAt: Instant | null;
  todayAt: Instant;
  dueAt: Instant;
}

/**
 * When the due has passed: its moment, or for a timed occurrence with a
 * duration the end of it (an all-day due already lasts its whole day).
 */
export function dueEnd(ev: Pick<EventDates, 'due' | 'durationMinutes'>, tz: string): Instant {
  const moment = dueMoment(ev.due, tz);
  const timed = ev.due.mode === 'fixed' || ev.due.time !== null;
  return timed && ev.durationMinutes ? moment.add({ minutes: ev.durationMinutes }) : moment;
}

export function milestones(ev: EventDates, user: UserSettings): Milestones {
  const day = dueDay(ev.due, user.tz);
  const prepares = Temporal.PlainDate.compare(ev.fireOn, day) < 0;
  return {
    preparingAt: prepares ? startOfDay(ev.fireOn, user.tz) : null,
    todayAt: todayStart(ev.due, user),
    dueAt: dueEnd(ev, user.tz),
  };
}

/**
 * The phase "recomputed from the dates" (SPEC A4): the live state an event
 * has at `now`, ignoring Done and DELETE (those are stored, not derived).
 */
export function phaseAt(ev: EventDates, user: UserSettings, now: Instant): State {
  return phaseOf(milestones(ev, user), ev.afterDue, now);
}

/** phaseAt over milestones already computed: they do not depend on `now`. */
function phaseOf(m: Milestones, afterDue: AfterDue, now: Instant): State {
  if (atOrAfter(now, m.dueAt)) return afterDue === 'keep' ? 'overdue' : 'expired';
  if (atOrAfter(now, m.todayAt)) return 'today';
  if (m.preparingAt && atOrAfter(now, m.preparingAt)) return 'preparing';
  return 'scheduled';
}

/**
 * The next instant after `now` at which the phase of a live event changes
 * by itself, or null if it never will (overdue, terminal). The scheduler
 * looks only at events whose moment has come, so a tick costs what needs
 * attention, not the size of the table.
 */
export function nextTransitionAt(ev: EventDates, user: UserSettings, now: Instant): Instant | null {
  return lifecycleAt(ev, user, now).next;
}

/**
 * phaseAt and nextTransitionAt together, from one computation of the
 * milestones (the zone arithmetic is the cost of a batch upsert).
 */
export function lifecycleAt(ev: EventDates, user: UserSettings, now: Instant): { state: State; next: Instant | null } {
  const m = milestones(ev, user);
  // The milestones are not always in order: with active hours ending before
  // 02:00 the eve start of an early due (quiet_start − 2h) falls on the day
  // before the eve, ahead of 00:00 of a fire_on on the eve. So take them in
  // time order and return the first one at which the phase really changes.
  const state = phaseOf(m, ev.afterDue, now);
  const ahead = [m.preparingAt, m.todayAt, m.dueAt]
    .filter((at): at is Instant => at !== null && Temporal.Instant.compare(at, now) > 0)
    .sort(Temporal.Instant.compare);
  return { state, next: ahead.find((at) => phaseOf(m, ev.afterDue, at) !== state) ?? null };
}

/** The stored state after a tick or recompute: terminal states never move by the clock. */
export function advance(current: State, ev: EventDates, user: UserSettings, now: Instant): State {
  return isTerminal(current) ? current : phaseAt(ev, user, now);
}
