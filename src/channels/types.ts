// The one contract every channel implements (SPEC A7). The tick asks
// presence; the worker calls deliver for each pending outbox row.
import type { ChannelRecord, PresenceUser } from '../db/channels.ts';
import type { ChannelType, Presence } from '../domain/channels.ts';
import type { Locale } from '../i18n/locales.ts';

export type { ChannelRecord, ChannelType, Presence, PresenceUser };

/**
 * What a delivery carries: a ready-to-show message about an event (Part A)
 * or a notice (Part B), with absolute action URLs for the webhook and the
 * token for Telegram's callback buttons.
 */
export interface OutgoingMessage {
  deliveryId: number;
  actionToken: string;
  kind: 'event' | 'notice';
  /** The webhook JSON body of A7 (event) or B5 (notice), built by the engine. */
  body: Record<string, unknown>;
  title: string;
  subtitle: string | null;
  deepLink: string | null;
  /** Label of the Done button; null for notices (no Ack/Done). */
  doneLabel: string | null;
  /** The recipient's language: the words a channel adds (Telegram's buttons) follow it; the client's texts stay as sent. */
  locale: Locale;
}

export type DeliveryResult =
  | { ok: true; externalId?: string }
  | { ok: false; error: string; retryable: boolean; retryAfterMs?: number };

export interface Channel {
  readonly type: ChannelType;
  presence(user: PresenceUser, channel: ChannelRecord, now: Date): Promise<Presence>;
  deliver(message: OutgoingMessage, user: PresenceUser, channel: ChannelRecord): Promise<DeliveryResult>;
  /** Upkeep the worker runs about once a minute beside its deliveries (Expo's receipts); errors go to the worker's sink. */
  maintain?(): Promise<void>;
  /**
   * Where a delivery through this channel goes, for the worker's per-destination
   * limit and circuit breaker (worker/destinations.ts): e.g. a webhook's
   * "https://ha.example.org:8123". None (absent or null) for channels with
   * limits of their own (the inbox, Telegram's flood control).
   */
  destination?(channel: ChannelRecord): string | null;
}
