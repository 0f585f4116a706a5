// Issue 16, item 2: the per-destination limit and circuit breaker
// (src/worker/destinations.ts) on a fake clock, the worker's rows behind an
// open breaker, and the HTTP client's connect timeout, shorter than a
// request's whole timeout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../src/net/http-client.ts';
import { newWebhookSecret, postWebhook } from '../../src/channels/webhook/channel.ts';
import { FakeClock } from '../../src/clock.ts';
import { parseBatch } from '../../src/core/event-input.ts';
import { upsertBatch } from '../../src/core/events.ts';
import { createSource } from '../../src/core/sources.ts';
import { insertChannel } from '../../src/db/channels.ts';
import { ensureUsers } from '../../src/db/users.ts';
import { toDate } from '../../src/domain/time.ts';
import { OutboundPolicy } from '../../src/net/outbound.ts';
import { Destinations } from '../../src/worker/destinations.ts';
import { MAX_ATTEMPTS, Worker } from '../../src/worker/worker.ts';
import { LOOPBACK_NETWORKS } from '../support/outbound.ts';
import { loopbackChannels, queueRows } from '../support/receivers.ts';
import { createTestStore, type TestStore } from '../support/store.ts';

const H = 'http://receiver.example:8123';

describe('per-destination limit', () => {
  it('a destination is full at perHost deliveries in flight; its channels are then skipped by the claim', () => {
    const d = new Destinations(new FakeClock('2026-08-01T12:00:00Z'), { perHost: 2 });
    d.begin(H, 1);
    expect(d.full(H)).toBe(false);
    expect(d.fullChannels()).toEqual([]);
    d.begin(H, 2);
    expect(d.full(H)).toBe(true);
    expect(d.fullChannels().sort()).toEqual([1, 2]);
    expect(d.full('http://other.example')).toBe(false);
    d.end(H, 1);
    expect(d.full(H)).toBe(false);
    expect(d.fullChannels()).toEqual([]);
  });

  it('a destination in trouble (a slow answer in flight, or failures since its last success) gets a quarter of the limit', () => {
    const d = new Destinations(new FakeClock('2026-08-01T12:00:00Z'), { perHost: 8 });
    for (const ch of [1, 2, 3]) d.begin(H, ch);
    expect(d.full(H)).toBe(false);
    d.markSlow(H);
    expect(d.full(H)).toBe(true);
    expect(d.fullChannels().sort()).toEqual([1, 2, 3]);
    d.end(H, 1, true);
    d.end(H, 2);
    expect(d.full(H)).toBe(false);
    d.record(H, 'failure', false);
    d.begin(H, 4);
    expect(d.full(H)).toBe(true);
    d.record(H, 'ok', false);
    expect(d.full(H)).toBe(false);
  });
});

describe('circuit breaker', () => {
  it('opens after 5 failures in a row, fails fast during the cool-down, then lets one probe through', () => {
    const clock = new FakeClock('2026-08-01T12:00:00Z');
    const d = new Destinations(clock, { perHost: 8 });
    for (let i = 0; i < 4; i++) {
      expect(d.admit(H)).toEqual({ go: true, probe: false });
      d.record(H, 'failure', false);
    }
    // A sign of life in between starts the count again.
    d.record(H, 'alive', false);
    for (let i = 0; i < 5; i++) d.record(H, 'failure', false);
    const until = clock.now().epochMilliseconds + 30_000;
    expect(d.admit(H)).toEqual({ go: false, until, failures: 5 });
    expect(d.open()).toEqual([H]);
    expect(d.admit('http://healthy.example')).toEqual({ go: true, probe: false });
    clock.advance({ seconds: 30 });
    // Half-open: one probe, the others still wait.
    expect(d.admit(H)).toEqual({ go: true, probe: true });
    expect(d.admit(H)).toMatchObject({ go: false });
    // The probe fails: open again, for twice as long.
    d.record(H, 'failure', true);
    expect(d.admit(H)).toEqual({ go: false, until: clock.now().epochMilliseconds + 60_000, failures: 6 });
    clock.advance({ seconds: 60 });
    expect(d.admit(H)).toEqual({ go: true, probe: true });
    // The probe succeeds: closed, everything goes.
    d.record(H, 'ok', true);
    expect(d.admit(H)).toEqual({ go: true, probe: false });
    expect(d.admit(H)).toEqual({ go: true, probe: false });
    expect(d.open()).toEqual([]);
  });

  it('the cool-down doubles up to 5 minutes', () => {
    const clock = new FakeClock('2026-08-01T12:00:00Z');
    const d = new Destinations(clock, { perHost: 8, threshold: 1 });
    d.record(H, 'failure', false);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const a = d.admit(H);
      if (a.go) throw new Error('expected open');
      waits.push((a.until - clock.now().epochMilliseconds) / 1000);
      clock.set(new Date(a.until).toISOString());
      expect(d.admit(H)).toEqual({ go: true, probe: true });
      d.record(H, 'failure', true);
    }
    expect(waits).toEqual([30, 60, 120, 240, 300, 300]);
  });

  it('while a probe is in flight the others are told to look again a few seconds later, not at once', () => {
    const clock = new FakeClock('2026-08-01T12:00:00Z');
    const d = new Destinations(clock, { perHost: 8, threshold: 1 });
    d.record(H, 'failure', false);
    clock.advance({ seconds: 30 });
    expect(d.admit(H)).toEqual({ go: true, probe: true });
    expect(d.admit(H)).toEqual({ go: false, until: clock.now().epochMilliseconds + 5_000, failures: 1 });
  });
});

describe('the worker behind an open breaker', () => {
  const T0 = '2026-08-01T12:00:00Z';
  const clock = new FakeClock(T0);
  let store: TestStore;
  let server: http.Server;
  /** webhook-id (the delivery id) → POSTs that reached the receiver. */
  const posts = new Map<string, number>();
  const channelIds: number[] = [];

  beforeAll(async () => {
    store = await createTestStore();
    // Down (500) for the first 2 minutes of the fake clock, then back.
    const downUntil = clock.now().epochMilliseconds + 120_000;
    server = http.createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      posts.set(id, (posts.get(id) ?? 0) + 1);
      req.resume();
      if (clock.now().epochMilliseconds < downUntil) res.writeHead(500).end('down');
      else res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const now = toDate(clock.now());
    const source = await createSource(store.db, clock, 'breaker');
    const users = await ensureUsers(store.db, ['b1', 'b2'], { tz: 'UTC', locale: 'en' }, now);
    for (const user of ['b1', 'b2']) {
      const row = await insertChannel(store.db, {
        userId: users.get(user)!.id,
        type: 'webhook',
        config: { deliver_url: url },
        secret: newWebhookSecret(),
        now,
      });
      channelIds.push(row.id);
    }
    const events = ['b1', 'b2'].map((user) => ({ user, source_ref: user, due_at: '2027-08-01', payload: { title: 'Behind the breaker' } }));
    await upsertBatch(store.db, clock, { tz: 'UTC', locale: 'en' }, source.id, parseBatch(events));
  }, 60_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await store?.dispose();
  });

  it('a host down for 2 minutes opens its breaker; the rows behind it are deferred, not spent, and all but the probes arrive', async () => {
    const ids = await queueRows(store.db, channelIds, 5, toDate(clock.now()));
    // One at a time, so the breaker opens (5 failures) while most rows still wait in the queue.
    const worker = new Worker({ db: store.db, clock, channels: loopbackChannels(clock), appUrl: 'https://hado.example.org', concurrency: 1 });
    for (let round = 0; round < 20; round++) {
      await worker.drain();
      const next = await store.db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('result', '=', 'pending')
        .executeTakeFirst();
      if (!next?.at) break;
      clock.set(new Date(next.at).toISOString());
    }
    const rows = await store.db.selectFrom('deliveries').select(['id', 'result', 'attempts', 'error']).where('id', 'in', ids).orderBy('id').execute();
    for (const row of rows) {
      const real = posts.get(String(row.id)) ?? 0;
      // The attempts counted are the POSTs made: a row the breaker held back spent none.
      expect(row.attempts, `delivery ${row.id}`).toBe(real);
      expect(
        row.result === 'ok' || (row.result === 'failed' && real === MAX_ATTEMPTS),
        `delivery ${row.id}: ${row.result} after ${real} POSTs (${row.error})`,
      ).toBe(true);
    }
    // Down at 0 s (5 failures), 30 s and 90 s (failed probes), back for the probe at 210 s: only the row probed three times is lost.
    expect(rows.filter((r) => r.result === 'failed')).toHaveLength(1);
    expect(rows.filter((r) => r.result === 'ok')).toHaveLength(ids.length - 1);
    expect(clock.now().toString()).toBe('2026-08-01T12:03:30Z');
  }, 60_000);
});

describe('connect timeout', () => {
  it('a host whose connection does not come is given up after the connect timeout, not the whole timeout', async () => {
    // A name that never resolves stands for a connection that never comes (the lookup is part of connecting).
    const policy = new OutboundPolicy({ allowedNetworks: LOOPBACK_NETWORKS, allowPrivate: false, resolve: () => {} });
    const client = httpClient(policy, { connectTimeoutMs: 200 });
    const started = Date.now();
    const result = await postWebhook(client, 'http://never.example/hook', 'whsec_AAAA', '1', 0, '{}', 5000);
    const took = Date.now() - started;
    expect(result).toEqual({ ok: false, error: 'connect timeout: no connection within 0.2 s', retryable: true });
    expect(took).toBeLessThan(2000);
  });
});
