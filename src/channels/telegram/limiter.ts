// Keeps the bot inside Telegram's flood limits: about one message per second
// per chat and well under 30 per second overall
// (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
// Callers reserve a slot and sleep until it; slots are handed out
// synchronously, so concurrent workers in one process never pick the same one.
// It measures real elapsed time, not the injected Clock: the limit is about
// how fast requests leave this process, not about the domain's "now".

export interface TimeSource {
  /** Monotonic milliseconds. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realTime: TimeSource = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface SendLimits {
  /** Minimum spacing between two requests to one chat. */
  perChatIntervalMs: number;
  /** Requests per second over all chats; enforced as an even spacing of 1000 / n ms. */
  globalPerSecond: number;
  /**
   * A send whose slot is further away than this is not queued: the caller
   * gets `retryAfterMs` back and the outbox retries it later, instead of a
   * worker holding a job (and its lease) while a long queue drains.
   */
  maxWaitMs: number;
}

export const TELEGRAM_LIMITS: SendLimits = { perChatIntervalMs: 1000, globalPerSecond: 25, maxWaitMs: 10_000 };

export type Reservation = { ok: true; waitMs: number } | { ok: false; retryAfterMs: number };

export class SendLimiter {
  private readonly gapMs: number;
  /** Earliest moment of the next request to each chat. */
  private readonly chatNext = new Map<string, number>();
  /** Reserved global slots, ascending. */
  private slots: number[] = [];

  constructor(
    readonly limits: SendLimits = TELEGRAM_LIMITS,
    private readonly time: TimeSource = realTime,
  ) {
    this.gapMs = 1000 / limits.globalPerSecond;
  }

  /** Reserves the earliest slot for a request to `chat`, unless it is more than `maxWaitMs` away. */
  reserve(chat: string, maxWaitMs = this.limits.maxWaitMs): Reservation {
    const now = this.time.now();
    this.prune(now);
    let at = Math.max(now, this.chatNext.get(chat) ?? now);
    // The first moment at least one gap away from every reserved slot.
    for (const slot of this.slots) {
      if (slot <= at - this.gapMs) continue;
      if (slot >= at + this.gapMs) break;
      at = slot + this.gapMs;
    }
    const waitMs = at - now;
    if (waitMs > maxWaitMs) return { ok: false, retryAfterMs: Math.ceil(waitMs) };
    const index = this.slots.findIndex((s) => s > at);
    if (index === -1) this.slots.push(at);
    else this.slots.splice(index, 0, at);
    this.chatNext.set(chat, at + this.limits.perChatIntervalMs);
    return { ok: true, waitMs };
  }

  /** Reserves a slot and sleeps until it. */
  async acquire(chat: string, maxWaitMs = this.limits.maxWaitMs): Promise<Reservation> {
    const r = this.reserve(chat, maxWaitMs);
    if (r.ok && r.waitMs > 0) await this.time.sleep(r.waitMs);
    return r;
  }

  /** Telegram said "retry after": nothing goes to that chat before then. */
  block(chat: string, forMs: number): void {
    const until = this.time.now() + forMs;
    this.chatNext.set(chat, Math.max(this.chatNext.get(chat) ?? 0, until));
  }

  private prune(now: number): void {
    let drop = 0;
    while (drop < this.slots.length && this.slots[drop]! <= now - this.gapMs) drop++;
    if (drop > 0) this.slots = this.slots.slice(drop);
    // Chats idle for longer than one interval need no memory.
    if (this.chatNext.size > 1000) {
      for (const [chat, next] of this.chatNext) if (next <= now) this.chatNext.delete(chat);
    }
  }
}
