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
// - The database may go away under it (a restart, an outage; issue 16): a
//   round that cannot claim backs off and tries again, and a result that
//   cannot be written is kept and written once the database answers — so a
//   send that already happened is not sent again when the lease ends.
// - One slow or dead destination cannot take more than its share (issue 16):
//   a delivery in flight longer than `slowAfterMs` gives its place among the
//   `concurrency` back (up to `maxSlow` such), at most `perHost` deliveries go
//   to one destination at once (a quarter of it while it is slow or failing), and a destination that keeps failing is
//   skipped by a circuit breaker (destinations.ts) while the others flow. A row
//   its breaker holds back is deferred to the breaker's reopening, its attempt
//   not spent: only real attempts count towards the 3.
// - The worker knows nothing of what it delivers: a claimed row comes with
//   its message already composed (core/messages.ts), or the reason not to send.
//   The rows in flight and their leases are in-flight.ts.
// Every "now" comes from the injected Clock.
import type { DeliveryResult } from '../channels/types.ts';
import type { Clock } from '../clock.ts';
import { Coalescer } from '../coalescer.ts';
import type { Db } from '../db/connect.ts';
import { claimDeliveries, type DeliveryDeferral, type DeliveryResultWrite, deferDeliveries, recordResults } from '../db/deliveries.ts';
import { whileUnavailable } from '../db/wait.ts';
import { toDate } from '../domain/time.ts';
import { type Admission, Destinations, verdictOf } from './destinations.ts';
import { InFlight } from './in-flight.ts';
import { Upkeep } from './upkeep.ts';
import {
  backoffMs,
  type Claimed,
  claimed,
  HEARTBEAT_MS,
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_LEASE_MS,
  type Outcome,
  PER_HOST,
  SLOW_AFTER_MS,
  UPKEEP_EVERY_MS,
  type WorkerOptions,
} from './options.ts';

export {
  backoffMs,
  type Claimed,
  HEARTBEAT_MS,
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_LEASE_MS,
  type Outcome,
  PER_HOST,
  SLOW_AFTER_MS,
  UPKEEP_EVERY_MS,
  type WorkerOptions,
} from './options.ts';

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
  /** Rows a breaker held back, put back together the same way. */
  private readonly deferrals: Coalescer<DeliveryDeferral>;
  private loop: Promise<void> | null = null;
  private stopped = false;
  /** Rows being sent right now: their leases renewed, and released by a stop that cannot wait for them. */
  private readonly sending: InFlight<Claimed>;
  /** The channels' upkeep beside the deliveries. */
  private readonly upkeep: Upkeep;
  /** Per-destination limits and breakers. */
  readonly destinations: Destinations;
  private readonly slowAfterMs: number;
  private readonly maxSlow: number;
  /** Deliveries in flight that hold one of the `concurrency` places, and the slow ones that gave theirs back. */
  private fast = 0;
  private slow = 0;
  /** Claimed rows waiting for a place at their (full) destination. */
  private readonly parked = new Map<string, Claimed[]>();
  /** Something changed for drain(): a delivery ended or turned slow. */
  private dirty = false;
  private wakeDrain: (() => void) | null = null;

  constructor(private readonly opts: WorkerOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.concurrency = opts.concurrency ?? 32;
    this.leaseMs = Math.min(opts.leaseMs ?? LEASE_MS, MAX_LEASE_MS);
    const heartbeatMs = Math.min(opts.heartbeatMs ?? HEARTBEAT_MS, Math.floor(this.leaseMs / 3));
    this.sending = new InFlight({
      db: this.db,
      clock: this.clock,
      leaseMs: this.leaseMs,
      heartbeatMs,
      report: (err, where, detail) => this.report(err, where, detail),
    });
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.backoff = opts.backoff ?? backoffMs;
    this.results = new Coalescer((writes) => recordResults(this.db, writes));
    this.deferrals = new Coalescer(async (rows) => void (await deferDeliveries(this.db, rows)));
    this.destinations = new Destinations(this.clock, { perHost: opts.perHost ?? PER_HOST, ...opts.breaker });
    this.slowAfterMs = opts.slowAfterMs ?? SLOW_AFTER_MS;
    this.maxSlow = opts.maxSlow ?? 4 * this.concurrency;
    this.upkeep = new Upkeep({ clock: this.clock, channels: opts.channels, everyMs: UPKEEP_EVERY_MS, report: (err, where) => this.report(err, where) });
  }

  /**
   * Claims up to `limit` rows whose next attempt has come, leasing them.
   * Rows whose lease ran out on their last attempt are not sent again: they
   * come back with attempts above the maximum and are recorded as failed.
   * Rows of channels whose destination is full stay in the queue.
   */
  async claim(limit: number, skipChannels: number[] = []): Promise<Claimed[]> {
    const now = toDate(this.clock.now());
    const rows = await claimDeliveries(this.db, now, new Date(now.getTime() + this.leaseMs), limit, skipChannels);
    return rows.map((r) => claimed(r, this.opts.appUrl));
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
    const destination = impl.destination?.(row.channel) ?? null;
    const admission: Admission = destination ? this.destinations.admit(destination) : { go: true, probe: false };
    if (!admission.go) {
      // The breaker is open: not attempted (no slot held), so no attempt spent — the row waits for the reopening.
      const until = new Date(admission.until);
      const error = `not sent: ${destination} failed ${admission.failures} times in a row; paused until ${until.toISOString()}`;
      await this.persist(() => this.deferrals.add({ id: row.id, attempts: row.attempts, until, error }));
      return 'deferred';
    }
    let result: DeliveryResult;
    try {
      result = await impl.deliver(row.message.message, row.user, row.channel);
    } catch (e) {
      result = { ok: false, error: e instanceof Error ? e.message : String(e), retryable: true };
    }
    if (destination) this.destinations.record(destination, verdictOf(result), admission.probe);
    if (result.ok) {
      await this.record(row, { result: 'ok', sentAt: toDate(this.clock.now()), error: null, externalId: result.externalId ?? null });
      this.opts.onAttempt?.(row.channel.type, 'ok');
      return 'ok';
    }
    const error = result.error.slice(0, 2000);
    if (!result.retryable || row.attempts >= this.maxAttempts) return this.fail(row, error);
    const wait = Math.max(this.backoff(row.attempts), result.retryAfterMs ?? 0);
    const at = new Date(this.clock.now().epochMilliseconds + wait);
    await this.record(row, { result: 'pending', error, nextAttemptAt: at });
    this.opts.onAttempt?.(row.channel.type, 'retry');
    return 'retry';
  }

  private async fail(row: Pick<Claimed, 'id' | 'attempts' | 'channel'>, error: string): Promise<Outcome> {
    await this.record(row, { result: 'failed', error });
    this.opts.onAttempt?.(row.channel.type, 'failed');
    this.opts.log?.warn({ delivery: row.id, channel: row.channel.id, error }, 'delivery failed');
    return 'failed';
  }

  /**
   * Writes a result, fenced: only the attempt that holds the row may write it
   * (recordResults). Resolves when the round that took it is written, so a
   * caller still knows its result is stored.
   */
  private record(row: Pick<Claimed, 'id' | 'attempts'>, r: Omit<DeliveryResultWrite, 'id' | 'attempts'>): Promise<void> {
    return this.persist(() => this.results.add({ id: row.id, attempts: row.attempts, ...r }));
  }

  /**
   * Runs a write of the worker's bookkeeping, waiting out a database that is
   * away (up to a lease). While it is unreachable the outcome is kept and
   * written when it answers: a send that happened must not be sent again (the
   * heartbeat keeps the lease while the row is tracked). If the outage
   * outlasts the lease, another worker may take the row; the fence then drops
   * this late write.
   */
  private persist(write: () => Promise<void>): Promise<void> {
    return whileUnavailable(write, { timeoutMs: MAX_LEASE_MS, firstDelayMs: 250, maxDelayMs: 5_000 });
  }

  /**
   * Delivers everything claimable now, keeping up to `concurrency` deliveries
   * in flight (slow ones aside, up to maxSlow more); resolves when the queue
   * has nothing due. Returns the rows handled.
   */
  async drain(): Promise<number> {
    // Beside the deliveries, not before them: a slow upkeep never holds a delivery up.
    void this.maintain();
    let handled = 0;
    // 'full': the last claim skipped full destinations; claim again once one frees a place.
    let more: boolean | 'full' = true;
    // Claim in chunks, not one row per free slot: one claim statement feeds many sends.
    const chunk = Math.max(1, Math.ceil(this.concurrency / 4));
    while (true) {
      const free = Math.min(this.concurrency - this.fast, this.concurrency + this.maxSlow - this.sending.size);
      // A stopping worker takes no new rows; it lets the ones in flight finish.
      if (more === true && !this.stopped && free >= Math.min(chunk, this.concurrency)) {
        const skip = this.destinations.fullChannels();
        let rows: Claimed[];
        try {
          rows = await this.claim(free, skip);
        } catch (err) {
          // The database went away: the sends in flight finish (their results wait for it) before the round gives up.
          while (this.sending.size > 0) await this.changed();
          throw err;
        }
        if (rows.length < free) more = skip.length > 0 ? 'full' : false;
        for (const row of rows) this.admit(row);
        handled += rows.length;
        if (rows.length > 0 && more === true) continue;
      }
      if (this.sending.size === 0) return handled;
      await this.changed();
      if (more === 'full') more = true;
    }
  }

  /** A claimed row goes now, or waits for a place at its destination. */
  private admit(row: Claimed): void {
    this.sending.track(row);
    const destination = this.opts.channels.get(row.channel.type)?.destination?.(row.channel) ?? null;
    if (destination && this.destinations.full(destination)) {
      const queue = this.parked.get(destination);
      if (queue) queue.push(row);
      else this.parked.set(destination, [row]);
      return;
    }
    this.launch(row, destination);
  }

  private launch(row: Claimed, destination: string | null): void {
    if (destination) this.destinations.begin(destination, row.channel.id);
    this.fast++;
    let slow = false;
    let laneSlow = false;
    // Past slowAfterMs the destination is in trouble (its limit drops), and the delivery waits
    // beside the others: its place goes to the next row.
    const timer = setTimeout(() => {
      slow = true;
      if (destination) this.destinations.markSlow(destination);
      if (this.slow >= this.maxSlow) return;
      laneSlow = true;
      this.fast--;
      this.slow++;
      this.signal();
    }, this.slowAfterMs);
    timer.unref();
    this.process(row)
      .catch((err) => this.report(err, 'recording a delivery', { delivery: row.id }))
      .finally(() => {
        clearTimeout(timer);
        if (laneSlow) this.slow--;
        else this.fast--;
        this.sending.untrack(row.id);
        if (destination) {
          this.destinations.end(destination, row.channel.id, slow);
          const next = this.parked.get(destination)?.shift();
          if (this.parked.get(destination)?.length === 0) this.parked.delete(destination);
          if (next) this.launch(next, destination);
        }
        this.signal();
      });
  }

  private signal(): void {
    this.dirty = true;
    const wake = this.wakeDrain;
    this.wakeDrain = null;
    wake?.();
  }

  /** Resolves once something changed since the last call (at once if it already has). */
  private changed(): Promise<void> {
    if (this.dirty) {
      this.dirty = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.wakeDrain = () => {
        this.dirty = false;
        resolve();
      };
    });
  }

  /** The heartbeat of the rows in flight (in-flight.ts): returns the rows whose lease it renewed. */
  renewLeases(): Promise<number> {
    return this.sending.renew();
  }

  /** Runs drain() in a loop until stop(); wake() cuts the pause short (the tick just wrote rows). */
  start(): void {
    if (this.loop) return;
    this.stopped = false;
    const pollMs = this.opts.pollMs ?? 1000;
    const maxBackoffMs = this.opts.maxBackoffMs ?? 10_000;
    this.loop = (async () => {
      let failures = 0;
      while (!this.stopped) {
        let handled = 0;
        try {
          handled = await this.drain();
          if (failures > 0) this.opts.log?.info({ after: failures }, 'worker: the database answers again');
          failures = 0;
        } catch (err) {
          failures++;
          this.report(err, 'worker round');
        }
        if (this.stopped) break;
        if (handled > 0) continue;
        // Unreachable database (or another failure): back off, doubling up to maxBackoffMs, then try again.
        const pause = failures > 0 ? Math.min(pollMs * 2 ** (failures - 1), Math.max(pollMs, maxBackoffMs)) : pollMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
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

  /** The channels' upkeep (upkeep.ts), started by drain(): resolves when the round running now (if any) has finished. */
  maintain(): Promise<void> {
    return this.upkeep.run();
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
    const upkeep = this.upkeep.current();
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
    const rows = this.sending.values();
    try {
      const released = await this.sending.release();
      this.opts.log?.warn({ released, deliveries: rows.map((r) => r.id) }, 'stopping: in-flight deliveries released to the queue');
    } catch (err) {
      // The database is gone too: the rows come back when their lease ends.
      this.report(err, 'releasing in-flight deliveries', { deliveries: rows.map((r) => r.id) });
    }
  }
}
