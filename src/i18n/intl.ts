// The words Intl knows better than any catalog: relative days ("tomorrow",
// "через 3 дня", "5 днів тому"), weekday names and lists of them. Formatters
// are built once per language and kept: Intl constructors are the slow part.
import { intlTag, type Locale } from './locales.ts';

function memo<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const cache = new Map<Locale, T>();
  return (locale) => {
    let v = cache.get(locale);
    if (v === undefined) {
      v = make(locale);
      cache.set(locale, v);
    }
    return v;
  };
}

/** Named neighbours: "today", "завтра", "учора". */
const namedDays = memo((l) => new Intl.RelativeTimeFormat(intlTag(l), { numeric: 'auto' }));
/** Counted spans: "in 3 days", "через 21 месяц", "22 роки тому". */
const countedSpans = memo((l) => new Intl.RelativeTimeFormat(intlTag(l), { numeric: 'always' }));
/** Short counted spans for recent moments: "5 min ago", «3 ч назад», «21 хв тому». */
const shortSpans = memo((l) => new Intl.RelativeTimeFormat(intlTag(l), { numeric: 'always', style: 'short' }));
const weekdayNames = memo((l) => {
  const f = new Intl.DateTimeFormat(intlTag(l), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday: index 0 = Monday … 6 = Sunday, Hado's weekday numbering.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2024, 0, 1 + i)));
});
const andList = memo((l) => new Intl.ListFormat(intlTag(l), { type: 'conjunction', style: 'long' }));

/** Today, tomorrow or yesterday by name (`days` −1, 0 or 1). */
export const namedDay = (locale: Locale, days: -1 | 0 | 1): string => namedDays(locale).format(days, 'day');

/** "in 3 weeks" / "3 weeks ago": `n` positive is ahead, negative behind. */
export const relativeSpan = (locale: Locale, n: number, unit: 'day' | 'week' | 'month' | 'year'): string => countedSpans(locale).format(n, unit);

/** "5 min ago" / «3 ч назад»: a short span for the feed (`n` negative is behind). */
export const relativeShort = (locale: Locale, n: number, unit: 'minute' | 'hour'): string => shortSpans(locale).format(n, unit);

/** "Mon and Thu", "пн, ср и пт", "пн і чт" (0 = Monday … 6 = Sunday; repeats dropped, in week order). */
export function weekdayList(locale: Locale, days: readonly number[]): string {
  const names = weekdayNames(locale);
  return andList(locale).format([...new Set(days)].sort((a, b) => a - b).map((d) => names[d] ?? String(d)));
}
