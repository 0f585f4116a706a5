// Notices on the live stream (SPEC B4). The write side NOTIFYs once per
// write batch with the ids of the notices it pushed and their recipients
// (src/db/notify.ts); here every process turns that into one `notice` frame
// per connected recipient (the whole row as that recipient sees it, lane
// "notice") and then an `unread` frame with the bell's count. Read-state
// changes NOTIFY `unread` only, so the bell agrees across a user's tabs.
import { recipientNoticeView } from '../core/notice-views.ts';
import type { Db } from '../db/connect.ts';
import { recipientFrames, unreadCounts } from '../db/notice-feed.ts';
import { unreadLabel } from '../domain/notices.ts';
import type { Hub } from './hub.ts';

/** What one notice message asks of this process: these notices, for these (connected) users. */
export interface NoticeFrameRequest {
  ids: number[];
  users: number[];
}

/** The notice ids of a message's detail, or null when it is malformed (then: resync). */
export function noticeIds(d: unknown): number[] | null {
  if (!Array.isArray(d) || d.length === 0 || !d.every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  return d as number[];
}

export const resyncNotices = { type: 'resync', data: { reason: 'notices' } };

/**
 * One round of notice frames for every message heard since the last round
 * (the Live's coalescer collects them): the union of the waiting notices and
 * users is exact, because every message names all the recipients of its
 * notices. The rows come from one query; when the preferences cannot be read
 * they come without `silent` (the defaults, SPEC B3). Never throws: a round
 * that fails resyncs its users.
 */
export async function publishNoticeFrames(db: Db, hub: Hub, requests: NoticeFrameRequest[]): Promise<void> {
  const ids = [...new Set(requests.flatMap((r) => r.ids))];
  // Only users still connected here need the rows.
  const users = hub.connected(requests.flatMap((r) => r.users));
  if (users.length === 0) return;
  try {
    let rows: Awaited<ReturnType<typeof recipientFrames>>;
    try {
      rows = await recipientFrames(db, ids, users, true);
    } catch {
      rows = await recipientFrames(db, ids, users, false);
    }
    const unread = new Map<number, number>();
    for (const row of rows) {
      const view = recipientNoticeView(row);
      // toast: the topic asks for one and the web cell is on (issue 23); silent: the web cell is off (SPEC B3).
      const data = { ...view, toast: row.toast && !row.silent };
      // A token stream sees its own source's notices only (issue 25).
      hub.publish([row.user_id], { type: 'notice', data: row.silent ? { ...data, silent: true } : data }, 'notice', { source: row.source_id });
      unread.set(row.user_id, row.unread);
    }
    publishUnread(hub, unread);
    await publishScopedUnread(db, hub, users);
  } catch {
    hub.publish(users, resyncNotices, 'notice');
  }
}

/** `unread`: the bell's count of each user, across sources (forward-auth streams), or of one source (its token streams). */
export function publishUnread(hub: Hub, counts: Map<number, number>, source: number | null = null): void {
  for (const [userId, n] of counts) {
    const frame = { type: 'unread', data: { unread: n, unread_label: unreadLabel(n) } };
    hub.publish([userId], frame, 'notice', source === null ? 'unscoped' : { source, only: true });
  }
}

/** The count of each source's token streams of these users: one query per source. */
async function publishScopedUnread(db: Db, hub: Hub, users: number[]): Promise<void> {
  for (const [source, ids] of hub.scopes(users)) publishUnread(hub, await unreadCounts(db, ids, source), source);
}

/** The bell's count of these users, read now. */
export async function publishUnreadOf(db: Db, hub: Hub, users: number[]): Promise<void> {
  publishUnread(hub, await unreadCounts(db, users));
  await publishScopedUnread(db, hub, users);
}
