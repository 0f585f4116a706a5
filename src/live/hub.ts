// The per-process hub of open streams: routes a frame only to its
// recipients' connections, caps connections per user, and pings every
// connection on one shared timer (25 s, SPEC B4) instead of a timer each.
import { type Audience, Connection, encodeBody, type Frame, type Lane, reaches, type Sink } from './connection.ts';

export interface HubOptions {
  /** Open streams allowed per user (HADO_STREAM_MAX_PER_USER). */
  maxPerUser: number;
  /** Queue depth per lane and connection. */
  depth?: number;
  /** Interval of `: ping` comments. */
  pingMs?: number;
  /** A connection whose socket has not drained for this long is cut. */
  stallMs?: number;
}

export const DEFAULT_DEPTH = 50;
// Under the 30-60 s idle timeouts of common proxies, and rare enough for phones.
export const DEFAULT_PING_MS = 25_000;
export const DEFAULT_STALL_MS = 60_000;

export class Hub {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly depth: number;
  private readonly stallMs: number;
  private readonly timer: NodeJS.Timeout;
  private count = 0;

  constructor(private readonly opts: HubOptions) {
    this.depth = opts.depth ?? DEFAULT_DEPTH;
    this.stallMs = opts.stallMs ?? DEFAULT_STALL_MS;
    this.timer = setInterval(() => this.sweep(), opts.pingMs ?? DEFAULT_PING_MS);
    this.timer.unref();
  }

  /** Opens a connection for a user; null when the user is at the cap. */
  attach(userId: number, sink: Sink, sourceId: number | null = null): Connection | null {
    let set = this.byUser.get(userId);
    if (set && set.size >= this.opts.maxPerUser) return null;
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    const conn = new Connection(userId, sink, this.depth, sourceId);
    set.add(conn);
    this.count++;
    return conn;
  }

  detach(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    this.count--;
    if (set.size === 0) this.byUser.delete(conn.userId);
  }

  /**
   * Queues a frame on every connection of these users, in the given lane.
   * Never waits: a slow connection's lane overflows into a resync instead.
   * Returns the number of connections reached. `audience`: which of the
   * users' connections (token streams see their own source only).
   */
  publish(userIds: Iterable<number>, frame: Frame, lane: Lane, audience: Audience = 'all'): number {
    let body: string | null = null;
    let reached = 0;
    for (const id of new Set(userIds)) {
      const set = this.byUser.get(id);
      if (!set) continue;
      body ??= encodeBody(frame);
      for (const conn of set) {
        if (!reaches(audience, conn)) continue;
        conn.enqueue(body, lane);
        reached++;
      }
    }
    return reached;
  }

  /** Queues a frame on every open connection (e.g. a resync after the LISTEN connection was lost). */
  publishAll(frame: Frame, lane: Lane, audience: Audience = 'all'): number {
    return this.publish(this.byUser.keys(), frame, lane, audience);
  }

  /** Every connection's (user, token source) on this process whose source is set: the token streams. */
  scopes(userIds: Iterable<number>): Map<number, number[]> {
    const bySource = new Map<number, number[]>();
    for (const id of new Set(userIds)) {
      const sources = new Set<number>();
      for (const conn of this.byUser.get(id) ?? []) if (conn.sourceId !== null) sources.add(conn.sourceId);
      for (const s of sources) bySource.set(s, [...(bySource.get(s) ?? []), id]);
    }
    return bySource;
  }

  /** Whether this process holds a stream of the user: others need no work here. */
  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Of these users, the ones connected to this process. */
  connected(userIds: Iterable<number>): number[] {
    return [...new Set(userIds)].filter((id) => this.byUser.has(id));
  }

  get connections(): number {
    return this.count;
  }

  connectionsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Ends every stream and stops the timer (shutdown). */
  close(): void {
    clearInterval(this.timer);
    for (const set of this.byUser.values()) for (const conn of set) conn.close();
    this.byUser.clear();
    this.count = 0;
  }

  private sweep(): void {
    const now = Date.now();
    for (const set of this.byUser.values()) {
      for (const conn of set) {
        const since = conn.stalledSince;
        if (since !== null && now - since >= this.stallMs) {
          conn.destroy();
          this.detach(conn);
        } else {
          conn.ping();
        }
      }
    }
  }
}
