// Room on each page of events for the tick's and the upsert's new row
// versions (issue 28): with fillfactor 85 an UPDATE finds space on the same
// page, so one that changes no indexed column is a HOT update (no index
// entries, one WAL record for the heap), and one that does still keeps its
// new version beside the old one. Applies to pages written from now on;
// `VACUUM FULL events` (or pg_repack) rewrites the existing ones.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events SET (fillfactor = 85)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events RESET (fillfactor)`.execute(db);
}
