// How many confirmations Hado sends on a user's word (issue 27, finding 1):
// adding an email or Slack channel mails or DMs someone who did not ask for
// it, so the sends are counted per target and per user over 24 hours,
// across delete and re-add, and refused past HADO_CONFIRMATIONS_PER_TARGET /
// HADO_CONFIRMATIONS_PER_USER with a 429 and Retry-After. A target whose
// owner answered "this wasn't me" gets none again.
import type { Db } from '../db/connect.ts';
import { isBlocked, lockTarget, recordSend, sendsSince } from '../db/confirmation-sends.ts';
import { HadoError } from '../errors.ts';

export const CONFIRM_WINDOW_MS = 24 * 60 * 60_000;

export interface ConfirmLimits {
  perTarget: number;
  perUser: number;
}

/** What one add asks to send: the target key and the limits in effect. */
export interface ConfirmTarget {
  /** `email:<address>` or `slack:<member id>`. */
  target: string;
  /** How the target reads in a message ("alice@example.org", "Slack user U123"). */
  label: string;
  limits: ConfirmLimits;
}

/**
 * Seconds until a send falls out of the window so that one more fits under
 * `limit`, or null when one fits now. Pure: `sends` oldest first, all within
 * the window before `now`.
 */
export function retryAfterSeconds(sends: Date[], limit: number, now: Date): number | null {
  if (sends.length < limit) return null;
  const freeing = sends[sends.length - limit]!;
  return Math.max(1, Math.ceil((freeing.getTime() + CONFIRM_WINDOW_MS - now.getTime()) / 1000));
}

const tooMany = (message: string, seconds: number): HadoError =>
  new HadoError(429, 'too_many_requests', `${message}; try again in ${Math.ceil(seconds / 60)} minutes`, {}, { 'Retry-After': String(seconds) });

/**
 * Inside the add's transaction, before anything is made: refuses a blocked
 * target (403) and a send past either limit (429). Serialised per target.
 */
export async function checkConfirmation(trx: Db, userId: number, c: ConfirmTarget, now: Date): Promise<void> {
  await lockTarget(trx, c.target);
  if (await isBlocked(trx, c.target)) {
    throw new HadoError(403, 'forbidden', `${c.label} asked Hado to send it no confirmation ("this wasn't me"); it cannot be added`);
  }
  const since = new Date(now.getTime() - CONFIRM_WINDOW_MS);
  const perTarget = retryAfterSeconds(await sendsSince(trx, { target: c.target }, since), c.limits.perTarget, now);
  if (perTarget !== null) {
    throw tooMany(`At most ${c.limits.perTarget} confirmations to ${c.label} in 24 hours (HADO_CONFIRMATIONS_PER_TARGET)`, perTarget);
  }
  const perUser = retryAfterSeconds(await sendsSince(trx, { userId }, since), c.limits.perUser, now);
  if (perUser !== null) {
    throw tooMany(`At most ${c.limits.perUser} confirmations per user in 24 hours (HADO_CONFIRMATIONS_PER_USER)`, perUser);
  }
}

/** Counts the send (the code's hash keys the "this wasn't me" link). */
export function recordConfirmation(trx: Db, userId: number, c: ConfirmTarget, codeHash: string, now: Date): Promise<void> {
  return recordSend(trx, { codeHash, userId, target: c.target, now });
}
