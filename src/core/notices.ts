// Use cases of notices (SPEC B1, B2): the write point of POST /api/notices,
// and the recipient's feed, read/archive state and claim. The rules are the
// pure functions of domain/notices.ts; this file loads, applies and writes,
// one transaction per write batch.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import {
  type FeedCursor,
  type FeedFilter,
  feedPage,
  isRecipient,
  markRead,
  recipientRows,
  setArchived,
  tryClaim,
  unreadCount,
} from '../db/notice-feed.ts';
import {
  addRecipients,
  findKeys,
  findNotice,
  findOpenGroup,
  findUpsertTarget,
  insertKeys,
  insertNotices,
  lockAll,
  lockKey,
  markPending,
  type NoticeRow,
  type NoticeWrite,
  recipientIds,
  recipientLogins,
  registerTopics,
  replaceRecipients,
  resetReadState,
  updateNotice,
} from '../db/notices.ts';
import { ensureUsers, type NewUserDefaults } from '../db/users.ts';
import {
  applyRegroup,
  applyUpsert,
  newNotice,
  type NoticeState,
  unreadLabel,
  type WriteEffect,
} from '../domain/notices.ts';
import { fromDate, Temporal, toDate } from '../domain/time.ts';
import { conflict, HadoError, notFound } from '../errors.ts';
import { notifyNotices, notifyUnread } from '../db/notify.ts';
import { type NoticeInput, noticeInvalid } from './notice-input.ts';
import { type RecipientNoticeView, recipientNoticeView } from './notice-views.ts';

/** All recipients of one batch together: keeps a batch inside the statement parameter limits. */
export const MAX_RECIPIENTS_PER_BATCH = 5000;

export type WriteResult = 'created' | 'updated' | 'grouped' | 'duplicate';

export interface NoticeWriteResult {
  id: number;
  result: WriteResult;
  mode: NoticeRow['mode'];
  source_ref: string | null;
  topic: string;
  title: string;
  count: number;
  recipients: string[];
}

function stateOf(row: NoticeRow, recipients: string[]): NoticeState {
  return {
    title: row.title,
    body: row.body,
    deepLink: row.deep_link,
    data: row.data,
    actor: row.actor,
    urgent: row.urgent,
    recipients,
    groupCount: row.group_count,
    groupMessages: row.group_messages,
    template: row.template,
    claimable: row.claimable,
    claimedBy: row.claimed_by,
    claimedAt: row.claimed_at === null ? null : fromDate(row.claimed_at),
    updatedAt: fromDate(row.updated_at),
    lastPushedAt: fromDate(row.last_pushed_at),
    pushSeq: row.push_seq,
  };
}

function writeOf(sourceId: number, input: NoticeInput, s: NoticeState): NoticeWrite {
  return {
    source_id: sourceId,
    source_ref: input.sourceRef,
    topic: input.topic,
    mode: input.call.mode,
    title: s.title,
    body: s.body,
    deep_link: s.deepLink,
    data: s.data,
    actor: s.actor,
    urgent: s.urgent,
    channels: input.channels,
    group_count: s.groupCount,
    group_messages: s.groupMessages,
    template: s.template,
    claimable: s.claimable,
    claimed_by: s.claimedBy,
    claimed_at: s.claimedAt === null ? null : toDate(s.claimedAt),
    push_seq: s.pushSeq,
    last_pushed_at: toDate(s.lastPushedAt),
    updated_at: toDate(s.updatedAt),
  };
}

const resultOf = (id: number, result: WriteResult, input: NoticeInput, s: NoticeState): NoticeWriteResult => ({
  id,
  result,
  mode: input.call.mode,
  source_ref: input.sourceRef,
  topic: input.topic,
  title: s.title,
  count: s.groupCount,
  recipients: s.recipients,
});

/**
 * Writes a validated batch in one transaction (all or nothing) and returns a
 * result per notice in input order. Locks first, in one sorted pass: the
 * object of every upsert/group call and every dedupe key, so concurrent
 * calls for one group queue instead of racing (SPEC B1). One NOTIFY with the
 * ids of the notices pushed goes out when the transaction commits.
 */
export async function writeNotices(
  db: Db,
  clock: Clock,
  newUser: NewUserDefaults,
  sourceId: number,
  inputs: NoticeInput[],
): Promise<NoticeWriteResult[]> {
  const total = inputs.reduce((n, i) => n + i.call.recipients.length, 0);
  if (total > MAX_RECIPIENTS_PER_BATCH) {
    throw new HadoError(
      422,
      'invalid',
      `notices: at most ${MAX_RECIPIENTS_PER_BATCH} recipients per batch in total, got ${total}; split the batch`,
      { field: 'notices' },
    );
  }
  const now = clock.now();
  const nowDate = toDate(now);
  // One transaction for the whole batch, new recipients and topics included: a batch rejected
  // half-way (a group with no recipients) or cut off leaves nothing behind.
  return db.transaction().execute(async (trx) => {
    await lockAll(trx, [
      ...inputs.filter((i) => i.sourceRef !== null && i.call.mode !== 'create').map((i) => lockKey(['object', sourceId, i.sourceRef!, i.topic])),
      ...inputs.filter((i) => i.dedupeKey !== null).map((i) => lockKey(['dedupe', sourceId, i.dedupeKey!])),
    ]);
    const users = await ensureUsers(
      trx,
      inputs.flatMap((i) => i.call.recipients),
      newUser,
      nowDate,
    );
    const userIds = (logins: string[]): number[] => [...new Set(logins)].map((l) => users.get(l)!.id);
    await registerTopics(
      trx,
      sourceId,
      inputs.map((i) => i.topic),
      nowDate,
    );
    const known = await findKeys(
      trx,
      sourceId,
      inputs.flatMap((i) => (i.dedupeKey === null ? [] : [i.dedupeKey])),
    );
    const results: NoticeWriteResult[] = new Array(inputs.length);
    const pushed: Array<{ id: number; userIds: number[] }> = [];
    const newKeys: Array<{ key: string; noticeId: number }> = [];
    /** Index of the first input of the batch with each new dedupe key. */
    const firstWithKey = new Map<string, number>();
    const duplicatesInBatch: NoticeInput[] = [];
    const creates: NoticeInput[] = [];

    // 1. Sort out repeats and plain creates (written together in one statement).
    const sequential: NoticeInput[] = [];
    for (const input of inputs) {
      if (input.dedupeKey !== null) {
        if (known.has(input.dedupeKey) || firstWithKey.has(input.dedupeKey)) {
          duplicatesInBatch.push(input);
          continue;
        }
        firstWithKey.set(input.dedupeKey, input.index);
      }
      if (input.call.mode === 'create') creates.push(input);
      else sequential.push(input);
    }

    if (creates.length > 0) {
      const states = creates.map((c) => newNotice(c.call, now));
      const ids = await insertNotices(
        trx,
        creates.map((c, k) => writeOf(sourceId, c, states[k]!)),
        nowDate,
      );
      await addRecipients(
        trx,
        creates.flatMap((_c, k) => userIds(states[k]!.recipients).map((userId) => ({ noticeId: ids[k]!, userId, pushSeq: 1 }))),
        nowDate,
      );
      creates.forEach((c, k) => {
        results[c.index] = resultOf(ids[k]!, 'created', c, states[k]!);
        pushed.push({ id: ids[k]!, userIds: userIds(states[k]!.recipients) });
        if (c.dedupeKey !== null) newKeys.push({ key: c.dedupeKey, noticeId: ids[k]! });
      });
    }

    // 2. upsert and group, one by one in input order (two calls for one object in a batch fold in order).
    for (const input of sequential) {
      const { call } = input;
      const existing =
        call.mode === 'upsert'
          ? await findUpsertTarget(trx, sourceId, input.sourceRef!, input.topic)
          : await findOpenGroup(trx, sourceId, input.sourceRef!, input.topic, toDate(now.subtract({ minutes: call.windowMinutes })));
      let id: number;
      let result: WriteResult;
      let state: NoticeState;
      if (existing === undefined) {
        if (call.recipients.length === 0) {
          throw noticeInvalid(input.index, 'recipients', 'must name at least one login: no open group to add this event to');
        }
        state = newNotice(call, now);
        [id] = (await insertNotices(trx, [writeOf(sourceId, input, state)], nowDate)) as [number];
        await addRecipients(
          trx,
          userIds(state.recipients).map((userId) => ({ noticeId: id, userId, pushSeq: 1 })),
          nowDate,
        );
        result = 'created';
        pushed.push({ id, userIds: userIds(state.recipients) });
      } else {
        id = existing.id;
        const old = stateOf(existing, await recipientLogins(trx, id));
        const effect: WriteEffect = call.mode === 'upsert' ? applyUpsert(old, call, now) : applyRegroup(old, call, now);
        state = effect.state;
        // Topic and channels stay as created: updateNotice never writes them.
        await updateNotice(trx, id, writeOf(sourceId, input, state));
        if (effect.replaceRecipients) await replaceRecipients(trx, id, userIds(state.recipients), state.pushSeq, nowDate);
        if (effect.resetRead) await resetReadState(trx, id);
        if (effect.repush) {
          await markPending(trx, id, state.pushSeq, nowDate);
          pushed.push({ id, userIds: await recipientIds(trx, id) });
        }
        result = call.mode === 'upsert' ? 'updated' : 'grouped';
        if (effect.replaceRecipients) state = { ...state, recipients: [...state.recipients].sort() };
      }
      results[input.index] = resultOf(id, result, input, state);
      if (input.dedupeKey !== null) newKeys.push({ key: input.dedupeKey, noticeId: id });
    }

    await insertKeys(trx, sourceId, newKeys, nowDate);

    // 3. Repeats return the notice their key produced, unchanged.
    if (duplicatesInBatch.length > 0) {
      const ids = new Map<string, number>(known);
      for (const k of newKeys) ids.set(k.key, k.noticeId);
      for (const input of duplicatesInBatch) {
        const id = ids.get(input.dedupeKey!)!;
        const row = await findNotice(trx, id);
        const s = stateOf(row, await recipientLogins(trx, id));
        results[input.index] = {
          ...resultOf(id, 'duplicate', input, s),
          mode: row.mode,
          source_ref: row.source_ref,
          topic: row.topic,
        };
      }
    }

    await notifyNotices(trx, pushed);
    return results;
  });
}

// ---------------------------------------------------------------------------
// The recipient's side (SPEC B2)


export function encodeCursor(c: FeedCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

/** A timestamptz as Postgres prints it: "2026-08-01 10:00:00.123456+00". */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/;

/** The shape alone lets "2026-02-30" or "25:61" through, which Postgres refuses (a 500): parse it. */
function namesAMoment(at: string): boolean {
  try {
    // Postgres has no year 0.
    return !at.startsWith('0000') && Temporal.Instant.from(at.replace(' ', 'T')) !== undefined;
  } catch {
    return false;
  }
}

export function decodeCursor(raw: string): FeedCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'string' && TIMESTAMP.test(at) && namesAMoment(at) && Number.isSafeInteger(id) && (id as number) > 0) {
      return { at, id: id as number };
    }
  } catch {
    // fall through
  }
  throw new HadoError(422, 'invalid', 'cursor: is not a cursor this server gave out; start again without it', {
    field: 'cursor',
  });
}

export interface FeedPage {
  notices: RecipientNoticeView[];
  next_cursor: string | null;
  /** Unread notices in the inbox, counted up to 100. */
  unread: number;
  /** "", "1" … "99", "99+" (SPEC B2). */
  unread_label: string;
}

export async function getFeed(
  db: Db,
  userId: number,
  opts: { filter: FeedFilter; cursor: string | null; limit: number },
): Promise<FeedPage> {
  const cursor = opts.cursor === null ? null : decodeCursor(opts.cursor);
  const [rows, unread] = await Promise.all([feedPage(db, userId, opts.filter, cursor, opts.limit + 1), unreadCount(db, userId)]);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    notices: page.map(recipientNoticeView),
    next_cursor: rows.length > opts.limit && last ? encodeCursor({ at: last.feed_key, id: last.id }) : null,
    unread,
    unread_label: unreadLabel(unread),
  };
}

export async function unreadSummary(db: Db, userId: number): Promise<{ unread: number; unread_label: string }> {
  const unread = await unreadCount(db, userId);
  return { unread, unread_label: unreadLabel(unread) };
}

export async function readNotices(db: Db, clock: Clock, userId: number, ids: number[] | 'all') {
  const changed = await markRead(db, userId, ids, toDate(clock.now()));
  if (changed > 0) await notifyUnread(db, userId);
  return { changed, ...(await unreadSummary(db, userId)) };
}

export async function archiveNotices(db: Db, clock: Clock, userId: number, ids: number[], archived: boolean) {
  const changed = await setArchived(db, userId, ids, archived, toDate(clock.now()));
  if (changed > 0) await notifyUnread(db, userId);
  return { changed, ...(await unreadSummary(db, userId)) };
}

/**
 * One-time claim (SPEC B1): the first recipient to claim wins; claiming
 * again is a no-op for the holder; anyone else gets a 409 naming who has it.
 * Claiming also marks it read for the claimer.
 */
export async function claimNotice(db: Db, clock: Clock, noticeId: number, userId: number): Promise<RecipientNoticeView> {
  const nowDate = toDate(clock.now());
  if (!(await isRecipient(db, noticeId, userId))) throw notFound(`No notice ${noticeId} for you`);
  const won = await tryClaim(db, noticeId, userId, nowDate);
  const [row] = await recipientRows(db, [noticeId], [userId]);
  if (!row) throw notFound(`No notice ${noticeId} for you`);
  if (!row.claimable) throw conflict(`Notice ${noticeId} is not claimable: its source did not mark it one-time`);
  if (!won && row.claimed_by !== userId) {
    throw new HadoError(409, 'conflict', `Notice ${noticeId} is already claimed by ${row.claimed_by_login ?? 'someone'}`, {
      field: 'claimed_by',
    });
  }
  await markRead(db, userId, [noticeId], nowDate);
  if (won) await notifyNotices(db, [{ id: noticeId, userIds: await recipientIds(db, noticeId) }]);
  else await notifyUnread(db, userId);
  const [fresh] = await recipientRows(db, [noticeId], [userId]);
  return recipientNoticeView(fresh!);
}

/** Some notices as this recipient sees them, in the order asked (once each); ids that are not theirs are left out. */
export async function getNotices(db: Db, userId: number, ids: number[]): Promise<RecipientNoticeView[]> {
  const wanted = [...new Set(ids)];
  const byId = new Map((await recipientRows(db, wanted, [userId])).map((r) => [r.id, recipientNoticeView(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
