// SQL of a source's view of its own notices (issue 24 point 6): its
// notices by keyset, one notice's recipients and deliveries, and the
// withdrawal — which deletes the notice (its recipients, keys and
// deliveries go with it), after reading what the channels must still edit.
import { sql } from 'kysely';
import type { Executor, NoticeRow } from './notices.ts';

export interface SourceNoticeFilter {
  sourceId: number;
  sourceRef?: string | undefined;
  topic?: string | undefined;
  /** Notices with a smaller id than this (the keyset: newest first by id). */
  before?: number | undefined;
  limit: number;
}

export type SourceNoticeRow = NoticeRow & { recipient_count: number; read_count: number };

const counted = (db: Executor) =>
  db
    .selectFrom('notices')
    .selectAll('notices')
    .select([
      sql<number>`(SELECT count(*)::int FROM notice_recipients r WHERE r.notice_id = notices.id)`.as('recipient_count'),
      sql<number>`(SELECT count(*)::int FROM notice_recipients r WHERE r.notice_id = notices.id AND r.read_at IS NOT NULL)`.as('read_count'),
    ]);

/** A page of the source's notices, newest first; one more than `limit` tells whether a next page exists. */
export async function listSourceNotices(db: Executor, f: SourceNoticeFilter): Promise<SourceNoticeRow[]> {
  return counted(db)
    .where('source_id', '=', f.sourceId)
    .$if(f.sourceRef !== undefined, (q) => q.where('source_ref', '=', f.sourceRef!))
    .$if(f.topic !== undefined, (q) => q.where('topic', '=', f.topic!))
    .$if(f.before !== undefined, (q) => q.where('id', '<', f.before!))
    .orderBy('id', 'desc')
    .limit(f.limit + 1)
    .execute();
}

/** One notice of the source, or undefined when it is not (or no longer) there or is another source's. */
export async function findSourceNotice(db: Executor, sourceId: number, id: number): Promise<SourceNoticeRow | undefined> {
  return counted(db).where('source_id', '=', sourceId).where('id', '=', id).executeTakeFirst();
}

export interface NoticeRecipientState {
  login: string;
  created_at: Date;
  read_at: Date | null;
  archived_at: Date | null;
}

/** The recipients of a notice with their read state, by login, at most `limit`. */
export async function noticeRecipientStates(db: Executor, noticeId: number, limit: number): Promise<NoticeRecipientState[]> {
  return db
    .selectFrom('notice_recipients')
    .innerJoin('users', 'users.id', 'notice_recipients.user_id')
    .select(['users.login', 'notice_recipients.created_at', 'notice_recipients.read_at', 'notice_recipients.archived_at'])
    .where('notice_recipients.notice_id', '=', noticeId)
    .orderBy('users.login')
    .limit(limit)
    .execute();
}

export interface NoticeDeliveryState {
  id: number;
  login: string;
  channel: string;
  push_seq: number | null;
  result: 'pending' | 'ok' | 'failed';
  error: string | null;
  attempts: number;
  sent_at: Date | null;
  created_at: Date;
}

/** The deliveries of a notice, oldest first, at most `limit`. */
export async function noticeDeliveryStates(db: Executor, noticeId: number, limit: number): Promise<NoticeDeliveryState[]> {
  return db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select([
      'deliveries.id',
      'users.login',
      'channels.type as channel',
      'deliveries.push_seq',
      'deliveries.result',
      'deliveries.error',
      'deliveries.attempts',
      'deliveries.sent_at',
      'deliveries.created_at',
    ])
    .where('deliveries.notice_id', '=', noticeId)
    .orderBy('deliveries.id')
    .limit(limit)
    .execute();
}

/** The ids of the source's notices among `ids`, or of one (source_ref, topic), locked for the withdrawal. */
export async function lockSourceNotices(db: Executor, sourceId: number, by: { ids: number[] } | { sourceRef: string; topic: string }): Promise<number[]> {
  const rows = await db
    .selectFrom('notices')
    .select('id')
    .where('source_id', '=', sourceId)
    .$if('ids' in by, (q) => q.where('id', 'in', 'ids' in by && by.ids.length > 0 ? by.ids : [0]))
    .$if(!('ids' in by), (q) => q.where('source_ref', '=', (by as { sourceRef: string }).sourceRef).where('topic', '=', (by as { topic: string }).topic))
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => Number(r.id));
}

/** A message a channel already sent about a withdrawn notice: what it needs to edit it. */
export interface SentNoticeMessage {
  delivery_id: number;
  channel: string;
  external_id: string;
  title: string;
  body: string | null;
  entity_label: string | null;
  locale: string;
}

/** The messages sent about these notices (their newest push per channel first). */
export async function sentNoticeMessages(db: Executor, noticeIds: number[]): Promise<SentNoticeMessage[]> {
  if (noticeIds.length === 0) return [];
  return db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .innerJoin('notices', 'notices.id', 'deliveries.notice_id')
    .select(['deliveries.id as delivery_id', 'channels.type as channel', 'notices.title', 'notices.body', 'notices.entity_label', 'users.locale'])
    .select(sql<string>`deliveries.external_id`.as('external_id'))
    .where('deliveries.notice_id', 'in', noticeIds)
    .where('deliveries.result', '=', 'ok')
    .where('deliveries.external_id', 'is not', null)
    .orderBy('deliveries.id')
    .execute();
}

/**
 * What the withdrawal cancels: deliveries of these notices still pending,
 * and pushes still waiting for their recipients' channels (the fallback).
 */
export async function pendingDeliveryCount(db: Executor, noticeIds: number[]): Promise<number> {
  if (noticeIds.length === 0) return 0;
  const row = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM deliveries WHERE notice_id IN (${sql.join(noticeIds)}) AND result = 'pending')
         + (SELECT count(*) FROM notice_recipients WHERE notice_id IN (${sql.join(noticeIds)}) AND pending_seq IS NOT NULL) AS n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The recipients of these notices (whose inboxes lose them). */
export async function recipientsOf(db: Executor, noticeIds: number[]): Promise<number[]> {
  if (noticeIds.length === 0) return [];
  const rows = await db.selectFrom('notice_recipients').select('user_id').distinct().where('notice_id', 'in', noticeIds).execute();
  return rows.map((r) => Number(r.user_id));
}

/** Deletes the notices: recipients, dedupe keys and deliveries (pending ones too) go with them (ON DELETE CASCADE). */
export async function deleteNotices(db: Executor, noticeIds: number[]): Promise<void> {
  if (noticeIds.length === 0) return;
  await db.deleteFrom('notices').where('id', 'in', noticeIds).execute();
}
