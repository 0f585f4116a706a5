// Locks and savepoints: the scheduler's "one tick at a time" and a read
// inside a transaction that may fail without aborting it.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** Keys of the scheduler's transaction-level advisory locks: each tick has its own. */
export const TICK_LOCKS = {
  lifecycle: 0x4861646f, // "Hado"
  eventDelivery: 0x4861646f + 1,
  noticeDelivery: 0x4861646f + 2,
} as const;

export type TickLock = keyof typeof TICK_LOCKS;

/**
 * Runs `fn` in a transaction holding the tick's advisory lock, or returns
 * null at once when another scheduler holds it (it does this tick's work).
 * The lock ends with the transaction.
 */
export async function exclusively<T>(db: Db, lock: TickLock, fn: (trx: Db) => Promise<T>): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    const res = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${TICK_LOCKS[lock]}) AS locked`.execute(trx);
    if (!res.rows[0]?.locked) return null;
    return fn(trx);
  });
}

/**
 * Runs a read inside the caller's transaction under a savepoint: when it
 * fails, the transaction goes on (a failed statement would abort it) and
 * `onError` is told; the result is then `fallback`.
 */
export async function readOrDefault<T>(trx: Db, fallback: T, read: () => Promise<T>, onError: (err: unknown) => void): Promise<T> {
  await sql`SAVEPOINT hado_read`.execute(trx);
  try {
    const value = await read();
    await sql`RELEASE SAVEPOINT hado_read`.execute(trx);
    return value;
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT hado_read`.execute(trx);
    onError(err);
    return fallback;
  }
}
