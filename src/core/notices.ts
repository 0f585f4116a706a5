// Use cases of notices (SPEC B1): the write point of POST /api/notices. The
// rules are the pure functions of domain/notices.ts; this file loads,
// applies and writes, one transaction per write batch. The recipient's side
// (feed, read/archive state, claim) is notice-feed.ts.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
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
import { applyRegroup, applyUpsert, newNotice, type NoticeState, type WriteEffect } from '../domain/notices.ts';
import { CHANNEL_TYPES } from '../domain/channels.ts';
import { fromDate, type Temporal, toDate } from '../domain/time.ts';
import { HadoError } from '../errors.ts';
import { notifyNotices } from '../db/notify.ts';
import { sourceTopics } from '../db/topics.ts';
import type { TopicDeclaration } from '../domain/topics.ts';
import { type NoticeInput, noticeInvalid } from './notice-input.ts';
import { resolveAudiences } from './notice-audiences.ts';
import { type AddressLimits, type AddressPush, addressLock, writeAddressDeliveries } from './address-deliveries.ts';

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
  /** Email recipients skipped because they unsubscribed from this source (issue 24); only when the notice names addresses. */
  suppressed?: number;
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

/**
 * What a notice is written under (issue 23): its topic's policies, its own
 * delivery over the topic's, and the channel types both allow. A source
 * without declared topics keeps today's behaviour (presence, regroup to
 * every channel, every notice toasting).
 */
function policyOf(topic: TopicDeclaration | undefined, input: NoticeInput) {
  const channels = topic === undefined ? input.channels : (input.channels ?? topic.channels).filter((c) => topic.channels.includes(c));
  return {
    channels: channels !== null && channels.length === CHANNEL_TYPES.length ? null : channels,
    delivery: input.delivery ?? topic?.delivery ?? 'presence',
    regroup: topic?.regroup ?? 'all',
    toast: topic?.toast ?? true,
  } as const;
}

function writeOf(b: Pick<BatchWrite, 'sourceId' | 'topics'>, input: NoticeInput, s: NoticeState, entityLabel: string | null = input.entityLabel): NoticeWrite {
  return {
    ...policyOf(b.topics.get(input.topic), input),
    entity_label: entityLabel,
    source_id: b.sourceId,
    source_ref: input.sourceRef,
    topic: input.topic,
    mode: input.call.mode,
    title: s.title,
    body: s.body,
    body_format: input.bodyFormat,
    deep_link: s.deepLink,
    data: s.data,
    actor: s.actor,
    urgent: s.urgent,
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

/** What one batch's writes share inside its transaction, and what they collect. */
interface BatchWrite {
  trx: Db;
  sourceId: number;
  /** The source's declared topics; empty when it declared none. */
  topics: Map<string, TopicDeclaration>;
  now: Temporal.Instant;
  nowDate: Date;
  userIds: (logins: string[]) => number[];
  results: NoticeWriteResult[];
  pushed: Array<{ id: number; userIds: number[] }>;
  newKeys: Array<{ key: string; noticeId: number }>;
  /** Pushes of notices that name addresses (issue 24), delivered to them after the writes. */
  addressed: AddressPush[];
}

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
  given: NoticeInput[],
  addressLimits: AddressLimits,
): Promise<NoticeWriteResult[]> {
  // An audience notice's own list only narrows its members (who are users already): counted apart.
  const total = given.reduce((n, i) => n + (i.audience === null ? i.call.recipients.length : 0) + i.addresses.length, 0);
  if (total > MAX_RECIPIENTS_PER_BATCH) {
    throw new HadoError(422, 'invalid', `notices: at most ${MAX_RECIPIENTS_PER_BATCH} recipients per batch in total, got ${total}; split the batch`, {
      field: 'notices',
    });
  }
  const now = clock.now();
  const nowDate = toDate(now);
  // One transaction for the whole batch, new recipients and topics included: a batch rejected
  // half-way (a group with no recipients) or cut off leaves nothing behind.
  return db.transaction().execute(async (trx) => {
    const { inputs, ids: audienceIds } = await resolveAudiences(trx, sourceId, given);
    await lockAll(trx, [
      ...inputs.filter((i) => i.sourceRef !== null && i.call.mode !== 'create').map((i) => lockKey(['object', sourceId, i.sourceRef!, i.topic])),
      ...inputs.filter((i) => i.dedupeKey !== null).map((i) => lockKey(['dedupe', sourceId, i.dedupeKey!])),
      ...(inputs.some((i) => i.addresses.length > 0) ? [addressLock(sourceId)] : []),
    ]);
    const users = await ensureUsers(
      trx,
      inputs.flatMap((i) => (i.audience === null ? i.call.recipients : [])),
      newUser,
      nowDate,
    );
    const idOf = (login: string) => audienceIds.get(login) ?? users.get(login)!.id;
    await registerTopics(
      trx,
      sourceId,
      inputs.map((i) => i.topic),
      nowDate,
    );
    const topics = new Map((await sourceTopics(trx, sourceId)).map((t) => [t.topic, t]));
    if (topics.size > 0) checkDeclared(topics, inputs);
    const known = await findKeys(
      trx,
      sourceId,
      inputs.flatMap((i) => (i.dedupeKey === null ? [] : [i.dedupeKey])),
    );
    const batch: BatchWrite = {
      trx,
      sourceId,
      topics,
      now,
      nowDate,
      userIds: (logins) => [...new Set(logins)].map(idOf),
      results: new Array(inputs.length),
      pushed: [],
      newKeys: [],
      addressed: [],
    };
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
    if (creates.length > 0) await writeCreates(batch, creates);

    // 2. upsert and group, one by one in input order (two calls for one object in a batch fold in order).
    for (const input of sequential) await writeInPlace(batch, input);

    await insertKeys(trx, sourceId, batch.newKeys, nowDate);

    // 3. Repeats return the notice their key produced, unchanged.
    if (duplicatesInBatch.length > 0) await answerRepeats(batch, known, duplicatesInBatch);

    const suppressed = await writeAddressDeliveries(trx, sourceId, batch.addressed, nowDate, addressLimits);
    for (const input of inputs) {
      if (input.addresses.some((a) => a.kind === 'email')) batch.results[input.index]!.suppressed = suppressed.get(input.index) ?? 0;
    }

    await notifyNotices(trx, batch.pushed);
    return batch.results;
  });
}

/** Once a source has declared topics, every notice names one of them (issue 23). */
function checkDeclared(topics: Map<string, TopicDeclaration>, inputs: NoticeInput[]): void {
  for (const input of inputs) {
    if (!topics.has(input.topic)) {
      throw noticeInvalid(
        input.index,
        'topic',
        `"${input.topic}" is not one of this source's topics; declare it with PUT /api/topics (the whole set, this one included)`,
      );
    }
  }
}

/** Plain creates, in one statement each for the notices and their recipients. */
async function writeCreates(b: BatchWrite, creates: NoticeInput[]): Promise<void> {
  const states = creates.map((c) => newNotice(c.call, b.now));
  const ids = await insertNotices(
    b.trx,
    creates.map((c, k) => writeOf(b, c, states[k]!)),
    b.nowDate,
  );
  await addRecipients(
    b.trx,
    creates.flatMap((_c, k) => b.userIds(states[k]!.recipients).map((userId) => ({ noticeId: ids[k]!, userId, pushSeq: 1 }))),
    b.nowDate,
  );
  creates.forEach((c, k) => {
    b.results[c.index] = resultOf(ids[k]!, 'created', c, states[k]!);
    b.pushed.push({ id: ids[k]!, userIds: b.userIds(states[k]!.recipients) });
    addressPush(b, c, ids[k]!, 1);
    if (c.dedupeKey !== null) b.newKeys.push({ key: c.dedupeKey, noticeId: ids[k]! });
  });
}

/** One upsert or group call: onto the notice it names (or the open group), or a new one. */
async function writeInPlace(b: BatchWrite, input: NoticeInput): Promise<void> {
  const { call } = input;
  const { trx, now, nowDate } = b;
  const existing =
    call.mode === 'upsert'
      ? await findUpsertTarget(trx, b.sourceId, input.sourceRef!, input.topic)
      : await findOpenGroup(trx, b.sourceId, input.sourceRef!, input.topic, toDate(now.subtract({ minutes: call.windowMinutes })));
  let id: number;
  let result: WriteResult;
  let state: NoticeState;
  if (existing === undefined) {
    // An audience that resolves to nobody makes a notice without recipients, as a create does.
    if (call.recipients.length === 0 && input.addresses.length === 0 && input.audience === null) {
      throw noticeInvalid(input.index, 'recipients', 'must name at least one login: no open group to add this event to');
    }
    state = newNotice(call, now);
    [id] = (await insertNotices(trx, [writeOf(b, input, state)], nowDate)) as [number];
    await addRecipients(
      trx,
      b.userIds(state.recipients).map((userId) => ({ noticeId: id, userId, pushSeq: 1 })),
      nowDate,
    );
    result = 'created';
    b.pushed.push({ id, userIds: b.userIds(state.recipients) });
    addressPush(b, input, id, 1);
  } else {
    id = existing.id;
    const old = stateOf(existing, await recipientLogins(trx, id));
    const effect: WriteEffect = call.mode === 'upsert' ? applyUpsert(old, call, now) : applyRegroup(old, call, now);
    state = effect.state;
    // Topic and channels stay as created: updateNotice never writes them.
    await updateNotice(trx, id, writeOf(b, input, state, input.entityLabel ?? existing.entity_label));
    if (effect.replaceRecipients) await replaceRecipients(trx, id, b.userIds(state.recipients), state.pushSeq, nowDate);
    if (effect.resetRead) await resetReadState(trx, id);
    if (effect.repush) {
      // A regroup of a "regroup: web" notice is a frame to open inboxes only (issue 23): no channel again.
      if (call.mode === 'upsert' || existing.regroup === 'all') await markPending(trx, id, state.pushSeq, nowDate);
      b.pushed.push({ id, userIds: await recipientIds(trx, id) });
      addressPush(b, input, id, state.pushSeq);
    }
    result = call.mode === 'upsert' ? 'updated' : 'grouped';
    if (effect.replaceRecipients) state = { ...state, recipients: [...state.recipients].sort() };
  }
  b.results[input.index] = resultOf(id, result, input, state);
  if (input.dedupeKey !== null) b.newKeys.push({ key: input.dedupeKey, noticeId: id });
}

/** A push of a notice that names addresses: each of them gets this push (its mail or post) once. */
function addressPush(b: BatchWrite, input: NoticeInput, noticeId: number, push: number): void {
  if (input.addresses.length > 0) b.addressed.push({ index: input.index, noticeId, push, addresses: input.addresses });
}

/** Repeats of a dedupe key answer the notice it produced (earlier, or in this batch), unchanged. */
async function answerRepeats(b: BatchWrite, known: Map<string, number>, repeats: NoticeInput[]): Promise<void> {
  const ids = new Map<string, number>(known);
  for (const k of b.newKeys) ids.set(k.key, k.noticeId);
  for (const input of repeats) {
    const id = ids.get(input.dedupeKey!)!;
    const row = await findNotice(b.trx, id);
    const s = stateOf(row, await recipientLogins(b.trx, id));
    b.results[input.index] = {
      ...resultOf(id, 'duplicate', input, s),
      mode: row.mode,
      source_ref: row.source_ref,
      topic: row.topic,
    };
  }
}
