// Ack and Done by a delivery's action token (SPEC A6, A9): the webhook links
// /a/{token}/ack|done and Telegram's ack:/done: buttons. The token is the
// only credential. It lives while its event is live and in the round it was
// delivered in: Done, expiry or withdrawal kill it, and so does a new round
// (a different due, a revival from done), so a link from last year's
// birthday cannot ack this year's. Every refusal is the same 404, so a
// caller learns nothing about tokens it does not hold.
import type { Db } from '../db/connect.ts';
import { findDeliveryByTokenHash } from '../db/deliveries.ts';
import { localeByActionTokenHash } from '../db/users.ts';
import { hashToken } from './tokens.ts';
import { HadoError } from '../errors.ts';
import { type Action, type ActionContext, type ActionResult, applyAction } from './actions.ts';

export const TOKEN_NOT_FOUND_MESSAGE = 'Unknown or expired action link';

export const tokenNotFound = (): HadoError => new HadoError(404, 'not_found', TOKEN_NOT_FOUND_MESSAGE);

/** Tokens are 32 random bytes in base64url (43 characters); anything else cannot be one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

export async function actOnToken(ctx: ActionContext, token: string, action: Action): Promise<ActionResult> {
  if (!TOKEN_SHAPE.test(token)) throw tokenNotFound();
  const delivery = await findDeliveryByTokenHash(ctx.db, hashToken(token));
  // A notice delivery's token (SPEC B5) has nothing to Ack or Done.
  if (!delivery || delivery.event_id === null) throw tokenNotFound();
  try {
    // The round and liveness are checked again under the event's row lock.
    return await applyAction(ctx, delivery.event_id, action, null, { round: delivery.round });
  } catch (e) {
    if (e instanceof HadoError && e.status === 404) throw tokenNotFound();
    throw e;
  }
}

/**
 * The stored language of the user a token's delivery went to (the pages
 * behind a mail's Ack and Done links speak it), or null for a token that
 * names no delivery. Only whoever holds a token (256 random bits) can learn
 * a user's language from it: an unknown token tells nothing.
 */
export async function tokenRecipientLocale(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return localeByActionTokenHash(db, hashToken(token));
}
