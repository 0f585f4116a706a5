// Conversions between stored rows and the domain's values.
import type { Due } from '../domain/due.ts';
import type { EventDates } from '../domain/lifecycle.ts';
import { type Instant, Temporal, formatClockTime, fromDate, toDate } from '../domain/time.ts';
import type { UserSettings } from '../domain/user.ts';

/** `time` columns store 24:00:00 for an all-day due (SPEC A2). */
export const ALL_DAY = '24:00:00';

export interface UserRow {
  id: number;
  login: string;
  tz: string;
  quiet_start: string;
  quiet_end: string;
  locale: string;
}

export function userSettings(row: Pick<UserRow, 'tz' | 'quiet_start' | 'quiet_end'>): UserSettings {
  return {
    tz: row.tz,
    quietStart: Temporal.PlainTime.from(row.quiet_start),
    quietEnd: Temporal.PlainTime.from(row.quiet_end),
  };
}

/**
 * userSettings, parsed once per distinct (zone, hours) for the life of the
 * memo — a tick, a write batch: most users share a zone and hours.
 */
export function settingsMemo(): (row: Pick<UserRow, 'tz' | 'quiet_start' | 'quiet_end'>) => UserSettings {
  const memo = new Map<string, UserSettings>();
  return (row) => {
    const key = `${row.tz}\u0000${row.quiet_start}\u0000${row.quiet_end}`;
    let user = memo.get(key);
    if (!user) {
      user = userSettings(row);
      memo.set(key, user);
    }
    return user;
  };
}

export interface DueColumns {
  due_mode: 'local' | 'fixed';
  due_date: string | null;
  due_time: string | null;
  due_instant: Date | null;
}

export function dueColumns(due: Due): DueColumns {
  if (due.mode === 'fixed') return { due_mode: 'fixed', due_date: null, due_time: null, due_instant: toDate(due.instant) };
  return {
    due_mode: 'local',
    due_date: due.date.toString(),
    due_time: due.time === null ? ALL_DAY : due.time.toString(),
    due_instant: null,
  };
}

export function dueFromColumns(row: DueColumns): Due {
  if (row.due_mode === 'fixed') return { mode: 'fixed', instant: fromDate(row.due_instant!) };
  return {
    mode: 'local',
    date: Temporal.PlainDate.from(row.due_date!),
    time: row.due_time === ALL_DAY || row.due_time === null ? null : Temporal.PlainTime.from(row.due_time),
  };
}

export interface DatesColumns extends DueColumns {
  fire_on: string;
  after_due: 'keep' | 'expire';
  /** A series' rule: its duration_minutes moves the end of a timed occurrence (issue 24). */
  recurrence?: { duration_minutes?: number } | null;
}

export function eventDates(row: DatesColumns): EventDates {
  const dates: EventDates = { due: dueFromColumns(row), fireOn: Temporal.PlainDate.from(row.fire_on), afterDue: row.after_due };
  const duration = row.recurrence?.duration_minutes;
  return duration ? { ...dates, durationMinutes: duration } : dates;
}

export const clockTime = (column: string): string => formatClockTime(Temporal.PlainTime.from(column));

export const dateOrNull = (i: Instant | null): Date | null => (i === null ? null : toDate(i));
