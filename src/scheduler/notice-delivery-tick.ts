// One notice delivery tick (SPEC B5), after the trailing re-push of regroups
// whose 30 s are over (B1): every recipient whose push waits for a
// decision and whose next_check_at has come is decided by domain/notices.ts
// (present channels now; otherwise all after the fallback window, never
// inside quiet hours unless urgent; preferences filter) and the outcome is
// written: delivery rows in the one outbox — `pending` for the worker, web
// rows `ok` at once (the row is the web delivery) — and the recipient's
// pending push cleared, or its next look scheduled.
//
// Writers never wait on this: presence is asked with no row locked, and the
// write is conditional on the push it decided about still being the pending
// one (a newer push arriving meanwhile is decided at the next tick). One
// tick at a time (a transaction-level advisory lock); UNIQUE (notice_id,
// channel_id, push_seq) insures the rest: one delivery per channel per push.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { PresenceCache } from '../channels/presence.ts';
import type { ChannelRecord, Presence, PresenceUser } from '../channels/types.ts';
import type { Db } from '../db/connect.ts';
import { channelsOfUsers } from '../db/channels.ts';
import { userSettings } from '../db/rows.ts';
import { pushTrailing } from '../db/notices.ts';
import { type ChannelType, decideNotice, eligibleChannels, type NoticeDecision, REPUSH_INTERVAL_SECONDS } from '../domain/notices.ts';
import { notifyNotices } from '../live/notices.ts';
import { fromDate, type Instant, toDate } from '../domain/time.ts';
import type { UserSettings } from '../domain/user.ts';
import { SCHEDULER_LOCK } from './lifecycle-tick.ts';

/** The advisory lock of the notice delivery tick (the lifecycle tick has +0, the event delivery tick +1). */
export const NOTICE_DELIVERY_LOCK = SCHEDULER_LOCK + 2;

/** While a push waits, presence is looked at again this often: someone may come back any minute. */
const RECHECK_MS = 60_000;
const DEFAULT_LIMIT = 20_000;
const WRITE_BATCH = 2_000;

export interface NoticeTickOptions {
  presence: PresenceCache;
  /** HADO_NOTICE_FALLBACK_MINUTES. */
  fallbackMinutes: number;
  limit?: number;
  /** A preferences read that failed (delivery then uses the defaults). */
  onPreferenceError?: (err: unknown) => void;
}

export interface NoticeTickDecision {
  notice: number;
  user: string;
  push: number;
  why: NoticeDecision['why'];
  channels: Array<{ id: number; type: ChannelType }>;
  /** When the tick looks again (a wait), or null. */
  nextCheckAt: string | null;
}

interface Candidate {
  notice_id: number;
  user_id: number;
  pending_seq: number;
  pending_since: Date;
  read: boolean;
  source_id: number;
  topic: string;
  urgent: boolean;
  channels: ChannelType[] | null;
  login: string;
  tz: string;
  quiet_start: string;
  quiet_end: string;
  last_heartbeat_at: Date | null;
}

async function candidates(db: Db, now: Date, limit: number): Promise<Candidate[]> {
  const res = await sql<Candidate>`
    SELECT r.notice_id, r.user_id, r.pending_seq, r.pending_since,
           (r.read_at IS NOT NULL OR r.archived_at IS NOT NULL) AS read,
           n.source_id, n.topic, n.urgent, n.channels,
           u.login, u.tz, u.quiet_start, u.quiet_end, u.last_heartbeat_at
    FROM notice_recipients r
    JOIN notices n ON n.id = r.notice_id
    JOIN users u ON u.id = r.user_id
    WHERE r.next_check_at <= ${now}
    ORDER BY r.next_check_at
    LIMIT ${limit}`.execute(db);
  return res.rows;
}

/** Cells switched off, for every (user, source, topic) at hand; a failed read means none (SPEC B3). */
async function disabledCells(db: Db, rows: Candidate[], onError?: (err: unknown) => void): Promise<Set<string>> {
  const out = new Set<string>();
  if (rows.length === 0) return out;
  // Inside the tick's transaction a failed statement would abort it: the savepoint keeps it alive.
  await sql`SAVEPOINT preferences_read`.execute(db);
  try {
    const res = await sql<{ user_id: number; source_id: number; topic: string; channel_type: ChannelType }>`
      SELECT user_id, source_id, topic, channel_type FROM preferences
      WHERE NOT enabled AND user_id IN (${sql.join([...new Set(rows.map((r) => r.user_id))])})`.execute(db);
    for (const p of res.rows) out.add(`${p.user_id}|${p.source_id}|${p.topic}|${p.channel_type}`);
    await sql`RELEASE SAVEPOINT preferences_read`.execute(db);
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT preferences_read`.execute(db);
    onError?.(err);
  }
  return out;
}

export const newDeliveryToken = (): string => randomBytes(32).toString('base64url');

/**
 * Runs one notice delivery tick as of `now`. Returns what was decided for
 * each recipient looked at, or null when another scheduler holds the tick.
 */
export async function noticeDeliveryTick(db: Db, now: Instant, opts: NoticeTickOptions): Promise<NoticeTickDecision[] | null> {
  const nowDate = toDate(now);
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${NOTICE_DELIVERY_LOCK}) AS locked`.execute(trx);
    if (!lock.rows[0]?.locked) return null;
    // Regroups folded into a push less than 30 s old go out now that their 30 s are over (SPEC B1).
    const trailing = await pushTrailing(trx, nowDate, toDate(now.subtract({ seconds: REPUSH_INTERVAL_SECONDS })));
    await notifyNotices(trx, trailing);
    const rows = await candidates(trx, nowDate, opts.limit ?? DEFAULT_LIMIT);
    if (rows.length === 0) return [];

    const channels = await channelsOfUsers(trx, [...new Set(rows.map((r) => r.user_id))]);
    const off = await disabledCells(trx, rows, opts.onPreferenceError);
    const settings = new Map<string, UserSettings>();
    const prepared = rows.map((row) => {
      const key = `${row.tz}|${row.quiet_start}|${row.quiet_end}`;
      let user = settings.get(key);
      if (!user) {
        user = userSettings(row);
        settings.set(key, user);
      }
      const wants = (type: ChannelType) => !off.has(`${row.user_id}|${row.source_id}|${row.topic}|${type}`);
      const own = channels.get(row.user_id) ?? [];
      const presenceUser: PresenceUser = { id: row.user_id, login: row.login, lastHeartbeatAt: row.last_heartbeat_at };
      return { row, user, wants, own, presenceUser, eligible: eligibleChannels(own, row.channels, wants) };
    });

    // Presence only for recipients who still need it; answers are cached for a minute across ticks.
    const asks: Array<{ channel: ChannelRecord; user: PresenceUser }> = [];
    for (const p of prepared) {
      if (p.row.read) continue;
      for (const c of p.eligible) asks.push({ channel: c as ChannelRecord, user: p.presenceUser });
    }
    const presence = asks.length > 0 ? await opts.presence.ask(asks, now) : new Map<number, Presence>();

    const decided = prepared.map((p) => {
      const d = decideNotice({
        now,
        pushedAt: fromDate(p.row.pending_since),
        urgent: p.row.urgent,
        read: p.row.read,
        user: p.user,
        fallbackMinutes: opts.fallbackMinutes,
        noticeChannels: p.row.channels,
        channels: p.own,
        wants: p.wants,
        presence,
      });
      const next = d.kind === 'wait' ? new Date(Math.min(d.until.epochMilliseconds, nowDate.getTime() + RECHECK_MS)) : null;
      return { p, d, next };
    });

    // Written only where the push decided about is still the pending one: no row was locked while
    // presence was asked, and a newer push that came meanwhile waits for the next tick.
    const key = (notice: number, user: number) => `${notice}|${user}`;
    const written = new Set<string>();
    const waits = decided.filter((x) => x.d.kind === 'wait');
    const ends = decided.filter((x) => x.d.kind !== 'wait');
    for (let i = 0; i < Math.max(waits.length, ends.length); i += WRITE_BATCH) {
      const w = waits.slice(i, i + WRITE_BATCH);
      const e = ends.slice(i, i + WRITE_BATCH);
      if (w.length > 0) {
        const res = await sql<{ notice_id: number; user_id: number }>`
          UPDATE notice_recipients r SET next_check_at = v.next
          FROM (SELECT unnest(${w.map((x) => x.p.row.notice_id)}::bigint[]) AS notice_id,
                       unnest(${w.map((x) => x.p.row.user_id)}::bigint[]) AS user_id,
                       unnest(${w.map((x) => x.p.row.pending_seq)}::int[]) AS seq,
                       unnest(${w.map((x) => x.next!)}::timestamptz[]) AS next) v
          WHERE r.notice_id = v.notice_id AND r.user_id = v.user_id AND r.pending_seq = v.seq
          RETURNING r.notice_id, r.user_id`.execute(trx);
        for (const r of res.rows) written.add(key(Number(r.notice_id), Number(r.user_id)));
      }
      if (e.length > 0) {
        const res = await sql<{ notice_id: number; user_id: number }>`
          UPDATE notice_recipients r SET pending_seq = NULL, pending_since = NULL, next_check_at = NULL
          FROM (SELECT unnest(${e.map((x) => x.p.row.notice_id)}::bigint[]) AS notice_id,
                       unnest(${e.map((x) => x.p.row.user_id)}::bigint[]) AS user_id,
                       unnest(${e.map((x) => x.p.row.pending_seq)}::int[]) AS seq) v
          WHERE r.notice_id = v.notice_id AND r.user_id = v.user_id AND r.pending_seq = v.seq
          RETURNING r.notice_id, r.user_id`.execute(trx);
        for (const r of res.rows) written.add(key(Number(r.notice_id), Number(r.user_id)));
      }
    }

    const decisions: NoticeTickDecision[] = [];
    const inserts: Array<{
      notice_id: number;
      push_seq: number;
      channel_id: number;
      window_start: Date;
      action_token: string;
      result: 'pending' | 'ok';
      sent_at: Date | null;
      next_attempt_at: Date;
      created_at: Date;
    }> = [];
    for (const { p, d, next } of decided) {
      if (!written.has(key(p.row.notice_id, p.row.user_id))) continue;
      const to = d.kind === 'deliver' ? p.own.filter((c) => d.channelIds.includes(c.id)) : [];
      for (const channel of to) {
        const web = channel.type === 'web';
        inserts.push({
          notice_id: p.row.notice_id,
          push_seq: p.row.pending_seq,
          channel_id: channel.id,
          window_start: p.row.pending_since,
          action_token: newDeliveryToken(),
          // The web channel's delivery is the row itself (A7): written `ok` at once.
          result: web ? 'ok' : 'pending',
          sent_at: web ? nowDate : null,
          next_attempt_at: nowDate,
          created_at: nowDate,
        });
      }
      decisions.push({
        notice: p.row.notice_id,
        user: p.row.login,
        push: p.row.pending_seq,
        why: d.why,
        channels: to.map((c) => ({ id: c.id, type: c.type })),
        nextCheckAt: next === null ? null : next.toISOString(),
      });
    }
    // Chunks keep each statement under Postgres's 65,535 bind parameters.
    for (let j = 0; j < inserts.length; j += 4_000) {
      await trx
        .insertInto('deliveries')
        .values(inserts.slice(j, j + 4_000))
        .onConflict((oc) => oc.columns(['notice_id', 'channel_id', 'push_seq']).where('notice_id', 'is not', null).doNothing())
        .execute();
    }
    return decisions;
  });
}
