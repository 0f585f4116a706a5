// SQL of notices (SPEC B1): the write path's locks, keys and rows, the
// recipients and their pending pushes. The feed is in notice-feed.ts, the
// retention sweep and the notice tick's pushes in notice-pushes.ts. Every
// "now" is a parameter: none of these reads the database's clock.
import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, NoticesTable } from './schema.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

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

export async function insertKeys(db: Executor, sourceId: number, keys: Array<{ key: string; noticeId: number }>, now: Date): Promise<void> {
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
  body_format: 'plain' | 'markdown';
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
  delivery: 'presence' | 'all';
  regroup: 'web' | 'all';
  toast: boolean;
  entity_label: string | null;
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
  const { source_id: _s, source_ref: _r, topic: _t, mode: _m, channels: _c, delivery: _d, regroup: _g, toast: _o, ...rest } = jsonColumns(w);
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
export async function addRecipients(db: Executor, rows: Array<{ noticeId: number; userId: number; pushSeq: number }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  // INSERT … SELECT over arrays: one statement and three parameters for any number (an audience of 100,000).
  await sql`
    INSERT INTO notice_recipients (notice_id, user_id, created_at, pending_seq, pending_since, next_check_at)
    SELECT notice_id, user_id, ${now}::timestamptz, pending_seq, ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${rows.map((r) => r.noticeId)}::bigint[], ${rows.map((r) => r.userId)}::bigint[], ${rows.map((r) => r.pushSeq)}::int[])
      AS v(notice_id, user_id, pending_seq)
    ON CONFLICT (notice_id, user_id) DO NOTHING`.execute(db);
}

/** Keeps exactly these recipients: the others (and their read state) are removed, new ones added. */
export async function replaceRecipients(db: Executor, noticeId: number, userIds: number[], pushSeq: number, now: Date): Promise<void> {
  await sql`DELETE FROM notice_recipients WHERE notice_id = ${noticeId} AND NOT (user_id = ANY(${userIds}::bigint[]))`.execute(db);
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
 * now — a new push number, every recipient pending again (regroup "all";
 * "web" is a frame to open inboxes only, issue 23). Returns the
 * pushes with their recipients, for one NOTIFY.
 */
export async function pushTrailing(db: Executor, now: Date, before: Date): Promise<Array<{ id: number; userIds: number[] }>> {
  const due = await sql<{ id: number; regroup: 'web' | 'all' }>`
    UPDATE notices SET push_seq = push_seq + 1, last_pushed_at = ${now}
    WHERE updated_at > last_pushed_at AND last_pushed_at <= ${before}
    RETURNING id, regroup`.execute(db);
  if (due.rows.length === 0) return [];
  const ids = due.rows.map((r) => Number(r.id));
  // regroup "all": every recipient pending again (every channel); regroup "web": the frame only (issue 23).
  const all = due.rows.filter((r) => r.regroup === 'all').map((r) => Number(r.id));
  const web = due.rows.filter((r) => r.regroup === 'web').map((r) => Number(r.id));
  const pending =
    all.length === 0
      ? []
      : (
          await sql<{ notice_id: number; user_id: number }>`
    UPDATE notice_recipients r
    SET pending_seq = n.push_seq, pending_since = coalesce(r.pending_since, ${now}::timestamptz), next_check_at = ${now}
    FROM notices n
    WHERE n.id = r.notice_id AND n.id IN (${sql.join(all)})
    RETURNING r.notice_id, r.user_id`.execute(db)
        ).rows;
  const framed = web.length === 0 ? [] : await db.selectFrom('notice_recipients').select(['notice_id', 'user_id']).where('notice_id', 'in', web).execute();
  const byNotice = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const r of [...pending, ...framed]) byNotice.get(Number(r.notice_id))?.push(Number(r.user_id));
  return [...byNotice].map(([id, userIds]) => ({ id, userIds }));
}
