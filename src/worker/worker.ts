// The outbox worker (SPEC A7 "the job"): claims pending delivery rows whose
// moment has come, sends each through its channel, and records ok / failed.
//
// - Claiming is one statement with FOR UPDATE SKIP LOCKED, so any number of
//   workers share the queue without waiting on each other.
// - A claim is a lease: the row's next_attempt_at (and locked_until) move to
//   now + lease (30 s), and a heartbeat renews the lease of every row still
//   being sent every 10 s. A worker that dies mid-delivery leaves its rows to
//   be claimed again within ~30 s; results are fenced by the attempt number,
//   so a worker that comes back late cannot overwrite a newer attempt. A row
//   taken over may go out twice (at-least-once), always with the same
//   webhook-id: receivers drop the repeat.
// - 3 attempts with exponential backoff for retryable failures; a channel's
//   own retry-after (Telegram 429) is honoured when longer.
// - The worker knows nothing of what it delivers: a claimed row comes with
//   its message already composed (core/messages.ts), or the reason not to send.
// Every "now" comes from the injected Clock.
import { Counter } from 'prom-client';
import type { Logger } from 'pino';
import type { ChannelRegistry } from '../channels/registry.ts';
import type { ChannelRecord, DeliveryResult, PresenceUser } from '../channels/types.ts';
import type { Clock } from '../clock.ts';
import { Coalescer } from '../coalescer.ts';
import { type Composed, composeMessage } from '../core/messages.ts';
import type { Db } from '../db/connect.ts';
import { claimDeliveries, type DeliveryResultWrite, recordResults, releaseDeliveries, renewLeases } from '../db/deliveries.ts';
import { toDate } from '../domain/time.ts';
import { CHANNEL_TYPES } from '../domain/channels.ts';
import type { ErrorSink } from '../errors.ts';
import { register } from '../metrics.ts';

export const MAX_ATTEMPTS = 3;
/** SPEC A7/issue 3: a lease of at most 2 minutes. */
export const MAX_LEASE_MS = 120_000;
/** Issue 16: a lease short enough that a dead worker's rows are taken over within ~30 s, renewed while the worker lives. */
export const LEASE_MS = 30_000;
/** The heartbeat: a lease is renewed three times before it could run out. */
export const HEARTBEAT_MS = 10_000;
/** Backoff after attempt n (1-based): 30 s, then 60 s. */
/** How often the worker runs the channels' upkeep (Channel.maintain). */
export const UPKEEP_EVERY_MS = 60_000;
export const backoffMs = (attempt: number): number => 30_000 * 2 ** (attempt - 1);

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  channels: ChannelRegistry;
  /** APP_URL: the base of the action links in webhook bodies. */
  appUrl: string;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How long a claim holds a row without a heartbeat (at most MAX_LEASE_MS). */
  leaseMs?: number;
  /** Real-time period of the heartbeat that renews the leases of rows in flight; below leaseMs. */
  heartbeatMs?: number;
  maxAttempts?: number;
  backoff?: (attempt: number) => number;
  /** Real-time pause between polls when the queue is empty. */
  pollMs?: number;
  log?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The process's error sink: a round or a result write that failed. */
  onError?: ErrorSink;
}

/** A claimed row: where it goes, and what it carries (or why it must not go). */
export interface Claimed {
  id: number;
  attempts: number;
  channel: ChannelRecord;
  user: PresenceUser;
  message: Composed;
}

export type Outcome = 'ok' | 'retry' | 'failed';

const outcomes = new Counter({
  name: 'hado_delivery_attempts_total',
  help: 'Delivery attempts by channel type and outcome (ok, retry, failed)',
  labelNames: ['channel', 'outcome'],
  registers: [register],
});
// Every series exists from the start (at 0), so rates and alerts have a baseline before the first failure.
for (const channel of CHANNEL_TYPES) for (const outcome of ['ok', 'retry', 'failed']) outcomes.inc({ channel, outcome }, 0);

export class Worker {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoff: (attempt: number) => number;
  private wakeUp: (() => void) | null = null;
  /** Results that finish while a write runs go together in the next one: one statement, one commit, per round. */
  private readonly results: Coalescer<DeliveryResultWrite>;
  private loop: Promise<void> | null = null;
  private stopped = false;
  /** Rows being sent right now, for a stop that cannot wait for them. */
  private readonly sending = new Map<number, Claimed>();
  private readonly heartbeatMs: number;
  /** Runs while rows are in flight. */
  private heartbeat: NodeJS.Timeout | null = null;
  private renewing: Promise<unknown> | null = null;
  private upkeep: Promise<void> | null = null;
  private lastUpkeepAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly opts: WorkerOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.concurrency = opts.concurrency ?? 32;
    this.leaseMs = Math.min(opts.leaseMs ?? LEASE_MS, MAX_LEASE_MS);
    this.heartbeatMs = Math.min(opts.heartbeatMs ?? HEARTBEAT_MS, Math.floor(this.leaseMs / 3));
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.backoff = opts.backoff ?? backoffMs;
    this.results = new Coalescer((writes) => recordResults(this.db, writes));
  }

  /**
   * Claims up to `limit` rows whose next attempt has come, leasing them.
   * Rows whose lease ran out on their last attempt are not sent again: they
   * come back with attempts above the maximum and are recorded as failed.
   */
  async claim(limit: number): Promise<Claimed[]> {
    const now = toDate(this.clock.now());
    const rows = await claimDeliveries(this.db, now, new Date(now.getTime() + this.leaseMs), limit);
    return rows.map((r) => ({
      id: r.id,
      attempts: r.attempts,
      channel: {
        id: r.channel_id,
        userId: r.channel_user_id,
        type: r.channel_type,
        enabled: r.channel_enabled,
        config: r.channel_config,
        secret: r.channel_secret,
        lastSeenAt: r.channel_last_seen_at,
      },
      user: { id: r.user_id, login: r.login, lastHeartbeatAt: r.last_heartbeat_at },
      message: composeMessage(r, this.opts.appUrl),
    }));
  }

  /** Sends one claimed row and records the outcome. */
  async process(row: Claimed): Promise<Outcome> {
    if (row.attempts > this.maxAttempts) {
      return this.fail(row, `gave up: the worker holding attempt ${this.maxAttempts} was lost (lease expired)`);
    }
    // Switched off since the tick wrote the row (or between retries): a disabled channel is never delivered to (A8).
    if (!row.channel.enabled) return this.fail(row, 'not sent: the channel is disabled');
    if (!row.message.ok) return this.fail(row, row.message.error);
    const impl = this.opts.channels.get(row.channel.type);
    if (!impl) return this.fail(row, `no ${row.channel.type} channel in this deployment`);
    let result: DeliveryResult;
    try {
      result = await impl.deliver(row.message.message, row.user, row.channel);
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
   * Writes a result, fenced: only the attempt that holds the row may write it
   * (recordResults). Resolves when the round that took it is written, so a
   * caller still knows its result is stored.
   */
  private record(row: Pick<Claimed, 'id' | 'attempts'>, r: Omit<DeliveryResultWrite, 'id' | 'attempts'>): Promise<void> {
    return this.results.add({ id: row.id, attempts: row.attempts, ...r });
  }

  /**
   * Delivers everything claimable now, keeping up to `concurrency` deliveries
   * in flight; resolves when the queue has nothing due. Returns the rows handled.
   */
  async drain(): Promise<number> {
    // Beside the deliveries, not before them: a slow upkeep never holds a delivery up.
    void this.maintain();
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
          this.track(row);
          const p: Promise<unknown> = this.process(row)
            .catch((err) => this.report(err, 'recording a delivery', { delivery: row.id }))
            .finally(() => {
              inflight.delete(p);
              this.untrack(row.id);
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

  /** A row in flight: its lease is renewed until it is done (the heartbeat runs while any is). */
  private track(row: Claimed): void {
    this.sending.set(row.id, row);
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.renewLeases(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private untrack(id: number): void {
    this.sending.delete(id);
    if (this.sending.size > 0 || !this.heartbeat) return;
    clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * The heartbeat: moves the lease of every row in flight to now + lease, so
   * no other worker takes them while this one lives. One renewal at a time; a
   * failed one (the database away) is reported and the next beat tries again,
   * with the lease's remaining two thirds as the margin. Returns the rows renewed.
   */
  async renewLeases(): Promise<number> {
    if (this.renewing || this.sending.size === 0) return 0;
    const rows = [...this.sending.values()].map((r) => ({ id: r.id, attempts: r.attempts }));
    const until = new Date(this.clock.now().epochMilliseconds + this.leaseMs);
    const run = renewLeases(this.db, rows, until);
    this.renewing = run;
    try {
      return (await run).size;
    } catch (err) {
      this.report(err, 'renewing delivery leases', { deliveries: rows.length });
      return 0;
    } finally {
      this.renewing = null;
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
          this.report(err, 'worker round');
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

  private report(err: unknown, where: string, detail?: Record<string, unknown>): void {
    if (this.opts.onError) this.opts.onError(err, where, detail);
    else this.opts.log?.error({ err, ...detail }, `${where} failed`);
  }

  wake(): void {
    this.wakeUp?.();
  }

  /**
   * The channels' upkeep (Expo's receipts, channels/mobile/expo.ts) at most
   * once a minute of the clock: started by drain(), never awaited by it.
   * Resolves when the upkeep running now (if any) has finished; failures go
   * to the error sink.
   */
  maintain(): Promise<void> {
    const now = this.clock.now().epochMilliseconds;
    if (!this.upkeep && now - this.lastUpkeepAt >= UPKEEP_EVERY_MS) {
      this.lastUpkeepAt = now;
      this.upkeep = this.opts.channels
        .maintain((err, type) => this.report(err, `${type} channel upkeep`))
        .finally(() => {
          this.upkeep = null;
        });
    }
    return this.upkeep ?? Promise.resolve();
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
    // An upkeep in flight is let finish (its tickets are leased: one cut short is simply asked again later).
    const upkeep = this.upkeep ?? Promise.resolve();
    if (!loop) return upkeep;
    if (graceMs === undefined) {
      await loop;
      return upkeep;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const outcome = await Promise.race([loop.then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'done') return;
    const rows = [...this.sending.values()];
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const released = await releaseDeliveries(this.db, rows, toDate(this.clock.now()));
    this.opts.log?.warn({ released, deliveries: rows.map((r) => r.id) }, 'stopping: in-flight deliveries released to the queue');
  }
}
