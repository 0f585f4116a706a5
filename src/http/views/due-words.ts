// The due day and moment in human words, relative to the user's today:
// "today 14:00", "tomorrow", "yesterday", "in 3 days, 14 Aug", "2 weeks ago,
// 3 Jul", "in 5 months, 2 Mar 2027". Pure: the caller passes today and the
// zone's wall-clock values.
import { type Instant, type PlainDate, type PlainTime, Temporal } from '../../domain/time.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const hhmm = (t: PlainTime): string => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "14 Aug", or "14 Aug 2027" outside today's year. */
export function dateLabel(day: PlainDate, today: PlainDate): string {
  const base = `${day.day} ${MONTHS[day.month - 1]}`;
  return day.year === today.year ? base : `${base} ${day.year}`;
}

/** How far `day` is from `today`, in words, with the date itself when it is not a neighbour of today. */
export function relativeDay(day: PlainDate, today: PlainDate): { words: string; near: boolean } {
  const days = today.until(day, { largestUnit: 'days' }).days;
  if (days === 0) return { words: 'today', near: true };
  if (days === 1) return { words: 'tomorrow', near: true };
  if (days === -1) return { words: 'yesterday', near: true };
  const abs = Math.abs(days);
  let span: string;
  if (abs < 14) span = plural(abs, 'day');
  else if (abs < 60) span = plural(Math.floor(abs / 7), 'week');
  else {
    const d = days > 0 ? today.until(day, { largestUnit: 'months' }) : day.until(today, { largestUnit: 'months' });
    const months = d.years * 12 + d.months;
    span = months >= 24 ? plural(Math.floor(months / 12), 'year') : plural(months, 'month');
  }
  const rel = days > 0 ? `in ${span}` : `${span} ago`;
  return { words: `${rel}, ${dateLabel(day, today)}`, near: false };
}

/**
 * The due day (and time, unless all day) in words.
 * today 14:00 · tomorrow · yesterday 09:30 · in 3 days, 14 Aug · in 3 days, 14 Aug, 14:00
 */
export function dueWords(dueDay: PlainDate, dueTime: PlainTime | null, today: PlainDate): string {
  const { words, near } = relativeDay(dueDay, today);
  if (dueTime === null) return words;
  return near ? `${words} ${hhmm(dueTime)}` : `${words}, ${hhmm(dueTime)}`;
}

/** "until 15:00" today, "until tomorrow 09:00", "until 14 Aug"; midnight is shown as the day alone. */
export function untilWords(until: Instant, now: Instant, tz: string): string {
  const at = until.toZonedDateTimeISO(tz);
  const today = now.toZonedDateTimeISO(tz).toPlainDate();
  const day = at.toPlainDate();
  const time = at.toPlainTime();
  const midnight = Temporal.PlainTime.compare(time, new Temporal.PlainTime(0, 0)) === 0;
  const days = today.until(day, { largestUnit: 'days' }).days;
  if (days === 0) return `until ${hhmm(time)}`;
  const dayWords = days === 1 ? 'tomorrow' : dateLabel(day, today);
  return midnight ? `until ${dayWords}` : `until ${dayWords} ${hhmm(time)}`;
}

/**
 * How long ago a notice changed, as its feed shows it: "just now", "5 min ago",
 * "3 h ago", "yesterday", "4 days ago", then the date ("14 Aug").
 */
export function agoWords(at: Instant, now: Instant, tz: string): string {
  const s = Math.max(0, Math.round((now.epochMilliseconds - at.epochMilliseconds) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d === 1) return 'yesterday';
  if (d < 7) return `${d} days ago`;
  return dateLabel(at.toZonedDateTimeISO(tz).toPlainDate(), now.toZonedDateTimeISO(tz).toPlainDate());
}

/** A moment as a person reads it in their zone: "2026-08-11 10:00, Europe/Madrid". */
export function exactWords(at: Instant, tz: string): string {
  const z = at.toZonedDateTimeISO(tz);
  return `${z.toPlainDate().toString()} ${hhmm(z.toPlainTime())}, ${tz}`;
}
