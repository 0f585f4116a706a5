// Issue 27 (findings 1 and 6): the confirmations Hado sent, counted per
// user and per target across delete and re-add; the targets whose owner said
// "this wasn't me"; a webhook's previous signing secret during a rotation's
// grace period; and the devices (Web Push, Expo) another user took over, for
// the first user's settings page.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // One row per confirmation mail or Slack DM sent; not tied to the channel, so a delete does not reset the count.
    sql`
      CREATE TABLE confirmation_sends (
        id bigserial PRIMARY KEY,
        code_hash text NOT NULL UNIQUE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        target text NOT NULL,
        sent_at timestamptz NOT NULL
      )
    `,
    sql`CREATE INDEX confirmation_sends_target ON confirmation_sends (target, sent_at)`,
    sql`CREATE INDEX confirmation_sends_user ON confirmation_sends (user_id, sent_at)`,
    sql`CREATE TABLE confirmation_blocks (target text PRIMARY KEY, blocked_at timestamptz NOT NULL)`,
    sql`ALTER TABLE channels ADD COLUMN previous_secret text`,
    sql`ALTER TABLE channels ADD COLUMN previous_secret_until timestamptz`,
    sql`
      CREATE TABLE device_takeovers (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        channel_type text NOT NULL,
        label text NOT NULL,
        moved_at timestamptz NOT NULL
      )
    `,
    sql`CREATE INDEX device_takeovers_user ON device_takeovers (user_id, moved_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS device_takeovers`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN IF EXISTS previous_secret_until`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN IF EXISTS previous_secret`.execute(db);
  await sql`DROP TABLE IF EXISTS confirmation_blocks`.execute(db);
  await sql`DROP TABLE IF EXISTS confirmation_sends`.execute(db);
}
