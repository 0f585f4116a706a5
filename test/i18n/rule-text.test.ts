// rule_text in the three languages (issue 13): the same rules, read by an
// English, a Russian and a Ukrainian user. Plural forms are checked on the
// counts where the languages differ: 1, 2, 5, 11, 21, 22, 25.
import { describe, expect, it } from 'vitest';
import { parseRecurrence, type RecurrenceRule } from '../../src/domain/recurrence.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { ruleText } from '../../src/i18n/rule-text.ts';

function rule(json: unknown): RecurrenceRule {
  const r = parseRecurrence(json);
  if (!r.ok) throw new Error(`fixture rule rejected: ${r.field}: ${r.error}`);
  return r.value;
}

type Row = [unknown, en: string, ru: string, uk: string];

const RULES: Row[] = [
  [{ type: 'weekly', weekdays: [3, 0] }, 'every Mon and Thu', 'еженедельно по пн и чт', 'щотижня в пн і чт'],
  [{ type: 'weekly', weekdays: [4] }, 'every Fri', 'еженедельно по пт', 'щотижня в пт'],
  [{ type: 'weekly', weekdays: [0, 2, 4] }, 'every Mon, Wed and Fri', 'еженедельно по пн, ср и пт', 'щотижня в пн, ср і пт'],
  [{ type: 'weekly', weekdays: [5, 6] }, 'every Sat and Sun', 'еженедельно по сб и вс', 'щотижня в сб і нд'],
  [{ type: 'weekly', weekdays: [0, 1, 2, 3, 4, 5, 6] }, 'every day', 'каждый день', 'щодня'],
  [
    { type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-03-04', time_local: '10:30' },
    'every 2 weeks on Mon and Thu at 10:30',
    'каждые 2 недели по пн и чт в 10:30',
    'кожні 2 тижні в пн і чт о 10:30',
  ],
  [
    { type: 'monthly', day_of_month: 31 },
    'monthly on day 31 (or the last day)',
    'ежемесячно 31-го числа (или в последний день месяца)',
    'щомісяця 31-го числа (або в останній день місяця)',
  ],
  [
    { type: 'monthly', day_of_month: 29 },
    'monthly on day 29 (or the last day)',
    'ежемесячно 29-го числа (или в последний день месяца)',
    'щомісяця 29-го числа (або в останній день місяця)',
  ],
  [{ type: 'monthly', day_of_month: 15 }, 'monthly on day 15', 'ежемесячно 15-го числа', 'щомісяця 15-го числа'],
  [{ type: 'monthly', day_of_month: 1, time_local: '09:00' }, 'monthly on day 1 at 09:00', 'ежемесячно 1-го числа в 09:00', 'щомісяця 1-го числа о 09:00'],
  [{ type: 'every_n_days', interval_days: 1, anchor_date: '2026-01-01' }, 'every day', 'каждый день', 'щодня'],
  [{ type: 'every_n_days', interval_days: 2, anchor_date: '2026-01-01' }, 'every 2 days', 'каждые 2 дня', 'кожні 2 дні'],
  [{ type: 'every_n_days', interval_days: 5, anchor_date: '2026-01-01' }, 'every 5 days', 'каждые 5 дней', 'кожні 5 днів'],
  [{ type: 'every_n_days', interval_days: 10, anchor_date: '2026-01-01' }, 'every 10 days', 'каждые 10 дней', 'кожні 10 днів'],
  [{ type: 'every_n_days', interval_days: 11, anchor_date: '2026-01-01' }, 'every 11 days', 'каждые 11 дней', 'кожні 11 днів'],
  [{ type: 'every_n_days', interval_days: 21, anchor_date: '2026-01-01' }, 'every 21 days', 'каждый 21 день', 'кожен 21 день'],
  [{ type: 'every_n_days', interval_days: 22, anchor_date: '2026-01-01' }, 'every 22 days', 'каждые 22 дня', 'кожні 22 дні'],
  [{ type: 'every_n_days', interval_days: 25, anchor_date: '2026-01-01' }, 'every 25 days', 'каждые 25 дней', 'кожні 25 днів'],
  [{ type: 'every_n_days', interval_days: 101, anchor_date: '2026-01-01' }, 'every 101 days', 'каждый 101 день', 'кожен 101 день'],
  [{ type: 'every_n_days', interval_days: 111, anchor_date: '2026-01-01' }, 'every 111 days', 'каждые 111 дней', 'кожні 111 днів'],
  [{ type: 'yearly', month: 8, day: 14 }, 'yearly on 14 Aug', 'ежегодно 14 августа', 'щороку 14 серпня'],
  [{ type: 'yearly', month: 3, day: 8 }, 'yearly on 8 Mar', 'ежегодно 8 марта', 'щороку 8 березня'],
  [
    { type: 'yearly', month: 2, day: 29 },
    'yearly on 29 Feb (28 Feb in common years)',
    'ежегодно 29 февраля (в невисокосные годы — 28 февраля)',
    'щороку 29 лютого (у невисокосні роки — 28 лютого)',
  ],
  [
    { type: 'yearly', month: 8, day: 14, time_local: '08:15', timezone: 'Europe/Madrid' },
    'yearly on 14 Aug at 08:15 (Europe/Madrid time)',
    'ежегодно 14 августа в 08:15 (по времени Europe/Madrid)',
    'щороку 14 серпня о 08:15 (за часом Europe/Madrid)',
  ],
  // All day follows the user's calendar: no zone named.
  [{ type: 'monthly', day_of_month: 1, timezone: 'Europe/Madrid' }, 'monthly on day 1', 'ежемесячно 1-го числа', 'щомісяця 1-го числа'],
  [
    { type: 'every_n_days', interval_days: 21, anchor_date: '2026-01-01', time_local: '07:00' },
    'every 21 days at 07:00',
    'каждый 21 день в 07:00',
    'кожен 21 день о 07:00',
  ],
];

describe('ruleText', () => {
  for (const [index, locale] of (['en', 'ru', 'uk'] as Locale[]).entries()) {
    it.each(RULES.map((r) => [r[0], r[index + 1] as string]))(`${locale}: %o → %s`, (json, text) => {
      expect(ruleText(rule(json), locale)).toBe(text);
    });
  }
});
