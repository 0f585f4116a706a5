// The outbox worker (SPEC A7 "the job"): claims pending delivery rows whose
// moment has come, sends each through its channel, and records ok / failed.
//
// - Claiming is one statement with FOR UPDATE SKIP LOCKED, so any number of
//   workers share the queue without waiting on each other.
// - A claim is a lease: the row's next_attempt_at (and locked_until) move to
//   now + lease. A worker that dies mid-delivery leaves the row to be claimed
//   again when the lease ends; results are fenced by the attempt number, so a
//   worker that comes back late cannot overwrite a newer attempt.
// - 3 attempts with exponential backoff for retryable failures; a channel's
//   own retry-after (Telegram 429) is honoured when longer.
// Every "now" comes from the injected Clock.
import { sql } from 'kysely';
import { Counter } from 'prom-client';
import type { Logger } from 'pino';
import type { ChannelRegistry } from '../channels/registry.ts';
import type { ChannelRecord, DeliveryResult, OutgoingMessage, PresenceUser } from '../channels/types.ts';
import type { Clock } from '../clock.ts';
import { type NoticeBody, noticeBodies, noticeMessage } from '../core/notice-delivery.ts';
import type { Db } from '../db/connect.ts';
import type { EventPayload } from '../db/schema.ts';
import { isTerminal, type State } from '../domain/lifecycle.ts';
import { toDate } from '../domain/time.ts';
import { register } from '../metrics.ts';
import { releaseDeliveries } from '../db/deliveries.ts';

export const MAX_ATTEMPTS = 3;
/** SPEC A7/issue 3: a lease of at most 2 minutes. */
export const LEASE_MS = 120_000;
/** Backoff after attempt n (1-based): 30 s, then 60 s. */
export const backoffMs = (attempt: number): number => 30_000 * 2 ** (attempt - 1);

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  channels: ChannelRegistry;
  /** APP_URL: the base of the action links in webhook bodies. */
  appUrl: string;
  /** Deliveries in flight at once. */
  concurrency?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoff?: (attempt: number) => number;
  /** Real-time pause between polls when the queue is empty. */
  pollMs?: number;
  log?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** A claimed row with everything its delivery needs. */
export interface Claimed {
  id: number;
  attempts: number;
  actionToken: string;
  round: number;
  channel: ChannelRecord;
  user: PresenceUser;
  event: {
    id: number;
    state: State;
    round: number;
    dueAt: string;
    source: string;
    payload: EventPayload;
  };
}

/** A claimed notice delivery (SPEC B5): the notice as it is now, and the push the row belongs to. */
export interface ClaimedNotice extends Omit<Claimed, 'event'> {
  pushSeq: number;
  notice: NoticeBody;
}

export type Outcome = 'ok' | 'retry' | 'failed';

/** One row's result: ok (sent_at), retry (still pending, next_attempt_at) or failed; error kept on both failures. */
interface ResultWrite {
  id: number;
  attempts: number;
  result: 'ok' | 'pending' | 'failed';
  error: string | null;
  sentAt?: Date;
  externalId?: string | null;
  nextAttemptAt?: Date;
}

const outcomes = new Counter({
  name: 'hado_delivery_attempts_total',
  help: 'Delivery attempts by channel type and outcome (ok, retry, failed)',
  labelNames: ['channel', 'outcome'],
  registers: [register],
});
// Every series exists from the start (at 0), so rates and alerts have a baseline before the first failure.
for (const channel of ['web', 'telegram', 'webhook']) for (const outcome of ['ok', 'retry', 'failed']) outcomes.inc({ channel, outcome }, 0);

/** Results are written together when this many are waiting, or after FLUSH_MS. */
const FLUSH_AT = 100;
const FLUSH_MS = 5;

interface ClaimRow {
  id: number;
  attempts: number;
  action_token: string;
  round: number;
  channel_id: number;
  channel_type: ChannelRecord['type'];
  channel_enabled: boolean;
  channel_config: Record<string, unknown>;
  channel_secret: string | null;
  channel_last_seen_at: Date | null;
  user_id: number;
  login: string;
  last_heartbeat_at: Date | null;
  event_id: number | null;
  state: State;
  event_round: number;
  due_at: string;
  source: string;
  payload: EventPayload;
  notice_id: number | null;
  push_seq: number | null;
}

/** A2's webhook body (A7) for an event delivery, with absolute action links. */
export function eventMessage(row: Claimed, appUrl: string): OutgoingMessage {
  const p = row.event.payload;
  const base = appUrl.replace(/\/+$/, '');
  const action = (a: string) => `${base}/a/${encodeURIComponent(row.actionToken)}/${a}`;
  const doneLabel = p.done_label ?? 'Done';
  return {
    deliveryId: row.id,
    actionToken: row.actionToken,
    kind: 'event',
    body: {
      event: {
        id: row.event.id,
        state: row.event.state,
        due_at: row.event.dueAt,
        source: row.event.source,
        title: p.title,
        subtitle: p.subtitle ?? null,
        deep_link: p.deep_link ?? null,
        done_label: doneLabel,
      },
      actions: { ack: action('ack'), done: action('done') },
    },
    title: p.title,
    subtitle: p.subtitle ?? null,
    deepLink: p.deep_link ?? null,
    doneLabel,
  };
}

export class Worker {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoff: (attempt: number) => number;
  private wakeUp: (() => void) | null = null;
  private results: Array<{ write: ResultWrite; resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;
  /** Rows being sent right now, for a stop that cannot wait for them. */
  private readonly sending = new Map<number, Claimed | ClaimedNotice>();

  constructor(private readonly opts: WorkerOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.concurrency = opts.concurrency ?? 32;
    this.leaseMs = Math.min(opts.leaseMs ?? LEASE_MS, LEASE_MS);
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.backoff = opts.backoff ?? backoffMs;
  }

  /**
   * Claims up to `limit` rows whose next attempt has come, leasing them.
   * Rows whose lease ran out on their last attempt are not sent again: they
   * come back with attempts above the maximum and are recorded as failed.
   */
  async claim(limit: number): Promise<Array<Claimed | ClaimedNotice>> {
    const now = toDate(this.clock.now());
    const lease = new Date(now.getTime() + this.leaseMs);
    const res = await sql<ClaimRow>`
      WITH picked AS (
        SELECT id FROM deliveries
        WHERE result = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE deliveries d SET attempts = d.attempts + 1, locked_until = ${lease}, next_attempt_at = ${lease}
        FROM picked WHERE d.id = picked.id
        RETURNING d.id, d.attempts, d.action_token, d.round, d.channel_id, d.event_id, d.notice_id, d.push_seq
      )
      SELECT c.id, c.attempts, c.action_token, c.round, c.notice_id, c.push_seq,
             ch.id AS channel_id, ch.type AS channel_type, ch.enabled AS channel_enabled, ch.config AS channel_config,
             ch.secret AS channel_secret, ch.last_seen_at AS channel_last_seen_at,
             u.id AS user_id, u.login, u.last_heartbeat_at,
             e.id AS event_id, e.state, e.round AS event_round, e.due_at, s.name AS source, e.payload
      FROM claimed c
      JOIN channels ch ON ch.id = c.channel_id
      JOIN users u ON u.id = ch.user_id
      LEFT JOIN events e ON e.id = c.event_id
      LEFT JOIN sources s ON s.id = e.source_id
      ORDER BY c.id`.execute(this.db);
    // A row is about an event or a notice; notices are loaded as they are now (the latest content).
    const notices = await noticeBodies(
      this.db,
      res.rows.flatMap((r) => (r.notice_id === null ? [] : [Number(r.notice_id)])),
    );
    return res.rows.map((r) => {
      const base = {
        id: Number(r.id),
        attempts: r.attempts,
        actionToken: r.action_token,
        round: r.round,
        channel: {
          id: Number(r.channel_id),
          userId: Number(r.user_id),
          type: r.channel_type,
          enabled: r.channel_enabled,
          config: r.channel_config,
          secret: r.channel_secret,
          lastSeenAt: r.channel_last_seen_at,
        },
        user: { id: Number(r.user_id), login: r.login, lastHeartbeatAt: r.last_heartbeat_at },
      };
      if (r.notice_id !== null) return { ...base, pushSeq: r.push_seq!, notice: notices.get(Number(r.notice_id))! };
      return {
        ...base,
        event: {
          id: Number(r.event_id),
          state: r.state,
          round: r.event_round,
          dueAt: r.due_at,
          source: r.source,
          payload: r.payload,
        },
      };
    });
  }

  /** Sends one claimed row and records the outcome. */
  async process(row: Claimed | ClaimedNotice): Promise<Outcome> {
    if (row.attempts > this.maxAttempts) {
      return this.fail(row, `gave up: the worker holding attempt ${this.maxAttempts} was lost (lease expired)`);
    }
    // Switched off since the tick wrote the row (or between retries): a disabled channel is never delivered to (A8).
    if (!row.channel.enabled) return this.fail(row, 'not sent: the channel is disabled');
    let message: OutgoingMessage;
    if ('notice' in row) {
      // A notice stays deliverable while it exists (its delivery rows go with it).
      message = noticeMessage(row, row.notice);
    } else {
      // Nothing to remind of any more: the event closed (or began another round) while the row waited.
      if (isTerminal(row.event.state) || row.event.round !== row.round) {
        const why = row.event.round !== row.round ? 'started a new round' : `is ${row.event.state}`;
        return this.fail(row, `not sent: the event ${why}`);
      }
      message = eventMessage(row, this.opts.appUrl);
    }
    const impl = this.opts.channels.get(row.channel.type);
    if (!impl) return this.fail(row, `no ${row.channel.type} channel in this deployment`);
    let result: DeliveryResult;
    try {
      result = await impl.deliver(message, row.user, row.channel);
    } catch (e) {
      result = { ok: false, error: e instanceof Error ? e.message : String(e), retryable: true };
    }
    if (result.ok) {
      await this.record(row, { result: 'ok', sentAt: toDate(this.clock.now()), error: null, externalId: result.externalId ?? null });
      outcomes.inc({ channel: row.channel.type, outcome: 'ok' });
      return 'ok';
    }
    const error = result.error.slice(0, 2000);
    if (!result.retryable || row.attempts >= this.maxAttempts) return this.fail(row, error);
    const wait = Math.max(this.backoff(row.attempts), result.retryAfterMs ?? 0);
    const at = new Date(this.clock.now().epochMilliseconds + wait);
    await this.record(row, { result: 'pending', error, nextAttemptAt: at });
    outcomes.inc({ channel: row.channel.type, outcome: 'retry' });
    return 'retry';
  }

  private async fail(row: Pick<Claimed, 'id' | 'attempts' | 'channel'>, error: string): Promise<Outcome> {
    await this.record(row, { result: 'failed', error });
    outcomes.inc({ channel: row.channel.type, outcome: 'failed' });
    this.opts.log?.warn({ delivery: row.id, channel: row.channel.id, error }, 'delivery failed');
    return 'failed';
  }

  /**
   * Writes a result, fenced: only the attempt that holds the row may write it.
   * Results are written in batches — one statement (one commit) for whatever
   * finished within a few milliseconds — and the promise settles when its
   * batch is written, so a caller still knows its result is stored.
   */
  private record(row: Pick<Claimed, 'id' | 'attempts'>, r: Omit<ResultWrite, 'id' | 'attempts'>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.results.push({ write: { id: row.id, attempts: row.attempts, ...r }, resolve, reject });
      if (this.results.length >= FLUSH_AT) void this.flush();
      else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    });
  }

  private async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.results.splice(0);
    if (batch.length === 0) return;
    const col = <T>(f: (w: ResultWrite) => T): T[] => batch.map((b) => f(b.write));
    try {
      await sql`
        UPDATE deliveries d SET result = v.result, sent_at = v.sent_at, error = v.error, external_id = v.external_id,
                                locked_until = NULL, next_attempt_at = v.next_attempt_at
        FROM (SELECT unnest(${col((w) => w.id)}::bigint[]) AS id,
                     unnest(${col((w) => w.attempts)}::int[]) AS attempts,
                     unnest(${col((w) => w.result)}::text[]) AS result,
                     unnest(${col((w) => w.sentAt ?? null)}::timestamptz[]) AS sent_at,
                     unnest(${col((w) => w.error)}::text[]) AS error,
                     unnest(${col((w) => w.externalId ?? null)}::text[]) AS external_id,
                     unnest(${col((w) => w.nextAttemptAt ?? null)}::timestamptz[]) AS next_attempt_at) v
        WHERE d.id = v.id AND d.attempts = v.attempts AND d.result = 'pending'`.execute(this.db);
      for (const b of batch) b.resolve();
    } catch (e) {
      for (const b of batch) b.reject(e);
    }
  }

  /**
   * Delivers everything claimable now, keeping up to `concurrency` deliveries
   * in flight; resolves when the queue has nothing due. Returns the rows handled.
   */
  async drain(): Promise<number> {
    let handled = 0;
    let more = true;
    const inflight = new Set<Promise<unknown>>();
    // Claim in chunks, not one row per free slot: one claim statement feeds many sends.
    const chunk = Math.max(1, Math.ceil(this.concurrency / 4));
    while (true) {
      const free = this.concurrency - inflight.size;
      // A stopping worker takes no new rows; it lets the ones in flight finish.
      if (more && !this.stopped && free >= Math.min(chunk, this.concurrency)) {
        const rows = await this.claim(free);
        if (rows.length < free) more = false;
        for (const row of rows) {
          this.sending.set(row.id, row);
          const p: Promise<unknown> = this.process(row)
            .catch((err) => this.opts.log?.error({ err, delivery: row.id }, 'recording a delivery failed'))
            .finally(() => {
              inflight.delete(p);
              this.sending.delete(row.id);
            });
          inflight.add(p);
        }
        handled += rows.length;
        if (rows.length > 0 && more) continue;
      }
      if (inflight.size === 0) return handled;
      await Promise.race(inflight);
    }
  }

  /** Runs drain() in a loop until stop(); wake() cuts the pause short (the tick just wrote rows). */
  start(): void {
    if (this.loop) return;
    this.stopped = false;
    const pollMs = this.opts.pollMs ?? 1000;
    this.loop = (async () => {
      while (!this.stopped) {
        let handled = 0;
        try {
          handled = await this.drain();
        } catch (err) {
          this.opts.log?.error({ err }, 'worker round failed');
        }
        if (this.stopped) break;
        if (handled > 0) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
      }
    })();
  }

  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Stops claiming and waits for the deliveries in flight. With a grace, the
   * ones still in flight when it runs out go back to the queue (claimable at
   * once by another worker, the attempt not counted) instead of waiting for
   * their lease to expire; their late results are fenced out.
   */
  async stop(graceMs?: number): Promise<void> {
    this.stopped = true;
    this.wake();
    const loop = this.loop;
    this.loop = null;
    if (!loop) return;
    if (graceMs === undefined) return loop;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const outcome = await Promise.race([loop.then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'done') return;
    const rows = [...this.sending.values()];
    const released = await releaseDeliveries(this.db, rows, toDate(this.clock.now()));
    this.opts.log?.warn({ released, deliveries: rows.map((r) => r.id) }, 'stopping: in-flight deliveries released to the queue');
  }
}
