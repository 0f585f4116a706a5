// Email and Slack channels (issue 17): the two types in the CHECK lists, a
// `confirmed` flag (an email address or a Slack user gets nothing until its
// owner confirms; every other channel is confirmed as it is made), and the
// one-time confirmation codes (hashed, single use, with an expiry).
//
// The type lists are widened from what the database holds now rather than
// written out, so the channel types other migrations add (before or after
// this one sorts) are kept.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

const NEW_TYPES = ['email', 'slack'];

/** The values of a `col IN ('a', 'b')` CHECK constraint as PostgreSQL prints it. */
async function checkValues(db: Kysely<any>, table: string, name: string): Promise<string[]> {
  const res = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    WHERE t.relname = ${table} AND c.conname = ${name} AND t.relnamespace = current_schema()::regnamespace`.execute(db);
  const def = res.rows[0]?.def ?? '';
  return [...def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

async function widen(db: Kysely<any>, table: string, column: string, name: string, add: string[]): Promise<void> {
  const have = await checkValues(db, table, name);
  const all = [...new Set([...(have.length > 0 ? have : ['web', 'telegram', 'webhook']), ...add])];
  const list = sql.join(all.map((v) => sql.lit(v)));
  await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT IF EXISTS ${sql.ref(name)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(name)} CHECK (${sql.ref(column)} IN (${list}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await widen(db, 'channels', 'type', 'channels_type_check', NEW_TYPES);
  await widen(db, 'preferences', 'channel_type', 'preferences_channel_type_check', NEW_TYPES);
  const statements = [
    // Default true: every channel made before, and every type without a confirmation step, is confirmed.
    sql`ALTER TABLE channels ADD COLUMN confirmed boolean NOT NULL DEFAULT true`,
    // One code per confirmation mail or Slack DM; only the SHA-256 is kept.
    sql`
      CREATE TABLE channel_confirmations (
        id bigserial PRIMARY KEY,
        code_hash text NOT NULL UNIQUE,
        channel_id bigint NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      )
    `,
    sql`CREATE INDEX channel_confirmations_channel ON channel_confirmations (channel_id)`,
    // Slack's button presses look up the channels of a Slack user.
    sql`CREATE INDEX channels_slack_user ON channels ((config->>'slack_user_id')) WHERE type = 'slack'`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS channels_slack_user`.execute(db);
  await sql`DROP TABLE IF EXISTS channel_confirmations`.execute(db);
  await sql`DELETE FROM channels WHERE type IN ('email', 'slack')`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN IF EXISTS confirmed`.execute(db);
}
