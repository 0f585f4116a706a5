// The probes' one query.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** Resolves when the database answers a trivial query. */
export async function ping(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
