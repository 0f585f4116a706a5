// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // One-time codes for "/start <code>" (SPEC A8): only the SHA-256 is kept;
    // a code links one chat once, before expires_at.
    sql`
      CREATE TABLE telegram_link_codes (
        id bigserial PRIMARY KEY,
        code_hash text NOT NULL UNIQUE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      )
    `,
    sql`CREATE INDEX telegram_link_codes_user ON telegram_link_codes (user_id)`,
    // Every update from Telegram looks up the channels of its chat (presence, callbacks).
    sql`CREATE INDEX channels_telegram_chat ON channels ((config->>'chat_id')) WHERE type = 'telegram'`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS channels_telegram_chat`.execute(db);
  await sql`DROP TABLE IF EXISTS telegram_link_codes`.execute(db);
}
