// SQL of a source's declared topics (issue 23): the whole set replaced at
// once, read back in the order it was declared.
import type { TopicDeclaration } from '../domain/topics.ts';
import type { Db } from './connect.ts';
import type { Executor } from './notices.ts';

type TopicRow = {
  topic: string;
  labels: TopicDeclaration['labels'];
  section: TopicDeclaration['section'];
  channels: TopicDeclaration['channels'] | null;
  defaults: TopicDeclaration['defaults'];
  delivery: TopicDeclaration['delivery'];
  toast: boolean;
  regroup: TopicDeclaration['regroup'];
};

const declarationOf = (r: TopicRow): TopicDeclaration => ({
  topic: r.topic,
  labels: r.labels,
  section: r.section,
  channels: r.channels ?? [],
  defaults: r.defaults,
  delivery: r.delivery,
  toast: r.toast,
  regroup: r.regroup,
});

const COLUMNS = ['topic', 'labels', 'section', 'channels', 'defaults', 'delivery', 'toast', 'regroup'] as const;

/** Replaces the source's whole set (not a delta): a topic left out is no longer declared. */
export async function replaceTopics(db: Db, sourceId: number, topics: readonly TopicDeclaration[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('source_topics').where('source_id', '=', sourceId).execute();
    if (topics.length === 0) return;
    await trx
      .insertInto('source_topics')
      .values(
        topics.map((t, position) => ({
          source_id: sourceId,
          topic: t.topic,
          position,
          labels: JSON.stringify(t.labels),
          section: JSON.stringify(t.section),
          channels: JSON.stringify(t.channels),
          defaults: JSON.stringify(t.defaults),
          delivery: t.delivery,
          toast: t.toast,
          regroup: t.regroup,
          updated_at: now,
        })),
      )
      .execute();
  });
}

/** The source's declared topics in declaration order; empty when it declared none. */
export async function sourceTopics(db: Executor, sourceId: number): Promise<TopicDeclaration[]> {
  const rows = await db.selectFrom('source_topics').select(COLUMNS).where('source_id', '=', sourceId).orderBy('position').execute();
  return rows.map(declarationOf);
}

/** The declared topics of these sources, keyed by source id then topic. */
export async function topicsOfSources(db: Executor, sourceIds: number[]): Promise<Map<number, Map<string, TopicDeclaration & { position: number }>>> {
  const out = new Map<number, Map<string, TopicDeclaration & { position: number }>>();
  if (sourceIds.length === 0) return out;
  const rows = await db
    .selectFrom('source_topics')
    .select(['source_id', 'position', ...COLUMNS])
    .where('source_id', 'in', [...new Set(sourceIds)])
    .execute();
  for (const r of rows) {
    const id = Number(r.source_id);
    if (!out.has(id)) out.set(id, new Map());
    out.get(id)!.set(r.topic, { ...declarationOf(r), position: r.position });
  }
  return out;
}
