// Topics as a source's contract (issue 23): the set a source declares with
// PUT /api/topics (labels, section, allowed channel types, defaults and the
// delivery, toast and regroup policies), and on each notice the policies it
// was written under plus its entity label.
// Frozen in time: this migration takes Kysely<any> and never imports the app's types.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const statements = [
    sql`
      CREATE TABLE source_topics (
        source_id bigint NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
        topic text NOT NULL,
        position integer NOT NULL,
        labels jsonb NOT NULL,
        section jsonb NOT NULL,
        channels jsonb,
        defaults jsonb NOT NULL,
        delivery text NOT NULL CHECK (delivery IN ('presence', 'all')),
        toast boolean NOT NULL,
        regroup text NOT NULL CHECK (regroup IN ('web', 'all')),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (source_id, topic)
      )
    `,
    // What a notice was written under: today's behaviour for a source without topics.
    sql`ALTER TABLE notices ADD COLUMN delivery text NOT NULL DEFAULT 'presence' CHECK (delivery IN ('presence', 'all'))`,
    sql`ALTER TABLE notices ADD COLUMN regroup text NOT NULL DEFAULT 'all' CHECK (regroup IN ('web', 'all'))`,
    // A notice without a declared topic toasts, as every notice did before.
    sql`ALTER TABLE notices ADD COLUMN toast boolean NOT NULL DEFAULT true`,
    sql`ALTER TABLE notices ADD COLUMN entity_label text`,
  ];
  for (const s of statements) await s.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['entity_label', 'toast', 'regroup', 'delivery']) {
    await sql`ALTER TABLE notices DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
  await sql`DROP TABLE source_topics`.execute(db);
}
