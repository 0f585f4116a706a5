// Recipients that are addresses, not users (issue 24 point 4): a guest's
// email or a Slack channel a source names in a notice. Each address is a
// channel row owned by that source instead of a user (user_id NULL,
// address_of the source), so its deliveries live in the one outbox like every
// other and the worker sends them through the email and Slack channels'
// usual paths. `address_sends` counts what a source addressed, for its rate
// limits (HADO_RATE_LIMIT_ADDRESS_*). The suppression list itself
// (`suppressions`) was created by 2026-12-04T0300-recipients.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`ALTER TABLE channels ALTER COLUMN user_id DROP NOT NULL`,
    sql`ALTER TABLE channels ADD COLUMN address_of bigint REFERENCES sources(id) ON DELETE CASCADE`,
    // The address as the source named it, normalised: a lower-case email, or a Slack channel id.
    sql`ALTER TABLE channels ADD COLUMN address text`,
    sql`ALTER TABLE channels ADD CONSTRAINT channels_owner CHECK (
      (user_id IS NOT NULL AND address_of IS NULL AND address IS NULL) OR (user_id IS NULL AND address_of IS NOT NULL AND address IS NOT NULL)
    )`,
    sql`CREATE UNIQUE INDEX channels_address ON channels (address_of, type, address) WHERE address_of IS NOT NULL`,
    sql`
      CREATE TABLE address_sends (
        id bigserial PRIMARY KEY,
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL,
        recipients integer NOT NULL CHECK (recipients > 0)
      )
    `,
    sql`CREATE INDEX address_sends_source ON address_sends (source_id, sent_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS address_sends`.execute(db);
  await sql`DELETE FROM channels WHERE user_id IS NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS channels_address`.execute(db);
  await sql`ALTER TABLE channels DROP CONSTRAINT IF EXISTS channels_owner`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN IF EXISTS address`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN IF EXISTS address_of`.execute(db);
  await sql`ALTER TABLE channels ALTER COLUMN user_id SET NOT NULL`.execute(db);
}
