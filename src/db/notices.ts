// SQL of notices (SPEC B1, B2): the write path's locks and rows, the feed's
// keyset page, read/archive state, claims and the retention sweep. Every
// "now" is a parameter: none of these reads the database's clock.
import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { UNREAD_COUNTED_UP_TO } from '../domain/notices.ts';
import type { Db } from './connect.ts';
import type { Database, NoticesTable } from './schema.ts';
import { DECIDING_USER_COLUMNS } from './users.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type NoticeRow = Selectable<NoticesTable>;

/** A 64-bit advisory lock key for a logical key (collisions only serialize more). */
export function lockKey(parts: ReadonlyArray<string | number>): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * Takes transaction-scoped advisory locks in ascending order, so two batches
 * that share keys queue behind each other instead of deadlocking. The lock
 * is what keeps concurrent `group` calls for one object from making two
 * groups or losing a count (SPEC B1): no sleep, no retry.
 */
export async function lockAll(trx: Transaction<Database>, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  if (sorted.length === 0) return;
  await sql`
    SELECT pg_advisory_xact_lock(k) FROM (
      SELECT (jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb))::bigint AS k ORDER BY 1
    ) ordered
  `.execute(trx);
}

/** The notices that dedupe keys of this source already produced. */
export async function findKeys(db: Executor, sourceId: number, keys: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const rows = await db
    .selectFrom('notice_keys')
    .select(['dedupe_key', 'notice_id'])
    .where('source_id', '=', sourceId)
    .where('dedupe_key', 'in', [...new Set(keys)])
    .execute();
  for (const r of rows) out.set(r.dedupe_key, r.notice_id);
  return out;
}

export async function insertKeys(
  db: Executor,
  sourceId: number,
  keys: Array<{ key: string; noticeId: number }>,
  now: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('notice_keys')
    .values(keys.map((k) => ({ source_id: sourceId, dedupe_key: k.key, notice_id: k.noticeId, created_at: now })))
    .onConflict((oc) => oc.columns(['source_id', 'dedupe_key']).doNothing())
    .execute();
}

/** Remembers the (source, topic) pairs notices were written for: the rows of the preferences grid. */
export async function registerTopics(db: Executor, sourceId: number, topics: string[], now: Date): Promise<void> {
  const unique = [...new Set(topics)].sort();
  if (unique.length === 0) return;
  await db
    .insertInto('notice_topics')
    .values(unique.map((topic) => ({ source_id: sourceId, topic, created_at: now })))
    .onConflict((oc) => oc.columns(['source_id', 'topic']).doNothing())
    .execute();
}

export interface NoticeWrite {
  source_id: number;
  source_ref: string | null;
  topic: string;
  mode: 'create' | 'upsert' | 'group';
  title: string;
  body: string | null;
  deep_link: string | null;
  data: Record<string, unknown>;
  actor: string | null;
  urgent: boolean;
  channels: string[] | null;
  group_count: number;
  group_messages: string[];
  template: string | null;
  claimable: boolean;
  claimed_by: number | null;
  claimed_at: Date | null;
  push_seq: number;
  last_pushed_at: Date;
  updated_at: Date;
}

const jsonColumns = (w: NoticeWrite) => ({
  ...w,
  data: JSON.stringify(w.data),
  channels: w.channels === null ? null : JSON.stringify(w.channels),
  group_messages: JSON.stringify(w.group_messages),
});

/** Inserts new notices; ids come back in input order. */
export async function insertNotices(db: Executor, rows: NoticeWrite[], now: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insertInto('notices')
    .values(rows.map((r) => ({ ...jsonColumns(r), created_at: now })))
    .returning('id')
    .execute();
  return out.map((r) => r.id);
}

export async function updateNotice(db: Executor, id: number, w: NoticeWrite): Promise<void> {
  const { source_id: _s, source_ref: _r, topic: _t, mode: _m, channels: _c, ...rest } = jsonColumns(w);
  await db.updateTable('notices').set(rest).where('id', '=', id).execute();
}

/** The one live upsert notice of an object (SPEC B1 upsert). */
export async function findUpsertTarget(db: Executor, sourceId: number, sourceRef: string, topic: string) {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('source_ref', '=', sourceRef)
    .where('topic', '=', topic)
    .where('mode', '=', 'upsert')
    .executeTakeFirst();
}

/** The latest group of an object updated at or after `since` (the sliding window, SPEC B1 group). */
export async function findOpenGroup(db: Executor, sourceId: number, sourceRef: string, topic: string, since: Date) {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('source_ref', '=', sourceRef)
    .where('topic', '=', topic)
    .where('mode', '=', 'group')
    .where('updated_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findNotice(db: Executor, id: number): Promise<NoticeRow> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function recipientIds(db: Executor, noticeId: number): Promise<number[]> {
  const rows = await db.selectFrom('notice_recipients').select('user_id').where('notice_id', '=', noticeId).execute();
  return rows.map((r) => r.user_id);
}

export async function recipientLogins(db: Executor, noticeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notice_recipients')
    .innerJoin('users', 'users.id', 'notice_recipients.user_id')
    .select('users.login')
    .where('notice_recipients.notice_id', '=', noticeId)
    .orderBy('users.login')
    .execute();
  return rows.map((r) => r.login);
}

/**
 * Adds recipients to notices. A new recipient row is a push waiting for
 * delivery (SPEC B5): the delivery tick looks at it from `now`.
 */
export async function addRecipients(
  db: Executor,
  rows: Array<{ noticeId: number; userId: number; pushSeq: number }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notice_recipients')
    .values(
      rows.map((r) => ({
        notice_id: r.noticeId,
        user_id: r.userId,
        created_at: now,
        pending_seq: r.pushSeq,
        pending_since: now,
        next_check_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
}

/** Keeps exactly these recipients: the others (and their read state) are removed, new ones added. */
export async function replaceRecipients(
  db: Executor,
  noticeId: number,
  userIds: number[],
  pushSeq: number,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('notice_recipients')
    .where('notice_id', '=', noticeId)
    .$if(userIds.length > 0, (q) => q.where('user_id', 'not in', userIds))
    .execute();
  await addRecipients(
    db,
    userIds.map((userId) => ({ noticeId, userId, pushSeq })),
    now,
  );
}

/**
 * The notice's meaning changed: unread again for everyone, and back in the
 * inbox for whoever had archived it (seed 003 deletes the personal state).
 */
export async function resetReadState(db: Executor, noticeId: number): Promise<void> {
  await db
    .updateTable('notice_recipients')
    .set({ read_at: null, archived_at: null })
    .where('notice_id', '=', noticeId)
    .where((eb) => eb.or([eb('read_at', 'is not', null), eb('archived_at', 'is not', null)]))
    .execute();
}

/**
 * A new push for every recipient: delivery looks at it from `now`. A push
 * still waiting keeps its start, so a stream of regroups cannot postpone
 * the fallback forever (SPEC B5).
 */
export async function markPending(db: Executor, noticeId: number, pushSeq: number, now: Date): Promise<void> {
  await db
    .updateTable('notice_recipients')
    .set({
      pending_seq: pushSeq,
      pending_since: sql`coalesce(pending_since, ${now}::timestamptz)`,
      next_check_at: now,
    })
    .where('notice_id', '=', noticeId)
    .execute();
}

/**
 * The trailing re-push of regroups (SPEC B1): notices changed since their
 * last push whose last push is at or before `before` (30 s ago) are pushed
 * now — a new push number, every recipient pending again. Returns the
 * pushes with their recipients, for one NOTIFY.
 */
export async function pushTrailing(db: Executor, now: Date, before: Date): Promise<Array<{ id: number; userIds: number[] }>> {
  const due = await sql<{ id: number }>`
    UPDATE notices SET push_seq = push_seq + 1, last_pushed_at = ${now}
    WHERE updated_at > last_pushed_at AND last_pushed_at <= ${before}
    RETURNING id`.execute(db);
  if (due.rows.length === 0) return [];
  const ids = due.rows.map((r) => Number(r.id));
  const res = await sql<{ notice_id: number; user_id: number }>`
    UPDATE notice_recipients r
    SET pending_seq = n.push_seq, pending_since = coalesce(r.pending_since, ${now}::timestamptz), next_check_at = ${now}
    FROM notices n
    WHERE n.id = r.notice_id AND n.id IN (${sql.join(ids)})
    RETURNING r.notice_id, r.user_id`.execute(db);
  const byNotice = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const r of res.rows) byNotice.get(Number(r.notice_id))?.push(Number(r.user_id));
  return [...byNotice].map(([id, userIds]) => ({ id, userIds }));
}

// ---------------------------------------------------------------------------
// The feed (SPEC B2)

export type FeedFilter = 'inbox' | 'unread' | 'archived' | 'all';

/** A notice as one recipient sees it. */
export interface RecipientNoticeRow extends NoticeRow {
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
    .selectAll('n')
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

/**
 * One page of a user's feed, newest first, by keyset on (created_at desc,
 * notice id desc): a notice that arrives while the user scrolls lands above
 * the cursor, so later pages neither repeat nor skip (offset would).
 */
export async function feedPage(
  db: Executor,
  userId: number,
  filter: FeedFilter,
  cursor: FeedCursor | null,
  limit: number,
): Promise<RecipientNoticeRow[]> {
  let q = recipientNotices(db).where('r.user_id', '=', userId);
  if (filter === 'inbox') q = q.where('r.archived_at', 'is', null);
  if (filter === 'unread') q = q.where('r.archived_at', 'is', null).where('r.read_at', 'is', null);
  if (filter === 'archived') q = q.where('r.archived_at', 'is not', null);
  if (cursor) q = q.where(sql<boolean>`(r.created_at, r.notice_id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);
  return (await q
    .orderBy('r.created_at', 'desc')
    .orderBy('r.notice_id', 'desc')
    .limit(limit)
    .execute()) as RecipientNoticeRow[];
}

/** These notices as their recipients (all, or these users) see them: one row per (notice, recipient). */
export async function recipientRows(db: Executor, noticeIds: number[], userIds?: number[]): Promise<RecipientNoticeRow[]> {
  if (noticeIds.length === 0 || userIds?.length === 0) return [];
  let q = recipientNotices(db).where('r.notice_id', 'in', noticeIds);
  if (userIds !== undefined) q = q.where('r.user_id', 'in', userIds);
  return (await q.orderBy('r.notice_id').execute()) as RecipientNoticeRow[];
}

/** A user's unread notices in the inbox, counted up to 100 (SPEC B2: shown as "99+"), as a subquery. */
const unreadOf = (userId: unknown) => sql<number>`(
  SELECT count(*)::int FROM (
    SELECT 1 FROM notice_recipients x
    WHERE x.user_id = ${userId} AND x.read_at IS NULL AND x.archived_at IS NULL
    LIMIT ${UNREAD_COUNTED_UP_TO}
  ) counted
)`;

/** Unread notices in the inbox, counted up to 100 (SPEC B2: shown as "99+"). */
export async function unreadCount(db: Executor, userId: number): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId)!;
}

/** Unread counts (each up to 100) of many users in one query; unknown users count 0. */
export async function unreadCounts(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id as user_id', unreadOf(sql.ref('u.id')).as('n')])
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

export async function markRead(db: Executor, userId: number, noticeIds: number[] | 'all', now: Date): Promise<number> {
  let q = db.updateTable('notice_recipients').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null);
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
): Promise<number> {
  const res = await db
    .updateTable('notice_recipients')
    .set(archived ? { archived_at: now, read_at: sql`coalesce(read_at, ${now}::timestamptz)` } : { archived_at: null })
    .where('user_id', '=', userId)
    .where('notice_id', 'in', noticeIds)
    .where('archived_at', archived ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function isRecipient(db: Executor, noticeId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notice_recipients')
    .select('notice_id')
    .where('notice_id', '=', noticeId)
    .where('user_id', '=', userId)
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

// ---------------------------------------------------------------------------
// Retention (SPEC B2)

/**
 * Removes notices not updated for `days` (a group that is still growing is
 * kept), in batches so no statement holds many locks for long. Recipients,
 * keys and deliveries go with them (ON DELETE CASCADE).
 */
export async function sweepNotices(db: Db, olderThan: Date, batch = 5000): Promise<number> {
  let removed = 0;
  for (;;) {
    const res = await sql`
      DELETE FROM notices WHERE id IN (
        SELECT id FROM notices WHERE updated_at < ${olderThan} ORDER BY updated_at LIMIT ${batch}
      )
    `.execute(db);
    const n = Number(res.numAffectedRows ?? 0);
    removed += n;
    if (n < batch) return removed;
  }
}

// ---------------------------------------------------------------------------
// Delivery (SPEC B5)

/** Recipients whose pending push waits for a decision and whose next look has come, with what the tick needs. */
export async function pendingPushes(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('notice_recipients as r')
    .innerJoin('notices as n', 'n.id', 'r.notice_id')
    .innerJoin('users', 'users.id', 'r.user_id')
    .select([
      ...DECIDING_USER_COLUMNS,
      'r.notice_id',
      // Set exactly while a push waits (the query's condition): never null here.
      sql<number>`r.pending_seq`.as('pending_seq'),
      sql<Date>`r.pending_since`.as('pending_since'),
      sql<boolean>`(r.read_at IS NOT NULL OR r.archived_at IS NOT NULL)`.as('read'),
      'n.source_id',
      'n.topic',
      'n.urgent',
      'n.channels',
    ])
    .where('r.next_check_at', '<=', now)
    .orderBy('r.next_check_at')
    .limit(limit)
    .execute();
}

export type PendingPush = Awaited<ReturnType<typeof pendingPushes>>[number];

/** A (notice, user) whose pending push was decided; `seq` is the push decided about. */
export interface PushKey {
  noticeId: number;
  userId: number;
  seq: number;
}

/**
 * Pushes still waiting: their next look moves to `next`. Written only where
 * the push decided about is still the pending one (a newer push that came
 * meanwhile is decided at the next tick). Returns the (notice, user) written.
 */
export async function postponePushes(db: Executor, waits: Array<PushKey & { next: Date }>): Promise<Array<{ notice_id: number; user_id: number }>> {
  if (waits.length === 0) return [];
  const res = await sql<{ notice_id: number; user_id: number }>`
    UPDATE notice_recipients r SET next_check_at = v.next
    FROM (SELECT unnest(${waits.map((w) => w.noticeId)}::bigint[]) AS notice_id,
                 unnest(${waits.map((w) => w.userId)}::bigint[]) AS user_id,
                 unnest(${waits.map((w) => w.seq)}::int[]) AS seq,
                 unnest(${waits.map((w) => w.next)}::timestamptz[]) AS next) v
    WHERE r.notice_id = v.notice_id AND r.user_id = v.user_id AND r.pending_seq = v.seq
    RETURNING r.notice_id, r.user_id`.execute(db);
  return res.rows;
}

/** Pushes decided for good (delivered or dropped): nothing pending any more, on the same condition as postponePushes. */
export async function settlePushes(db: Executor, ends: PushKey[]): Promise<Array<{ notice_id: number; user_id: number }>> {
  if (ends.length === 0) return [];
  const res = await sql<{ notice_id: number; user_id: number }>`
    UPDATE notice_recipients r SET pending_seq = NULL, pending_since = NULL, next_check_at = NULL
    FROM (SELECT unnest(${ends.map((e) => e.noticeId)}::bigint[]) AS notice_id,
                 unnest(${ends.map((e) => e.userId)}::bigint[]) AS user_id,
                 unnest(${ends.map((e) => e.seq)}::int[]) AS seq) v
    WHERE r.notice_id = v.notice_id AND r.user_id = v.user_id AND r.pending_seq = v.seq
    RETURNING r.notice_id, r.user_id`.execute(db);
  return res.rows;
}
