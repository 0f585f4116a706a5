// Headers for a webhook's presence request (Home Assistant's bearer token):
// kept apart from `config`, which /me/channels shows, like the signing
// secret. Null: no headers.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE channels ADD COLUMN presence_headers jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE channels DROP COLUMN presence_headers`.execute(db);
}
