// A recurrence rule in words (the API's `rule_text`), in the reader's
// language: "every 2 weeks on Mon and Thu at 10:30" · «каждые 2 недели по пн
// и чт в 10:30» · «кожні 2 тижні в пн і чт о 10:30». Pure, like the domain it
// describes; the rule's calendar itself stays in src/domain/recurrence.ts.
import type { RecurrenceRule } from '../domain/recurrence.ts';
import { weekdayList } from './intl.ts';
import type { Locale } from './locales.ts';
import { calendarDate, t } from './messages.ts';

/** Any leap year: Intl formats a month and day, the year never shows. */
const LEAP_YEAR = 2024;

/**
 * "every Mon and Thu", "every 2 weeks on Mon and Thu at 10:00", "monthly on
 * day 31 (or the last day)", "every 10 days", "yearly on 29 Feb (28 Feb in
 * common years)"; a fixed rule with a time adds its zone. An all-day fixed
 * rule names no zone: all day follows the user's calendar.
 */
export function ruleText(rule: RecurrenceRule, locale: Locale): string {
  let text: string;
  switch (rule.type) {
    case 'weekly':
      text = new Set(rule.weekdays).size === 7 ? t(locale, 'rule.daily') : t(locale, 'rule.weekly', { days: weekdayList(locale, rule.weekdays) });
      break;
    case 'biweekly':
      text = t(locale, 'rule.biweekly', { days: weekdayList(locale, rule.weekdays) });
      break;
    case 'monthly':
      text = t(locale, rule.day_of_month > 28 ? 'rule.monthlyOrLast' : 'rule.monthly', { day: rule.day_of_month });
      break;
    case 'every_n_days':
      text = rule.interval_days === 1 ? t(locale, 'rule.daily') : t(locale, 'rule.everyNDays', { n: rule.interval_days });
      break;
    case 'yearly': {
      const date = calendarDate({ year: LEAP_YEAR, month: rule.month, day: rule.day });
      text =
        rule.month === 2 && rule.day === 29
          ? t(locale, 'rule.yearlyLeapDay', { date, fallback: calendarDate({ year: LEAP_YEAR, month: 2, day: 28 }) })
          : t(locale, 'rule.yearly', { date });
      break;
    }
  }
  if (rule.time_local === undefined) return text;
  return rule.timezone === undefined
    ? t(locale, 'rule.at', { rule: text, time: rule.time_local })
    : t(locale, 'rule.atZone', { rule: text, time: rule.time_local, zone: rule.timezone });
}
