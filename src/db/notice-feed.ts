// SQL of the notice feed (SPEC B2): a recipient's keyset page, their
// read and archived state, the unread counts, claims, and the rows live
// frames are made of. Every "now" is a parameter.
import { type RawBuilder, sql } from 'kysely';
import { UNREAD_COUNTED_UP_TO } from '../domain/notices.ts';
import { compileOnce } from './compile-once.ts';
import type { Executor, NoticeRow } from './notices.ts';

export type FeedFilter = 'inbox' | 'unread' | 'archived' | 'all';

/**
 * The columns of a notice its recipient's views and frames are made of
 * (core/notice-views.ts, live/notices.ts): not the delivery's own (channels,
 * template, push_seq, last_pushed_at, delivery, regroup), which a page would
 * only fetch and parse (issue 28).
 */
const VIEW_COLUMNS = [
  'n.id',
  'n.source_id',
  'n.source_ref',
  'n.topic',
  'n.mode',
  'n.title',
  'n.body',
  'n.body_format',
  'n.deep_link',
  'n.data',
  'n.actor',
  'n.urgent',
  'n.group_count',
  'n.group_messages',
  'n.claimable',
  'n.claimed_by',
  'n.claimed_at',
  'n.updated_at',
  'n.toast',
  'n.entity_label',
] as const;
type ViewColumn = (typeof VIEW_COLUMNS)[number] extends `n.${infer C}` ? C : never;

/** A notice as one recipient sees it. */
export interface RecipientNoticeRow extends Pick<NoticeRow, ViewColumn> {
  user_id: number;
  source: string;
  claimed_by_login: string | null;
  read_at: Date | null;
  archived_at: Date | null;
  feed_at: Date;
  /** feed_at as the database prints it (microseconds and offset): the exact keyset value. */
  feed_key: string;
}

function recipientNotices(db: Executor) {
  return db
    .selectFrom('notice_recipients as r')
    .innerJoin('notices as n', 'n.id', 'r.notice_id')
    .innerJoin('sources as s', 's.id', 'n.source_id')
    .leftJoin('users as cu', 'cu.id', 'n.claimed_by')
    .select(VIEW_COLUMNS)
    .select([
      'r.user_id',
      's.name as source',
      'cu.login as claimed_by_login',
      'r.read_at',
      'r.archived_at',
      'r.created_at as feed_at',
      sql<string>`r.created_at::text`.as('feed_key'),
    ]);
}

export interface FeedCursor {
  at: string;
  id: number;
}

/** A feed's rows for the user `user` (a value or a column), newest first, by keyset (feedPage). */
function pageQuery(db: Executor, user: number | RawBuilder<number>, filter: FeedFilter, cursor: FeedCursor | null, limit: number, sourceId: number | null) {
  let q = recipientNotices(db).where('r.user_id', '=', user);
  // A user token sees its own source's notices only (issue 25).
  if (sourceId !== null) q = q.where('n.source_id', '=', sourceId);
  if (filter === 'inbox') q = q.where('r.archived_at', 'is', null);
  if (filter === 'unread') q = q.where('r.archived_at', 'is', null).where('r.read_at', 'is', null);
  if (filter === 'archived') q = q.where('r.archived_at', 'is not', null);
  if (cursor) q = q.where(sql<boolean>`(r.created_at, r.notice_id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);
  return q.orderBy('r.created_at', 'desc').orderBy('r.notice_id', 'desc').limit(limit);
}

/**
 * One page of a user's feed, newest first, by keyset on (created_at desc,
 * notice id desc): a notice that arrives while the user scrolls lands above
 * the cursor, so later pages neither repeat nor skip (offset would). Each
 * row carries the user's unread count (as unreadCount: an uncorrelated
 * subquery, run once), so that a page and its count are one statement, one
 * snapshot and one connection of the pool (issue 28); an empty page has no
 * row to carry it.
 */
export async function feedPage(
  db: Executor,
  userId: number,
  filter: FeedFilter,
  cursor: FeedCursor | null,
  limit: number,
  sourceId: number | null = null,
): Promise<Array<RecipientNoticeRow & { unread: number }>> {
  const q = pageQuery(db, userId, filter, cursor, limit, sourceId).select(unreadOf(userId, sourceId).as('unread'));
  return (await q.execute()) as Array<RecipientNoticeRow & { unread: number }>;
}

/**
 * feedPage of the user with this login, and their unread count, in one
 * statement: the signed-in request's user lookup folded in (issue 28: one
 * request, one statement). The user's row joins the count (once) and the
 * page (laterally: an empty page still answers the count); null when no user
 * has this login (the caller signs it in, which makes the user, and asks
 * again by id). The statement of each shape is compiled once: a request
 * only fills in its values (compile-once.ts).
 */
export async function feedPageOfLogin(
  db: Executor,
  login: string,
  filter: FeedFilter,
  cursor: FeedCursor | null,
  limit: number,
  sourceId: number | null = null,
): Promise<{ rows: RecipientNoticeRow[]; unread: number } | null> {
  const statement = feedOfLogin(filter, cursor !== null, sourceId !== null);
  const found = await statement(db, {
    login,
    limit,
    ...(cursor === null ? {} : { at: cursor.at, id: cursor.id }),
    ...(sourceId === null ? {} : { sourceId }),
  });
  const first = found[0];
  if (first === undefined) return null;
  return { rows: found.filter((r) => r.id !== null) as unknown as RecipientNoticeRow[], unread: first.unread };
}

interface FeedValues extends Record<string, unknown> {
  login: string;
  limit: number;
  at?: string;
  id?: number;
  sourceId?: number;
}

/** feedPageOfLogin's statement for each shape of page (filter, cursor or not, source or not), compiled once (compile-once.ts). */
const feedsOfLogin = new Map<string, ReturnType<typeof feedOfLoginStatement>>();

function feedOfLogin(filter: FeedFilter, withCursor: boolean, withSource: boolean) {
  const key = `${filter} ${withCursor} ${withSource}`;
  let run = feedsOfLogin.get(key);
  if (run === undefined) {
    run = feedOfLoginStatement(filter, withCursor, withSource);
    feedsOfLogin.set(key, run);
  }
  return run;
}

function feedOfLoginStatement(filter: FeedFilter, withCursor: boolean, withSource: boolean) {
  const names = ['login', 'limit', ...(withCursor ? (['at', 'id'] as const) : []), ...(withSource ? (['sourceId'] as const) : [])];
  return compileOnce<FeedValues, { unread: number } & { [C in keyof RecipientNoticeRow]: RecipientNoticeRow[C] | null }>(names, (db, v) => {
    const me = sql.ref<number>('u.id');
    const sourceId = withSource ? v.sourceId! : null;
    const cursor = withCursor ? { at: v.at!, id: v.id! } : null;
    return (
      db
        .selectFrom('users as u')
        // An aggregate: never pulled up into the join, so counted once, not once per row of the page.
        .innerJoinLateral(sql<{ unread: number }>`(${countUnread(me, sourceId)})`.as('c'), (join) => join.onTrue())
        .leftJoinLateral(pageQuery(db, me, filter, cursor, v.limit, sourceId).as('p'), (join) => join.onTrue())
        .select('c.unread')
        .selectAll('p')
        .where('u.login', '=', v.login)
    );
  });
}

/** These notices as their recipients (all, or these users) see them: one row per (notice, recipient). */
export async function recipientRows(db: Executor, noticeIds: number[], userIds?: number[]): Promise<RecipientNoticeRow[]> {
  if (noticeIds.length === 0 || userIds?.length === 0) return [];
  let q = recipientNotices(db).where('r.notice_id', 'in', noticeIds);
  if (userIds !== undefined) q = q.where('r.user_id', 'in', userIds);
  return (await q.orderBy('r.notice_id').execute()) as RecipientNoticeRow[];
}

/** Only the notices of this source (a user token's, issue 25), or every notice. */
const ofSource = (noticeId: unknown, sourceId: number | null) =>
  sourceId === null ? sql<boolean>`TRUE` : sql<boolean>`EXISTS (SELECT 1 FROM notices y WHERE y.id = ${noticeId} AND y.source_id = ${sourceId})`;

/** A user's unread notices in the inbox (of one source, or all), counted up to 100 (SPEC B2: shown as "99+"): one row, its column unread. */
const countUnread = (userId: unknown, sourceId: number | null) => sql<{ unread: number }>`
  SELECT count(*)::int AS unread FROM (
    SELECT 1 FROM notice_recipients x
    WHERE x.user_id = ${userId} AND x.read_at IS NULL AND x.archived_at IS NULL AND ${ofSource(sql.ref('x.notice_id'), sourceId)}
    LIMIT ${UNREAD_COUNTED_UP_TO}
  ) counted`;

/** That count as a subquery. */
export const unreadOf = (userId: unknown, sourceId: number | null = null) => sql<number>`(${countUnread(userId, sourceId)})`;

/** Unread notices in the inbox (of one source, or all), counted up to 100 (SPEC B2: shown as "99+"). */
export async function unreadCount(db: Executor, userId: number, sourceId: number | null = null): Promise<number> {
  return (await unreadCounts(db, [userId], sourceId)).get(userId)!;
}

/** Unread counts (each up to 100, of one source or all) of many users in one query; unknown users count 0. */
export async function unreadCounts(db: Executor, userIds: number[], sourceId: number | null = null): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id as user_id', unreadOf(sql.ref('u.id'), sourceId).as('n')])
    .where('u.id', 'in', userIds)
    .execute();
  for (const r of rows) counts.set(r.user_id, r.n);
  return counts;
}

/**
 * These notices as the given recipients see them, each with the recipient's
 * unread count and — with `withPreferences` — whether their web cell is off
 * (SPEC B3: the row then arrives `silent`): one query for a live round.
 */
export async function recipientFrames(db: Executor, noticeIds: number[], userIds: number[], withPreferences: boolean) {
  const rows = await recipientNotices(db)
    .select([
      withPreferences
        ? sql<boolean>`EXISTS (SELECT 1 FROM preferences p WHERE p.user_id = r.user_id AND p.source_id = n.source_id
                        AND p.topic = n.topic AND p.channel_type = 'web' AND NOT p.enabled)`.as('silent')
        : sql<boolean>`false`.as('silent'),
      unreadOf(sql.ref('r.user_id')).as('unread'),
    ])
    .where('r.notice_id', 'in', noticeIds)
    .where('r.user_id', 'in', userIds)
    .orderBy('r.notice_id')
    .execute();
  return rows as Array<RecipientNoticeRow & { silent: boolean; unread: number }>;
}

export async function markRead(db: Executor, userId: number, noticeIds: number[] | 'all', now: Date, sourceId: number | null = null): Promise<number> {
  let q = db
    .updateTable('notice_recipients')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where(ofSource(sql.ref('notice_recipients.notice_id'), sourceId));
  if (noticeIds !== 'all') q = q.where('notice_id', 'in', noticeIds);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Archive (also marks read: archiving is dismissing) or unarchive. */
export async function setArchived(
  db: Executor,
  userId: number,
  noticeIds: number[],
  archived: boolean,
  now: Date,
  sourceId: number | null = null,
): Promise<number> {
  const res = await db
    .updateTable('notice_recipients')
    .set(archived ? { archived_at: now, read_at: sql`coalesce(read_at, ${now}::timestamptz)` } : { archived_at: null })
    .where('user_id', '=', userId)
    .where('notice_id', 'in', noticeIds)
    .where('archived_at', archived ? 'is' : 'is not', null)
    .where(ofSource(sql.ref('notice_recipients.notice_id'), sourceId))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function isRecipient(db: Executor, noticeId: number, userId: number, sourceId: number | null = null): Promise<boolean> {
  const row = await db
    .selectFrom('notice_recipients')
    .select('notice_id')
    .where('notice_id', '=', noticeId)
    .where('user_id', '=', userId)
    .where(ofSource(sql.ref('notice_recipients.notice_id'), sourceId))
    .executeTakeFirst();
  return row !== undefined;
}

/** First one wins: sets the claim only if nobody holds it. Returns whether this user now holds it. */
export async function tryClaim(db: Executor, noticeId: number, userId: number, now: Date): Promise<boolean> {
  const res = await db
    .updateTable('notices')
    .set({ claimed_by: userId, claimed_at: now })
    .where('id', '=', noticeId)
    .where('claimable', '=', true)
    .where('claimed_by', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
