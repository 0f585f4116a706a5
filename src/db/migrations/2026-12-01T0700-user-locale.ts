// The language each user reads Hado in (en, ru, uk). Users from before this
// migration read English, as they did; new users get theirs from the request
// that creates them. No CHECK on the values: adding a language must not need
// a migration (the app validates, and reads an unknown code as English).
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN locale`.execute(db);
}
