// Action tokens at rest (issue 10 item 7): like source tokens, the database
// keeps the SHA-256 of each delivery's action token, and looks rows up by it.
// The token itself is needed only to compose the message, so it stays in the
// row while the row is pending (the worker sends it, maybe more than once)
// and is cleared when the row's result is final. Rows already final lose it
// here; their links keep working through the hash.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE deliveries ADD COLUMN action_token_hash text`.execute(db);
  await sql`UPDATE deliveries SET action_token_hash = encode(sha256(convert_to(action_token, 'UTF8')), 'hex')`.execute(db);
  await sql`ALTER TABLE deliveries ALTER COLUMN action_token_hash SET NOT NULL`.execute(db);
  await sql`ALTER TABLE deliveries ADD CONSTRAINT deliveries_action_token_hash_key UNIQUE (action_token_hash)`.execute(db);
  await sql`ALTER TABLE deliveries DROP CONSTRAINT deliveries_action_token_key`.execute(db);
  await sql`ALTER TABLE deliveries ALTER COLUMN action_token DROP NOT NULL`.execute(db);
  await sql`UPDATE deliveries SET action_token = NULL WHERE result <> 'pending'`.execute(db);
  await sql`ALTER TABLE deliveries ADD CONSTRAINT deliveries_action_token_pending
              CHECK (action_token IS NULL OR result = 'pending')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('action tokens of delivered rows are gone (only their hashes are kept): this migration cannot be undone');
}
