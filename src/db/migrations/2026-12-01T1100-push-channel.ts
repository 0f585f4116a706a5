// Web Push (issue 12): the `push` channel type — one channel row per browser
// subscription, so the outbox writes one row per subscription per window or
// push and a subscription is switched off like any channel — and the
// server's VAPID key pair (RFC 8292), made once on first start.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE channels DROP CONSTRAINT channels_type_check`.execute(db);
  await sql`ALTER TABLE channels ADD CONSTRAINT channels_type_check CHECK (type IN ('web', 'telegram', 'webhook', 'push'))`.execute(db);
  await sql`ALTER TABLE preferences DROP CONSTRAINT preferences_channel_type_check`.execute(db);
  await sql`ALTER TABLE preferences ADD CONSTRAINT preferences_channel_type_check CHECK (channel_type IN ('web', 'telegram', 'webhook', 'push'))`.execute(db);
  // A browser's subscription endpoint is its identity: saved again, it is the same subscription.
  await sql`CREATE UNIQUE INDEX channels_push_endpoint ON channels ((config->>'endpoint')) WHERE type = 'push'`.execute(db);
  // One row: the deployment's key pair (base64url, as browsers take the public key).
  await sql`
    CREATE TABLE vapid_keys (
      id smallint PRIMARY KEY CHECK (id = 1),
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE vapid_keys`.execute(db);
  await sql`DROP INDEX channels_push_endpoint`.execute(db);
  await sql`DELETE FROM preferences WHERE channel_type = 'push'`.execute(db);
  await sql`DELETE FROM channels WHERE type = 'push'`.execute(db);
  await sql`ALTER TABLE preferences DROP CONSTRAINT preferences_channel_type_check`.execute(db);
  await sql`ALTER TABLE preferences ADD CONSTRAINT preferences_channel_type_check CHECK (channel_type IN ('web', 'telegram', 'webhook'))`.execute(db);
  await sql`ALTER TABLE channels DROP CONSTRAINT channels_type_check`.execute(db);
  await sql`ALTER TABLE channels ADD CONSTRAINT channels_type_check CHECK (type IN ('web', 'telegram', 'webhook'))`.execute(db);
}
