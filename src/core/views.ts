// JSON shapes of events as clients and users see them.
import type { EventWithUser } from '../db/events.ts';
import { eventDates, userSettings } from '../db/rows.ts';
import { dueDay, dueLocalTime, dueMoment } from '../domain/due.ts';
import { countsInBadge } from '../domain/lifecycle.ts';
import { followingOccurrence, occurrenceDueAt } from '../domain/series.ts';
import { formatClockTime } from '../domain/time.ts';
import { toLocale } from '../i18n/locales.ts';
import { ruleText } from '../i18n/rule-text.ts';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/**
 * A recurring event's rule in both forms and the occurrence after the
 * current one (the current one is `due_at`); all null for a one-off event.
 * `rule_text` is in the user's language, for the API too: a client shows
 * it to that user.
 */
function seriesView(row: EventWithUser) {
  const rule = row.recurrence;
  if (rule === null) return { recurrence: null, fire_days_before: null, rule_text: null, next_occurrence: null };
  return {
    recurrence: rule,
    fire_days_before: row.fire_days_before,
    rule_text: ruleText(rule, toLocale(row.locale)),
    next_occurrence: occurrenceDueAt(rule, followingOccurrence(rule, eventDates(row).due).due),
  };
}

/** GET /api/events: what the source sent, and the state Hado keeps. */
export function apiEventView(row: EventWithUser) {
  return {
    id: row.id,
    source_ref: row.source_ref,
    topic: row.topic,
    user: row.user_login,
    state: row.state,
    due_at: row.due_at,
    fire_at: row.fire_on,
    ...seriesView(row),
    after_due: row.after_due,
    payload: row.payload,
    quiet_until: iso(row.quiet_until),
    done_at: iso(row.done_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** GET /me/events: the due day and moment as computed for the user's current zone. */
export function userEventView(row: EventWithUser) {
  const user = userSettings(row);
  const dates = eventDates(row);
  const time = dueLocalTime(dates.due, user.tz);
  const moment = dueMoment(dates.due, user.tz).toZonedDateTimeISO(user.tz);
  return {
    id: row.id,
    source: row.source,
    source_ref: row.source_ref,
    topic: row.topic,
    state: row.state,
    due_at: row.due_at,
    due_mode: row.due_mode,
    due_day: dueDay(dates.due, user.tz).toString(),
    due_time: time === null ? null : formatClockTime(time),
    due_moment: moment.toString({ timeZoneName: 'never', smallestUnit: 'second' }),
    all_day: time === null,
    fire_on: row.fire_on,
    ...seriesView(row),
    after_due: row.after_due,
    payload: row.payload,
    in_badge: countsInBadge(row.state),
    quiet_until: iso(row.quiet_until),
    done_at: iso(row.done_at),
    updated_at: iso(row.updated_at),
  };
}
