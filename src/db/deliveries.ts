// The deliveries outbox (SPEC A7, B5): one table for everything Hado
// delivers, an event's round in a window or a notice's push. The ticks
// insert rows, the worker claims them (a lease), sends and records results.
// Every "now" is a parameter: none of these reads the database's clock.
import { type Insertable, sql } from 'kysely';
import { LIVE_STATES } from '../domain/lifecycle.ts';
import type { Db } from './connect.ts';
import { unreadOf } from './notice-feed.ts';
import type { DeliveriesTable } from './schema.ts';

export type DeliveryInsert = Insertable<DeliveriesTable>;

/** Rows per INSERT: keeps each statement under Postgres's 65,535 bind parameters. */
const INSERT_CHUNK = 4_000;

/**
 * Writes outbox rows. A row that exists already — the same event, channel
 * and window (A7 "no double delivery"), or the same notice, channel and push
 * (B5) — is skipped: its UNIQUE key makes a repeat a no-op.
 */
export async function insertDeliveries(db: Db, rows: DeliveryInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('deliveries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * The events among `windows` that already have a delivery row inside their
 * window, [start, end) (pending counts: A7 "no double delivery"). Inside, not
 * at its start: a daily window holds at most one reminder (A6), so the due
 * day's overdue window sees the day's `today` reminders.
 */
export async function eventsDeliveredInWindow(db: Db, windows: Array<{ id: number; start: Date; end: Date }>): Promise<Set<number>> {
  if (windows.length === 0) return new Set();
  const res = await sql<{ event_id: number }>`
    SELECT DISTINCT d.event_id FROM deliveries d
    JOIN (SELECT unnest(${windows.map((w) => w.id)}::bigint[]) AS event_id,
                 unnest(${windows.map((w) => w.start)}::timestamptz[]) AS start,
                 unnest(${windows.map((w) => w.end)}::timestamptz[]) AS until) w
      ON d.event_id = w.event_id AND d.window_start >= w.start AND d.window_start < w.until`.execute(db);
  return new Set(res.rows.map((r) => Number(r.event_id)));
}

/**
 * Claims up to `limit` pending rows whose next attempt has come, in one
 * statement with FOR UPDATE SKIP LOCKED (any number of workers share the
 * queue without waiting on each other). A claim is a lease: attempts + 1,
 * and the row's next_attempt_at (and locked_until) move to `leaseUntil`, so
 * a worker that dies leaves it to be claimed again when the lease ends.
 * Rows of `skipChannels` stay in the queue. Each row comes with its channel
 * and user, and the content of what it delivers as it is now: the event (and its source) or the notice (and its).
 */
export async function claimDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number, skipChannels: number[] = []) {
  return (
    db
      .with('picked', (q) =>
        q
          .selectFrom('deliveries')
          .select('id')
          .where('result', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          // Channels whose destination is busy with as many as it may take (the worker's per-host limit).
          .$if(skipChannels.length > 0, (qb) => qb.where('channel_id', 'not in', skipChannels))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .with('claimed', (q) =>
        q
          .updateTable('deliveries as d')
          .from('picked')
          .set((eb) => ({ attempts: eb('d.attempts', '+', 1), locked_until: leaseUntil, next_attempt_at: leaseUntil }))
          .whereRef('d.id', '=', 'picked.id')
          .returning(['d.id', 'd.attempts', 'd.action_token', 'd.round', 'd.channel_id', 'd.event_id', 'd.notice_id', 'd.push_seq']),
      )
      .selectFrom('claimed as c')
      .innerJoin('channels as ch', 'ch.id', 'c.channel_id')
      // No user behind an address a source named (issue 24): its rows come with nulls here.
      .leftJoin('users as u', 'u.id', 'ch.user_id')
      .leftJoin('events as e', 'e.id', 'c.event_id')
      .leftJoin('notices as n', 'n.id', 'c.notice_id')
      .leftJoin('sources as s', (join) => join.on((eb) => eb('s.id', '=', eb.fn.coalesce('e.source_id', 'n.source_id'))))
      .select([
        'c.id',
        'c.attempts',
        'c.action_token',
        'c.round',
        'c.event_id',
        'c.notice_id',
        'c.push_seq',
        'ch.id as channel_id',
        'ch.user_id as channel_user_id',
        'ch.type as channel_type',
        // Not confirmed yet (email, Slack) counts as switched off.
        sql<boolean>`ch.enabled AND ch.confirmed`.as('channel_enabled'),
        'ch.config as channel_config',
        'ch.secret as channel_secret',
        'ch.previous_secret as channel_previous_secret',
        'ch.previous_secret_until as channel_previous_secret_until',
        'ch.last_seen_at as channel_last_seen_at',
        'u.id as user_id',
        'u.login',
        'u.last_heartbeat_at',
        'u.locale',
        // The recipient's unread notices at send time (counted up to 100): the app icon's badge (issue 23).
        unreadOf(sql.ref('u.id')).as('unread'),
        's.name as source',
        'e.state as event_state',
        'e.round as event_round',
        'e.due_at as event_due_at',
        'e.payload as event_payload',
        'n.source_ref as notice_source_ref',
        'n.topic as notice_topic',
        'n.mode as notice_mode',
        'n.title as notice_title',
        'n.body as notice_body',
        'n.body_format as notice_body_format',
        'n.deep_link as notice_deep_link',
        'n.actor as notice_actor',
        'n.urgent as notice_urgent',
        'n.delivery as notice_delivery',
        'n.entity_label as notice_entity_label',
        'n.toast as notice_toast',
        'n.data as notice_data',
        'n.group_count as notice_group_count',
        'n.group_messages as notice_group_messages',
        'n.created_at as notice_created_at',
        'n.updated_at as notice_updated_at',
      ])
      .orderBy('c.id')
      // Pending rows hold their token (CHECK deliveries_action_token_pending): the claim takes only pending ones.
      .$narrowType<{ action_token: string }>()
      .execute()
  );
}

/** A claimed row with its channel, user and content (claimDeliveries). */
export type ClaimedDelivery = Awaited<ReturnType<typeof claimDeliveries>>[number];

/** One row's result: ok (sent_at), retry (still pending, next_attempt_at) or failed; error kept on both failures. */
export interface DeliveryResultWrite {
  id: number;
  /** The attempt that held the row: a worker that comes back after its lease cannot overwrite a newer one. */
  attempts: number;
  result: 'ok' | 'pending' | 'failed';
  error: string | null;
  sentAt?: Date;
  externalId?: string | null;
  nextAttemptAt?: Date;
}

/** Writes many results in one statement, each fenced by its attempt number. */
export async function recordResults(db: Db, writes: DeliveryResultWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const col = <T>(f: (w: DeliveryResultWrite) => T): T[] => writes.map(f);
  await sql`
    UPDATE deliveries d SET result = v.result, sent_at = v.sent_at, error = v.error, external_id = v.external_id,
                            locked_until = NULL, next_attempt_at = v.next_attempt_at,
                            -- A final row forgets its token; links find it by the hash (issue 10 item 7).
                            action_token = CASE WHEN v.result = 'pending' THEN d.action_token END
    FROM (SELECT unnest(${col((w) => w.id)}::bigint[]) AS id,
                 unnest(${col((w) => w.attempts)}::int[]) AS attempts,
                 unnest(${col((w) => w.result)}::text[]) AS result,
                 unnest(${col((w) => w.sentAt ?? null)}::timestamptz[]) AS sent_at,
                 unnest(${col((w) => w.error)}::text[]) AS error,
                 unnest(${col((w) => w.externalId ?? null)}::text[]) AS external_id,
                 unnest(${col((w) => w.nextAttemptAt ?? null)}::timestamptz[]) AS next_attempt_at) v
    WHERE d.id = v.id AND d.attempts = v.attempts AND d.result = 'pending'`.execute(db);
}

/** The delivery an action token belongs to (SPEC A6, A9), by the token's hash: its event (null for a notice's) and round. */
export async function findDeliveryByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('deliveries').select(['event_id', 'round']).where('action_token_hash', '=', tokenHash).executeTakeFirst();
}

/** The event's delivered Telegram messages (external_id "chat_id:message_id"), oldest first. */
export async function sentTelegramMessages(db: Db, eventId: number): Promise<Array<{ id: number; external_id: string | null }>> {
  return db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .select(['deliveries.id', 'deliveries.external_id'])
    .where('deliveries.event_id', '=', eventId)
    .where('deliveries.result', '=', 'ok')
    .where('channels.type', '=', 'telegram')
    .where('deliveries.external_id', 'is not', null)
    .orderBy('deliveries.id')
    .execute();
}

/**
 * Brings next_check_at of a user's live events forward to `now`, so the next
 * delivery tick looks at them (after a change of zone, hours or channels:
 * their windows or their reachability moved). A lower bound is always safe.
 */
export async function markUserEventsForCheck(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('events')
    .set({ next_check_at: now })
    .where('user_id', '=', userId)
    .where('state', 'in', LIVE_STATES)
    .where((eb) => eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '>', now)]))
    .execute();
}

/**
 * Renews the lease of rows a worker is still sending (its heartbeat): their
 * locked_until and next_attempt_at move to `leaseUntil`. Fenced like a
 * result: only the attempt that holds a row renews it, and a row whose result
 * is already written (locked_until cleared) is left alone. Returns the ids
 * renewed; a row missing from them was taken over by another worker.
 */
export async function renewLeases(db: Db, rows: Array<{ id: number; attempts: number }>, leaseUntil: Date): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const res = await sql<{ id: number }>`
    UPDATE deliveries d SET locked_until = ${leaseUntil}, next_attempt_at = ${leaseUntil}
    FROM (SELECT unnest(${rows.map((r) => r.id)}::bigint[]) AS id, unnest(${rows.map((r) => r.attempts)}::int[]) AS attempts) v
    WHERE d.id = v.id AND d.attempts = v.attempts AND d.result = 'pending' AND d.locked_until IS NOT NULL
    RETURNING d.id`.execute(db);
  return new Set(res.rows.map((r) => Number(r.id)));
}

/**
 * Gives claimed rows back to the queue (a stopping worker's deliveries still
 * in flight): claimable at once, the attempt not counted. Fenced like a
 * result: only the attempt that holds a row releases it. Returns the rows released.
 */
export async function releaseDeliveries(db: Db, rows: Array<{ id: number; attempts: number }>, now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await sql`
    UPDATE deliveries d SET attempts = d.attempts - 1, locked_until = NULL, next_attempt_at = ${now}
    FROM (SELECT unnest(${rows.map((r) => r.id)}::bigint[]) AS id, unnest(${rows.map((r) => r.attempts)}::int[]) AS attempts) v
    WHERE d.id = v.id AND d.attempts = v.attempts AND d.result = 'pending'`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** A claimed row the worker did not attempt (its destination's breaker is open): when to look again, and why. */
export interface DeliveryDeferral {
  id: number;
  /** The claim that holds the row (the fence). */
  attempts: number;
  until: Date;
  error: string;
}

/**
 * Puts claimed rows back without spending their attempt (issue 16: a paused
 * destination is not the row's failure): attempts − 1, claimable again at
 * `until`, with the reason kept in `error`. Fenced like a result. Returns
 * the rows deferred.
 */
export async function deferDeliveries(db: Db, rows: DeliveryDeferral[]): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await sql`
    UPDATE deliveries d SET attempts = d.attempts - 1, locked_until = NULL, next_attempt_at = v.until, error = v.error
    FROM (SELECT unnest(${rows.map((r) => r.id)}::bigint[]) AS id,
                 unnest(${rows.map((r) => r.attempts)}::int[]) AS attempts,
                 unnest(${rows.map((r) => r.until)}::timestamptz[]) AS until,
                 unnest(${rows.map((r) => r.error)}::text[]) AS error) v
    WHERE d.id = v.id AND d.attempts = v.attempts AND d.result = 'pending'`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
