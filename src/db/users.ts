import { sql } from 'kysely';
import type { Db } from './connect.ts';
import type { UserRow } from './rows.ts';

const USER_COLUMNS = ['id', 'login', 'tz', 'quiet_start', 'quiet_end', 'locale'] as const;

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

/** Badge = the user's events in today + overdue (SPEC A4). */
export async function badgeCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('state', 'in', ['today', 'overdue'])
    .executeTakeFirstOrThrow();
  return row.n;
}
