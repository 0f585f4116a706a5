// A source's view of its own notices (issue 24 point 6): the list by
// keyset, one notice with each recipient's read state and each delivery's
// state and reason, and the withdrawal. A withdrawal deletes the notices in
// one transaction (pending deliveries go with them: cancelled), tells open
// inboxes at commit (`notice_removed`), and hands the messages channels
// already sent to their hook, which takes their buttons away.
import type { Db } from '../db/connect.ts';
import { notifyNoticesRemoved } from '../db/notify.ts';
import {
  deleteNotices,
  findSourceNotice,
  listSourceNotices,
  lockSourceNotices,
  noticeDeliveryStates,
  noticeRecipientStates,
  pendingDeliveryCount,
  recipientsOf,
  type SentNoticeMessage,
  type SourceNoticeRow,
  sentNoticeMessages,
} from '../db/source-notices.ts';
import { HadoError } from '../errors.ts';

/** How many recipients and deliveries GET /api/notices/{id} lists at most (the counts are exact). */
export const DETAIL_LIMIT = 1000;

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A notice as its source sees it. */
export function sourceNoticeView(row: SourceNoticeRow) {
  return {
    id: Number(row.id),
    source_ref: row.source_ref,
    topic: row.topic,
    mode: row.mode,
    title: row.title,
    body: row.body,
    body_format: row.body_format,
    deep_link: row.deep_link,
    data: row.data,
    actor: row.actor,
    urgent: row.urgent,
    entity_label: row.entity_label,
    group: row.mode === 'group' ? { count: row.group_count, messages: row.group_messages } : null,
    push: row.push_seq,
    recipient_count: Number(row.recipient_count),
    read_count: Number(row.read_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The keyset cursor: the last id of a page, as text. */
export function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(cursor)) throw new HadoError(422, 'invalid', 'cursor: not a cursor of this list', { field: 'cursor' });
  return Number(cursor);
}

export async function listNotices(db: Db, sourceId: number, q: { source_ref?: string; topic?: string; cursor?: string; limit?: string }) {
  const limit = Math.min(200, q.limit === undefined ? 50 : Number(q.limit));
  const rows = await listSourceNotices(db, { sourceId, sourceRef: q.source_ref, topic: q.topic, before: parseCursor(q.cursor), limit });
  const page = rows.slice(0, limit);
  return { notices: page.map(sourceNoticeView), next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}

export async function noticeDetail(db: Db, sourceId: number, id: number) {
  const row = await findSourceNotice(db, sourceId, id);
  if (!row) throw new HadoError(404, 'not_found', `notice ${id} not found`);
  const [recipients, deliveries] = await Promise.all([noticeRecipientStates(db, id, DETAIL_LIMIT), noticeDeliveryStates(db, id, DETAIL_LIMIT)]);
  return {
    notice: sourceNoticeView(row),
    recipients: recipients.map((r) => ({ login: r.login, read_at: iso(r.read_at), archived_at: iso(r.archived_at), created_at: iso(r.created_at) })),
    deliveries: deliveries.map((d) => ({
      id: Number(d.id),
      recipient: d.login,
      channel: d.channel,
      push: d.push_seq,
      state: d.result,
      reason: d.error,
      attempts: d.attempts,
      sent_at: iso(d.sent_at),
      created_at: iso(d.created_at),
    })),
  };
}

export type WithdrawBy = { ids: number[] } | { sourceRef: string; topic: string };

export interface Withdrawn {
  ids: number[];
  /** Pending deliveries that will not go out. */
  cancelled: number;
  /** Messages already sent that the channels are asked to edit (Telegram, Slack). */
  sent: SentNoticeMessage[];
}

/**
 * Withdraws notices of this source, in one transaction: their inbox rows,
 * keys and deliveries go, and the NOTIFY reaches open inboxes at commit.
 * Ids that are not this source's (or gone already) are skipped, not refused.
 */
export async function withdrawNotices(db: Db, sourceId: number, by: WithdrawBy): Promise<Withdrawn> {
  return db.transaction().execute(async (trx) => {
    const ids = await lockSourceNotices(trx, sourceId, by);
    if (ids.length === 0) return { ids, cancelled: 0, sent: [] };
    const [users, sent, cancelled] = [await recipientsOf(trx, ids), await sentNoticeMessages(trx, ids), await pendingDeliveryCount(trx, ids)];
    await deleteNotices(trx, ids);
    await notifyNoticesRemoved(trx, sourceId, ids, users);
    return { ids, cancelled, sent };
  });
}
