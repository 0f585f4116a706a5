// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // The delivery tick reads `state IN (reminding) AND next_check_at <= now`.
    // Only reminding events are in the index, so done/expired/withdrawn and
    // scheduled rows never cost a tick anything, whatever their next_check_at.
    sql`CREATE INDEX events_check_due ON events (next_check_at) WHERE state IN ('preparing', 'today', 'overdue')`,
    sql`DROP INDEX IF EXISTS events_next_check`,
    // next_check_at is a lower bound ("look at it no later than this"): a row
    // written by a path that does not set it is looked at by the next tick.
    sql`ALTER TABLE events ALTER COLUMN next_check_at SET DEFAULT 'epoch'`,
    sql`UPDATE events SET next_check_at = 'epoch' WHERE next_check_at IS NULL`,
    // A round is one due of an event (SPEC A3: a different due_at starts a new
    // round). Action tokens act only on the round they were delivered in, so a
    // token from before a revival cannot ack or close the new round.
    sql`ALTER TABLE events ADD COLUMN round integer NOT NULL DEFAULT 1`,
    sql`ALTER TABLE deliveries ADD COLUMN round integer NOT NULL DEFAULT 1`,
    // Bumped by the database itself, so every writer (client upsert, recurrence
    // roll-forward, scripts) starts a new round the same way.
    sql`
      CREATE FUNCTION hado_next_round() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.round := OLD.round + 1;
        RETURN NEW;
      END
      $$
    `,
    sql`
      CREATE TRIGGER events_new_round BEFORE UPDATE OF due_mode, due_date, due_time, due_instant ON events
      FOR EACH ROW
      WHEN (OLD.due_mode IS DISTINCT FROM NEW.due_mode
            OR OLD.due_date IS DISTINCT FROM NEW.due_date
            OR OLD.due_time IS DISTINCT FROM NEW.due_time
            OR OLD.due_instant IS DISTINCT FROM NEW.due_instant)
      EXECUTE FUNCTION hado_next_round()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`DROP TRIGGER IF EXISTS events_new_round ON events`,
    sql`DROP FUNCTION IF EXISTS hado_next_round()`,
    sql`ALTER TABLE deliveries DROP COLUMN round`,
    sql`ALTER TABLE events DROP COLUMN round`,
    sql`ALTER TABLE events ALTER COLUMN next_check_at DROP DEFAULT`,
    sql`DROP INDEX IF EXISTS events_check_due`,
    sql`CREATE INDEX events_next_check ON events (next_check_at) WHERE next_check_at IS NOT NULL`,
  ];
  for (const statement of statements) await statement.execute(db);
}
