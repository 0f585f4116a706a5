import type { Db } from './connect.ts';

export interface Source {
  id: number;
  name: string;
}

export async function insertSource(db: Db, name: string, tokenHash: string, now: Date): Promise<Source | null> {
  const row = await db
    .insertInto('sources')
    .values({ name, token_hash: tokenHash, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst();
  return row ?? null;
}

export async function findSourceByTokenHash(db: Db, tokenHash: string): Promise<Source | null> {
  const row = await db.selectFrom('sources').select(['id', 'name']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ?? null;
}

export async function listSources(db: Db): Promise<Array<Source & { created_at: Date; events: number }>> {
  return db
    .selectFrom('sources')
    .leftJoin('events', 'events.source_id', 'sources.id')
    .select((eb) => ['sources.id', 'sources.name', 'sources.created_at', eb.fn.count<number>('events.id').as('events')])
    .groupBy(['sources.id', 'sources.name', 'sources.created_at'])
    .orderBy('sources.name')
    .execute();
}
