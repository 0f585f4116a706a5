// Notices on the live stream (SPEC B4). The write side NOTIFYs once per
// write batch with the ids of the notices it pushed and their recipients;
// every process turns that into one `notice` frame per connected recipient
// (the whole row as that recipient sees it, lane "notice") and then an
// `unread` frame with the bell's count. Read-state changes NOTIFY `unread`
// only, so the bell agrees across a user's tabs.
import { sql } from 'kysely';
import { recipientNoticeView } from '../core/notice-views.ts';
import type { Db } from '../db/connect.ts';
import type { RecipientNoticeRow } from '../db/notices.ts';
import { UNREAD_COUNTED_UP_TO, unreadLabel } from '../domain/notices.ts';
import type { KindContext, KindHandler } from './kinds.ts';
import { MAX_PAYLOAD_BYTES } from './messages.ts';
import { notifyChange } from './notify.ts';

export interface NoticePush {
  id: number;
  userIds: number[];
}

/**
 * The messages announcing these pushes: one, unless its recipient list would
 * not fit a NOTIFY payload — then as few as fit, each naming its notices and
 * their recipients, so a fan-out to thousands still arrives as rows rather
 * than a resync. Pure.
 */
export function noticeMessages(pushes: NoticePush[]): Array<{ users: number[]; ids: number[] }> {
  // Sizes are counted, not encoded each time: a fan-out to thousands is planned in one pass.
  const BASE = JSON.stringify({ k: 'notice', u: [], d: [] }).length;
  const cost = (n: number) => String(n).length + 1; // the number and its comma
  const out: Array<{ users: number[]; ids: number[] }> = [];
  let users = new Set<number>();
  let ids: number[] = [];
  let size = BASE;
  const flush = () => {
    if (ids.length > 0) out.push({ users: [...users], ids });
    users = new Set();
    ids = [];
    size = BASE;
  };
  for (const push of pushes) {
    const fresh = [...new Set(push.userIds)].filter((u) => !users.has(u));
    const add = (ids.includes(push.id) ? 0 : cost(push.id)) + fresh.reduce((n, u) => n + cost(u), 0);
    if (size + add > MAX_PAYLOAD_BYTES) {
      flush();
      // A notice whose recipients alone do not fit goes out in slices of them.
      ids = [push.id];
      size = BASE + cost(push.id);
      for (const u of new Set(push.userIds)) {
        if (size + cost(u) > MAX_PAYLOAD_BYTES && users.size > 0) {
          flush();
          ids = [push.id];
          size = BASE + cost(push.id);
        }
        users.add(u);
        size += cost(u);
      }
      continue;
    }
    if (!ids.includes(push.id)) ids.push(push.id);
    for (const u of fresh) users.add(u);
    size += add;
  }
  flush();
  return out;
}

/** Notices (re)pushed: ids as the detail, recipients as the users. One message per write batch (or as few as fit). */
export async function notifyNotices(db: Db, pushes: NoticePush[]): Promise<void> {
  for (const m of noticeMessages(pushes)) await notifyChange(db, 'notice', m.users, m.ids);
}

/** A user's read or archive state changed: their tabs get the new count. */
export async function notifyUnread(db: Db, userId: number): Promise<void> {
  await notifyChange(db, 'unread', [userId]);
}

function noticeIds(d: unknown): number[] | null {
  if (!Array.isArray(d) || d.length === 0 || !d.every((x) => Number.isSafeInteger(x) && x > 0)) return null;
  return d as number[];
}

const unreadOf = (userId: unknown) => sql<number>`(
  SELECT count(*)::int FROM (
    SELECT 1 FROM notice_recipients x
    WHERE x.user_id = ${userId} AND x.read_at IS NULL AND x.archived_at IS NULL
    LIMIT ${UNREAD_COUNTED_UP_TO}
  ) counted
)`;

/** Unread counts (each up to 100) of many users in one query. */
export async function unreadCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const res = await sql<{ user_id: number; n: number }>`
    SELECT u.id AS user_id, ${unreadOf(sql.ref('u.id'))} AS n FROM users u WHERE u.id IN (${sql.join(userIds)})
  `.execute(db);
  for (const r of res.rows) counts.set(r.user_id, r.n);
  return counts;
}

type FrameRow = RecipientNoticeRow & { silent: boolean; unread: number };

/**
 * The rows for the recipients connected here, each with the recipient's
 * unread count and whether their web cell is off — one query, so a busy
 * stream costs one round trip per message. When the preferences cannot be
 * read the rows come without `silent` (the defaults, SPEC B3).
 */
async function frameRows(db: Db, ids: number[], users: number[]): Promise<FrameRow[]> {
  const query = (withPreferences: boolean) => sql<FrameRow>`
    SELECT n.*, s.name AS source, cu.login AS claimed_by_login, r.user_id, r.read_at, r.archived_at,
           r.created_at AS feed_at, r.created_at::text AS feed_key,
           ${
             withPreferences
               ? sql`EXISTS (SELECT 1 FROM preferences p WHERE p.user_id = r.user_id AND p.source_id = n.source_id
                        AND p.topic = n.topic AND p.channel_type = 'web' AND NOT p.enabled)`
               : sql`false`
           } AS silent,
           ${unreadOf(sql.ref('r.user_id'))} AS unread
    FROM notice_recipients r
    JOIN notices n ON n.id = r.notice_id
    JOIN sources s ON s.id = n.source_id
    LEFT JOIN users cu ON cu.id = n.claimed_by
    WHERE r.notice_id IN (${sql.join(ids)}) AND r.user_id IN (${sql.join(users)})
    ORDER BY r.notice_id`;
  try {
    return (await query(true).execute(db)).rows;
  } catch {
    return (await query(false).execute(db)).rows;
  }
}

/**
 * Frames for the notice messages heard by one process, coalesced: while one
 * query runs, the messages that arrive meanwhile wait and go together in the
 * next. So under a stream of writes the cost is one query per round, not one
 * per message, and a busy database cannot build a backlog of them. The union
 * of the waiting notices and users is exact: every message names all the
 * recipients of its notices.
 */
class NoticeFrames {
  private ids = new Set<number>();
  private users = new Set<number>();
  private running: Promise<void> | null = null;

  add(ids: number[], users: number[], ctx: KindContext): void {
    for (const id of ids) this.ids.add(id);
    for (const u of users) this.users.add(u);
    this.running ??= this.drain(ctx).finally(() => {
      this.running = null;
    });
  }

  /** Resolves when every message added so far has been published. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(ctx: KindContext): Promise<void> {
    while (this.ids.size > 0) {
      const ids = [...this.ids];
      // Only users still connected here need the rows.
      const users = ctx.hub.connected(this.users);
      this.ids = new Set();
      this.users = new Set();
      if (users.length === 0) continue;
      try {
        publishRows(ctx, await frameRows(ctx.db, ids, users));
      } catch {
        ctx.hub.publish(users, { type: 'resync', data: { reason: 'notices' } }, 'notice');
      }
    }
  }
}

function publishRows(ctx: KindContext, rows: FrameRow[]): void {
  const unread = new Map<number, number>();
  for (const row of rows) {
    const view = recipientNoticeView(row);
    ctx.hub.publish([row.user_id], { type: 'notice', data: row.silent ? { ...view, silent: true } : view }, 'notice');
    unread.set(row.user_id, row.unread);
  }
  for (const [userId, n] of unread) {
    ctx.hub.publish([userId], { type: 'unread', data: { unread: n, unread_label: unreadLabel(n) } }, 'notice');
  }
}

/** One coalescer per process hub. */
const framesByHub = new WeakMap<object, NoticeFrames>();

function framesFor(ctx: KindContext): NoticeFrames {
  let f = framesByHub.get(ctx.hub);
  if (!f) {
    f = new NoticeFrames();
    framesByHub.set(ctx.hub, f);
  }
  return f;
}

/** Resolves when the notice frames of every message this hub has heard are published (tests, shutdown). */
export async function noticeFramesIdle(hub: object): Promise<void> {
  await framesByHub.get(hub)?.idle();
}

/**
 * `notice`: the row to each recipient connected here, then their unread
 * count. Returns at once; the frames follow from the coalescer (above).
 */
export const noticeKind: KindHandler = (msg, users, ctx) => {
  const ids = noticeIds(msg.d);
  if (ids === null) {
    ctx.hub.publish(users, { type: 'resync', data: { reason: 'notices' } }, 'notice');
    return;
  }
  framesFor(ctx).add(ids, users, ctx);
};

/** `unread`: the bell's count only. */
export const unreadKind: KindHandler = async (_msg, users, ctx) => {
  for (const [userId, n] of await unreadCounts(ctx.db, users)) {
    ctx.hub.publish([userId], { type: 'unread', data: { unread: n, unread_label: unreadLabel(n) } }, 'notice');
  }
};
