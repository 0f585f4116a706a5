// The hub and its connections without HTTP: routing, the two lanes,
// overflow → resync, backpressure, ping, the per-user cap.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sink } from '../../src/live/connection.ts';
import { Hub } from '../../src/live/hub.ts';
import { encodeMessage, MAX_PAYLOAD_BYTES, parseMessage } from '../../src/db/notify.ts';
import { parseSse } from './sse.ts';

class FakeSink implements Sink {
  chunks: string[] = [];
  /** While true, write() reports a full buffer (a client that does not read). */
  full = false;
  ended = false;
  destroyed = false;
  private drainCallbacks: Array<() => void> = [];

  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return !this.full;
  }
  onceDrain(callback: () => void): void {
    this.drainCallbacks.push(callback);
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  drain(): void {
    this.full = false;
    const cbs = this.drainCallbacks;
    this.drainCallbacks = [];
    for (const cb of cbs) cb();
  }
  get text(): string {
    return this.chunks.join('');
  }
  get frames() {
    return parseSse(this.text).frames;
  }
  get events() {
    return this.frames.filter((f) => f.event !== undefined);
  }
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const frame = (n: number) => ({ type: 'event', data: { id: n, state: 'today' } });

let hubs: Hub[] = [];
const newHub = (opts: Partial<ConstructorParameters<typeof Hub>[0]> = {}) => {
  const hub = new Hub({ maxPerUser: 10, ...opts });
  hubs.push(hub);
  return hub;
};
afterEach(() => {
  for (const h of hubs) h.close();
  hubs = [];
});

describe('routing', () => {
  it('sends a frame only to the connections of its recipients', async () => {
    const hub = newHub();
    const ana1 = new FakeSink();
    const ana2 = new FakeSink();
    const bob = new FakeSink();
    hub.attach(1, ana1);
    hub.attach(1, ana2);
    hub.attach(2, bob);
    expect(hub.publish([1], frame(17), 'event')).toBe(2);
    await tick();
    expect(ana1.events.map((f) => f.data)).toEqual([{ id: 17, state: 'today' }]);
    expect(ana2.events.map((f) => f.data)).toEqual([{ id: 17, state: 'today' }]);
    expect(bob.chunks).toEqual([]);
    expect(hub.publish([3], frame(1), 'event')).toBe(0);
  });

  it('a burst larger than a queue in one turn arrives as a resync (the page re-reads once)', async () => {
    const hub = newHub();
    const sink = new FakeSink();
    hub.attach(1, sink);
    for (let i = 1; i <= 60; i++) hub.publish([1], frame(i), 'event');
    await tick();
    expect(sink.events[0]).toMatchObject({ event: 'resync' });
    expect(sink.events.length).toBeLessThan(60);
  });

  it('numbers frames per connection and writes one turn of the loop in one write', async () => {
    const hub = newHub();
    const sink = new FakeSink();
    hub.attach(1, sink);
    for (let i = 1; i <= 5; i++) hub.publish([1], frame(i), 'event');
    await tick();
    expect(sink.chunks).toHaveLength(1);
    expect(sink.events.map((f) => f.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('stops sending to a detached connection', async () => {
    const hub = newHub();
    const sink = new FakeSink();
    const conn = hub.attach(1, sink)!;
    hub.detach(conn);
    expect(hub.publish([1], frame(1), 'event')).toBe(0);
    expect(hub.hasUser(1)).toBe(false);
    expect(hub.connections).toBe(0);
  });
});

describe('bounded queues', () => {
  it('a client that stops reading gets one resync instead of the frames it missed', async () => {
    const hub = newHub();
    const sink = new FakeSink();
    const conn = hub.attach(1, sink)!;
    sink.full = true;
    hub.publish([1], frame(0), 'event');
    await tick();
    // The socket accepted that write but is now full: the writer waits for drain.
    expect(conn.stalledSince).not.toBeNull();
    for (let i = 1; i <= 120; i++) hub.publish([1], frame(i), 'event');
    await tick();
    expect(sink.chunks).toHaveLength(1);
    expect(conn.queued('event')).toBeLessThanOrEqual(50);
    sink.drain();
    const after = parseSse(sink.chunks.slice(1).join('')).frames;
    expect(after[0]).toMatchObject({ event: 'resync', data: { lane: 'event' } });
    // After the resync, only frames newer than the last overflow remain.
    expect(after.length).toBeLessThanOrEqual(50);
    expect(after.at(-1)?.data).toEqual({ id: 120, state: 'today' });
    expect(conn.overflows).toBeGreaterThan(0);
  });

  it('busy event frames cannot push out a notice, and notices are written first', async () => {
    const hub = newHub();
    const sink = new FakeSink();
    hub.attach(1, sink);
    sink.full = true;
    hub.publish([1], frame(0), 'event');
    await tick();
    hub.publish([1], { type: 'notice', data: { id: 'n1', title: 'Ana mentioned you' } }, 'notice');
    for (let i = 1; i <= 500; i++) hub.publish([1], frame(i), 'event');
    await tick();
    sink.drain();
    const after = parseSse(sink.chunks.slice(1).join('')).frames;
    expect(after[0]).toMatchObject({ event: 'notice', data: { id: 'n1' } });
    expect(after[1]).toMatchObject({ event: 'resync', data: { lane: 'event' } });
  });

  it('a notice lane that overflows resyncs on its own', async () => {
    const hub = newHub({ depth: 3 });
    const sink = new FakeSink();
    hub.attach(1, sink);
    sink.full = true;
    hub.publish([1], frame(0), 'event');
    await tick();
    for (let i = 1; i <= 4; i++) hub.publish([1], { type: 'notice', data: { id: i } }, 'notice');
    hub.publish([1], frame(1), 'event');
    await tick();
    sink.drain();
    const after = parseSse(sink.chunks.slice(1).join('')).frames;
    expect(after.map((f) => f.event)).toEqual(['resync', 'event']);
    expect(after[0]!.data).toEqual({ lane: 'notice' });
  });

  it('publishing never waits for a slow client: other users are served at once', async () => {
    const hub = newHub();
    const slow = new FakeSink();
    const fast = new FakeSink();
    hub.attach(1, slow);
    hub.attach(2, fast);
    slow.full = true;
    hub.publish([1, 2], frame(0), 'event');
    await tick();
    for (let i = 1; i <= 1000; i++) {
      hub.publish([1, 2], frame(i), 'event');
      if (i % 10 === 0) await tick();
    }
    await tick();
    expect(fast.events).toHaveLength(1001);
    expect(fast.events.some((f) => f.event === 'resync')).toBe(false);
    expect(slow.chunks).toHaveLength(1);
  });
});

describe('ping and stalls', () => {
  it('writes ": ping" to every flowing connection on one timer', async () => {
    const hub = newHub({ pingMs: 20 });
    const a = new FakeSink();
    const b = new FakeSink();
    hub.attach(1, a);
    hub.attach(2, b);
    // Wait for two timer rounds, however slow a loaded machine makes them (bounded).
    const pings = (sink: FakeSink) => sink.chunks.filter((c) => c === ': ping\n\n').length;
    const deadline = Date.now() + 5000;
    while ((pings(a) < 2 || pings(b) < 2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(pings(a)).toBeGreaterThanOrEqual(2);
    expect(pings(b)).toBeGreaterThanOrEqual(2);
  });

  it('cuts a connection whose socket has not drained for stallMs', async () => {
    const hub = newHub({ pingMs: 10, stallMs: 30 });
    const sink = new FakeSink();
    hub.attach(1, sink);
    sink.full = true;
    hub.publish([1], frame(0), 'event');
    const deadline = Date.now() + 5000;
    while (!sink.destroyed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(sink.destroyed).toBe(true);
    expect(sink.chunks.filter((c) => c.startsWith(': ping'))).toEqual([]);
    expect(hub.connections).toBe(0);
  });
});

describe('per-user cap', () => {
  it('refuses a connection past maxPerUser, per user, and frees the slot on detach', () => {
    const hub = newHub({ maxPerUser: 2 });
    const a = hub.attach(1, new FakeSink());
    expect(hub.attach(1, new FakeSink())).not.toBeNull();
    expect(hub.attach(1, new FakeSink())).toBeNull();
    expect(hub.attach(2, new FakeSink())).not.toBeNull();
    hub.detach(a!);
    expect(hub.attach(1, new FakeSink())).not.toBeNull();
    expect(hub.connectionsOf(1)).toBe(2);
  });

  it('close() ends every stream', () => {
    const hub = newHub();
    const s = new FakeSink();
    hub.attach(1, s);
    hub.close();
    expect(s.ended).toBe(true);
    expect(hub.connections).toBe(0);
  });
});

describe('finish (a token stream that expires)', () => {
  it('sends what is queued, then the last frame, then ends; nothing after', async () => {
    const hub = newHub();
    const s = new FakeSink();
    const conn = hub.attach(1, s)!;
    hub.publish([1], frame(1), 'event');
    conn.finish({ type: 'expired', data: { reason: 'token_expired', exp: 42 } });
    hub.publish([1], frame(2), 'event');
    await tick();
    expect(s.events.map((f) => [f.id, f.event])).toEqual([
      ['1', 'event'],
      ['2', 'expired'],
    ]);
    expect(s.events[1]!.data).toEqual({ reason: 'token_expired', exp: 42 });
    expect(s.ended).toBe(true);
    expect(s.destroyed).toBe(false);
  });

  it('cuts a stalled socket instead of waiting for it', () => {
    const hub = newHub();
    const s = new FakeSink();
    const conn = hub.attach(1, s)!;
    s.full = true;
    conn.ping();
    conn.finish({ type: 'expired', data: null });
    expect(s.destroyed).toBe(true);
    expect(s.text).not.toContain('expired');
  });
});

describe('NOTIFY messages', () => {
  it('carry ids and states while they fit, then only users, then "all"', () => {
    const small = parseMessage(encodeMessage('event', [1, 1, 2], [[17, 1, 'today']]));
    expect(small).toEqual({ k: 'event', u: [1, 2], d: [[17, 1, 'today']] });

    const many = Array.from({ length: 600 }, (_, i) => [i + 1, 1, 'scheduled']);
    const text = encodeMessage('event', [1], many);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(parseMessage(text)).toEqual({ k: 'event', u: [1] });

    const users = Array.from({ length: 3000 }, (_, i) => i + 1000);
    expect(parseMessage(encodeMessage('event', users))).toEqual({ k: 'event', all: true });
  });

  it('ignores payloads that are not messages', () => {
    expect(parseMessage('hello')).toBeNull();
    expect(parseMessage('{"k":1}')).toBeNull();
    expect(parseMessage('{"k":"event","u":["x"]}')).toBeNull();
  });
});
