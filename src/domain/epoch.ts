// Calendar arithmetic on plain integers for the upsert's hot path (issue 28):
// a day is its epoch day (days since 1970-01-01), a wall time its second of
// the day, an instant its epoch milliseconds. A Temporal object costs about a
// microsecond and a WeakMap entry; 500 events a request made dozens of them
// each. Temporal stays the reference: zone rules are read from it, once per
// (zone, day), and test/domain/epoch.property.test.ts proves these functions
// equal their Temporal counterparts in time.ts, due.ts and lifecycle.ts.
import { civilFromDays, DAY_MS, daysFromCivil, zoneDay } from './civil.ts';
import { type Instant, Temporal, wallInstant } from './time.ts';

export { civilFromDays, daysFromCivil };

export const DAY_SECONDS = 86_400;

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
