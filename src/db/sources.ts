import { sql } from 'kysely';
import type { Db } from './connect.ts';

export interface Source {
  id: number;
  name: string;
  /** What the source may do beyond events and notices (core/capabilities.ts). */
  capabilities: string[];
}

export async function insertSource(db: Db, name: string, tokenHash: string, now: Date, capabilities: string[] = []): Promise<Source | null> {
  const row = await db
    .insertInto('sources')
    .values({ name, token_hash: tokenHash, created_at: now, capabilities: JSON.stringify(capabilities) })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(['id', 'name', 'capabilities'])
    .executeTakeFirst();
  return row ?? null;
}

export async function findSourceByTokenHash(db: Db, tokenHash: string): Promise<Source | null> {
  const row = await db.selectFrom('sources').select(['id', 'name', 'capabilities']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ?? null;
}

/** Sets a source's capabilities by name; null when there is no such source. */
export async function updateSourceCapabilities(db: Db, name: string, change: (have: string[]) => string[]): Promise<Source | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sources').select(['id', 'name', 'capabilities']).where('name', '=', name).forUpdate().executeTakeFirst();
    if (!row) return null;
    const capabilities = change(row.capabilities);
    await trx
      .updateTable('sources')
      .set({ capabilities: JSON.stringify(capabilities) })
      .where('id', '=', row.id)
      .execute();
    return { ...row, capabilities };
  });
}

export async function listSources(db: Db): Promise<Array<Source & { created_at: Date; events: number }>> {
  return db
    .selectFrom('sources')
    .leftJoin('events', 'events.source_id', 'sources.id')
    .select((eb) => ['sources.id', 'sources.name', 'sources.capabilities', 'sources.created_at', eb.fn.count<number>('events.id').as('events')])
    .groupBy(['sources.id', 'sources.name', 'sources.created_at', sql`sources.capabilities`])
    .orderBy('sources.name')
    .execute();
}
