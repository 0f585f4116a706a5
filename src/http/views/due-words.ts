// The due day and moment in human words, relative to the user's today, in
// the user's language: "today 14:00", "tomorrow", "in 3 days, 14 Aug",
// "2 weeks ago, 3 Jul" · «через 3 дня, 14 августа» · «5 днів тому, 6 серпня».
// Pure: the caller passes today, the zone's wall-clock values and the locale.
// The span and the day names come from Intl.RelativeTimeFormat, so plural
// forms are the language's own; the phrase around them from the catalog.
import { type Instant, type PlainDate, type PlainTime, Temporal } from '../../domain/time.ts';
import { namedDay, relativeShort, relativeSpan } from '../../i18n/intl.ts';
import type { Locale } from '../../i18n/locales.ts';
import { calendarDate, t } from '../../i18n/messages.ts';

const hhmm = (t: PlainTime): string => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

/** "14 Aug" / «14 августа», with the year outside today's year. */
export function dateLabel(day: PlainDate, today: PlainDate, locale: Locale): string {
  return t(locale, day.year === today.year ? 'due.date' : 'due.dateYear', { date: calendarDate(day) });
}

/** "in 3 days", "2 weeks ago", "in 5 months", "in 2 years": the span between `today` and a day at least two days away. */
function spanWords(day: PlainDate, today: PlainDate, locale: Locale): string {
  const days = today.until(day, { largestUnit: 'days' }).days;
  const abs = Math.abs(days);
  const sign = Math.sign(days);
  if (abs < 14) return relativeSpan(locale, days, 'day');
  if (abs < 60) return relativeSpan(locale, sign * Math.floor(abs / 7), 'week');
  const d = days > 0 ? today.until(day, { largestUnit: 'months' }) : day.until(today, { largestUnit: 'months' });
  const months = d.years * 12 + d.months;
  return months >= 24 ? relativeSpan(locale, sign * Math.floor(months / 12), 'year') : relativeSpan(locale, sign * months, 'month');
}

/** Today, tomorrow and yesterday by name; null for any other day. */
function neighbourName(day: PlainDate, today: PlainDate, locale: Locale): string | null {
  const days = today.until(day, { largestUnit: 'days' }).days;
  return days >= -1 && days <= 1 ? namedDay(locale, days as -1 | 0 | 1) : null;
}

/** How far `day` is from `today`, in words, with the date itself when it is not a neighbour of today. */
export function relativeDay(day: PlainDate, today: PlainDate, locale: Locale): { words: string; near: boolean } {
  const name = neighbourName(day, today, locale);
  if (name !== null) return { words: name, near: true };
  return { words: t(locale, 'due.far', { span: spanWords(day, today, locale), date: dateLabel(day, today, locale) }), near: false };
}

/**
 * The due day (and time, unless all day) in words.
 * today 14:00 · tomorrow · yesterday · in 3 days, 14 Aug · in 3 days, 14 Aug, 14:00
 */
export function dueWords(dueDay: PlainDate, dueTime: PlainTime | null, today: PlainDate, locale: Locale): string {
  if (dueTime === null) return relativeDay(dueDay, today, locale).words;
  const time = hhmm(dueTime);
  const name = neighbourName(dueDay, today, locale);
  if (name !== null) return t(locale, 'due.nearAt', { day: name, time });
  // One message for the whole phrase, so a language puts the time where it reads best.
  return t(locale, 'due.farAt', { span: spanWords(dueDay, today, locale), date: dateLabel(dueDay, today, locale), time });
}

/** "until 15:00" today, "until tomorrow 09:00", "until 14 Aug"; midnight is shown as the day alone. */
export function untilWords(until: Instant, now: Instant, tz: string, locale: Locale): string {
  const at = until.toZonedDateTimeISO(tz);
  const today = now.toZonedDateTimeISO(tz).toPlainDate();
  const day = at.toPlainDate();
  const time = at.toPlainTime();
  const midnight = Temporal.PlainTime.compare(time, new Temporal.PlainTime(0, 0)) === 0;
  const days = today.until(day, { largestUnit: 'days' }).days;
  if (days === 0) return t(locale, 'due.until', { when: hhmm(time) });
  const when = days === 1 ? namedDay(locale, 1) : dateLabel(day, today, locale);
  return midnight ? t(locale, 'due.until', { when }) : t(locale, 'due.untilAt', { when, time: hhmm(time) });
}

/**
 * How long ago a notice changed, as its feed shows it: "just now", "5 min ago",
 * "3 hr ago", "yesterday", "4 days ago", then the date ("14 Aug").
 */
export function agoWords(at: Instant, now: Instant, tz: string, locale: Locale): string {
  const s = Math.max(0, Math.round((now.epochMilliseconds - at.epochMilliseconds) / 1000));
  if (s < 60) return t(locale, 'notices.justNow');
  const m = Math.round(s / 60);
  if (m < 60) return relativeShort(locale, -m, 'minute');
  const h = Math.round(m / 60);
  if (h < 24) return relativeShort(locale, -h, 'hour');
  const d = Math.round(h / 24);
  if (d === 1) return namedDay(locale, -1);
  if (d < 7) return relativeSpan(locale, -d, 'day');
  return dateLabel(at.toZonedDateTimeISO(tz).toPlainDate(), now.toZonedDateTimeISO(tz).toPlainDate(), locale);
}

/** A moment as a person reads it in their zone: "2026-08-11 10:00, Europe/Madrid". */
export function exactWords(at: Instant, tz: string): string {
  const z = at.toZonedDateTimeISO(tz);
  return `${z.toPlainDate().toString()} ${hhmm(z.toPlainTime())}, ${tz}`;
}
