// The secrets Hado hands out: source tokens (shown once, stored as SHA-256)
// and the action token of each delivery (the one credential of /a/{token}
// and of Telegram's buttons, SPEC A6, A9). Every token is made here.
import { createHash, randomBytes } from 'node:crypto';

/** A source token: 256 random bits, shown once; the database keeps its SHA-256. */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The action token of one outbox row, events' and notices' alike: 256
 * random bits, URL-safe, 43 characters — short enough for Telegram's
 * 64-byte callback data ("done:" + token).
 */
export function newActionToken(): string {
  return randomBytes(32).toString('base64url');
}
