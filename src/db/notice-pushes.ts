// SQL of the notice tick (SPEC B2, B5): the retention sweep, the
// recipients whose push waits for a decision, and what a decision writes
// back. Every "now" is a parameter.
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import type { Executor } from './notices.ts';
import { DECIDING_USER_COLUMNS } from './users.ts';

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
    .leftJoin('source_topics as st', (j) => j.onRef('st.source_id', '=', 'n.source_id').onRef('st.topic', '=', 'n.topic'))
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
      'n.delivery',
      // The topic's defaults (issue 23): a cell the user never set; null for an undeclared topic.
      sql<Record<string, boolean> | null>`st.defaults`.as('topic_defaults'),
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
