// One outbox for everything Hado delivers (SPEC A7, B5). A delivery item —
// an event in one of its windows, or one push of a notice — becomes outbox
// rows here and only here; the worker then sends every pending row the same
// way, whatever it is about.
import type { DeliveryInsert } from '../db/deliveries.ts';
import { type ChannelType, INBOX } from '../domain/channels.ts';
import { hashToken, newActionToken } from './tokens.ts';

/** What a delivery round is about. */
export type DeliveryItem =
  /** An event in the window that opened at `windowStart`, in its current round (A7: one round per window). */
  | { eventId: number; round: number; windowStart: Date }
  /** A notice's push `push`, waiting since `pushedAt` (B5: one delivery per channel per push). */
  | { noticeId: number; push: number; pushedAt: Date };

/**
 * The outbox rows of one item: one per channel, each with its own action
 * token, `pending` for the worker — except the web channel, whose delivery
 * is the row itself (the inbox shows it anyway, A7): written `ok` at once.
 */
export function outboxRows(item: DeliveryItem, channels: ReadonlyArray<{ id: number; type: ChannelType }>, now: Date): DeliveryInsert[] {
  const about =
    'eventId' in item
      ? { event_id: item.eventId, round: item.round, window_start: item.windowStart }
      : { notice_id: item.noticeId, push_seq: item.push, window_start: item.pushedAt };
  return channels.map((channel) => {
    const web = channel.type === INBOX;
    // The token is kept only while the row is pending (the worker composes its links);
    // the web row is final at once, so only its hash is written (issue 10 item 7).
    const token = newActionToken();
    return {
      ...about,
      channel_id: channel.id,
      action_token: web ? null : token,
      action_token_hash: hashToken(token),
      result: web ? 'ok' : 'pending',
      sent_at: web ? now : null,
      next_attempt_at: now,
      created_at: now,
    };
  });
}
