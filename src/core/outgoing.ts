// The contract between the outbox and the channels (SPEC A7, B5): what a
// delivery carries to a channel, and what the channel answers. It lives in
// core/ because core composes the message (core/messages.ts) and the worker
// records the answer; channels/ import it, never the other way round.
import type { Locale } from '../i18n/locales.ts';

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
  /**
   * A markdown notice's body (issue 24), with its entity label above it
   * (escaped): the channels that format render it (mail, Slack, Telegram);
   * the others show `subtitle`. Absent or null for plain text.
   */
  markdown?: string | null;
  deepLink: string | null;
  /** Label of the Done button; null for notices (no Ack/Done). */
  doneLabel: string | null;
  /** The recipient's language: the words a channel adds (Telegram's buttons) follow it; the client's texts stay as sent. */
  locale: Locale;
  /**
   * The recipient's app-icon badge (issue 23): their unread notices at send
   * time, at most 99. Expo's `badge`, the Web Push payload's `badge`.
   * Absent for a message made outside the outbox.
   */
  badge?: number;
}

/**
 * A channel's answer to one delivery: sent (with the other side's id of the
 * message, for edits after Done), or a failure the outbox retries (3 times,
 * with backoff, `retryAfterMs` when the other side asked for a wait) or not.
 */
export type DeliveryResult = { ok: true; externalId?: string } | { ok: false; error: string; retryable: boolean; retryAfterMs?: number };
