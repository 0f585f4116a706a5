// The sources' signing keys for user tokens (issue 25): insert, rotate, and
// the keys a token of a source may be signed with at a given time.
import type { Db } from './connect.ts';

export interface SigningKeySource {
  id: number;
  name: string;
}

export async function insertSigningKey(db: Db, sourceId: number, key: string, now: Date): Promise<void> {
  await db.insertInto('source_signing_keys').values({ source_id: sourceId, key, created_at: now }).execute();
}

/**
 * Makes `key` the source's current key and gives every key that was current
 * `retiresAt`, in one transaction. Null when there is no source of that name.
 */
export async function rotateSigningKey(db: Db, name: string, key: string, now: Date, retiresAt: Date): Promise<SigningKeySource | null> {
  return db.transaction().execute(async (trx) => {
    const source = await trx.selectFrom('sources').select(['id', 'name']).where('name', '=', name).forUpdate().executeTakeFirst();
    if (!source) return null;
    await trx
      .updateTable('source_signing_keys')
      .set({ retires_at: retiresAt })
      .where('source_id', '=', source.id)
      .where((eb) => eb.or([eb('retires_at', 'is', null), eb('retires_at', '>', retiresAt)]))
      .execute();
    await trx.insertInto('source_signing_keys').values({ source_id: source.id, key, created_at: now }).execute();
    return source;
  });
}

/** The source named `name` and its keys still valid at `now` (current first), or null. */
export async function signingKeysOf(db: Db, name: string, now: Date): Promise<{ source: SigningKeySource; keys: string[] } | null> {
  const source = await db.selectFrom('sources').select(['id', 'name']).where('name', '=', name).executeTakeFirst();
  if (!source) return null;
  const rows = await db
    .selectFrom('source_signing_keys')
    .select('key')
    .where('source_id', '=', source.id)
    .where((eb) => eb.or([eb('retires_at', 'is', null), eb('retires_at', '>', now)]))
    .orderBy('id', 'desc')
    .execute();
  return { source, keys: rows.map((r) => r.key) };
}
