// Long, formatted bodies (issue 24 point 5): a notice's body is plain text
// (as before) or Markdown, which each channel renders in its own way.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notices ADD COLUMN body_format text NOT NULL DEFAULT 'plain' CHECK (body_format IN ('plain', 'markdown'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notices DROP COLUMN body_format`.execute(db);
}
