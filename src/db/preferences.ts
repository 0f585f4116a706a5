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

/**
 * The (source, topic) pairs that concern this user (issue 23): of every
 * source that has written to them (a notice or an event), its declared
 * topics — or, for a source without declared topics, the topics of the
 * notices it sent them — plus the pairs they stored a cell for. No other
 * source's topic, not even its name.
 */
export async function concerningTopics(db: Db, userId: number): Promise<Array<{ source_id: number; source: string; topic: string }>> {
  const res = await sql<{ source_id: number; source: string; topic: string }>`
    WITH noticed AS (
      SELECT DISTINCT n.source_id, n.topic FROM notice_recipients r JOIN notices n ON n.id = r.notice_id WHERE r.user_id = ${userId}
    ), writers AS (
      SELECT source_id FROM noticed
      UNION
      SELECT DISTINCT source_id FROM events WHERE user_id = ${userId}
    )
    SELECT t.source_id, s.name AS source, t.topic FROM (
      SELECT st.source_id, st.topic FROM source_topics st WHERE st.source_id IN (SELECT source_id FROM writers)
      UNION
      SELECT source_id, topic FROM noticed WHERE NOT EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = noticed.source_id)
      UNION
      SELECT source_id, topic FROM preferences WHERE user_id = ${userId}
    ) t JOIN sources s ON s.id = t.source_id
    ORDER BY s.name, t.topic
  `.execute(db);
  return res.rows.map((r) => ({ ...r, source_id: Number(r.source_id) }));
}

export async function userCells(db: Db, userId: number): Promise<PreferenceCell[]> {
  return db
    .selectFrom('preferences as p')
    .innerJoin('sources as s', 's.id', 'p.source_id')
    .select(['p.source_id', 's.name as source', 'p.topic', 'p.channel_type', 'p.enabled'])
    .where('p.user_id', '=', userId)
    .execute();
}

/**
 * Replaces the user's whole grid (not a delta): what is not given returns to
 * the default. With `onlySourceId` (a user token's source) only that source's
 * rows are replaced; every other source's cells stay.
 */
export async function replaceCells(
  db: Db,
  userId: number,
  cells: Array<{ source_id: number; topic: string; channel_type: ChannelType; enabled: boolean }>,
  now: Date,
  onlySourceId: number | null = null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let wipe = trx.deleteFrom('preferences').where('user_id', '=', userId);
    if (onlySourceId !== null) wipe = wipe.where('source_id', '=', onlySourceId);
    await wipe.execute();
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
