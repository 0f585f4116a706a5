import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** The database answers (GET /healthz). */
export async function ping(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
