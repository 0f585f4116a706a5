// Confirming a channel before it delivers (issue 17): nobody can make Hado
// mail an address, or DM a Slack user, that did not ask for it. A code is
// 128 random bits in base64url, kept only as its SHA-256, single use, and
// valid for 24 hours.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { insertConfirmation } from '../db/confirmations.ts';

export const CONFIRM_TTL_MS = 24 * 60 * 60_000;

export const CONFIRM_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const hashConfirmCode = (code: string): string => createHash('sha256').update(code).digest('hex');

export async function createConfirmation(db: Db, channelId: number, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + CONFIRM_TTL_MS);
  await insertConfirmation(db, channelId, hashConfirmCode(code), expiresAt, now);
  return { code, expiresAt };
}
