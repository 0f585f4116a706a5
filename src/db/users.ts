import { sql } from 'kysely';
import { BADGE_STATES } from '../domain/lifecycle.ts';
import type { Db } from './connect.ts';
import type { UserRow } from './rows.ts';

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
 * which is the common case.
 */
export async function ensureUsers(db: Db, logins: string[], defaults: NewUserDefaults, now: Date): Promise<Map<string, UserRow>> {
  const unique = [...new Set(logins)];
  const found = new Map<string, UserRow>();
  if (unique.length === 0) return found;
  for (const row of await db.selectFrom('users').select(USER_COLUMNS).where('login', 'in', unique).execute()) {
    found.set(row.login, row);
  }
  const missing = unique.filter((l) => !found.has(l));
  if (missing.length > 0) {
    await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values(missing.map((login) => ({ login, tz: defaults.tz, locale: defaults.locale, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.column('login').doNothing())
        .returning('id')
        .execute();
      if (created.length > 0) {
        await trx
          .insertInto('channels')
          .values(created.map((u) => ({ user_id: u.id, type: 'web' as const, config: '{}', created_at: now, updated_at: now })))
          .onConflict((oc) => oc.column('user_id').where('type', '=', 'web').doNothing())
          .execute();
      }
    });
    for (const row of await db.selectFrom('users').select(USER_COLUMNS).where('login', 'in', missing).execute()) {
      found.set(row.login, row);
    }
  }
  return found;
}

export async function ensureUser(db: Db, login: string, defaults: NewUserDefaults, now: Date): Promise<UserRow> {
  return (await ensureUsers(db, [login], defaults, now)).get(login)!;
}

export async function updateUserSettings(
  db: Db,
  userId: number,
  change: { tz?: string; quiet_start?: string; quiet_end?: string; locale?: string },
  now: Date,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...change, updated_at: now })
    .where('id', '=', userId)
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
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
