// The confirmations Hado sent (issue 27): one row per confirmation mail or
// Slack DM, by user and by target (`email:<address>`, `slack:<member id>`),
// kept apart from the channel so a delete and re-add does not reset the
// count; and the targets whose owner answered "this wasn't me".
import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** Serialises the sends to one target within the caller's transaction (two users adding the same address at once). */
export async function lockTarget(trx: Db, target: string): Promise<void> {
  // The two-key form: a key space apart from the tick's one-key locks (db/locks.ts).
  await sql`SELECT pg_advisory_xact_lock(27, hashtext(${target}))`.execute(trx);
}

/** The moments of the sends since `since`, oldest first, to the target or by the user. */
export async function sendsSince(db: Db, by: { target: string } | { userId: number }, since: Date): Promise<Date[]> {
  let q = db.selectFrom('confirmation_sends').select('sent_at').where('sent_at', '>', since);
  q = 'target' in by ? q.where('target', '=', by.target) : q.where('user_id', '=', by.userId);
  const rows = await q.orderBy('sent_at').orderBy('id').execute();
  return rows.map((r) => r.sent_at);
}

export async function recordSend(db: Db, send: { codeHash: string; userId: number; target: string; now: Date }): Promise<void> {
  await db.insertInto('confirmation_sends').values({ code_hash: send.codeHash, user_id: send.userId, target: send.target, sent_at: send.now }).execute();
}

export async function isBlocked(db: Db, target: string): Promise<boolean> {
  return (await db.selectFrom('confirmation_blocks').select('target').where('target', '=', target).executeTakeFirst()) !== undefined;
}

/** The target a confirmation code was sent to, while its send is remembered. */
export async function targetOfCode(db: Db, codeHash: string): Promise<string | null> {
  const row = await db.selectFrom('confirmation_sends').select('target').where('code_hash', '=', codeHash).executeTakeFirst();
  return row?.target ?? null;
}

/** Blocks a target: no further confirmation goes to it. The codes already sent to it stop working. */
export async function blockTarget(db: Db, target: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('confirmation_blocks')
      .values({ target, blocked_at: now })
      .onConflict((oc) => oc.column('target').doNothing())
      .execute();
    // The live codes sent to it are spent: a confirm link in an older mail no longer confirms anything.
    await trx
      .updateTable('channel_confirmations')
      .set({ used_at: now })
      .where('used_at', 'is', null)
      .where('code_hash', 'in', (eb) => eb.selectFrom('confirmation_sends').select('code_hash').where('target', '=', target))
      .execute();
  });
}
