// Adding an email channel (issue 17): the channel is made unconfirmed, and a
// confirmation mail carries a one-time link (24 h). Only after its owner
// confirms does the address get anything: nobody can make Hado mail an
// address that did not ask for it.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { countUserChannels, deleteChannel, findUserChannelByConfig, insertChannel, lockUserChannels, type ChannelRow } from '../../db/channels.ts';
import { conflict, HadoError, invalid } from '../../errors.ts';
import type { Locale } from '../../i18n/locales.ts';
import { createConfirmation } from '../../core/confirmations.ts';
import { ADDRESS_PATTERN, confirmUrl, MAX_EMAIL_CHANNELS_PER_USER } from './channel.ts';
import type { Mailer } from './mailer.ts';
import { renderConfirmationMail } from './message.ts';

export const EMAIL_NOT_CONFIGURED = 'Email is not configured on this Hado: an administrator sets HADO_SMTP_URL and HADO_MAIL_FROM';

/** The config of a new email channel, or a 422 naming the field. */
export function emailConfigOf(config: Record<string, unknown> | undefined): { address: string } {
  const unknown = Object.keys(config ?? {}).find((k) => k !== 'address');
  if (unknown !== undefined) throw invalid(`config.${unknown}`, 'is not a known field (address)');
  const address = config?.address;
  if (address === undefined) throw invalid('config.address', 'is required');
  if (typeof address !== 'string' || address.length > 254 || !ADDRESS_PATTERN.test(address.trim())) {
    throw invalid('config.address', 'must be one email address, such as ana@example.org');
  }
  // The domain is case-insensitive; the local part is kept as given (RFC 5321 §2.4).
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  return { address: `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}` };
}

export interface EmailLinkDeps {
  db: Db;
  mailer: Mailer | null;
  appUrl: string;
}

/**
 * Makes the unconfirmed channel and sends the confirmation mail. A mail the
 * relay refuses (or a relay that cannot be reached) undoes the channel:
 * the answer is a 502 and the user may try again.
 */
export async function addEmailChannel(
  deps: EmailLinkDeps,
  user: { id: number; locale: Locale },
  rawConfig: Record<string, unknown> | undefined,
  now: Date,
): Promise<ChannelRow> {
  const mailer = deps.mailer;
  if (!mailer) throw conflict(EMAIL_NOT_CONFIGURED);
  const { address } = emailConfigOf(rawConfig);
  const { row, code } = await deps.db.transaction().execute(async (trx) => {
    // Under the user's row lock: two adds at once cannot both take the last place.
    await lockUserChannels(trx, user.id);
    if (await findUserChannelByConfig(trx, user.id, 'email', 'address', address)) {
      throw conflict(`${address} is already one of your email channels`);
    }
    if ((await countUserChannels(trx, user.id, 'email')) >= MAX_EMAIL_CHANNELS_PER_USER) {
      throw conflict(`At most ${MAX_EMAIL_CHANNELS_PER_USER} email channels per user; delete one before adding another`);
    }
    const created = await insertChannel(trx, {
      userId: user.id,
      type: 'email',
      config: { address },
      // Keys the one-click unsubscribe links of this channel (channel.ts unsubscribeToken); never shown.
      secret: randomBytes(32).toString('base64url'),
      confirmed: false,
      now,
    });
    const { code } = await createConfirmation(trx, created.id, now);
    return { row: created, code };
  });
  const mail = renderConfirmationMail({ locale: user.locale, to: address, confirmUrl: confirmUrl(deps.appUrl, code), domain: mailer.domain, code });
  const sent = await mailer.send(mail);
  if (!sent.ok) {
    await deleteChannel(deps.db, user.id, row.id);
    throw new HadoError(502, 'bad_gateway', `The confirmation mail could not be sent (${sent.error}); nothing was added. Try again later.`);
  }
  return row;
}
