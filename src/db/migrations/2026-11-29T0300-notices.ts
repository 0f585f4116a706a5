// Notices (SPEC B1–B5): the notice, its recipients with their read/archive
// state, redelivery keys, the known (source, topic) pairs and preferences.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`
      CREATE TABLE notices (
        id bigserial PRIMARY KEY,
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        source_ref text,
        topic text NOT NULL DEFAULT '',
        mode text NOT NULL CHECK (mode IN ('create', 'upsert', 'group')),
        title text NOT NULL,
        body text,
        deep_link text,
        data jsonb NOT NULL DEFAULT '{}',
        actor text,
        urgent boolean NOT NULL DEFAULT false,
        -- Channel types fixed at creation (null = every type).
        channels jsonb,
        group_count integer NOT NULL DEFAULT 1,
        group_messages jsonb NOT NULL DEFAULT '[]',
        template text,
        claimable boolean NOT NULL DEFAULT false,
        claimed_by bigint REFERENCES users(id) ON DELETE SET NULL,
        claimed_at timestamptz,
        -- Each push (creation, upsert, a regroup that re-pushes) has a number;
        -- a channel gets at most one delivery per push.
        push_seq integer NOT NULL DEFAULT 1,
        last_pushed_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (mode = 'create' OR source_ref IS NOT NULL)
      )
    `,
    sql`
      -- upsert: exactly one live notice per (source, source_ref, topic).
      CREATE UNIQUE INDEX notices_upsert_identity ON notices (source_id, source_ref, topic) WHERE mode = 'upsert'
    `,
    sql`
      -- group: the latest group of an object, within its window.
      CREATE INDEX notices_group_lookup ON notices (source_id, source_ref, topic, updated_at DESC) WHERE mode = 'group'
    `,
    sql`
      -- The retention sweep.
      CREATE INDEX notices_updated ON notices (updated_at)
    `,
    sql`
      CREATE TABLE notice_recipients (
        notice_id bigint NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        read_at timestamptz,
        archived_at timestamptz,
        -- When the notice reached this recipient's feed: the feed's sort key.
        created_at timestamptz NOT NULL,
        -- Delivery (SPEC B5): the push waiting for a decision, since when, and
        -- when the delivery tick should look at it next (null = nothing pending).
        pending_seq integer,
        pending_since timestamptz,
        next_check_at timestamptz,
        PRIMARY KEY (notice_id, user_id)
      )
    `,
    sql`
      -- The feed's keyset: (created_at desc, notice_id desc) per user.
      CREATE INDEX notice_recipients_feed ON notice_recipients (user_id, created_at DESC, notice_id DESC)
    `,
    sql`
      -- The unread count and the unread filter read only this.
      CREATE INDEX notice_recipients_unread ON notice_recipients (user_id, created_at DESC, notice_id DESC)
        WHERE read_at IS NULL AND archived_at IS NULL
    `,
    sql`
      CREATE INDEX notice_recipients_due ON notice_recipients (next_check_at) WHERE next_check_at IS NOT NULL
    `,
    sql`
      -- dedupe_key (seed 002): one key per source, remembering the notice the first call produced.
      -- A table, not a column, so every call folded into a group or an upsert keeps its own key.
      CREATE TABLE notice_keys (
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        dedupe_key text NOT NULL,
        notice_id bigint NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (source_id, dedupe_key)
      )
    `,
    sql`CREATE INDEX notice_keys_notice ON notice_keys (notice_id)`,
    sql`
      -- The (source, topic) pairs notices have been written for: the rows of the preferences grid.
      CREATE TABLE notice_topics (
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        topic text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (source_id, topic)
      )
    `,
    sql`
      -- (source, topic) × channel type on/off per user; a missing cell is on (SPEC B3).
      CREATE TABLE preferences (
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        topic text NOT NULL,
        channel_type text NOT NULL CHECK (channel_type IN ('web', 'telegram', 'webhook')),
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, source_id, topic, channel_type)
      )
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE preferences, notice_topics, notice_keys, notice_recipients, notices`.execute(db);
}
