// What a notice delivery carries (SPEC B5): the notice as it is at send time
// (a push that waited goes out with the latest content), as the webhook body
// documented in the README and as the message fields Telegram renders.
import type { OutgoingMessage } from '../channels/types.ts';
import type { Db } from '../db/connect.ts';

/** The `notice` object of the webhook body. */
export interface NoticeBody {
  id: number;
  source: string;
  source_ref: string | null;
  topic: string;
  mode: 'create' | 'upsert' | 'group';
  title: string;
  body: string | null;
  deep_link: string | null;
  actor: string | null;
  urgent: boolean;
  data: Record<string, unknown>;
  group: { count: number; messages: string[] } | null;
  created_at: string;
  updated_at: string;
}

/** The notices of claimed deliveries, by id. */
export async function noticeBodies(db: Db, ids: number[]): Promise<Map<number, NoticeBody>> {
  const out = new Map<number, NoticeBody>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('notices as n')
    .innerJoin('sources as s', 's.id', 'n.source_id')
    .select([
      'n.id',
      's.name as source',
      'n.source_ref',
      'n.topic',
      'n.mode',
      'n.title',
      'n.body',
      'n.deep_link',
      'n.actor',
      'n.urgent',
      'n.data',
      'n.group_count',
      'n.group_messages',
      'n.created_at',
      'n.updated_at',
    ])
    .where('n.id', 'in', [...new Set(ids)])
    .execute();
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      source: r.source,
      source_ref: r.source_ref,
      topic: r.topic,
      mode: r.mode,
      title: r.title,
      body: r.body,
      deep_link: r.deep_link,
      actor: r.actor,
      urgent: r.urgent,
      data: r.data,
      group: r.mode === 'group' ? { count: r.group_count, messages: r.group_messages } : null,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    });
  }
  return out;
}

/**
 * A notice delivery: the webhook body `{ notice, push }` (no actions: a
 * notice has nothing to Ack or Done), and for Telegram the title, the body
 * under it and the deep link (an "Open" button when it is absolute).
 */
export function noticeMessage(delivery: { id: number; actionToken: string; pushSeq: number }, notice: NoticeBody): OutgoingMessage {
  return {
    deliveryId: delivery.id,
    actionToken: delivery.actionToken,
    kind: 'notice',
    body: { notice, push: delivery.pushSeq },
    title: notice.title,
    subtitle: notice.body,
    deepLink: notice.deep_link,
    doneLabel: null,
  };
}
