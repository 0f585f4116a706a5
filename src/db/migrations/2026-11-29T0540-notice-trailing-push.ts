// The trailing re-push of a regroup (SPEC B1): a notice changed since its
// last push waits here until its 30 s are over. Only such notices are in the
// index, so the scheduler's look costs nothing when nothing waits.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX notices_repush_due ON notices (last_pushed_at) WHERE updated_at > last_pushed_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX notices_repush_due`.execute(db);
}
