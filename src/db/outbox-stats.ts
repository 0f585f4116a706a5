// The outbox as the metrics see it: pending delivery rows by channel type and
// state. Only pending rows are counted (the deliveries_claimable partial
// index covers them); delivered and failed rows are counted as they happen,
// by the worker's attempts counter.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

export type OutboxState = 'due' | 'leased' | 'waiting';

export interface OutboxRow {
  channel: string;
  /** due: claimable now; leased: a worker is sending it; waiting: a retry's backoff. */
  state: OutboxState;
  count: number;
  /** When the oldest of these rows was written. */
  oldest: Date;
}

export async function outboxStats(db: Db, now: Date): Promise<OutboxRow[]> {
  const res = await sql<{ channel: string; state: OutboxState; count: number; oldest: Date }>`
    SELECT ch.type AS channel,
           CASE WHEN d.locked_until > ${now} THEN 'leased'
                WHEN d.next_attempt_at <= ${now} THEN 'due'
                ELSE 'waiting' END AS state,
           count(*) AS count,
           min(d.created_at) AS oldest
    FROM deliveries d
    JOIN channels ch ON ch.id = d.channel_id
    WHERE d.result = 'pending'
    GROUP BY 1, 2`.execute(db);
  return res.rows.map((r) => ({ ...r, count: Number(r.count), oldest: new Date(r.oldest) }));
}
