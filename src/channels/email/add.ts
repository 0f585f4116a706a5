// Adding an email channel (issue 17): the channel is made unconfirmed, and a
// confirmation mail carries a one-time link (24 h). Only after its owner
// confirms does the address get anything: nobody can make Hado mail an
// address that did not ask for it.
import { randomBytes } from 'node:crypto';
import { addUserChannel, forgetChannel } from '../../core/channels.ts';
import { conflict, HadoError } from '../../errors.ts';
import type { Added, AddRequest } from '../types.ts';
import { emailConfigOf, MAX_EMAIL_CHANNELS_PER_USER } from './address.ts';
import { confirmUrl, notMeUrl } from './links.ts';
import type { Mailer } from './mailer.ts';
import { renderConfirmationMail } from './message.ts';

export const EMAIL_NOT_CONFIGURED = 'Email is not configured on this Hado: an administrator sets HADO_SMTP_URL and HADO_MAIL_FROM';

/**
 * POST /me/channels {type: "email", config: {address}}: makes the
 * unconfirmed channel and sends the confirmation mail. A mail the relay
 * refuses (or a relay that cannot be reached) undoes the channel: the answer
 * is a 502 and the user may try again.
 */
export async function addEmailChannel(mailer: Mailer | null, appUrl: string, request: AddRequest): Promise<Added> {
  if (!mailer) throw conflict(EMAIL_NOT_CONFIGURED);
  const { address } = emailConfigOf(request.config);
  const { user } = request;
  const { row, code } = await addUserChannel(
    request.db,
    {
      userId: user.id,
      type: 'email',
      config: { address },
      // Keys the one-click unsubscribe links of this channel (links.ts unsubscribeToken); never shown.
      secret: randomBytes(32).toString('base64url'),
      confirmed: false,
      unique: { key: 'address', value: address, message: `${address} is already one of your email channels` },
      limit: { max: MAX_EMAIL_CHANNELS_PER_USER, message: `At most ${MAX_EMAIL_CHANNELS_PER_USER} email channels per user; delete one before adding another` },
      // Case folded: Alice@ and alice@ are one mailbox to count against.
      confirm: { target: `email:${address.toLowerCase()}`, label: address, limits: request.confirmLimits },
    },
    request.now,
  );
  const mail = renderConfirmationMail({
    locale: user.locale,
    to: address,
    confirmUrl: confirmUrl(appUrl, code!),
    notMeUrl: notMeUrl(appUrl, code!),
    domain: mailer.domain,
    code: code!,
  });
  const sent = await mailer.send(mail);
  if (!sent.ok) {
    await forgetChannel(request.db, user.id, row.id);
    throw new HadoError(502, 'bad_gateway', `The confirmation mail could not be sent (${sent.error}); nothing was added. Try again later.`);
  }
  // Unconfirmed: nothing is delivered until the link in the confirmation mail is confirmed.
  return { row };
}
