// The email channel (issue 17): presence is unknown (a mailbox cannot tell
// whether its reader is there), so email gets the fallback deliveries, as
// Telegram does when its user was not seen lately; delivery is one mail per
// outbox row through the process's Mailer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Channel, ChannelRecord, DeliveryResult } from '../types.ts';
import type { Mailer } from './mailer.ts';
import { renderMail } from './message.ts';

/** An address as Hado accepts it: one mailbox, no display name, no spaces or angle brackets. */
export const ADDRESS_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const MAX_EMAIL_CHANNELS_PER_USER = 5;

/** The address an email channel delivers to, from its config ({ address }). */
export function addressOf(config: Record<string, unknown>): string | null {
  const a = config.address;
  return typeof a === 'string' && a.length <= 254 && ADDRESS_PATTERN.test(a) ? a : null;
}

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

/**
 * The channel. `mailer` is null when the deployment has no HADO_SMTP_URL:
 * an email row then fails with a clear, final error.
 */
export function emailChannel(deps: { mailer: Mailer | null; appUrl: string }): Channel {
  return {
    type: 'email',
    async presence() {
      return 'unknown';
    },
    async deliver(message, _user, channel): Promise<DeliveryResult> {
      const mailer = deps.mailer;
      if (!mailer) return { ok: false, error: 'Email is not configured (HADO_SMTP_URL is unset)', retryable: false };
      const to = addressOf(channel.config);
      if (to === null) return { ok: false, error: 'email channel has no valid address in its config', retryable: false };
      if (!channel.secret) return { ok: false, error: 'email channel has no secret for its unsubscribe link', retryable: false };
      const mail = renderMail(message, { to, unsubscribeUrl: unsubscribeUrl(deps.appUrl, channel), domain: mailer.domain });
      const sent = await mailer.send(mail);
      if (!sent.ok) return sent;
      return { ok: true, externalId: mail.messageId };
    },
  };
}
