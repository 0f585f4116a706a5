// The channels table (SPEC A2, A8): rows as the engine sees them, and the
// writes of /me/channels.
import type { Selectable } from 'kysely';
import type { ChannelRecord, ChannelType } from '../channels/types.ts';
import type { Db } from './connect.ts';
import type { ChannelsTable } from './schema.ts';

export type ChannelRow = Selectable<ChannelsTable>;

export function channelRecord(row: ChannelRow): ChannelRecord {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    enabled: row.enabled,
    config: row.config,
    secret: row.secret,
    presenceHeaders: row.presence_headers,
    lastSeenAt: row.last_seen_at,
  };
}

/** Every channel of these users, web included, in creation order. */
export async function channelsOfUsers(db: Db, userIds: number[]): Promise<Map<number, ChannelRecord[]>> {
  const out = new Map<number, ChannelRecord[]>();
  if (userIds.length === 0) return out;
  const rows = await db.selectFrom('channels').selectAll().where('user_id', 'in', userIds).orderBy('id').execute();
  for (const row of rows) {
    const list = out.get(row.user_id) ?? [];
    list.push(channelRecord(row));
    out.set(row.user_id, list);
  }
  return out;
}

export async function listUserChannels(db: Db, userId: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findUserChannel(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function insertChannel(
  db: Db,
  row: {
    userId: number;
    type: ChannelType;
    config: Record<string, unknown>;
    secret: string | null;
    presenceHeaders?: Record<string, string> | null;
    now: Date;
  },
): Promise<ChannelRow> {
  return db
    .insertInto('channels')
    .values({
      user_id: row.userId,
      type: row.type,
      config: JSON.stringify(row.config),
      secret: row.secret,
      presence_headers: row.presenceHeaders ? JSON.stringify(row.presenceHeaders) : null,
      enabled: true,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setChannelEnabled(db: Db, userId: number, id: number, enabled: boolean, now: Date): Promise<ChannelRow | undefined> {
  return db
    .updateTable('channels')
    .set({ enabled, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteChannel(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('channels').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
