// The proleptic Gregorian calendar on integers and the offsets of time zones
// (issue 28): a day is its epoch day (days since 1970-01-01), an instant its
// epoch milliseconds. Shared by time.ts (whose Temporal helpers take the
// integer path on the days a zone keeps one offset) and epoch.ts (the
// upsert's integer calendar). Zone rules come from Temporal, once per
// transition met; test/domain/epoch.property.test.ts and time-memo.test.ts
// prove the answers equal Temporal's.
import { Temporal } from 'temporal-polyfill';

export const DAY_MS = 86_400_000;

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

// ---------------------------------------------------------------------------
// Zones. Around most days a zone keeps one offset; then a wall time is a
// subtraction. Where it changes (a DST day, a zone's rule change) the answer
// is taken from time.ts, so gaps and overlaps keep SPEC A6's rule exactly.

/** No real offset reaches 16 hours: the window below covers every instant whose wall time falls on the day. */
const REACH_MS = 16 * 3_600_000;

export interface ZoneDay {
  /** The zone's offset in ms through the window, or null when it changes in it. */
  offsetMs: number | null;
}

/** [from, to): instants through which a zone keeps one offset (from and to are its transitions either side). */
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
  // The whole period between two transitions, so one span answers every instant in it, before `at` too (a span
  // starting at `at` made every earlier ask in the period a new Temporal look-up: issue 28, a tick asks in no order).
  // 'previous' is the transition strictly before `at`; when `at` is a transition itself, the offset changed after it.
  const prev = zoned.getTimeZoneTransition('previous');
  const from = prev === null ? Number.NEGATIVE_INFINITY : prev.offsetNanoseconds === zoned.offsetNanoseconds ? prev.epochMilliseconds : at;
  const span = { from, to: next === null ? Number.POSITIVE_INFINITY : next.epochMilliseconds, offsetMs: zoned.offsetNanoseconds / 1e6 };
  list.splice(hi + 1, 0, span);
  return span;
}

/** The offset of a zone through [day 00:00 UTC − 16 h, day+1 00:00 UTC + 16 h], if it holds one. */
export function zoneDay(tz: string, day: number): ZoneDay {
  const span = spanAt(tz, day * DAY_MS - REACH_MS);
  const steady = span.to > (day + 1) * DAY_MS + REACH_MS && Math.abs(span.offsetMs) < REACH_MS;
  return { offsetMs: steady ? span.offsetMs : null };
}
