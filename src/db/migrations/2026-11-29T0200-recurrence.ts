// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // A recurring event (SPEC Part C): the client's rule, validated and normalised
    // (known keys only, weekdays sorted), so equal rules are equal jsonb.
    // The due columns hold the current occurrence.
    sql`ALTER TABLE events ADD COLUMN recurrence jsonb`,
    // The lead of every occurrence in days (fire_on = occurrence day − lead).
    sql`ALTER TABLE events ADD COLUMN fire_days_before integer`,
    sql`ALTER TABLE events ADD CONSTRAINT events_recurrence_lead CHECK (
      (recurrence IS NULL AND fire_days_before IS NULL)
      OR (recurrence IS NOT NULL AND fire_days_before IS NOT NULL AND fire_days_before >= 0)
    )`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_recurrence_lead`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS fire_days_before`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN IF EXISTS recurrence`.execute(db);
}
