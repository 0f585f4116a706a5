// Where deliveries go, so that one slow or dead destination cannot take more
// than its share of a worker (issue 16). A destination is what a channel
// names for a delivery (a webhook's scheme://host:port; none for the web
// inbox or Telegram, which have their own limits). For each one, per worker
// process:
//
// - a concurrency limit: at most `perHost` deliveries in flight at once, and
//   a quarter of that while the destination is in trouble (a delivery slow to
//   answer in flight, or failures since its last success); the worker leaves
//   the rest of its rows in the queue (claimDeliveries skips their channels)
//   or, met unawares, holds them until a place frees;
// - a circuit breaker: `threshold` retryable failures in a row (timeouts,
//   refused connections, 5xx, 429) open it for a cool-down (30 s, doubling up
//   to 5 min). While open, a delivery is not attempted: the worker defers it
//   to the end of the cool-down without spending an attempt, so a dead
//   receiver's rows cost no slot and a receiver back after a few minutes
//   still gets them; only real attempts count towards a row's 3 (a row of a
//   receiver that stays dead ends `failed` once probes have spent them).
//   After the cool-down one delivery goes through as a probe: success closes
//   the breaker, a failure opens it again for longer; the others wait
//   PROBE_WAIT_MS at a time for its answer. Any answer that is not a failure
//   of the receiver (2xx, or a final 4xx) counts as alive.
//
// Every "now" comes from the injected clock.
import type { Clock } from '../clock.ts';
import type { DeliveryResult } from '../core/outgoing.ts';

export interface DestinationOptions {
  /** Deliveries in flight at once to one destination; a quarter of it (at least 1) while it is in trouble. */
  perHost: number;
  /** Retryable failures in a row that open the breaker. */
  threshold?: number;
  /** The first cool-down; each reopening doubles it up to maxCooldownMs. */
  cooldownMs?: number;
  maxCooldownMs?: number;
}

export const BREAKER_THRESHOLD = 5;
export const BREAKER_COOLDOWN_MS = 30_000;
export const BREAKER_MAX_COOLDOWN_MS = 300_000;
/** While a probe is in flight, the others look again this much later (its answer closes or reopens the breaker). */
export const PROBE_WAIT_MS = 5_000;

interface State {
  inFlight: number;
  /** Deliveries in flight that are slow to answer (markSlow). */
  slow: number;
  /** Channels with a delivery in flight here (refcounts): skipped by the claim while the destination is full. */
  channels: Map<number, number>;
  failures: number;
  /** Consecutive openings, for the doubling cool-down. */
  opened: number;
  /** Epoch ms until which the breaker is open; 0 = closed. */
  openUntil: number;
  /** A probe is in flight (half-open). */
  probing: boolean;
}

/** What the breaker says about a delivery about to go. */
export type Admission = { go: true; probe: boolean } | { go: false; until: number; failures: number };

export type Verdict = 'ok' | 'failure' | 'alive';

export class Destinations {
  private readonly states = new Map<string, State>();
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly maxCooldownMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly opts: DestinationOptions,
  ) {
    this.threshold = opts.threshold ?? BREAKER_THRESHOLD;
    this.cooldownMs = opts.cooldownMs ?? BREAKER_COOLDOWN_MS;
    this.maxCooldownMs = opts.maxCooldownMs ?? BREAKER_MAX_COOLDOWN_MS;
  }

  private state(key: string): State {
    let s = this.states.get(key);
    if (!s) {
      s = { inFlight: 0, slow: 0, channels: new Map(), failures: 0, opened: 0, openUntil: 0, probing: false };
      this.states.set(key, s);
    }
    return s;
  }

  /** The limit of in-flight deliveries to a destination now: the full one, or a quarter while in trouble. */
  private limit(s: State): number {
    const trouble = s.slow > 0 || s.failures > 0 || s.openUntil !== 0;
    return trouble ? Math.max(1, Math.floor(this.opts.perHost / 4)) : this.opts.perHost;
  }

  /** The destination has no free place for another delivery. */
  full(key: string): boolean {
    const s = this.states.get(key);
    return s !== undefined && s.inFlight >= this.limit(s);
  }

  /** A delivery to `key` starts (it holds a place until end()). */
  begin(key: string, channelId: number): void {
    const s = this.state(key);
    s.inFlight++;
    s.channels.set(channelId, (s.channels.get(channelId) ?? 0) + 1);
  }

  /** A delivery to `key` in flight is slow to answer: the destination is in trouble until it ends. */
  markSlow(key: string): void {
    this.state(key).slow++;
  }

  /** A delivery to `key` ended (whatever its result); `slow` if markSlow was called for it. */
  end(key: string, channelId: number, slow = false): void {
    const s = this.state(key);
    s.inFlight--;
    if (slow) s.slow--;
    const n = (s.channels.get(channelId) ?? 1) - 1;
    if (n > 0) s.channels.set(channelId, n);
    else s.channels.delete(channelId);
    this.forgetIfIdle(key, s);
  }

  /** Channels whose destination is full: the claim leaves their rows in the queue for now. */
  fullChannels(): number[] {
    const ids: number[] = [];
    for (const s of this.states.values()) if (s.inFlight >= this.limit(s)) ids.push(...s.channels.keys());
    return ids;
  }

  /** May a delivery to `key` be attempted now? Closed: yes; open: no; cool-down over: one probe at a time. */
  admit(key: string): Admission {
    const s = this.states.get(key);
    if (!s || s.openUntil === 0) return { go: true, probe: false };
    const now = this.clock.now().epochMilliseconds;
    if (now < s.openUntil) return { go: false, until: s.openUntil, failures: s.failures };
    if (s.probing) return { go: false, until: now + PROBE_WAIT_MS, failures: s.failures };
    s.probing = true;
    return { go: true, probe: true };
  }

  /** The outcome of an attempted delivery: a failure of the receiver, or a sign of life. */
  record(key: string, verdict: Verdict, probe: boolean): void {
    const s = this.state(key);
    if (probe) s.probing = false;
    if (verdict !== 'failure') {
      s.failures = 0;
      s.opened = 0;
      s.openUntil = 0;
      this.forgetIfIdle(key, s);
      return;
    }
    s.failures++;
    // A failed probe reopens at once; otherwise the threshold of failures in a row opens it.
    if (probe || (s.openUntil === 0 && s.failures >= this.threshold)) {
      const cooldown = Math.min(this.cooldownMs * 2 ** s.opened, this.maxCooldownMs);
      s.opened++;
      s.openUntil = this.clock.now().epochMilliseconds + cooldown;
    }
  }

  /** Destinations with an open breaker now (for logs and tests). */
  open(): string[] {
    const now = this.clock.now().epochMilliseconds;
    return [...this.states.entries()].filter(([, s]) => s.openUntil > now).map(([k]) => k);
  }

  /** A closed, idle destination needs no memory. */
  private forgetIfIdle(key: string, s: State): void {
    if (s.inFlight === 0 && s.failures === 0 && s.openUntil === 0 && !s.probing) this.states.delete(key);
  }
}

/** What a delivery's result says of its destination: a failure of the receiver, or a sign of life. */
export function verdictOf(result: DeliveryResult): Verdict {
  if (result.ok) return 'ok';
  // A final failure (a 4xx, a refused URL) is an answer, not a receiver in trouble.
  return result.retryable ? 'failure' : 'alive';
}
