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
