// The deliveries outbox (SPEC A7) and the delivery tick's bookkeeping on events.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/**
 * Brings next_check_at of a user's live events forward to `now`, so the next
 * delivery tick looks at them (after a change of zone, hours or channels:
 * their windows or their reachability moved). A lower bound is always safe.
 */
export async function markUserEventsForCheck(db: Db, userId: number, now: Date): Promise<void> {
  await sql`
    UPDATE events SET next_check_at = ${now}
    WHERE user_id = ${userId}
      AND state IN ('scheduled', 'preparing', 'today', 'overdue')
      AND (next_check_at IS NULL OR next_check_at > ${now})`.execute(db);
}

/**
 * Gives claimed rows back to the queue (a stopping worker's deliveries still
 * in flight): claimable at once, the attempt not counted. Fenced like a
 * result: only the attempt that holds a row releases it. Returns the rows released.
 */
export async function releaseDeliveries(db: Db, rows: Array<{ id: number; attempts: number }>, now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await sql`
    UPDATE deliveries d SET attempts = d.attempts - 1, locked_until = NULL, next_attempt_at = ${now}
    FROM (SELECT unnest(${rows.map((r) => r.id)}::bigint[]) AS id, unnest(${rows.map((r) => r.attempts)}::int[]) AS attempts) v
    WHERE d.id = v.id AND d.attempts = v.attempts AND d.result = 'pending'`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
