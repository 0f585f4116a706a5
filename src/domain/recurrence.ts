// Recurrence in the core (SPEC Part C): the only place in Hado that knows the
// recurrence calendar. Pure: a rule and calendar days in, occurrences out.
//
// Every type is computed by jumping straight to "the first occurrence on or
// after day d" (at most a 14-day scan for the weekday types, arithmetic for
// the others), so a range of centuries costs one step per occurrence.
import type { Due } from './due.ts';
import { type PlainDate, Temporal, isValidTimeZone, parseClockTime, parseIsoDate, wallInstant } from './time.ts';

/**
 * Optional on every rule. `time_local` absent = all day. `timezone` absent =
 * local mode (follows the user's zone, SPEC A2); present = fixed instants in
 * that zone.
 */
export interface RuleClock {
  /** "HH:MM", a wall time in the rule's zone (fixed) or the user's (local). */
  time_local?: string;
  /** A named IANA zone. */
  timezone?: string;
  /**
   * How long a timed occurrence lasts (issue 24): it is `today` until its
   * end, and an `expire` event expires at the end, not at the start. Kept on
   * an all-day rule, where it changes nothing (the day is the occurrence).
   */
  duration_minutes?: number;
}

/** 0 = Monday … 6 = Sunday. */
export type Weekday = number;

export interface WeeklyRule extends RuleClock {
  type: 'weekly';
  weekdays: Weekday[];
}

export interface BiweeklyRule extends RuleClock {
  type: 'biweekly';
  weekdays: Weekday[];
  /** "YYYY-MM-DD": its Monday-based week is an "on" week; parity runs both ways from it. */
  anchor_date: string;
}

export interface MonthlyRule extends RuleClock {
  type: 'monthly';
  /** 1..31; a day past the month's end falls on its last day. */
  day_of_month: number;
}

export interface EveryNDaysRule extends RuleClock {
  type: 'every_n_days';
  interval_days: number;
  /** "YYYY-MM-DD": an occurrence; the others are whole multiples of the interval away, both ways. */
  anchor_date: string;
}

export interface YearlyRule extends RuleClock {
  type: 'yearly';
  month: number;
  /** A day that exists in some year: 29 Feb is allowed and falls on 28 Feb in common years. */
  day: number;
}

/** A validated rule, in the JSON shape the client sends (weekdays sorted ascending). */
export type RecurrenceRule = WeeklyRule | BiweeklyRule | MonthlyRule | EveryNDaysRule | YearlyRule;
export type RecurrenceType = RecurrenceRule['type'];

export const RECURRENCE_TYPES: readonly RecurrenceType[] = ['weekly', 'biweekly', 'monthly', 'every_n_days', 'yearly'];

/** An interval longer than this is not a recurrence anyone means, and keeps date arithmetic far from Temporal's limits. */
export const MAX_INTERVAL_DAYS = 3660;

/**
 * One occurrence: its calendar day in the rule's terms (for a fixed rule, the
 * day in the rule's zone) and the due it stands for.
 */
export interface Occurrence {
  date: PlainDate;
  due: Due;
}

export type RecurrenceParse = { ok: true; value: RecurrenceRule } | { ok: false; field: string; error: string };

// ---------------------------------------------------------------------------
// Validation

const COMMON_KEYS = ['type', 'time_local', 'timezone', 'duration_minutes'] as const;
/** Accepted on every rule (a stored rule is sent as it is, issue 24) and dropped where it has no meaning. */
const IGNORED_KEYS = ['anchor_date'] as const;
/** A week: longer is not a session anyone means. */
export const MAX_DURATION_MINUTES = 7 * 24 * 60;
const TYPE_KEYS: Record<RecurrenceType, readonly string[]> = {
  weekly: ['weekdays'],
  biweekly: ['weekdays', 'anchor_date'],
  monthly: ['day_of_month'],
  every_n_days: ['interval_days', 'anchor_date'],
  yearly: ['month', 'day'],
};

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Days per month in a leap year: the days that exist in some year. */
const MAX_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function fail(field: string, error: string): never {
  throw new FieldError(field, error);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function intIn(obj: Record<string, unknown>, field: string, min: number, max: number): number {
  const v = obj[field];
  if (v === undefined) fail(field, 'is required');
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(field, `must be an integer ${min}..${max}`);
  if (v < min || v > max) fail(field, `must be an integer ${min}..${max}, got ${v}`);
  return v;
}

function isoDate(obj: Record<string, unknown>, field: string): string {
  const v = obj[field];
  if (v === undefined) fail(field, 'is required');
  if (typeof v !== 'string' || parseIsoDate(v) === null) fail(field, 'must be a calendar date YYYY-MM-DD');
  return v;
}

function weekdayList(obj: Record<string, unknown>): Weekday[] {
  const v = obj.weekdays;
  if (v === undefined) fail('weekdays', 'is required');
  if (!Array.isArray(v)) fail('weekdays', 'must be an array of weekdays 0..6 (0 = Monday)');
  if (v.length === 0) fail('weekdays', 'must name at least one weekday');
  const seen = new Set<number>();
  v.forEach((d: unknown, i) => {
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 6) {
      fail('weekdays', `item ${i} must be an integer 0..6 (0 = Monday)`);
    }
    if (seen.has(d)) fail('weekdays', `weekday ${d} is listed twice`);
    seen.add(d);
  });
  return [...seen].sort((a, b) => a - b);
}

/**
 * Strict validation of a client's `recurrence` object. Errors name the field
 * relative to the rule (`weekdays`, `anchor_date`, …; an unknown key names
 * itself; a non-object names `recurrence`). `time_local` and `timezone` may be
 * null, meaning absent. The value is a fresh object holding only known keys.
 */
export function parseRecurrence(json: unknown): RecurrenceParse {
  try {
    return { ok: true, value: parseOrThrow(json) };
  } catch (e) {
    if (e instanceof FieldError) return { ok: false, field: e.field, error: e.message };
    throw e;
  }
}

function parseOrThrow(json: unknown): RecurrenceRule {
  if (!isPlainObject(json)) fail('recurrence', 'must be an object');
  const type = json.type;
  if (type === undefined) fail('type', 'is required');
  if (typeof type !== 'string' || !(RECURRENCE_TYPES as readonly string[]).includes(type)) {
    fail('type', `must be one of ${RECURRENCE_TYPES.join(', ')}`);
  }
  const t = type as RecurrenceType;
  const allowed = new Set<string>([...COMMON_KEYS, ...TYPE_KEYS[t]]);
  for (const key of Object.keys(json)) {
    if (allowed.has(key)) continue;
    if ((IGNORED_KEYS as readonly string[]).includes(key)) {
      if (json[key] !== null) isoDate(json, key);
      continue;
    }
    fail(key, `is not a field of a ${t} rule`);
  }

  let rule: RecurrenceRule;
  switch (t) {
    case 'weekly':
      rule = { type: t, weekdays: weekdayList(json) };
      break;
    case 'biweekly':
      rule = { type: t, weekdays: weekdayList(json), anchor_date: isoDate(json, 'anchor_date') };
      break;
    case 'monthly':
      rule = { type: t, day_of_month: intIn(json, 'day_of_month', 1, 31) };
      break;
    case 'every_n_days':
      rule = {
        type: t,
        interval_days: intIn(json, 'interval_days', 1, MAX_INTERVAL_DAYS),
        anchor_date: isoDate(json, 'anchor_date'),
      };
      break;
    case 'yearly': {
      const month = intIn(json, 'month', 1, 12);
      const day = intIn(json, 'day', 1, 31);
      if (day > MAX_MONTH_DAYS[month - 1]!) fail('day', `${day} ${MONTH_NAMES[month - 1]} does not exist in any year`);
      rule = { type: t, month, day };
      break;
    }
  }

  const time = json.time_local;
  if (time !== undefined && time !== null) {
    if (typeof time !== 'string' || !CLOCK.test(time)) fail('time_local', 'must be a wall time HH:MM (00:00..23:59)');
    rule.time_local = time;
  }
  const tz = json.timezone;
  if (tz !== undefined && tz !== null) {
    if (typeof tz !== 'string' || !isValidTimeZone(tz)) {
      fail('timezone', 'must be a named IANA time zone, e.g. Europe/Madrid');
    }
    rule.timezone = tz;
  }
  if (json.duration_minutes !== undefined && json.duration_minutes !== null) {
    rule.duration_minutes = intIn(json, 'duration_minutes', 1, MAX_DURATION_MINUTES);
  }
  return rule;
}

// ---------------------------------------------------------------------------
// The calendar

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
function epochDay(d: PlainDate): number {
  const y = d.month <= 2 ? d.year - 1 : d.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (d.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const mod = (a: number, n: number): number => ((a % n) + n) % n;

/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (d: PlainDate): number => d.dayOfWeek - 1;

/** The Monday-based week index of a day: 1970-01-01 was a Thursday, so Monday 1969-12-29 starts week 0. */
const weekIndex = (d: PlainDate): number => Math.floor((epochDay(d) + 3) / 7);

function monthDay(year: number, month: number, day: number): PlainDate {
  // 'constrain' clamps a day past the month's end to its last day (31 Apr → 30 Apr, 29 Feb → 28 Feb).
  return Temporal.PlainDate.from({ year, month, day }, { overflow: 'constrain' });
}

const anchorOf = (s: string): PlainDate => parseIsoDate(s)!;

/** The first day >= d on which the rule occurs. */
function firstOnOrAfter(rule: RecurrenceRule, d: PlainDate): PlainDate {
  switch (rule.type) {
    case 'weekly':
    case 'biweekly': {
      const isOn = weekdayTest(rule);
      // Any 14 consecutive days hold every weekday of one "on" week (biweekly) or two (weekly).
      for (let i = 0; i < 14; i++) {
        const day = d.add({ days: i });
        if (isOn(day)) return day;
      }
      throw new Error('unreachable: a weekday rule occurs within 14 days');
    }
    case 'monthly': {
      const here = monthDay(d.year, d.month, rule.day_of_month);
      if (Temporal.PlainDate.compare(here, d) >= 0) return here;
      const next = d.toPlainYearMonth().add({ months: 1 });
      return monthDay(next.year, next.month, rule.day_of_month);
    }
    case 'every_n_days': {
      const anchor = anchorOf(rule.anchor_date);
      const k = Math.ceil((epochDay(d) - epochDay(anchor)) / rule.interval_days);
      return anchor.add({ days: k * rule.interval_days });
    }
    case 'yearly': {
      const here = monthDay(d.year, rule.month, rule.day);
      if (Temporal.PlainDate.compare(here, d) >= 0) return here;
      return monthDay(d.year + 1, rule.month, rule.day);
    }
  }
}

function weekdayTest(rule: WeeklyRule | BiweeklyRule): (d: PlainDate) => boolean {
  const days = new Set(rule.weekdays);
  if (rule.type === 'weekly') return (d) => days.has(weekdayOf(d));
  const anchorWeek = weekIndex(anchorOf(rule.anchor_date));
  return (d) => days.has(weekdayOf(d)) && mod(weekIndex(d) - anchorWeek, 2) === 0;
}

/**
 * The due of an occurrence on a day. A fixed rule (with `timezone`) and a
 * `time_local` gives the instant of that wall time in the rule's zone (a time
 * in a DST gap moves forward, an ambiguous one takes the earlier instant,
 * SPEC A6). A fixed rule without `time_local` is all day, and an all-day
 * occurrence has no instant: it is a local all-day due on that date, so it
 * follows the user's calendar like any all-day `due_at` (SPEC A3).
 */
function dueOn(rule: RecurrenceRule, date: PlainDate): Due {
  const time = rule.time_local === undefined ? null : parseClockTime(rule.time_local);
  if (rule.timezone === undefined || time === null) return { mode: 'local', date, time };
  return { mode: 'fixed', instant: wallInstant(date, time, rule.timezone) };
}

/** Every occurrence whose calendar day is in [from, to], strictly increasing. */
export function expandOccurrences(rule: RecurrenceRule, from: PlainDate, to: PlainDate): Occurrence[] {
  const out: Occurrence[] = [];
  if (Temporal.PlainDate.compare(from, to) > 0) return out;
  let day = firstOnOrAfter(rule, from);
  while (Temporal.PlainDate.compare(day, to) <= 0) {
    out.push({ date: day, due: dueOn(rule, day) });
    day = firstOnOrAfter(rule, day.add({ days: 1 }));
  }
  return out;
}

/**
 * The current occurrence (SPEC Part C): the nearest whose day is >= today
 * (today in the user's zone, chosen by the caller). Never today's successor
 * while today's occurrence exists, so a live `today` is not replaced (A3).
 */
export function currentOccurrence(rule: RecurrenceRule, today: PlainDate): Occurrence {
  const date = firstOnOrAfter(rule, today);
  return { date, due: dueOn(rule, date) };
}

/** The occurrence after the given one. */
export function nextOccurrence(rule: RecurrenceRule, after: Occurrence): Occurrence {
  return currentOccurrence(rule, after.date.add({ days: 1 }));
}

// ---------------------------------------------------------------------------
// Comparison and display

/** Structural equality of two rules; weekday order does not matter. */
export function sameRule(a: RecurrenceRule, b: RecurrenceRule): boolean {
  if (a.type !== b.type || a.time_local !== b.time_local || a.timezone !== b.timezone) return false;
  switch (a.type) {
    case 'weekly':
      return sameWeekdays(a.weekdays, (b as WeeklyRule).weekdays);
    case 'biweekly': {
      const o = b as BiweeklyRule;
      return a.anchor_date === o.anchor_date && sameWeekdays(a.weekdays, o.weekdays);
    }
    case 'monthly':
      return a.day_of_month === (b as MonthlyRule).day_of_month;
    case 'every_n_days': {
      const o = b as EveryNDaysRule;
      return a.interval_days === o.interval_days && a.anchor_date === o.anchor_date;
    }
    case 'yearly': {
      const o = b as YearlyRule;
      return a.month === o.month && a.day === o.day;
    }
  }
}

function sameWeekdays(a: readonly number[], b: readonly number[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((d) => sb.has(d));
}
