import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** Badge = events in today + overdue (SPEC A4), for many users in one query; absent users count 0. */
export async function badgeCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('events')
    .select(['user_id', sql<number>`count(*)::int`.as('n')])
    .where('user_id', 'in', userIds)
    .where('state', 'in', ['today', 'overdue'])
    .groupBy('user_id')
    .execute();
  for (const r of rows) counts.set(r.user_id, r.n);
  return counts;
}
