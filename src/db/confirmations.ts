// Storage of channel confirmations (issue 17): a one-time code per
// confirmation mail or Slack DM, kept as its SHA-256; redeeming it marks the
// channel confirmed. Single use holds under concurrency: the code is claimed
// by one conditional UPDATE.
import type { Db } from './connect.ts';
import { markUserEventsForCheck } from './deliveries.ts';

export async function insertConfirmation(db: Db, channelId: number, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db
    .insertInto('channel_confirmations')
    .values({ code_hash: codeHash, channel_id: channelId, expires_at: expiresAt, used_at: null, created_at: now })
    .execute();
}

export type ConfirmOutcome = { ok: true; channelId: number; userId: number } | { ok: false; reason: 'unknown' | 'expired' | 'used' };

/** The state of a code without spending it (the GET page shows the Confirm button only for a live one). */
export async function peekConfirmation(db: Db, codeHash: string, now: Date): Promise<ConfirmOutcome> {
  const row = await db
    .selectFrom('channel_confirmations as c')
    .innerJoin('channels as ch', 'ch.id', 'c.channel_id')
    .select(['c.channel_id', 'c.expires_at', 'c.used_at', 'ch.user_id'])
    .where('c.code_hash', '=', codeHash)
    .executeTakeFirst();
  // An address a source named (no user) is never confirmed by a code.
  if (!row || row.user_id === null) return { ok: false, reason: 'unknown' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, channelId: row.channel_id, userId: row.user_id };
}

/**
 * Spends a code and confirms its channel; waiting events of the user are
 * looked at again at once (a new way to reach them). `check` may refuse
 * the channel (Slack: only the user the DM went to) before anything is spent.
 */
export async function redeemConfirmation(
  db: Db,
  codeHash: string,
  now: Date,
  check?: (channel: { id: number; type: string; config: Record<string, unknown> }) => boolean,
): Promise<ConfirmOutcome | { ok: false; reason: 'refused' }> {
  return db.transaction().execute(async (trx) => {
    const live = await peekConfirmation(trx, codeHash, now);
    if (!live.ok) return live;
    if (check) {
      const channel = await trx.selectFrom('channels').select(['id', 'type', 'config']).where('id', '=', live.channelId).executeTakeFirst();
      if (!channel || !check(channel)) return { ok: false as const, reason: 'refused' as const };
    }
    const claimed = await trx
      .updateTable('channel_confirmations')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('channel_id')
      .executeTakeFirst();
    if (!claimed) return { ok: false as const, reason: 'used' as const };
    await trx.updateTable('channels').set({ confirmed: true, updated_at: now }).where('id', '=', claimed.channel_id).execute();
    await markUserEventsForCheck(trx, live.userId, now);
    return live;
  });
}
