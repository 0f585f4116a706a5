// Storage of the Telegram channel: one-time link codes (hashed), linking a
// chat to a user's telegram channel, presence by chat, and the lookup of a
// button's token within the chat it was pressed in.
import { sql } from 'kysely';
import type { Db } from './connect.ts';

export interface LinkCodeRow {
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Stores a new code; past `maxLive` live codes of the user, the oldest are
 * retired (they expire now: redeemed, they answer "expired"). Under the
 * user's row lock, so two requests at once cannot both keep an extra one.
 */
export async function insertLinkCode(db: Db, userId: number, codeHash: string, expiresAt: Date, now: Date, maxLive: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    // Housekeeping: a user's dead codes are of no use to anyone.
    await trx
      .deleteFrom('telegram_link_codes')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .execute();
    await trx
      .insertInto('telegram_link_codes')
      .values({ code_hash: codeHash, user_id: userId, expires_at: expiresAt, used_at: null, created_at: now })
      .execute();
    const keep = trx
      .selectFrom('telegram_link_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(maxLive);
    await trx
      .updateTable('telegram_link_codes')
      .set({ expires_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('id', 'not in', keep)
      .execute();
  });
}

export type RedeemOutcome = { ok: true; userId: number; channelId: number; created: boolean } | { ok: false; reason: 'unknown' | 'expired' | 'used' };

/**
 * Spends a code and links the chat: creates the user's telegram channel, or
 * points the existing one at this chat (enabled again). Single use holds
 * under concurrency: the code is claimed by one conditional UPDATE.
 */
export async function redeemLinkCode(db: Db, codeHash: string, chatId: number, now: Date): Promise<RedeemOutcome> {
  return db.transaction().execute(async (trx): Promise<RedeemOutcome> => {
    const claimed = await trx
      .updateTable('telegram_link_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) {
      const row = await trx.selectFrom('telegram_link_codes').select(['expires_at', 'used_at']).where('code_hash', '=', codeHash).executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      return { ok: false, reason: row.used_at !== null ? 'used' : 'expired' };
    }
    const userId = claimed.user_id;
    const existing = await trx
      .selectFrom('channels')
      .select(['id', 'config'])
      .where('user_id', '=', userId)
      .where('type', '=', 'telegram')
      .orderBy('id')
      .forUpdate()
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('channels')
        .set({
          config: JSON.stringify({ ...existing.config, chat_id: chatId }),
          enabled: true,
          last_seen_at: now,
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .execute();
      return { ok: true, userId, channelId: existing.id, created: false };
    }
    const inserted = await trx
      .insertInto('channels')
      .values({
        user_id: userId,
        type: 'telegram',
        config: JSON.stringify({ chat_id: chatId }),
        enabled: true,
        secret: null,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, userId, channelId: inserted.id, created: true };
  });
}

/** Records an interaction in a chat as presence on every telegram channel linked to it; returns how many. */
export async function touchTelegramChat(db: Db, chatId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('channels')
    .set({ last_seen_at: now })
    .where('type', '=', 'telegram')
    .where(sql`config->>'chat_id'`, '=', String(chatId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The language of the user a chat is linked to, or null for a chat not linked. */
export async function telegramChatLocale(db: Db, chatId: number): Promise<string | null> {
  const row = await db
    .selectFrom('channels')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select('users.locale')
    .where('channels.type', '=', 'telegram')
    .where(sql`channels.config->>'chat_id'`, '=', String(chatId))
    .orderBy('channels.id')
    .executeTakeFirst();
  return row?.locale ?? null;
}

export async function isTelegramChatLinked(db: Db, chatId: number): Promise<boolean> {
  const row = await db
    .selectFrom('channels')
    .select('id')
    .where('type', '=', 'telegram')
    .where(sql`config->>'chat_id'`, '=', String(chatId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The delivery a button's token belongs to (by the token's hash), only if it was sent to a
 * telegram channel of this very chat: a token replayed from another chat
 * (or a forged callback_data) finds nothing.
 */
export async function findDeliveryInChat(db: Db, tokenHash: string, chatId: number): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .select(['deliveries.id'])
    .where('deliveries.action_token_hash', '=', tokenHash)
    .where('channels.type', '=', 'telegram')
    .where(sql`channels.config->>'chat_id'`, '=', String(chatId))
    .executeTakeFirst();
  return row ?? null;
}
