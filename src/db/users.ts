import { sql } from 'kysely';
import { BADGE_STATES } from '../domain/lifecycle.ts';
import type { Db } from './connect.ts';
import type { UserRow } from './rows.ts';
import type { ValueFrom } from './schema.ts';

const USER_COLUMNS = ['id', 'login', 'tz', 'quiet_start', 'quiet_end', 'locale'] as const;

/**
 * What a delivery decision needs of a user, events' and notices' alike: the
 * id and login, the zone and hours (windows, quiet hours) and the last web
 * heartbeat (web presence). Selected from `users` joined as "users".
 */
export const DECIDING_USER_COLUMNS = [
  'users.id as user_id',
  'users.login',
  'users.tz',
  'users.quiet_start',
  'users.quiet_end',
  'users.last_heartbeat_at',
] as const;

/** What a user created now starts with: the default zone (SPEC A8) and the language of the request that creates them. */
export interface NewUserDefaults {
  tz: string;
  locale: string;
}

/**
 * The users with these logins, creating the missing ones with the defaults
 * and their undeletable web channel (SPEC A7, A8). One query when all exist,
 * which is the common case. Inside a caller's transaction the new users are
 * part of it (a batch that fails leaves none behind); otherwise they get one
 * of their own. Missing logins are inserted in sorted order, so two batches
 * creating the same users cannot deadlock on the login index.
 */
export async function ensureUsers(db: Db, logins: string[], defaults: NewUserDefaults, now: Date): Promise<Map<string, UserRow>> {
  return (await ensureUsersReporting(db, logins, defaults, now)).users;
}

/** ensureUsers, also saying which users this call created. */
export async function ensureUsersReporting(
  db: Db,
  logins: string[],
  defaults: NewUserDefaults,
  now: Date,
): Promise<{ users: Map<string, UserRow>; created: Set<number> }> {
  const unique = [...new Set(logins)];
  const found = new Map<string, UserRow>();
  const created = new Set<number>();
  if (unique.length === 0) return { users: found, created };
  for (const row of await db.selectFrom('users').select(USER_COLUMNS).where('login', 'in', unique).execute()) {
    found.set(row.login, row);
  }
  const missing = unique.filter((l) => !found.has(l)).sort();
  if (missing.length > 0) {
    const insert = async (trx: Db) => {
      const rows = await trx
        .insertInto('users')
        .values(missing.map((login) => ({ login, tz: defaults.tz, locale: defaults.locale, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.column('login').doNothing())
        .returning('id')
        .execute();
      if (rows.length > 0) {
        await trx
          .insertInto('channels')
          .values(rows.map((u) => ({ user_id: u.id, type: 'web' as const, config: '{}', created_at: now, updated_at: now })))
          .onConflict((oc) => oc.column('user_id').where('type', '=', 'web').doNothing())
          .execute();
      }
      for (const r of rows) created.add(r.id);
    };
    if (db.isTransaction) await insert(db);
    else await db.transaction().execute(insert);
    for (const row of await db.selectFrom('users').select(USER_COLUMNS).where('login', 'in', missing).execute()) {
      found.set(row.login, row);
    }
  }
  return { users: found, created };
}

export async function ensureUser(db: Db, login: string, defaults: NewUserDefaults, now: Date): Promise<UserRow> {
  return (await ensureUsers(db, [login], defaults, now)).get(login)!;
}

/**
 * Takes back a user that a rejected request created (SPEC A9: a rejected
 * request writes nothing): deleted with its web channel, but only while it
 * is untouched. The row lock waits for any other request of the same new
 * user that is writing under it; the checks then see what that one committed,
 * and a user something was written for stays. Returns whether it was deleted.
 */
export async function forgetUntouchedUser(db: Db, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) return false;
    const res = await sql`
      DELETE FROM users u WHERE u.id = ${userId}
        AND u.updated_at = u.created_at AND u.last_heartbeat_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM channels c WHERE c.user_id = u.id AND (c.type <> 'web' OR c.updated_at <> c.created_at))
        AND NOT EXISTS (SELECT 1 FROM events e WHERE e.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM notice_recipients r WHERE r.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM preferences p WHERE p.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM telegram_link_codes t WHERE t.user_id = u.id)`.execute(trx);
    return Number(res.numAffectedRows ?? 0) > 0;
  });
}

export async function updateUserSettings(
  db: Db,
  userId: number,
  change: { tz?: string; quiet_start?: string; quiet_end?: string; locale?: string; tz_from?: ValueFrom; locale_from?: ValueFrom },
  now: Date,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...change, updated_at: now })
    .where('id', '=', userId)
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The language a user reads (users.locale, as stored), or null for no such user. */
export async function userLocale(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return row?.locale ?? null;
}

/** The language of the user a delivery went to, by its action token's hash (a mail's Ack/Done page); null for no such delivery. */
export async function localeByActionTokenHash(db: Db, tokenHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select('users.locale')
    .where('deliveries.action_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.locale ?? null;
}

/** The language of the user whose channel a confirmation code is for, used or not; null for no such code. */
export async function localeByConfirmationHash(db: Db, codeHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('channel_confirmations')
    .innerJoin('channels', 'channels.id', 'channel_confirmations.channel_id')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select('users.locale')
    .where('channel_confirmations.code_hash', '=', codeHash)
    .executeTakeFirst();
  return row?.locale ?? null;
}

export async function recordHeartbeat(db: Db, userId: number, now: Date): Promise<void> {
  await db.updateTable('users').set({ last_heartbeat_at: now }).where('id', '=', userId).execute();
}

/** Badge = events in today + overdue (SPEC A4), for many users in one query; absent users count 0. */
export async function badgeCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('events')
    .select(['user_id', sql<number>`count(*)::int`.as('n')])
    .where('user_id', 'in', userIds)
    .where('state', 'in', BADGE_STATES)
    .groupBy('user_id')
    .execute();
  for (const r of rows) counts.set(r.user_id, r.n);
  return counts;
}

/** One user's badge. */
export async function badgeCount(db: Db, userId: number): Promise<number> {
  return (await badgeCounts(db, [userId])).get(userId)!;
}

/** Where a user's zone and language come from (issue 24): Hado's default, a provisioning source, or their own choice. */
export async function settingsFrom(db: Db, userId: number): Promise<{ tz_from: ValueFrom; locale_from: ValueFrom }> {
  return db.selectFrom('users').select(['tz_from', 'locale_from']).where('id', '=', userId).executeTakeFirstOrThrow();
}
