// One notice delivery tick (SPEC B5), after the trailing re-push of regroups
// whose 30 s are over (B1): every recipient whose push waits for a
// decision and whose next_check_at has come is decided by domain/notices.ts
// (present channels now; otherwise all after the fallback window, never
// inside quiet hours unless urgent; preferences filter) and the outcome is
// written: the push's outbox rows (core/outbox.ts, the one outbox of events
// and notices) and the recipient's pending push cleared, or its next look
// scheduled.
//
// Writers never wait on this: presence is asked with no row locked, and the
// write is conditional on the push it decided about still being the pending
// one (a newer push arriving meanwhile is decided at the next tick). One
// tick at a time (a transaction-level advisory lock); UNIQUE (notice_id,
// channel_id, push_seq) insures the rest: one delivery per channel per push.
import type { PresenceCache } from '../channels/presence.ts';
import { outboxRows } from '../core/outbox.ts';
import { channelsOfUsers, presenceUser } from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import { type DeliveryInsert, insertDeliveries } from '../db/deliveries.ts';
import { exclusively, readOrDefault } from '../db/locks.ts';
import { type PendingPush, pendingPushes, postponePushes, settlePushes } from '../db/notice-pushes.ts';
import { pushTrailing } from '../db/notices.ts';
import { notifyNotices } from '../db/notify.ts';
import { storedCells } from '../db/preferences.ts';
import { settingsMemo } from '../db/rows.ts';
import type { ChannelType } from '../domain/channels.ts';
import { decideNotice, eligibleChannels, type NoticeDecision, REPUSH_INTERVAL_SECONDS } from '../domain/notices.ts';
import { fromDate, type Instant, toDate } from '../domain/time.ts';

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
  /** The delivery policy that applied (issue 23): presence (SPEC B5) or all. */
  delivery: 'presence' | 'all';
  channels: Array<{ id: number; type: ChannelType }>;
  /** When the tick looks again (a wait), or null. */
  nextCheckAt: string | null;
}

/** Cells the users set, for every (user, source, topic) at hand; a failed read means none (SPEC B3). */
async function setCells(trx: Db, rows: PendingPush[], onError: (err: unknown) => void): Promise<Map<string, boolean>> {
  // Inside the tick's transaction a failed statement would abort it: the read runs under a savepoint.
  const cells = await readOrDefault(trx, [], () => storedCells(trx, [...new Set(rows.map((r) => r.user_id))]), onError);
  return new Map(cells.map((p) => [`${p.user_id}|${p.source_id}|${p.topic}|${p.channel_type}`, p.enabled]));
}

/**
 * Runs one notice delivery tick as of `now`. Returns what was decided for
 * each recipient looked at, or null when another scheduler holds the tick.
 */
export async function noticeDeliveryTick(db: Db, now: Instant, opts: NoticeTickOptions): Promise<NoticeTickDecision[] | null> {
  const nowDate = toDate(now);
  return exclusively(db, 'noticeDelivery', async (trx) => {
    // Regroups folded into a push less than 30 s old go out now that their 30 s are over (SPEC B1).
    const trailing = await pushTrailing(trx, nowDate, toDate(now.subtract({ seconds: REPUSH_INTERVAL_SECONDS })));
    await notifyNotices(trx, trailing);
    const rows = await pendingPushes(trx, nowDate, opts.limit ?? DEFAULT_LIMIT);
    if (rows.length === 0) return [];

    const channels = await channelsOfUsers(trx, [...new Set(rows.map((r) => r.user_id))]);
    const set = await setCells(trx, rows, opts.onPreferenceError ?? (() => {}));
    const settingsOf = settingsMemo();
    const prepared = rows.map((row) => {
      // The stored cell, else the topic's default, else on (issue 23; the allowed types are the notice's channels).
      const wants = (type: ChannelType) => set.get(`${row.user_id}|${row.source_id}|${row.topic}|${type}`) ?? row.topic_defaults?.[type] ?? true;
      const own = channels.get(row.user_id) ?? [];
      return { row, user: settingsOf(row), wants, own, eligible: eligibleChannels(own, row.channels, wants) };
    });

    // Presence only for recipients who still need it; answers are cached for a minute across ticks.
    const presence = await opts.presence.ask(
      prepared.filter((p) => !p.row.read).map((p) => ({ user: presenceUser(p.row), channels: p.eligible })),
      now,
    );

    const decided = prepared.map((p) => {
      const d = decideNotice({
        now,
        pushedAt: fromDate(p.row.pending_since),
        urgent: p.row.urgent,
        delivery: p.row.delivery,
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
    const pushKey = (x: (typeof decided)[number]) => ({ noticeId: x.p.row.notice_id, userId: x.p.row.user_id, seq: x.p.row.pending_seq });
    const written = new Set<string>();
    const waits = decided.filter((x) => x.d.kind === 'wait');
    const ends = decided.filter((x) => x.d.kind !== 'wait');
    for (let i = 0; i < Math.max(waits.length, ends.length); i += WRITE_BATCH) {
      const w = waits.slice(i, i + WRITE_BATCH).map((x) => ({ ...pushKey(x), next: x.next! }));
      const e = ends.slice(i, i + WRITE_BATCH).map(pushKey);
      for (const r of [...(await postponePushes(trx, w)), ...(await settlePushes(trx, e))]) {
        written.add(key(Number(r.notice_id), Number(r.user_id)));
      }
    }

    const decisions: NoticeTickDecision[] = [];
    const inserts: DeliveryInsert[] = [];
    for (const { p, d, next } of decided) {
      if (!written.has(key(p.row.notice_id, p.row.user_id))) continue;
      const to = d.kind === 'deliver' ? p.own.filter((c) => d.channelIds.includes(c.id)) : [];
      inserts.push(...outboxRows({ noticeId: p.row.notice_id, push: p.row.pending_seq, pushedAt: p.row.pending_since }, to, nowDate));
      decisions.push({
        notice: p.row.notice_id,
        user: p.row.login,
        push: p.row.pending_seq,
        why: d.why,
        delivery: p.row.delivery,
        channels: to.map((c) => ({ id: c.id, type: c.type })),
        nextCheckAt: next === null ? null : next.toISOString(),
      });
    }
    await insertDeliveries(trx, inserts);
    return decisions;
  });
}
