// Use cases of the user API (SPEC A8): signing in, settings, the heartbeat
// and the event list.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { applyStateChanges, type EventWithUser, selectEventsWithUser, type StateChange } from '../db/events.ts';
import { clockTime, dateOrNull, eventDates, type UserRow, userSettings } from '../db/rows.ts';
import { markUserEventsForCheck } from '../db/deliveries.ts';
import { badgeCount, ensureUsersReporting, forgetUntouchedUser, type NewUserDefaults, recordHeartbeat, settingsFrom, updateUserSettings } from '../db/users.ts';
import type { Db as Trx } from '../db/connect.ts';
import { dueMoment } from '../domain/due.ts';
import { advance, LIVE_STATES, type State, TERMINAL_STATES } from '../domain/lifecycle.ts';
import { nextLookAt } from '../domain/series.ts';
import { isValidTimeZone, Temporal, toDate } from '../domain/time.ts';
import { invalid } from '../errors.ts';
import { notifyUserChanged } from '../db/notify.ts';
import { isLocale, LOCALES, toLocale } from '../i18n/locales.ts';

export type { NewUserDefaults, UserRow };

/** The user of a login, made on its first request with `defaults`; `created` says this request made it. */
export async function signIn(db: Db, login: string, defaults: NewUserDefaults, now: Date): Promise<{ user: UserRow; created: boolean }> {
  const { users, created } = await ensureUsersReporting(db, [login], defaults, now);
  const user = users.get(login)!;
  return { user, created: created.has(user.id) };
}

/** Takes back a user its own first request made when that request was rejected (unless another wrote for it since). */
export async function forgetRejectedUser(db: Db, userId: number): Promise<void> {
  await forgetUntouchedUser(db, userId);
}

/** The user's settings as the API and the page show them: quiet hours as HH:MM, a language Hado speaks. */
export function userSettingsView(user: UserRow) {
  return {
    login: user.login,
    tz: user.tz,
    locale: toLocale(user.locale),
    quiet_start: clockTime(user.quiet_start),
    quiet_end: clockTime(user.quiet_end),
  };
}

/** GET /me: the user's settings, where the zone and language come from (issue 24), and the badge (today + overdue). */
export async function userSummary(db: Db, user: UserRow) {
  return { ...userSettingsView(user), ...(await settingsFrom(db, user.id)), badge: await badgeCount(db, user.id) };
}

/** POST /me/heartbeat: the inbox is open and used (web presence, SPEC A7). */
export async function heartbeat(db: Db, userId: number, now: Date): Promise<void> {
  await recordHeartbeat(db, userId, now);
}

export interface SettingsChange {
  tz?: string;
  quiet_start?: string;
  quiet_end?: string;
  locale?: string;
}

/**
 * Changes zone, quiet hours or language. Every local due and every window
 * moves with the first two, so the user's live events are brought to the
 * state their dates give in the new settings, and their next transition is
 * recomputed; open pages re-read either way (the language changes every word).
 */
export async function patchUser(db: Db, clock: Clock, user: UserRow, change: SettingsChange): Promise<UserRow> {
  if (change.tz !== undefined && !isValidTimeZone(change.tz)) {
    throw invalid('tz', `"${change.tz}" is not an IANA time zone (e.g. Europe/Madrid)`);
  }
  if (change.locale !== undefined && !isLocale(change.locale)) {
    throw invalid('locale', `"${change.locale}" is not a language Hado speaks; one of ${LOCALES.join(', ')}`);
  }
  const quietStart = change.quiet_start ?? clockTime(user.quiet_start);
  const quietEnd = change.quiet_end ?? clockTime(user.quiet_end);
  // SPEC A6 clarification: active hours [quiet_end, quiet_start) lie inside one calendar day.
  if (Temporal.PlainTime.compare(Temporal.PlainTime.from(quietEnd), Temporal.PlainTime.from(quietStart)) >= 0) {
    throw invalid(
      change.quiet_end !== undefined ? 'quiet_end' : 'quiet_start',
      `quiet_end (${quietEnd}) must be earlier than quiet_start (${quietStart}): active hours run from quiet_end to quiet_start within one day`,
    );
  }
  const now = clock.now();
  const nowDate = toDate(now);
  // The person's own choice wins over a provisioning source's from now on (issue 24).
  const from = { ...(change.tz !== undefined ? { tz_from: 'user' as const } : {}), ...(change.locale !== undefined ? { locale_from: 'user' as const } : {}) };
  return db.transaction().execute(async (trx) => {
    const updated = await updateUserSettings(trx, user.id, { ...change, ...from }, nowDate);
    await resettleUser(trx, updated, now);
    return updated;
  });
}

/**
 * After a user's zone, hours or language changed (inside the transaction
 * that changed them): their live events are brought to the state their dates
 * give in the new settings, their next transitions recomputed, and open pages re-read.
 */
export async function resettleUser(trx: Trx, updated: UserRow, now: Temporal.Instant): Promise<void> {
  const nowDate = toDate(now);
  const settings = userSettings(updated);
  const live = await selectEventsWithUser(trx)
    .where('events.user_id', '=', updated.id)
    // With them the ended rounds of series, which the next tick rolls in the new zone's calendar (SPEC Part C).
    .where((eb) =>
      eb.or([eb('events.state', 'in', LIVE_STATES), eb.and([eb('events.recurrence', 'is not', null), eb('events.state', 'in', ['done', 'expired'])])]),
    )
    .forUpdate('events')
    .execute();
  const changes: StateChange[] = live.map((row) => {
    const dates = eventDates(row);
    const state = advance(row.state, dates, settings, now);
    return {
      id: row.id,
      state,
      next_transition_at: dateOrNull(nextLookAt(state, dates, row.recurrence !== null, settings, now)),
    };
  });
  await applyStateChanges(trx, changes, nowDate);
  // Windows moved with the zone or hours: the delivery tick looks at each live event again.
  await markUserEventsForCheck(trx, updated.id, nowDate);
  // Every due time on the user's open pages moves with the zone: they re-read.
  await notifyUserChanged(trx, updated.id);
}

/** The user's events in the given states (default: all live ones), soonest due first. */
export async function listUserEvents(db: Db, userId: number, states: State[] | null, onlySourceId: number | null = null): Promise<EventWithUser[]> {
  let q = selectEventsWithUser(db)
    .where('events.user_id', '=', userId)
    .where('events.state', 'in', states ?? LIVE_STATES);
  // A user token (issue 25) sees its own source's events only.
  if (onlySourceId !== null) q = q.where('events.source_id', '=', onlySourceId);
  const rows = await q.orderBy('events.id').limit(5000).execute();
  const moment = (r: EventWithUser) => dueMoment(eventDates(r).due, r.tz).epochMilliseconds;
  return rows.sort((a, b) => moment(a) - moment(b) || a.id - b.id);
}

/** How many of the user's events are closed, by state: what an empty inbox says it has received. */
export async function closedEventCounts(db: Db, userId: number): Promise<ClosedCounts> {
  const rows = await db
    .selectFrom('events')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', '=', userId)
    .where('state', 'in', TERMINAL_STATES)
    .groupBy('state')
    .execute();
  const counts: ClosedCounts = { ...NO_CLOSED };
  for (const r of rows) counts[r.state as keyof ClosedCounts] = Number(r.n);
  return counts;
}

export interface ClosedCounts {
  expired: number;
  done: number;
  withdrawn: number;
}

export const NO_CLOSED: ClosedCounts = Object.freeze({ expired: 0, done: 0, withdrawn: 0 });
