// Devices another user took over (issue 27, finding 6): a Web Push endpoint
// or an Expo token belongs to one browser profile or app install, so a second
// user who registers it gets it. The first user's row is kept here, for
// their settings page to say so.
import type { Db } from './connect.ts';

export interface TakeoverRow {
  id: number;
  user_id: number;
  channel_type: string;
  label: string;
  moved_at: Date;
}

/** Notes that `userId` lost a device (`label`: the browser or the phone, as the settings page names it). */
export async function recordTakeover(db: Db, row: { userId: number; channelType: 'push' | 'mobile'; label: string; now: Date }): Promise<void> {
  await db.insertInto('device_takeovers').values({ user_id: row.userId, channel_type: row.channelType, label: row.label, moved_at: row.now }).execute();
}

/** The user's devices taken over since `since`, newest first (at most `limit`). */
export async function recentTakeovers(db: Db, userId: number, since: Date, limit = 10): Promise<TakeoverRow[]> {
  const rows = await db
    .selectFrom('device_takeovers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('moved_at', '>=', since)
    .orderBy('moved_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id) }));
}
