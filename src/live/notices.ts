// Notices on the live stream (SPEC B4). The write side NOTIFYs once per
// write batch with the ids of the notices it pushed and their recipients;
// every process turns that into one `notice` frame per connected recipient
// (the whole row as that recipient sees it, lane "notice") and then an
// `unread` frame with the bell's count. Read-state changes NOTIFY `unread`
// only, so the bell agrees across a user's tabs.
import { sql } from 'kysely';
import { recipientNoticeView } from '../core/notice-views.ts';
import type { Db } from '../db/connect.ts';
import { recipientRows } from '../db/notices.ts';
import { UNREAD_COUNTED_UP_TO, unreadLabel } from '../domain/notices.ts';
import type { KindHandler } from './kinds.ts';
import { notifyChange } from './notify.ts';

/** Notices (re)pushed: ids as the detail, recipients as the users. One call per write batch. */
export async function notifyNotices(db: Db, pushes: Array<{ id: number; userIds: number[] }>): Promise<void> {
  if (pushes.length === 0) return;
  await notifyChange(
    db,
    'notice',
    pushes.flatMap((p) => p.userIds),
    [...new Set(pushes.map((p) => p.id))],
  );
}

/** A user's read or archive state changed: their tabs get the new count. */
export async function notifyUnread(db: Db, userId: number): Promise<void> {
  await notifyChange(db, 'unread', [userId]);
}

function noticeIds(d: unknown): number[] | null {
  if (!Array.isArray(d) || d.length === 0 || !d.every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  return d as number[];
}

/** Unread counts (each up to 100) of many users in one query. */
export async function unreadCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const res = await sql<{ user_id: number; n: number }>`
    SELECT u.id AS user_id, (
      SELECT count(*)::int FROM (
        SELECT 1 FROM notice_recipients r
        WHERE r.user_id = u.id AND r.read_at IS NULL AND r.archived_at IS NULL
        LIMIT ${UNREAD_COUNTED_UP_TO}
      ) x
    ) AS n
    FROM users u WHERE u.id IN (${sql.join(userIds)})
  `.execute(db);
  for (const r of res.rows) counts.set(r.user_id, r.n);
  return counts;
}

/**
 * The (user, notice) pairs whose recipient switched the web cell off for the
 * notice's (source, topic): the row still arrives (the inbox lists
 * everything) but marked `silent`, so the page shows no toast. A failure to
 * read means the defaults (SPEC B3).
 */
async function silentPairs(db: Db, ids: number[], users: number[]): Promise<Set<string>> {
  try {
    const res = await sql<{ user_id: number; notice_id: number }>`
      SELECT p.user_id, n.id AS notice_id
      FROM notices n JOIN preferences p ON p.source_id = n.source_id AND p.topic = n.topic
      WHERE n.id IN (${sql.join(ids)}) AND p.user_id IN (${sql.join(users)})
        AND p.channel_type = 'web' AND NOT p.enabled
    `.execute(db);
    return new Set(res.rows.map((r) => `${r.user_id}:${r.notice_id}`));
  } catch {
    return new Set();
  }
}

async function publishUnread(db: Db, users: number[], publish: (userId: number, data: object) => void): Promise<void> {
  for (const [userId, unread] of await unreadCounts(db, users)) publish(userId, { unread, unread_label: unreadLabel(unread) });
}

/** `notice`: load the rows for the recipients connected here and send each its own. */
export const noticeKind: KindHandler = async (msg, users, ctx) => {
  const ids = noticeIds(msg.d);
  if (ids === null) {
    ctx.hub.publish(users, { type: 'resync', data: { reason: 'notices' } }, 'notice');
    return;
  }
  const rows = await recipientRows(ctx.db, ids, users);
  const silent = rows.length > 0 ? await silentPairs(ctx.db, ids, users) : new Set<string>();
  for (const row of rows) {
    const view = recipientNoticeView(row);
    const data = silent.has(`${row.user_id}:${row.id}`) ? { ...view, silent: true } : view;
    ctx.hub.publish([row.user_id], { type: 'notice', data }, 'notice');
  }
  await publishUnread(ctx.db, users, (userId, data) => ctx.hub.publish([userId], { type: 'unread', data }, 'notice'));
};

/** `unread`: the bell's count only. */
export const unreadKind: KindHandler = async (_msg, users, ctx) => {
  await publishUnread(ctx.db, users, (userId, data) => ctx.hub.publish([userId], { type: 'unread', data }, 'notice'));
};
