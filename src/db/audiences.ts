// SQL of audiences (issue 24): a source's named sets of users. Every write is
// set-based — the logins travel as one array parameter (unnest / = ANY), so a
// 100,000-member PUT is a handful of statements, never one per member and
// never past Postgres' 65,535 parameters. Every "now" is a parameter.
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import type { NewUserDefaults } from './users.ts';

export interface AudienceRow {
  id: number;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * The audience row, made if missing, its row locked for this transaction
 * (concurrent PUT/PATCH of one audience queue instead of interleaving);
 * `created` says whether this call made it.
 */
export async function lockOrCreateAudience(db: Db, sourceId: number, name: string, now: Date): Promise<AudienceRow & { created: boolean }> {
  const { rows } = await sql<AudienceRow & { created: boolean }>`
    INSERT INTO audiences (source_id, name, created_at, updated_at) VALUES (${sourceId}, ${name}, ${now}, ${now})
    ON CONFLICT (source_id, name) DO UPDATE SET updated_at = EXCLUDED.updated_at
    RETURNING id, name, created_at, updated_at, (xmax = 0) AS created`.execute(db);
  const row = rows[0]!;
  return { ...row, id: Number(row.id) };
}

/** The audience, its row locked (FOR UPDATE) when `lock`; undefined when the source has none of that name. */
export async function findAudience(db: Db, sourceId: number, name: string, lock = false): Promise<AudienceRow | undefined> {
  return db
    .selectFrom('audiences')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('source_id', '=', sourceId)
    .where('name', '=', name)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The source's audiences of these names, by name. */
export async function findAudiences(db: Db, sourceId: number, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('audiences').select(['id', 'name']).where('source_id', '=', sourceId).where('name', 'in', unique).execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function touchAudience(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('audiences').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function deleteAudience(db: Db, sourceId: number, name: string): Promise<boolean> {
  const res = await db.deleteFrom('audiences').where('source_id', '=', sourceId).where('name', '=', name).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Makes the users of these logins that Hado has not seen, each with its web
 * channel — as POST /api/notices does for its recipients — in two statements
 * whatever the number. Returns how many it made.
 */
export async function ensureLogins(db: Db, logins: string[], defaults: NewUserDefaults, now: Date): Promise<number> {
  if (logins.length === 0) return 0;
  const { rows } = await sql<{ made: number }>`
    WITH made AS (
      INSERT INTO users (login, tz, locale, created_at, updated_at)
      SELECT login, ${defaults.tz}, ${defaults.locale}, ${now}, ${now}
      FROM (SELECT DISTINCT unnest(${logins}::text[]) AS login) given ORDER BY login
      ON CONFLICT (login) DO NOTHING
      RETURNING id
    ), web AS (
      INSERT INTO channels (user_id, type, config, created_at, updated_at)
      SELECT id, 'web', '{}', ${now}, ${now} FROM made
      ON CONFLICT (user_id) WHERE type = 'web' DO NOTHING
    )
    SELECT count(*)::int AS made FROM made`.execute(db);
  return Number(rows[0]?.made ?? 0);
}

/** Adds these logins' users to the audience; how many were not members yet. */
export async function addMembers(db: Db, audienceId: number, logins: string[]): Promise<number> {
  if (logins.length === 0) return 0;
  const res = await sql`
    INSERT INTO audience_members (audience_id, user_id)
    SELECT ${audienceId}, u.id FROM users u WHERE u.login = ANY(${logins}::text[])
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Removes these logins' users from the audience; how many were members. */
export async function removeMembers(db: Db, audienceId: number, logins: string[]): Promise<number> {
  if (logins.length === 0) return 0;
  const res = await sql`
    DELETE FROM audience_members m USING users u
    WHERE m.audience_id = ${audienceId} AND u.id = m.user_id AND u.login = ANY(${logins}::text[])`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Removes every member whose login is not among these; how many. */
export async function keepOnlyMembers(db: Db, audienceId: number, logins: string[]): Promise<number> {
  const res = await sql`
    DELETE FROM audience_members m USING users u
    WHERE m.audience_id = ${audienceId} AND u.id = m.user_id AND NOT (u.login = ANY(${logins}::text[]))`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

export async function countMembers(db: Db, audienceId: number): Promise<number> {
  const row = await db
    .selectFrom('audience_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('audience_id', '=', audienceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of members in user-id order (the primary key's order): after `afterUserId`, at most `limit`. */
export async function memberPage(db: Db, audienceId: number, afterUserId: number, limit: number): Promise<Array<{ id: number; login: string }>> {
  return db
    .selectFrom('audience_members')
    .innerJoin('users', 'users.id', 'audience_members.user_id')
    .select(['users.id', 'users.login'])
    .where('audience_members.audience_id', '=', audienceId)
    .where('audience_members.user_id', '>', afterUserId)
    .orderBy('audience_members.user_id')
    .limit(limit)
    .execute();
}

/**
 * The members of an audience as (id, login), narrowed to these logins when
 * given (the job system's explicit list): one statement, whatever the size.
 */
export async function membersOf(db: Db, audienceId: number, only: string[] | null): Promise<Array<{ id: number; login: string }>> {
  const { rows } = await sql<{ id: number; login: string }>`
    SELECT u.id, u.login FROM audience_members m JOIN users u ON u.id = m.user_id
    WHERE m.audience_id = ${audienceId} ${only === null ? sql`` : sql`AND u.login = ANY(${only}::text[])`}
    ORDER BY u.login`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), login: r.login }));
}
