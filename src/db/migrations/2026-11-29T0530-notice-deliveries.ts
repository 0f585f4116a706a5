// Notice deliveries (SPEC B5) in the one outbox: a delivery row is about an
// event or a notice, never both. A notice gets at most one delivery per
// channel per push (push_seq), as an event gets one per window.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`ALTER TABLE deliveries ALTER COLUMN event_id DROP NOT NULL`,
    sql`ALTER TABLE deliveries ADD COLUMN notice_id bigint REFERENCES notices(id) ON DELETE CASCADE`,
    sql`ALTER TABLE deliveries ADD COLUMN push_seq integer`,
    sql`
      ALTER TABLE deliveries ADD CONSTRAINT deliveries_event_or_notice CHECK (
        (event_id IS NOT NULL AND notice_id IS NULL AND push_seq IS NULL)
        OR (event_id IS NULL AND notice_id IS NOT NULL AND push_seq IS NOT NULL)
      )
    `,
    sql`CREATE UNIQUE INDEX deliveries_notice_push ON deliveries (notice_id, channel_id, push_seq) WHERE notice_id IS NOT NULL`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM deliveries WHERE notice_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_event_or_notice`.execute(db);
  await sql`ALTER TABLE deliveries DROP COLUMN push_seq`.execute(db);
  await sql`ALTER TABLE deliveries DROP COLUMN notice_id`.execute(db);
  await sql`ALTER TABLE deliveries ALTER COLUMN event_id SET NOT NULL`.execute(db);
}
