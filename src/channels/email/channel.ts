// The email channel (issue 17): presence is unknown (a mailbox cannot tell
// whether its reader is there), so email gets the fallback deliveries, as
// Telegram does when its user was not seen lately; delivery is one mail per
// outbox row through the process's Mailer. An address is confirmed by the
// link in a mail (add.ts) and switched off by the one in every mail (links.ts).
import { t } from '../../i18n/messages.ts';
import { configText, pendingDetail } from '../common.ts';
import type { Channel, DeliveryResult } from '../types.ts';
import { addEmailChannel } from './add.ts';
import { randomBytes } from 'node:crypto';
import { addressOf, emailConfigOf } from './address.ts';
import { unsubscribeUrl } from './links.ts';
import type { Mailer } from './mailer.ts';
import { renderMail } from './message.ts';

/**
 * The channel. `mailer` is null when the deployment has no HADO_SMTP_URL:
 * an email row then fails with a clear, final error.
 */
export function emailChannel(deps: { mailer: Mailer | null; appUrl: string }): Channel {
  return {
    type: 'email',
    settings: { keys: ['HADO_SMTP_URL', 'HADO_MAIL_FROM'], configured: deps.mailer !== null },
    addedBy: 'config',
    confirms: 'link',
    async presence() {
      return 'unknown';
    },
    presenceNow: () => 'unknown',
    async deliver(message, _user, channel): Promise<DeliveryResult> {
      const mailer = deps.mailer;
      if (!mailer) return { ok: false, error: 'Email is not configured (HADO_SMTP_URL is unset)', retryable: false };
      const to = addressOf(channel.config);
      if (to === null) return { ok: false, error: 'email channel has no valid address in its config', retryable: false };
      if (!channel.secret) return { ok: false, error: 'email channel has no secret for its unsubscribe link', retryable: false };
      const mail = renderMail(message, { to, unsubscribeUrl: unsubscribeUrl(deps.appUrl, channel), domain: mailer.domain, guest: channel.userId === null });
      const sent = await mailer.send(mail);
      if (!sent.ok) return sent;
      return { ok: true, externalId: mail.messageId };
    },
    add: (request) => addEmailChannel(deps.mailer, deps.appUrl, request),
    // The secret keys the one-click unsubscribe links, as for an address its owner added.
    vouch: { field: 'email', config: (address) => ({ config: emailConfigOf({ address }), secret: randomBytes(32).toString('base64url') }) },
    describe: (row, l) => ({ name: t(l, 'settings.channel.email'), details: [configText(row.config, 'address'), ...pendingDetail(row, l)] }),
    // Sends wait for their answer: nothing runs in the background.
    idle: async () => {},
    close: async () => deps.mailer?.close(),
  };
}
