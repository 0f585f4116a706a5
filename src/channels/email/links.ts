// The links in an email channel's mails (issue 17), the route's side being
// http/routes/mail-links.ts: the confirmation link (/a/confirm/{code}), which
// confirms the address, and the one-click unsubscribe link
// (/a/unsubscribe/{token}, RFC 8058), which switches the channel off. The
// token in the URL is the credential; each function answers null (or a
// reason) for a link that names nothing, and never says more about why.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONFIRM_CODE_PATTERN, hashConfirmCode } from '../../core/confirmations.ts';
import { addressLock } from '../../core/address-deliveries.ts';
import { findAddressChannel, suppressAddress } from '../../db/addresses.ts';
import { disableChannel, findChannel } from '../../db/channels.ts';
import { lockAll } from '../../db/notices.ts';
import type { Db } from '../../db/connect.ts';
import { blockTarget, targetOfCode } from '../../db/confirmation-sends.ts';
import { peekConfirmation, redeemConfirmation } from '../../db/confirmations.ts';
import { localeByConfirmationHash, userLocale } from '../../db/users.ts';
import type { ChannelRecord } from '../types.ts';

const mac = (channelId: number, secret: string): string =>
  createHmac('sha256', secret).update(`list-unsubscribe:${channelId}`).digest('base64url').slice(0, 32);

/** The credential of a channel's one-click unsubscribe link: its id and a MAC under the channel's own secret. */
export function unsubscribeToken(channelId: number, secret: string): string {
  return `${channelId}.${mac(channelId, secret)}`;
}

/** The channel id a token names, if its MAC checks out under that channel's secret (constant time); null otherwise. */
export async function checkUnsubscribeToken(token: string, secretOf: (channelId: number) => Promise<string | null>): Promise<number | null> {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const secret = await secretOf(id);
  if (!secret) return null;
  const expected = Buffer.from(mac(id, secret));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** `${APP_URL}/a/unsubscribe/{token}`. */
export function unsubscribeUrl(appUrl: string, channel: Pick<ChannelRecord, 'id' | 'secret'>): string {
  return `${appUrl.replace(/\/+$/, '')}/a/unsubscribe/${unsubscribeToken(channel.id, channel.secret ?? '')}`;
}

/** `${APP_URL}/a/confirm/{code}`. */
export const confirmUrl = (appUrl: string, code: string): string => `${appUrl.replace(/\/+$/, '')}/a/confirm/${code}`;

/** `${APP_URL}/a/not-me?code={code}`: the "this wasn't me" link of a confirmation mail or Slack DM (issue 27). */
export const notMeUrl = (appUrl: string, code: string): string => `${appUrl.replace(/\/+$/, '')}/a/not-me?code=${encodeURIComponent(code)}`;

/** An email channel's row, or undefined for any other id. */
async function emailChannelRow(db: Db, id: number) {
  const row = await findChannel(db, id);
  return row?.type === 'email' && typeof row.config.address === 'string' ? { ...row, address: row.config.address } : undefined;
}

export type LinkRefusal = 'unknown' | 'expired' | 'used' | 'refused';

/** The stored language of the user a confirmation code names (null: it names nobody). */
export function confirmationLocale(db: Db, code: string): Promise<string | null> {
  return CONFIRM_CODE_PATTERN.test(code) ? localeByConfirmationHash(db, hashConfirmCode(code)) : Promise.resolve(null);
}

/** A confirmation link, looked at without spending it (the GET page): the address it would confirm, or why not. */
export async function peekEmailConfirmation(db: Db, code: string, now: Date): Promise<{ ok: true; address: string } | { ok: false; reason: LinkRefusal }> {
  const state = CONFIRM_CODE_PATTERN.test(code) ? await peekConfirmation(db, hashConfirmCode(code), now) : null;
  const row = state?.ok ? await emailChannelRow(db, state.channelId) : undefined;
  if (!state?.ok || !row) return { ok: false, reason: state && !state.ok ? state.reason : 'unknown' };
  return { ok: true, address: row.address };
}

/** Spends a confirmation link: the email channel it names is confirmed (a code of another type is refused). */
export async function confirmEmail(db: Db, code: string, now: Date): Promise<{ ok: true; address: string } | { ok: false; reason: LinkRefusal }> {
  if (!CONFIRM_CODE_PATTERN.test(code)) return { ok: false, reason: 'unknown' };
  const outcome = await redeemConfirmation(db, hashConfirmCode(code), now, (c) => c.type === 'email');
  if (!outcome.ok) return outcome;
  return { ok: true, address: (await emailChannelRow(db, outcome.channelId))?.address ?? '' };
}

/** The email channel an unsubscribe token names, once its MAC checks out (the id alone, in clear in the token, names nobody). */
export async function unsubscribeTarget(
  db: Db,
  token: string,
): Promise<{
  id: number;
  address: string;
  locale: string | null /** A guest's address (issue 24): the source that mailed it. */;
  guestOf: number | null;
} | null> {
  const id = await checkUnsubscribeToken(token, async (channelId) => (await emailChannelRow(db, channelId))?.secret ?? null);
  if (id === null) return null;
  const row = await emailChannelRow(db, id);
  if (!row) return null;
  // A guest is nobody's user: the page speaks the request's language.
  return { id, address: row.address, locale: row.user_id === null ? null : await userLocale(db, row.user_id), guestOf: row.address_of };
}

/** How a target key reads on the "this wasn't me" page. */
const targetLabel = (target: string): string => (target.startsWith('slack:') ? `Slack user ${target.slice(6)}` : target.replace(/^email:/, ''));

/**
 * The target a "this wasn't me" link names (the code of a confirmation Hado
 * sent, used or not, while its send is remembered), or null; `block` then
 * stops every further confirmation to it.
 */
export async function notMeTarget(db: Db, code: string): Promise<{ target: string; label: string } | null> {
  const target = CONFIRM_CODE_PATTERN.test(code) ? await targetOfCode(db, hashConfirmCode(code)) : null;
  return target === null ? null : { target, label: targetLabel(target) };
}

export { blockTarget as blockConfirmations };

/**
 * The one-click POST: switches a user's channel off (a channel already off
 * stays off). A guest's address (issue 24) goes on its source's suppression
 * list: that source never mails it again. Under the source's address lock, so
 * a notice written at the same moment either comes before (its mail is not
 * sent: the channel is off) or sees the suppression.
 */
export async function unsubscribe(db: Db, channelId: number, now: Date): Promise<void> {
  const guest = await findAddressChannel(db, channelId);
  if (!guest?.address_of || !guest.address) {
    await disableChannel(db, channelId, now);
    return;
  }
  const { address_of: sourceId, address } = guest;
  await db.transaction().execute(async (trx) => {
    await lockAll(trx, [addressLock(sourceId)]);
    await suppressAddress(trx, sourceId, address, channelId, now);
  });
}
