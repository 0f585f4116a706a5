// The rows a worker is sending right now (SPEC A7, issue 16). Each was
// claimed with a lease; while any is in flight a heartbeat moves the lease of
// every one to now + lease, so no other worker takes a row from a worker that
// lives, and a dead worker's rows come back within a lease. A stop that
// cannot wait hands them back to the queue at once. Every "now" comes from
// the injected Clock; the beat itself runs on real time.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { releaseDeliveries, renewLeases } from '../db/deliveries.ts';
import { toDate } from '../domain/time.ts';
import type { ErrorSink } from '../errors.ts';

/** A row in flight: its id and the attempt that holds it (the fence of every write). */
export interface HeldRow {
  id: number;
  attempts: number;
}

export class InFlight<T extends HeldRow> {
  private readonly rows = new Map<number, T>();
  /** Runs while rows are in flight. */
  private heartbeat: NodeJS.Timeout | null = null;
  private renewing: Promise<unknown> | null = null;

  constructor(
    private readonly opts: {
      db: Db;
      clock: Clock;
      leaseMs: number;
      /** Real-time period of the beat; below a third of the lease. */
      heartbeatMs: number;
      report: ErrorSink;
    },
  ) {}

  get size(): number {
    return this.rows.size;
  }

  values(): T[] {
    return [...this.rows.values()];
  }

  /** A row goes out: its lease is renewed until it is done. */
  track(row: T): void {
    this.rows.set(row.id, row);
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.renew(), this.opts.heartbeatMs);
    this.heartbeat.unref();
  }

  untrack(id: number): void {
    this.rows.delete(id);
    if (this.rows.size > 0) return;
    this.stopBeating();
  }

  /**
   * The heartbeat: moves the lease of every row in flight to now + lease.
   * One renewal at a time; a failed one (the database away) is reported and
   * the next beat tries again, with the lease's remaining two thirds as the
   * margin. Returns the rows renewed.
   */
  async renew(): Promise<number> {
    if (this.renewing || this.rows.size === 0) return 0;
    const rows = this.values().map((r) => ({ id: r.id, attempts: r.attempts }));
    const until = new Date(this.opts.clock.now().epochMilliseconds + this.opts.leaseMs);
    const run = renewLeases(this.opts.db, rows, until);
    this.renewing = run;
    try {
      return (await run).size;
    } catch (err) {
      this.opts.report(err, 'renewing delivery leases', { deliveries: rows.length });
      return 0;
    } finally {
      this.renewing = null;
    }
  }

  /** Hands every row back to the queue, claimable at once by another worker, the attempt not counted; rejects when the database is away. */
  async release(): Promise<number> {
    this.stopBeating();
    return releaseDeliveries(this.opts.db, this.values(), toDate(this.opts.clock.now()));
  }

  private stopBeating(): void {
    if (!this.heartbeat) return;
    clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
