// Recipients beyond one login (issue 24): what each source may do
// (capabilities), where a user's zone and language come from (Hado's default,
// a source that provisioned the user, or the person's own choice), channels
// vouched for by a source, audiences per source, and the addresses a source's
// mails must not go to again (one-click unsubscribe, RFC 8058).
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // 'provision' (PUT /api/users), 'address' (recipients that are addresses); none by default.
    sql`ALTER TABLE sources ADD COLUMN capabilities jsonb NOT NULL DEFAULT '[]'::jsonb`,
    // Users from before this migration may have chosen their zone and language: read as their own choice,
    // so a source's provisioning never overrides them. New users start from Hado's default.
    sql`ALTER TABLE users ADD COLUMN tz_from text NOT NULL DEFAULT 'user' CHECK (tz_from IN ('default', 'source', 'user'))`,
    sql`ALTER TABLE users ALTER COLUMN tz_from SET DEFAULT 'default'`,
    sql`ALTER TABLE users ADD COLUMN locale_from text NOT NULL DEFAULT 'user' CHECK (locale_from IN ('default', 'source', 'user'))`,
    sql`ALTER TABLE users ALTER COLUMN locale_from SET DEFAULT 'default'`,
    // The source that vouched for a channel (confirmed without a mail or DM), or null for one the person added.
    sql`ALTER TABLE channels ADD COLUMN vouched_by bigint REFERENCES sources(id) ON DELETE CASCADE`,
    sql`CREATE UNIQUE INDEX channels_vouched ON channels (user_id, type, vouched_by) WHERE vouched_by IS NOT NULL`,
    sql`
      CREATE TABLE audiences (
        id bigserial PRIMARY KEY,
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (source_id, name)
      )
    `,
    sql`
      CREATE TABLE audience_members (
        audience_id bigint NOT NULL REFERENCES audiences(id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (audience_id, user_id)
      )
    `,
    sql`CREATE INDEX audience_members_user ON audience_members (user_id)`,
    sql`
      CREATE TABLE suppressions (
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        email text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (source_id, email)
      )
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS suppressions`.execute(db);
  await sql`DROP TABLE IF EXISTS audience_members`.execute(db);
  await sql`DROP TABLE IF EXISTS audiences`.execute(db);
  await sql`DROP INDEX IF EXISTS channels_vouched`.execute(db);
  await sql`ALTER TABLE channels DROP COLUMN IF EXISTS vouched_by`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS locale_from`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS tz_from`.execute(db);
  await sql`ALTER TABLE sources DROP COLUMN IF EXISTS capabilities`.execute(db);
}
