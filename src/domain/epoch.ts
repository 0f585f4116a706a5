// Calendar arithmetic on plain integers for the upsert's hot path (issue 28):
// a day is its epoch day (days since 1970-01-01), a wall time its second of
// the day, an instant its epoch milliseconds. A Temporal object costs about a
// microsecond and a WeakMap entry; 500 events a request made dozens of them
// each. Temporal stays the reference: zone rules are read from it, once per
// (zone, day), and test/domain/epoch.property.test.ts proves these functions
// equal their Temporal counterparts in time.ts, due.ts and lifecycle.ts.
import { type Instant, Temporal, wallInstant } from './time.ts';

export const DAY_SECONDS = 86_400;
const DAY_MS = 86_400_000;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The year, month and day of an epoch day. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (y: number, m: number): number => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]!);

/** The epoch day of a real calendar date, or null (month 13, 2026-02-30). */
export function epochDay(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** Strict YYYY-MM-DD that exists on the calendar, as an epoch day: time.ts's parseIsoDate on integers. */
export function parseEpochDay(s: string): number | null {
  if (s.length !== 10 || s[4] !== '-' || s[7] !== '-') return null;
  const y = digits(s, 0, 4);
  const m = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  if (y < 0 || m < 0 || d < 0) return null;
  return epochDay(y, m, d);
}

/** The ASCII digits s[from, to) as a number, or -1 if any is not a digit. */
export function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** YYYY-MM-DD of an epoch day, as PlainDate's toString writes years 0–9999. */
export function isoDay(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** HH:MM:SS of a second of the day, as PlainTime's toString writes a whole second. */
export function isoTime(seconds: number): string {
  return `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
}

/** The second of the day of a wall time (whole seconds: due times and active hours have no fractions). */
export const secondOfDay = (t: Temporal.PlainTime): number => t.hour * 3600 + t.minute * 60 + t.second;

// ---------------------------------------------------------------------------
// Zones. Around most days a zone keeps one offset; then a wall time is a
// subtraction. Where it changes (a DST day, a zone's rule change) the answer
// is taken from time.ts, so gaps and overlaps keep SPEC A6's rule exactly.

/** No real offset reaches 16 hours: the window below covers every instant whose wall time falls on the day. */
const REACH_MS = 16 * 3_600_000;

interface ZoneDay {
  /** The zone's offset in ms through the window, or null when it changes in it. */
  offsetMs: number | null;
}

/** [from, to): instants through which a zone keeps one offset (to = its next transition). */
interface Span {
  from: number;
  to: number;
  offsetMs: number;
}

/**
 * Spans of each zone seen, sorted by `from`: one Temporal look-up per
 * transition met (two a year in a DST zone) instead of one per day. Pure:
 * a span holds for the life of the process. Bounded: a zone's list starts
 * over when full.
 */
const SPAN_LIMIT = 2_000;
const spans = new Map<string, Span[]>();

/** The span of a zone that holds instant `at`. */
function spanAt(tz: string, at: number): Span {
  let list = spans.get(tz);
  if (list === undefined || list.length >= SPAN_LIMIT) {
    list = [];
    spans.set(tz, list);
  }
  // The last span starting at or before `at`.
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.from <= at) lo = mid + 1;
    else hi = mid - 1;
  }
  const found = list[hi];
  if (found !== undefined && at < found.to) return found;
  const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(tz);
  const next = zoned.getTimeZoneTransition('next');
  const span = { from: at, to: next === null ? Number.POSITIVE_INFINITY : next.epochMilliseconds, offsetMs: zoned.offsetNanoseconds / 1e6 };
  list.splice(hi + 1, 0, span);
  return span;
}

/** The offset of a zone through [day 00:00 UTC − 16 h, day+1 00:00 UTC + 16 h], if it holds one. */
function zoneDay(tz: string, day: number): ZoneDay {
  const span = spanAt(tz, day * DAY_MS - REACH_MS);
  const steady = span.to > (day + 1) * DAY_MS + REACH_MS && Math.abs(span.offsetMs) < REACH_MS;
  return { offsetMs: steady ? span.offsetMs : null };
}

const plainDate = (days: number): Temporal.PlainDate => {
  const { year, month, day } = civilFromDays(days);
  return new Temporal.PlainDate(year, month, day);
};
const plainTime = (s: number): Temporal.PlainTime => new Temporal.PlainTime(Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60);
const ms = (i: Instant): number => i.epochMilliseconds;

/** time.ts's wallInstant in epoch ms: the instant of a wall time on a day in a zone (SPEC A6 in gaps and overlaps). */
export function wallMs(day: number, second: number, tz: string, overlap: 'earlier' | 'later' = 'earlier'): number {
  const { offsetMs } = zoneDay(tz, day);
  if (offsetMs !== null) return (day * DAY_SECONDS + second) * 1000 - offsetMs;
  return ms(wallInstant(plainDate(day), plainTime(second), tz, overlap));
}

/** time.ts's startOfDay in epoch ms: 00:00, or the first instant of a day whose midnight is skipped. */
export function dayStartMs(day: number, tz: string): number {
  const { offsetMs } = zoneDay(tz, day);
  if (offsetMs !== null) return day * DAY_MS - offsetMs;
  return ms(plainDate(day).toZonedDateTime({ timeZone: tz }).toInstant());
}

/** The wall day and second of an instant (whole ms) in a zone: time.ts's dayIn and timeIn. */
export function wallOfMs(at: number, tz: string): { day: number; second: number } {
  const { offsetMs } = zoneDay(tz, Math.floor(at / DAY_MS));
  if (offsetMs !== null) {
    const local = at + offsetMs;
    const day = Math.floor(local / DAY_MS);
    return { day, second: Math.floor((local - day * DAY_MS) / 1000) };
  }
  const zoned = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(tz);
  const date = zoned.toPlainDate();
  return { day: daysFromCivil(date.year, date.month, date.day), second: secondOfDay(zoned.toPlainTime()) };
}
