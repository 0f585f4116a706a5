// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    // The next moment the delivery tick must look at an event (a window opens,
    // quiet_until passes, or it is waiting for presence inside a window).
    sql`ALTER TABLE events ADD COLUMN next_check_at timestamptz`,
    sql`CREATE INDEX events_next_check ON events (next_check_at) WHERE next_check_at IS NOT NULL`,
    // Outbox bookkeeping: attempts, the moment a pending row may be (re)claimed, and the lease.
    sql`ALTER TABLE deliveries ADD COLUMN attempts integer NOT NULL DEFAULT 0`,
    sql`ALTER TABLE deliveries ADD COLUMN next_attempt_at timestamptz`,
    sql`ALTER TABLE deliveries ADD COLUMN locked_until timestamptz`,
    // What the channel answered, e.g. a Telegram "chat_id:message_id" to edit later.
    sql`ALTER TABLE deliveries ADD COLUMN external_id text`,
    sql`CREATE INDEX deliveries_claimable ON deliveries (next_attempt_at) WHERE result = 'pending'`,
    sql`CREATE INDEX deliveries_event ON deliveries (event_id)`,
    // Webhook signing secret, and the last interaction seen on a channel (Telegram presence).
    sql`ALTER TABLE channels ADD COLUMN secret text`,
    sql`ALTER TABLE channels ADD COLUMN last_seen_at timestamptz`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS events_next_check`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN next_check_at`.execute(db);
}
