// Issue 28: a channel that answers presence from the rows at hand
// (Channel.presenceNow: the inbox's heartbeat, Telegram's last message) is
// answered inline by the presence cache — no slot in the queue, its async
// `presence` never runs — with the same answers, the same one-minute cache
// and the same backoff as every other channel.
import { describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import { telegramChannel } from '../../src/channels/telegram/channel.ts';
import type { ChannelRecord, PresenceUser } from '../../src/channels/types.ts';
import { webChannel } from '../../src/channels/web/channel.ts';
import { Temporal } from '../../src/domain/time.ts';

const NOW = Temporal.Instant.from('2026-08-14T09:00:00Z');
const ago = (ms: number) => new Date(NOW.epochMilliseconds - ms);
const web = (id: number, extra: Partial<ChannelRecord> = {}): ChannelRecord => ({
  id,
  userId: id,
  type: 'web',
  enabled: true,
  config: {},
  secret: null,
  lastSeenAt: null,
  ...extra,
});
const user = (id: number, lastHeartbeatAt: Date | null): PresenceUser => ({ id, login: `u${id}`, lastHeartbeatAt });

/** The real web channel, whose slow path counts its runs (it must not run while presenceNow can answer). */
function counted() {
  const slow = { runs: 0 };
  const registry = new ChannelRegistry().register({
    ...webChannel,
    presence: async (u, c, now) => {
      slow.runs++;
      return webChannel.presence(u, c, now);
    },
  });
  return { registry, slow };
}

describe('presence answered inline', () => {
  it('answers the inbox from the heartbeat without its async path, and keeps the answer for the minute', async () => {
    const { registry, slow } = counted();
    // One slot: inline answers must not need it.
    const cache = new PresenceCache(registry, { timeoutMs: 300, concurrency: 1 });
    const asks = [
      { user: user(1, ago(10_000)), channels: [web(1)] },
      { user: user(2, null), channels: [web(2)] },
      { user: user(3, ago(120_000)), channels: [web(3)] },
    ];
    const answers = await cache.ask(asks, NOW);
    expect(Object.fromEntries(answers)).toEqual({ 1: 'present', 2: 'absent', 3: 'absent' });
    expect(slow.runs).toBe(0);
    expect(cache.calls).toBe(3);
    // 30 s later user 2's page has sent a heartbeat: the cached answer stands until the minute is over.
    const later = [{ user: user(2, new Date(NOW.epochMilliseconds + 25_000)), channels: [web(2)] }];
    expect((await cache.ask(later, NOW.add({ seconds: 30 }))).get(2)).toBe('absent');
    expect(cache.calls).toBe(3);
    expect((await cache.ask(later, NOW.add({ seconds: 61 }))).get(2)).toBe('present');
    expect(cache.calls).toBe(4);
    expect(slow.runs).toBe(0);
  });

  it('a channel with timeouts or a backoff on record goes the ordinary way, so its health is kept as before', async () => {
    const { registry, slow } = counted();
    const cache = new PresenceCache(registry, { timeoutMs: 300, concurrency: 1 });
    const answers = await cache.ask(
      [
        // Backed off: unknown without asking.
        { user: user(1, ago(10_000)), channels: [web(1, { presenceTimeouts: 3, presenceBackoffUntil: ago(-60_000) })] },
        // Timeouts on record, no backoff: asked the ordinary way (and its count cleared by the answer).
        { user: user(2, ago(10_000)), channels: [web(2, { presenceTimeouts: 1, presenceBackoffUntil: null })] },
      ],
      NOW,
    );
    expect(Object.fromEntries(answers)).toEqual({ 1: 'unknown', 2: 'present' });
    expect(slow.runs).toBe(1);
  });

  it('presenceNow is the same answer as presence for the inbox and Telegram', async () => {
    const telegram = telegramChannel(null);
    for (const [heartbeat, seen] of [
      [null, null],
      [ago(10_000), ago(10_000)],
      [ago(89_000), ago(4 * 60_000)],
      [ago(91_000), ago(6 * 60_000)],
      [ago(-5_000), ago(-5_000)],
    ] as const) {
      const u = user(1, heartbeat);
      const c = web(1, { lastSeenAt: seen });
      const now = new Date(NOW.epochMilliseconds);
      expect(webChannel.presenceNow!(u, c, now)).toBe(await webChannel.presence(u, c, now));
      const tg = { ...c, type: 'telegram' as const };
      expect(telegram.presenceNow!(u, tg, now)).toBe(await telegram.presence(u, tg, now));
    }
  });
});
