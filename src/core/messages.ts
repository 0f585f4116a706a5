// What a delivery carries (SPEC A7, B5), built at send time from what the
// worker claimed (src/db/deliveries.ts claimDeliveries: the row with its
// event or notice as it is now). One builder per kind of delivery item,
// side by side; every channel then renders the same OutgoingMessage into its
// own format (Telegram's renderMessage, the webhook's JSON body). The worker
// calls composeMessage and never looks inside.
import { markdownWithLabel } from './markdown.ts';
import type { OutgoingMessage } from './outgoing.ts';
import type { ClaimedDelivery } from '../db/deliveries.ts';
import type { NoticeRow } from '../db/notices.ts';
import { isTerminal } from '../domain/lifecycle.ts';
import { badgeOf } from '../domain/notices.ts';
import { type Locale, toLocale } from '../i18n/locales.ts';

/** A message ready to send, or why the row must not be sent (it is then failed with that error). */
export type Composed = { ok: true; message: OutgoingMessage } | { ok: false; error: string };

/** The `notice` object of the webhook body (README, "Webhook channel"): the stored notice's fields, as JSON. */
export type NoticeBody = Pick<
  NoticeRow,
  'id' | 'source_ref' | 'topic' | 'mode' | 'title' | 'body' | 'deep_link' | 'actor' | 'urgent' | 'data' | 'entity_label' | 'delivery'
> & {
  source: string;
  group: { count: number; messages: string[] } | null;
  created_at: string;
  updated_at: string;
  /** The recipient's language (issue 13). */
  locale: Locale;
  /** How `body` is written (issue 24): `markdown` for the receiver to render, else `plain`. */
  body_format: 'plain' | 'markdown';
};

/** The message of a claimed row, or why it is not sent. */
export function composeMessage(row: ClaimedDelivery, appUrl: string): Composed {
  if (row.event_id !== null) {
    // Nothing to remind of any more: the event closed (or began another round) while the row waited.
    if (row.event_round !== row.round) return { ok: false, error: 'not sent: the event started a new round' };
    if (isTerminal(row.event_state!)) return { ok: false, error: `not sent: the event is ${row.event_state}` };
    return { ok: true, message: eventMessage(row, appUrl) };
  }
  // A notice stays deliverable while it exists (its delivery rows go with it).
  return { ok: true, message: noticeMessage(row) };
}

/** A2's webhook body (A7) for an event delivery, with absolute action links; Ack and Done buttons elsewhere. */
export function eventMessage(row: ClaimedDelivery, appUrl: string): OutgoingMessage {
  const p = row.event_payload!;
  const base = appUrl.replace(/\/+$/, '');
  const action = (a: string) => `${base}/a/${encodeURIComponent(row.action_token)}/${a}`;
  // The client's own label, or none: each channel says Done in the reader's language (the webhook body keeps "Done").
  const clientLabel = p.done_label?.trim() || null;
  return {
    deliveryId: row.id,
    actionToken: row.action_token,
    kind: 'event',
    body: {
      event: {
        id: row.event_id,
        state: row.event_state,
        due_at: row.event_due_at,
        source: row.source,
        title: p.title,
        subtitle: p.subtitle ?? null,
        deep_link: p.deep_link ?? null,
        done_label: clientLabel ?? 'Done',
        // The recipient's language, so a receiver (Home Assistant) can speak to them in it (issue 13).
        locale: toLocale(row.locale),
      },
      actions: { ack: action('ack'), done: action('done') },
    },
    title: p.title,
    subtitle: p.subtitle ?? null,
    deepLink: p.deep_link ?? null,
    doneLabel: clientLabel,
    locale: toLocale(row.locale),
    badge: badgeOf(row.unread),
  };
}

/**
 * A notice delivery, with the notice as it is at send time (a push that
 * waited goes out with the latest content): the webhook body `{ notice,
 * push }` (no actions: a notice has nothing to Ack or Done), and for
 * Telegram the title, the body under it and the deep link.
 */
export function noticeMessage(row: ClaimedDelivery): OutgoingMessage {
  const mode = row.notice_mode!;
  const notice: NoticeBody = {
    id: row.notice_id!,
    source: row.source!,
    source_ref: row.notice_source_ref,
    topic: row.notice_topic!,
    mode,
    title: row.notice_title!,
    body: row.notice_body,
    deep_link: row.notice_deep_link,
    actor: row.notice_actor,
    urgent: row.notice_urgent!,
    data: row.notice_data!,
    entity_label: row.notice_entity_label ?? null,
    delivery: row.notice_delivery ?? 'presence',
    group: mode === 'group' ? { count: row.notice_group_count!, messages: row.notice_group_messages! } : null,
    created_at: row.notice_created_at!.toISOString(),
    updated_at: row.notice_updated_at!.toISOString(),
    locale: toLocale(row.locale),
    body_format: row.notice_body_format === 'markdown' ? 'markdown' : 'plain',
  };
  return {
    deliveryId: row.id,
    actionToken: row.action_token,
    kind: 'notice',
    body: { notice, push: row.push_seq },
    title: notice.title,
    // The object's name (issue 23) above the body, in every channel's message.
    subtitle: [notice.entity_label, notice.body].filter((x) => x !== null && x !== '').join('\n') || null,
    markdown: row.notice_body_format === 'markdown' && notice.body ? markdownWithLabel(notice.entity_label, notice.body) : null,
    deepLink: notice.deep_link,
    doneLabel: null,
    locale: notice.locale,
    badge: badgeOf(row.unread),
  };
}
