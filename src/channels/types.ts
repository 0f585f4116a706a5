// The one contract every channel implements (SPEC A7). The tick asks
// presence; the worker calls deliver for each pending outbox row.
import type { Presence } from '../domain/decide.ts';

export type { Presence };
export type ChannelType = 'web' | 'telegram' | 'webhook';

/** A channel row as the engine sees it. `config` is the channel's own JSON (A2). */
export interface ChannelRecord {
  id: number;
  userId: number;
  type: ChannelType;
  enabled: boolean;
  config: Record<string, unknown>;
  /** Webhook signing secret (never shown after creation). */
  secret: string | null;
  /** Headers of a webhook's presence request (never shown back). */
  presenceHeaders?: Record<string, string> | null;
  /** Last interaction seen on the channel (Telegram presence). */
  lastSeenAt: Date | null;
}

export interface PresenceUser {
  id: number;
  login: string;
  /** Last web heartbeat. */
  lastHeartbeatAt: Date | null;
}

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
}

export type DeliveryResult =
  | { ok: true; externalId?: string }
  | { ok: false; error: string; retryable: boolean; retryAfterMs?: number };

export interface Channel {
  readonly type: ChannelType;
  presence(user: PresenceUser, channel: ChannelRecord, now: Date): Promise<Presence>;
  deliver(message: OutgoingMessage, user: PresenceUser, channel: ChannelRecord): Promise<DeliveryResult>;
}
