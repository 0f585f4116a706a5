// What a Web Push message carries (issue 12): the JSON the service worker
// (src/http/pwa/sw.js) reads after the browser decrypts it. Pure: built
// from the OutgoingMessage every channel gets (core/messages.ts), like
// Telegram's renderMessage. README, "Web Push", documents the shape.
import { t } from '../../i18n/messages.ts';
import { CHANNEL_TEXT_LIMITS, cutText } from '../../domain/cut-text.ts';
import { bodyText } from '../body-text.ts';
import type { OutgoingMessage } from '../types.ts';

/**
 * RFC 8291 leaves 4096 bytes per record; aes128gcm takes 86 of them (header,
 * padding delimiter, tag) and some push services count base64 overheads:
 * stay well under.
 */
export const MAX_PAYLOAD_BYTES = 3000;
const TITLE_MAX = 200;
const BODY_MAX = CHANNEL_TEXT_LIMITS.push;

export interface ReminderPayload {
  v: 1;
  type: 'reminder' | 'notice';
  /** One notification per event (or notice): a new reminder replaces the old one. */
  tag: string;
  title: string;
  body: string | null;
  /** What a click opens: the deep link when it is an absolute http(s) URL, else the inbox. */
  url: string;
  /** Absolute POST links, as in the webhook body; null for a notice (nothing to Ack or Done). */
  actions: { ack: string; done: string } | null;
  ack_label: string | null;
  done_label: string | null;
  event_id: number | null;
  notice_id: number | null;
  delivery_id: number;
  lang: string;
  /** The recipient's unread notices at send time, at most 99 (issue 23): the service worker's setAppBadge; null when not known. */
  badge: number | null;
}

/** Sent after Done by any path: the worker closes the event's notification and shows nothing. */
export interface ClosePayload {
  v: 1;
  type: 'close';
  tag: string;
  event_id: number;
}

export type PushPayload = ReminderPayload | ClosePayload;

export const eventTag = (eventId: number): string => `hado-event-${eventId}`;
export const noticeTag = (noticeId: number): string => `hado-notice-${noticeId}`;
/** RFC 8030 Topic (≤ 32 base64url characters): a queued message is replaced by a newer one of the same topic. */
export const eventTopic = (eventId: number): string => `hado-e${eventId}`;
export const noticeTopic = (noticeId: number): string => `hado-n${noticeId}`;

const isAbsoluteHttp = (raw: string | null): raw is string => {
  if (!raw) return false;
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

const idOf = (body: Record<string, unknown>, key: 'event' | 'notice'): number | null => {
  const inner = body[key] as { id?: unknown } | undefined;
  return typeof inner?.id === 'number' ? inner.id : null;
};

/** The payload of a delivery; `inboxUrl` is where a click goes without a usable deep link. */
export function renderPushPayload(message: OutgoingMessage, inboxUrl: string): ReminderPayload {
  const eventId = message.kind === 'event' ? idOf(message.body, 'event') : null;
  const noticeId = message.kind === 'notice' ? idOf(message.body, 'notice') : null;
  const actions = message.kind === 'event' ? (message.body.actions as { ack: string; done: string }) : null;
  const text = bodyText(message);
  const payload: ReminderPayload = {
    v: 1,
    type: message.kind === 'event' ? 'reminder' : 'notice',
    tag: eventId !== null ? eventTag(eventId) : noticeTag(noticeId ?? message.deliveryId),
    title: cutText(message.title, TITLE_MAX),
    body: text ? cutText(text, BODY_MAX) : null,
    url: isAbsoluteHttp(message.deepLink) ? message.deepLink : inboxUrl,
    actions: actions ? { ack: actions.ack, done: actions.done } : null,
    // A client's done_label is its own words; the default is ours, in the reader's language.
    ack_label: actions ? t(message.locale, 'telegram.ack') : null,
    done_label: actions ? cutText(message.doneLabel || t(message.locale, 'telegram.done'), 64) : null,
    event_id: eventId,
    notice_id: noticeId,
    delivery_id: message.deliveryId,
    lang: message.locale,
    badge: message.badge ?? null,
  };
  // Too big for a push message: the body gives way first, then a very long deep link.
  if (byteLength(payload) > MAX_PAYLOAD_BYTES && payload.body) {
    const over = byteLength(payload) - MAX_PAYLOAD_BYTES;
    const keep = Math.max(0, Buffer.byteLength(payload.body) - over - 8);
    payload.body =
      keep > 0
        ? cutText(
            Buffer.from(payload.body)
              .subarray(0, keep)
              .toString('utf8')
              .replace(/\uFFFD+$/, ''),
            BODY_MAX,
          )
        : null;
  }
  if (byteLength(payload) > MAX_PAYLOAD_BYTES) payload.url = inboxUrl;
  return payload;
}

export const closePayload = (eventId: number): ClosePayload => ({ v: 1, type: 'close', tag: eventTag(eventId), event_id: eventId });

const byteLength = (payload: PushPayload): number => Buffer.byteLength(JSON.stringify(payload));
