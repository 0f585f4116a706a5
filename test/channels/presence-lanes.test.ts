// Issue 28: webhook presence asks to one host share that host's lane of
// kept-alive connections — one slot held for them all, up to perHost in
// flight — instead of each waiting for one of the slots in turn. Same
// answers; a channel type that names no host keeps one slot per call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import type { ChannelRecord, PresenceUser } from '../../src/channels/types.ts';
import { webhookChannel } from '../../src/channels/webhook/channel.ts';
import { FakeClock } from '../../src/clock.ts';
import { loopbackOutbound } from '../support/outbound.ts';

/** A presence endpoint answering after 100 ms (even user ids are home), counting the asks in flight at once. */
async function slowHost() {
  const seen = { inflight: 0, most: 0, asks: 0 };
  const server = http.createServer((req, res) => {
    seen.asks++;
    seen.inflight++;
    seen.most = Math.max(seen.most, seen.inflight);
    const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('u'));
    setTimeout(() => {
      seen.inflight--;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ present: id % 2 === 0 }));
    }, 100);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const clock = new FakeClock('2026-08-14T09:00:00Z');
const user = (id: number): PresenceUser => ({ id, login: `u${id}`, lastHeartbeatAt: null });

describe('presence asks to one host share its lane', () => {
  let host: Awaited<ReturnType<typeof slowHost>>;
  beforeAll(async () => {
    host = await slowHost();
  });
  afterAll(() => host.close());

  const hook = (userId: number): ChannelRecord => ({
    id: 1000 + userId,
    userId,
    type: 'webhook',
    enabled: true,
    config: { deliver_url: `${host.url}/deliver`, presence_url: `${host.url}/presence?u=${userId}` },
    secret: null,
    lastSeenAt: null,
  });
  const asks = (n: number) => Array.from({ length: n }, (_, i) => ({ user: user(i + 1), channels: [hook(i + 1)] }));
  const expected = (n: number) => new Map(Array.from({ length: n }, (_, i) => [1001 + i, (i + 1) % 2 === 0 ? 'present' : 'absent']));

  it('with one slot, twelve users on one host are asked four at a time (perHost), with the same answers', async () => {
    const webhook = webhookChannel({ clock, presenceTimeoutMs: 2000, outbound: loopbackOutbound() });
    const cache = new PresenceCache(new ChannelRegistry().register(webhook), { timeoutMs: 2000, concurrency: 1, perHost: 4 });
    host.seen.most = 0;
    const answers = await cache.ask(asks(12), clock.now());
    expect(answers).toEqual(expected(12));
    expect(host.seen.most).toBe(4);
    expect(cache.calls).toBe(12);
  });

  it('a channel type that names no host takes a slot per call: one at a time with one slot', async () => {
    const webhook = webhookChannel({ clock, presenceTimeoutMs: 2000, outbound: loopbackOutbound() });
    const { presenceHost: _, ...hostless } = webhook;
    const cache = new PresenceCache(new ChannelRegistry().register(hostless), { timeoutMs: 2000, concurrency: 1, perHost: 4 });
    host.seen.most = 0;
    expect(await cache.ask(asks(4), clock.now())).toEqual(expected(4));
    expect(host.seen.most).toBe(1);
  });
});
