// Notice preferences (SPEC B3): (source, topic) × channel type on/off per
// user. Only cells a user has set are stored; a missing cell is on.
import { sql } from 'kysely';
import type { ChannelType } from '../domain/channels.ts';
import type { Db } from './connect.ts';

export interface PreferenceCell {
  source_id: number;
  source: string;
  topic: string;
  channel_type: ChannelType;
  enabled: boolean;
}

/** The known (source, topic) pairs: every pair notices were written for, plus any the user has cells for. */
export async function knownTopics(db: Db, userId: number): Promise<Array<{ source_id: number; source: string; topic: string }>> {
  const res = await sql<{ source_id: number; source: string; topic: string }>`
    SELECT t.source_id, s.name AS source, t.topic FROM (
      SELECT source_id, topic FROM notice_topics
      UNION
      SELECT source_id, topic FROM preferences WHERE user_id = ${userId}
    ) t JOIN sources s ON s.id = t.source_id
    ORDER BY s.name, t.topic
  `.execute(db);
  return res.rows;
}

export async function userCells(db: Db, userId: number): Promise<PreferenceCell[]> {
  return db
    .selectFrom('preferences as p')
    .innerJoin('sources as s', 's.id', 'p.source_id')
    .select(['p.source_id', 's.name as source', 'p.topic', 'p.channel_type', 'p.enabled'])
    .where('p.user_id', '=', userId)
    .execute();
}

/** Replaces the user's whole grid (not a delta): what is not given returns to the default. */
export async function replaceCells(
  db: Db,
  userId: number,
  cells: Array<{ source_id: number; topic: string; channel_type: ChannelType; enabled: boolean }>,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('preferences').where('user_id', '=', userId).execute();
    for (let i = 0; i < cells.length; i += 2000) {
      await trx
        .insertInto('preferences')
        .values(cells.slice(i, i + 2000).map((c) => ({ ...c, user_id: userId, updated_at: now })))
        .execute();
    }
  });
}

export async function sourceIdsByName(db: Db, names: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (names.length === 0) return out;
  for (const r of await db
    .selectFrom('sources')
    .select(['id', 'name'])
    .where('name', 'in', [...new Set(names)])
    .execute()) {
    out.set(r.name, r.id);
  }
  return out;
}

/** The cells these users set, all (source, topic) pairs: the notice tick's preference read. */
export async function storedCells(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('preferences').select(['user_id', 'source_id', 'topic', 'channel_type', 'enabled']).where('user_id', 'in', userIds).execute();
}
