// A webhook whose presence URL keeps timing out is asked less often (issue
// 10): its consecutive timeouts and the moment it may be asked again, on the
// channel, so every process (and the user, in /me/channels) sees the same state.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE channels ADD COLUMN presence_timeouts integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE channels ADD COLUMN presence_backoff_until timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE channels DROP COLUMN presence_backoff_until`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN presence_timeouts`.execute(db);
}
