// Linking a Telegram chat to a user (SPEC A8): the inbox asks for a one-time
// code, the user sends "/start <code>" to the bot (or opens the t.me deep
// link that sends it), and the webhook links the chat the code came from.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { insertLinkCode, type RedeemOutcome, redeemLinkCode } from '../../db/telegram.ts';

export const LINK_CODE_TTL_MS = 15 * 60_000;

/**
 * A code is 128 random bits in base64url (22 characters): unguessable within
 * its 15 minutes, and valid as a t.me "?start=" payload (A-Z, a-z, 0-9, _ and -, at most 64).
 */
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Live codes one user may hold at once (issue 27): a new one retires the oldest. */
export const MAX_LIVE_LINK_CODES = 5;

export const hashLinkCode = (code: string): string => createHash('sha256').update(code).digest('hex');

export async function createLinkCode(db: Db, userId: number, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
  await insertLinkCode(db, userId, hashLinkCode(code), expiresAt, now, MAX_LIVE_LINK_CODES);
  return { code, expiresAt };
}

export async function redeemCode(db: Db, code: string, chatId: number, now: Date): Promise<RedeemOutcome> {
  if (!LINK_CODE_PATTERN.test(code)) return { ok: false, reason: 'unknown' };
  return redeemLinkCode(db, hashLinkCode(code), chatId, now);
}
