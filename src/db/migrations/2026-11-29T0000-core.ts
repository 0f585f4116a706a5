// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: prepared statements take a single command.
  const statements = [
    sql`
      CREATE TABLE sources (
        id bigserial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      )
    `,
    sql`
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        login text NOT NULL UNIQUE,
        tz text NOT NULL,
        quiet_start time NOT NULL DEFAULT '22:00',
        quiet_end time NOT NULL DEFAULT '09:00',
        last_heartbeat_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (quiet_end < quiet_start)
      )
    `,
    sql`
      CREATE TABLE events (
        id bigserial PRIMARY KEY,
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        source_ref text NOT NULL,
        topic text NOT NULL DEFAULT '',
        due_mode text NOT NULL CHECK (due_mode IN ('local', 'fixed')),
        due_date date,
        due_time time,
        due_instant timestamptz,
        due_at text NOT NULL,
        fire_on date NOT NULL,
        after_due text NOT NULL CHECK (after_due IN ('keep', 'expire')),
        payload jsonb NOT NULL,
        state text NOT NULL CHECK (state IN ('scheduled', 'preparing', 'today', 'overdue', 'done', 'expired', 'withdrawn')),
        quiet_until timestamptz NOT NULL DEFAULT 'epoch',
        done_at timestamptz,
        next_transition_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (source_id, source_ref, topic),
        CHECK (
          (due_mode = 'local' AND due_date IS NOT NULL AND due_time IS NOT NULL AND due_instant IS NULL)
          OR (due_mode = 'fixed' AND due_instant IS NOT NULL AND due_date IS NULL AND due_time IS NULL)
        )
      )
    `,
    sql`
      -- The lifecycle tick reads only events whose next phase change has come.
      CREATE INDEX events_next_transition ON events (next_transition_at) WHERE next_transition_at IS NOT NULL
    `,
    sql`
      CREATE INDEX events_user_state ON events (user_id, state)
    `,
    sql`
      CREATE TABLE channels (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('web', 'telegram', 'webhook')),
        config jsonb NOT NULL DEFAULT '{}',
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )
    `,
    sql`
      CREATE INDEX channels_user ON channels (user_id)
    `,
    sql`
      CREATE UNIQUE INDEX channels_one_web_per_user ON channels (user_id) WHERE type = 'web'
    `,
    sql`
      CREATE TABLE deliveries (
        id bigserial PRIMARY KEY,
        event_id bigint NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        channel_id bigint NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
        window_start timestamptz NOT NULL,
        action_token text NOT NULL UNIQUE,
        result text NOT NULL DEFAULT 'pending' CHECK (result IN ('pending', 'ok', 'failed')),
        sent_at timestamptz,
        error text,
        created_at timestamptz NOT NULL,
        UNIQUE (event_id, channel_id, window_start)
      )
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE deliveries, channels, events, users, sources`.execute(db);
}
