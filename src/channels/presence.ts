// Presence for the tick (SPEC A7 step 1): every channel of the users at
// hand asked in parallel, each answer cached for 60 s, so a channel is asked
// at most once a minute however many of its user's events wait. Calls run
// with bounded concurrency and a hard timeout; a channel that hangs, errs or
// answers garbage is `unknown`, and the whole round never waits much longer
// than one timeout, so one slow endpoint cannot stall the tick.
import type { Instant } from '../domain/time.ts';
import type { ChannelRegistry } from './registry.ts';
import type { ChannelRecord, Presence, PresenceUser } from './types.ts';

/** SPEC A2: presence:{channel_id}, TTL 60 s. */
export const PRESENCE_TTL_MS = 60_000;

export interface PresenceOptions {
  /** HADO_PRESENCE_TIMEOUT in milliseconds: one channel's answer. */
  timeoutMs: number;
  ttlMs?: number;
  /** Calls in flight at once. */
  concurrency?: number;
  /** A round waits at most this long in all; default two timeouts. */
  roundMs?: number;
  onError?: (err: unknown, channel: ChannelRecord) => void;
}

/** A user and the channels whose presence a decision about them needs. */
export interface PresenceAsk {
  user: PresenceUser;
  channels: readonly ChannelRecord[];
}

interface Cached {
  /** Epoch ms of the tick that asked (the injected clock). */
  at: number;
  value: Presence;
}

export class PresenceCache {
  private readonly cache = new Map<number, Cached>();
  private readonly inflight = new Map<number, Promise<Presence>>();
  private readonly queue: Array<() => void> = [];
  private running = 0;
  private readonly ttlMs: number;
  private readonly concurrency: number;
  private readonly roundMs: number;
  /** Calls actually made (for tests and metrics). */
  calls = 0;

  constructor(
    private readonly registry: ChannelRegistry,
    private readonly opts: PresenceOptions,
  ) {
    this.ttlMs = opts.ttlMs ?? PRESENCE_TTL_MS;
    this.concurrency = opts.concurrency ?? 16;
    this.roundMs = opts.roundMs ?? 2 * opts.timeoutMs;
  }

  /**
   * The answer for each asked channel (disabled channels are not asked):
   * the one place the event and notice ticks ask presence.
   */
  async ask(asks: Iterable<PresenceAsk>, now: Instant): Promise<Map<number, Presence>> {
    const nowMs = now.epochMilliseconds;
    this.evict(nowMs);
    const out = new Map<number, Presence>();
    const waits: Array<Promise<void>> = [];
    const seen = new Set<number>();
    const wanted = [...asks].flatMap(({ channels, user }) => channels.map((channel) => ({ channel, user })));
    for (const { channel, user } of wanted) {
      if (!channel.enabled || seen.has(channel.id)) continue;
      seen.add(channel.id);
      const hit = this.fresh(channel.id, nowMs);
      if (hit) {
        out.set(channel.id, hit);
        continue;
      }
      let call = this.inflight.get(channel.id);
      if (!call) {
        call = this.call(channel, user, nowMs);
        this.inflight.set(channel.id, call);
        const started = call;
        void started.finally(() => {
          if (this.inflight.get(channel.id) === started) this.inflight.delete(channel.id);
        });
      }
      waits.push(call.then((p) => void out.set(channel.id, p)));
    }
    if (waits.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.roundMs);
        timer.unref();
      });
      await Promise.race([Promise.all(waits), deadline]);
      clearTimeout(timer);
    }
    // Whatever has not answered by the end of the round is unknown for this tick.
    for (const id of seen) if (!out.has(id)) out.set(id, 'unknown');
    return out;
  }

  private fresh(id: number, nowMs: number): Presence | null {
    const c = this.cache.get(id);
    if (!c) return null;
    const age = nowMs - c.at;
    return age >= 0 && age < this.ttlMs ? c.value : null;
  }

  private evict(nowMs: number): void {
    for (const [id, c] of this.cache) {
      const age = nowMs - c.at;
      if (age < 0 || age >= this.ttlMs) this.cache.delete(id);
    }
  }

  private async call(channel: ChannelRecord, user: PresenceUser, nowMs: number): Promise<Presence> {
    await this.slot();
    let value: Presence = 'unknown';
    let timer: NodeJS.Timeout | undefined;
    try {
      const impl = this.registry.get(channel.type);
      if (impl) {
        this.calls++;
        const timeout = new Promise<Presence>((resolve) => {
          // A channel that ignores its own timeout still cannot hold the slot.
          timer = setTimeout(() => resolve('unknown'), this.opts.timeoutMs + 250);
          timer.unref();
        });
        value = await Promise.race([impl.presence(user, channel, new Date(nowMs)), timeout]);
      }
    } catch (err) {
      this.opts.onError?.(err, channel);
      value = 'unknown';
    } finally {
      clearTimeout(timer);
      this.release();
    }
    // Cached as of the tick that asked, "at most one call per channel per minute".
    this.cache.set(channel.id, { at: nowMs, value });
    return value;
  }

  private slot(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
