// Each source's signing keys for the user tokens of the embedded inbox
// (issue 25): HS256 needs the key itself, so it is kept as printed (like the
// webhook channels' signing secrets), never only a hash. A source has one
// current key (retires_at NULL); `hado source:rotate-key` gives the old one a
// retires_at after its grace period, and a token signed with it is refused
// from then on. Sources from before this migration get a key on their first
// rotate-key.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE source_signing_keys (
    id bigserial PRIMARY KEY,
    source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    key text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    retires_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX source_signing_keys_source ON source_signing_keys (source_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE source_signing_keys`.execute(db);
}
