// Presence for the tick (SPEC A7 step 1): every channel of the users at
// hand asked in parallel, each answer cached for 60 s, so a channel is asked
// at most once a minute however many of its user's events wait. Calls run
// with bounded concurrency and a hard timeout; a channel that hangs, errs or
// answers garbage is `unknown`, and the whole round never waits much longer
// than one timeout, so one slow endpoint cannot stall the tick.
//
// Issue 10: one user's channels must not stall everyone's. The slots are
// shared fairly — users take turns, and none holds more than its share while
// others wait — and a channel that keeps timing out is asked less and less
// often (presenceBackoff), a state kept on the channel and shown in
// /me/channels.
import type { Instant } from '../domain/time.ts';
import { type PresenceAsk, takingTurns } from './presence-turns.ts';
import type { ChannelRegistry } from './registry.ts';
import type { ChannelRecord, Presence, PresenceUser } from './types.ts';

export type { PresenceAsk };

/** SPEC A2: presence:{channel_id}, TTL 60 s. */
export const PRESENCE_TTL_MS = 60_000;

export interface PresenceOptions {
  /** HADO_PRESENCE_TIMEOUT in milliseconds: one channel's answer. */
  timeoutMs: number;
  ttlMs?: number;
  /** Calls in flight at once, each in a slot of its own (riders of a host's lane aside). */
  concurrency?: number;
  /**
   * Calls in flight to one host at once (Channel.presenceHost), slot holders
   * and riders together; default 32. With the slots it stays within the HTTP
   * client's 64 kept-alive sockets per host, so no ask waits for a socket
   * with its timeout running.
   */
  perHost?: number;
  /** A round waits at most this long in all; default two timeouts. */
  roundMs?: number;
  onError?: (err: unknown, channel: ChannelRecord) => void;
  /** Persists a channel's presence health when it changes (db/channels.ts recordPresenceHealth). */
  onHealth?: (channelId: number, timeouts: number, backoffUntil: Date | null) => Promise<void>;
}

/** Consecutive timeouts before a channel is backed off. */
export const BACKOFF_AFTER_TIMEOUTS = 3;
/** The longest a channel goes unasked. */
export const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * When a channel that has timed out `timeouts` times in a row may be asked
 * again: at once below the threshold, then 2, 4, 8 … minutes, at most an hour.
 */
export function presenceBackoff(timeouts: number, nowMs: number): Date | null {
  if (timeouts < BACKOFF_AFTER_TIMEOUTS) return null;
  const minutes = 2 ** (timeouts - BACKOFF_AFTER_TIMEOUTS + 1);
  return new Date(nowMs + Math.min(minutes * 60_000, MAX_BACKOFF_MS));
}

interface Health {
  timeouts: number;
  backoffUntil: Date | null;
}

/** A call waiting for a slot, or for room in its host's lane. */
interface Waiter {
  userId: number;
  host: string | null;
  /** Started in a slot of its own, or riding an open lane of its host (no slot). */
  go: (how: 'slot' | 'ride') => void;
}

interface Cached {
  /** Epoch ms of the tick that asked (the injected clock). */
  at: number;
  value: Presence;
}

export class PresenceCache {
  private readonly cache = new Map<number, Cached>();
  private readonly inflight = new Map<number, Promise<Presence>>();
  /** Calls waiting for a slot, by user; the map's order is the users' turn order. */
  private readonly waiting = new Map<number, Waiter[]>();
  /** The same waiting calls by host, in arrival order: a lane with room takes them without a slot. */
  private readonly waitingByHost = new Map<string, Set<Waiter>>();
  /** Per host: calls in flight (`inflight`), and of them the ones holding a slot (`holders`: the lane is open while > 0). */
  private readonly lanes = new Map<string, { inflight: number; holders: number }>();
  private readonly perHost: number;
  private readonly runningByUser = new Map<number, number>();
  private running = 0;
  /** Presence health as this process last saw it (the channel rows may lag a tick behind). */
  private readonly health = new Map<number, Health>();
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
    this.perHost = opts.perHost ?? 32;
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
    for (const { channel, user } of takingTurns(asks)) {
      if (!channel.enabled || seen.has(channel.id)) continue;
      seen.add(channel.id);
      const hit = this.fresh(channel.id, nowMs);
      if (hit) {
        out.set(channel.id, hit);
        continue;
      }
      let call = this.inflight.get(channel.id);
      if (!call) {
        const inline = this.inline(channel, user, nowMs);
        if (inline !== null) {
          out.set(channel.id, inline);
          continue;
        }
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

  /**
   * A channel that answers from the rows at hand (Channel.presenceNow: the
   * inbox's heartbeat, Telegram's last message): answered and cached here,
   * without a slot, a timer or a promise (issue 28: a 1% tick asked about
   * 9,600 of them through the 32-slot queue). Null: ask it the ordinary way
   * — also a channel with timeouts or a backoff on record, so its health is
   * kept exactly as before.
   */
  private inline(channel: ChannelRecord, user: PresenceUser, nowMs: number): Presence | null {
    const impl = this.registry.get(channel.type);
    if (!impl?.presenceNow) return null;
    const health = this.healthOf(channel);
    if (health.timeouts !== 0 || health.backoffUntil !== null) return null;
    let value: Presence;
    try {
      this.calls++;
      value = impl.presenceNow(user, channel, new Date(nowMs));
    } catch (err) {
      this.opts.onError?.(err, channel);
      value = 'unknown';
    }
    this.cache.set(channel.id, { at: nowMs, value });
    return value;
  }

  /** The later of what the row says and what this process saw. */
  private healthOf(channel: ChannelRecord): Health {
    const row: Health = { timeouts: channel.presenceTimeouts ?? 0, backoffUntil: channel.presenceBackoffUntil ?? null };
    const seen = this.health.get(channel.id);
    return seen && (seen.backoffUntil?.getTime() ?? 0) >= (row.backoffUntil?.getTime() ?? 0) ? seen : row;
  }

  private async call(channel: ChannelRecord, user: PresenceUser, nowMs: number): Promise<Presence> {
    const before = this.healthOf(channel);
    if (before.backoffUntil && before.backoffUntil.getTime() > nowMs) {
      // Backed off: unknown without a call, like any channel that cannot say.
      this.cache.set(channel.id, { at: nowMs, value: 'unknown' });
      return 'unknown';
    }
    const impl = this.registry.get(channel.type);
    const host = impl?.presenceHost?.(channel) ?? null;
    const how = await this.slot(user.id, host);
    let value: Presence = 'unknown';
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      if (impl) {
        this.calls++;
        const started = performance.now();
        const timeout = new Promise<Presence>((resolve) => {
          // A channel that ignores its own timeout still cannot hold the slot.
          timer = setTimeout(() => resolve('unknown'), this.opts.timeoutMs + 250);
          timer.unref();
        });
        value = await Promise.race([impl.presence(user, channel, new Date(nowMs)), timeout]);
        // Channels turn their own timeout into "unknown": the time it took tells a hang from garbage.
        timedOut = value === 'unknown' && performance.now() - started >= this.opts.timeoutMs;
      }
    } catch (err) {
      this.opts.onError?.(err, channel);
      value = 'unknown';
    } finally {
      clearTimeout(timer);
      this.release(user.id, host, how);
    }
    await this.recordHealth(channel, before, timedOut ? before.timeouts + 1 : 0, nowMs);
    // Cached as of the tick that asked, "at most one call per channel per minute".
    this.cache.set(channel.id, { at: nowMs, value });
    return value;
  }

  private async recordHealth(channel: ChannelRecord, before: Health, timeouts: number, nowMs: number): Promise<void> {
    if (timeouts === before.timeouts && timeouts === 0) return;
    const after: Health = { timeouts, backoffUntil: presenceBackoff(timeouts, nowMs) };
    this.health.set(channel.id, after);
    try {
      await this.opts.onHealth?.(channel.id, after.timeouts, after.backoffUntil);
    } catch (err) {
      // The backoff still holds in this process; the row catches up at the next change.
      this.opts.onError?.(err, channel);
    }
  }

  /**
   * Waits for a slot (users take turns, see pump), or rides the open lane of
   * its host: calls to one host (a Home Assistant relay, a company's endpoint)
   * share that host's kept-alive connections, up to perHost in flight, with
   * one slot held for them all (issue 28: a 1% tick's thousand webhook asks
   * to one host took the 32 slots in turn). A lane stays open while one of
   * its calls holds a slot, so a hanging host holds no more slots than before.
   */
  private slot(userId: number, host: string | null): Promise<'slot' | 'ride'> {
    return new Promise((go) => {
      const waiter: Waiter = { userId, host, go };
      if (host !== null && this.laneHasRoom(host)) {
        this.ride(waiter, host);
        return;
      }
      const queue = this.waiting.get(userId) ?? [];
      queue.push(waiter);
      this.waiting.set(userId, queue);
      if (host !== null) {
        const byHost = this.waitingByHost.get(host) ?? new Set();
        byHost.add(waiter);
        this.waitingByHost.set(host, byHost);
      }
      this.pump();
    });
  }

  private laneHasRoom(host: string): boolean {
    const lane = this.lanes.get(host);
    return lane !== undefined && lane.holders > 0 && lane.inflight < this.perHost;
  }

  private laneOf(host: string): { inflight: number; holders: number } {
    let lane = this.lanes.get(host);
    if (!lane) {
      lane = { inflight: 0, holders: 0 };
      this.lanes.set(host, lane);
    }
    return lane;
  }

  /** Starts a call in its host's open lane, without a slot. */
  private ride(waiter: Waiter, host: string): void {
    this.laneOf(host).inflight++;
    waiter.go('ride');
  }

  /** Waiting calls to `host` that its lane has room for start now, out of their users' queues. */
  private promote(host: string): void {
    const byHost = this.waitingByHost.get(host);
    while (byHost && byHost.size > 0 && this.laneHasRoom(host)) {
      const waiter: Waiter = byHost.values().next().value!;
      byHost.delete(waiter);
      const queue = this.waiting.get(waiter.userId)!;
      queue.splice(queue.indexOf(waiter), 1);
      if (queue.length === 0) this.waiting.delete(waiter.userId);
      this.ride(waiter, host);
    }
    if (byHost?.size === 0) this.waitingByHost.delete(host);
  }

  private release(userId: number, host: string | null, how: 'slot' | 'ride'): void {
    if (host !== null) {
      const lane = this.laneOf(host);
      lane.inflight--;
      if (how === 'slot') lane.holders--;
      if (lane.inflight === 0) this.lanes.delete(host);
      else this.promote(host);
    }
    if (how === 'ride') return;
    this.running--;
    const n = (this.runningByUser.get(userId) ?? 1) - 1;
    if (n > 0) this.runningByUser.set(userId, n);
    else this.runningByUser.delete(userId);
    this.pump();
  }

  /**
   * Starts waiting calls while slots are free: users in turn, each at most
   * its share of the slots (all of them, when it is alone), so a user with
   * twenty hanging endpoints takes half the pool from a second user, not all
   * of it, and the second user's calls go first in line with its own.
   */
  private pump(): void {
    while (this.running < this.concurrency && this.waiting.size > 0) {
      // Distinct users waiting or running, counted without copying the
      // waiting map (it can hold thousands; at most `concurrency` run).
      let users = this.waiting.size;
      for (const userId of this.runningByUser.keys()) if (!this.waiting.has(userId)) users++;
      const share = Math.max(1, Math.ceil(this.concurrency / users));
      let started = false;
      for (const [userId, queue] of this.waiting) {
        if ((this.runningByUser.get(userId) ?? 0) >= share) continue;
        const next = queue.shift()!;
        this.waiting.delete(userId);
        // Back of the line for its next call.
        if (queue.length > 0) this.waiting.set(userId, queue);
        this.running++;
        this.runningByUser.set(userId, (this.runningByUser.get(userId) ?? 0) + 1);
        if (next.host !== null) {
          const byHost = this.waitingByHost.get(next.host);
          byHost?.delete(next);
          if (byHost?.size === 0) this.waitingByHost.delete(next.host);
          const lane = this.laneOf(next.host);
          lane.inflight++;
          lane.holders++;
        }
        next.go('slot');
        // The lane just opened (or has a new holder): its host's waiting calls ride along.
        if (next.host !== null) this.promote(next.host);
        started = true;
        break;
      }
      if (!started) return;
    }
  }
}
