// The `mobile` channel type (issue 12): Expo push to a phone app. A device is
// a channels row of type 'mobile' — config {platform, device_id}, its Expo
// push token in `secret` (never in /me/channels) — so each device is its own
// row of the outbox, switched off and on like any channel. One device per
// (user, device_id); one device per token across users (the phone's app is
// whoever registered it last). Tickets Expo answered with are kept in
// mobile_tickets until their receipt is read (worker, channels/mobile.ts).
//
// The CHECK lists are widened from what the database holds (as the email and
// Slack migration does), so the types other migrations add are kept.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

/** The values of a `col IN ('a', 'b')` CHECK constraint as PostgreSQL prints it. */
async function checkValues(db: Kysely<any>, table: string, name: string): Promise<string[]> {
  const res = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    WHERE t.relname = ${table} AND c.conname = ${name} AND t.relnamespace = current_schema()::regnamespace`.execute(db);
  const def = res.rows[0]?.def ?? '';
  return [...def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

async function widen(db: Kysely<any>, table: string, column: string, name: string, add: string): Promise<void> {
  const have = await checkValues(db, table, name);
  const all = [...new Set([...(have.length > 0 ? have : ['web', 'telegram', 'webhook']), add])];
  await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT IF EXISTS ${sql.ref(name)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(name)} CHECK (${sql.ref(column)} IN (${sql.join(all.map((v) => sql.lit(v)))}))`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await widen(db, 'channels', 'type', 'channels_type_check', 'mobile');
  await widen(db, 'preferences', 'channel_type', 'preferences_channel_type_check', 'mobile');
  const statements = [
    sql`CREATE UNIQUE INDEX channels_mobile_device ON channels (user_id, (config->>'device_id')) WHERE type = 'mobile'`,
    sql`CREATE UNIQUE INDEX channels_mobile_token ON channels (secret) WHERE type = 'mobile'`,
    // One row per ticket Expo gave: read its receipt at check_after (a lease
    // moves it on while a worker asks), forget it once read or too old.
    sql`
      CREATE TABLE mobile_tickets (
        ticket_id text PRIMARY KEY,
        channel_id bigint NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
        delivery_id bigint,
        token text NOT NULL,
        check_after timestamptz NOT NULL,
        checks integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL
      )
    `,
    sql`CREATE INDEX mobile_tickets_check_after ON mobile_tickets (check_after)`,
    sql`CREATE INDEX mobile_tickets_channel ON mobile_tickets (channel_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mobile_tickets`.execute(db);
  await sql`DROP INDEX IF EXISTS channels_mobile_token`.execute(db);
  await sql`DROP INDEX IF EXISTS channels_mobile_device`.execute(db);
  await sql`DELETE FROM channels WHERE type = 'mobile'`.execute(db);
  await sql`DELETE FROM preferences WHERE channel_type = 'mobile'`.execute(db);
}
