// Rotating a webhook's signing secret with an overlap (issue 27): a new
// secret is made and shown once; the old one keeps signing beside it until
// the grace period ends, so the receiver can switch to the new one without
// missing a delivery. Standard Webhooks allows several space-separated
// signatures in webhook-signature for exactly this.
import type { ChannelRow } from '../../db/channels.ts';
import type { Db } from '../../db/connect.ts';
import { newWebhookSecret } from './channel.ts';
import { conflict, invalid, notFound } from '../../errors.ts';

export const DEFAULT_GRACE_SECONDS = 24 * 60 * 60;
export const MAX_GRACE_SECONDS = 7 * 24 * 60 * 60;

/** The grace of a rotate-secret request body: none (or {}) is the default day; else an integer of seconds in [0, 7 days]. */
export function graceSecondsOf(body: unknown): number {
  if (body === undefined || body === null) return DEFAULT_GRACE_SECONDS;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('body', 'must be a JSON object such as {"grace_seconds": 86400}');
  const unknown = Object.keys(body).find((k) => k !== 'grace_seconds');
  if (unknown !== undefined) throw invalid(unknown, 'is not a known field (grace_seconds)');
  const g = (body as { grace_seconds?: unknown }).grace_seconds;
  if (g === undefined) return DEFAULT_GRACE_SECONDS;
  if (typeof g !== 'number' || !Number.isInteger(g) || g < 0 || g > MAX_GRACE_SECONDS) {
    throw invalid('grace_seconds', `must be a whole number of seconds from 0 to ${MAX_GRACE_SECONDS} (7 days)`);
  }
  return g;
}

export interface Rotated {
  row: ChannelRow;
  /** The new secret, shown this once. */
  secret: string;
  /** Until when the previous secret still signs (null: a grace of 0, it stopped at once). */
  previousValidUntil: Date | null;
}

/**
 * Makes a new secret for one of the user's webhook channels. The secret in
 * use becomes the previous one for `graceSeconds`; a previous one still in
 * its grace is dropped (only the two newest ever sign).
 */
export async function rotateWebhookSecret(db: Db, userId: number, id: number, graceSeconds: number, now: Date): Promise<Rotated> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('channels').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) throw notFound(`Channel ${id} not found`);
    if (row.type !== 'webhook' || !row.secret) throw conflict(`Channel ${id} is a ${row.type} channel: only a webhook channel has a signing secret`);
    const secret = newWebhookSecret();
    const until = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null;
    const updated = await trx
      .updateTable('channels')
      .set({ secret, previous_secret: until ? row.secret : null, previous_secret_until: until, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: updated, secret, previousValidUntil: until };
  });
}
