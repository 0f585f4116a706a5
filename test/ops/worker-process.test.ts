// `hado worker` as it runs in production (issue 14): with HADO_METRICS_ADDR it
// serves /metrics, /healthz and /readyz; SIGTERM stops it with exit code 0,
// after finishing the delivery in flight, or — past HADO_SHUTDOWN_GRACE —
// after releasing it to the queue for another worker.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { createSource } from '../../src/core/sources.ts';
import { hashToken } from '../../src/core/tokens.ts';
import type { Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { type CliBackend, createCliBackend, type Running } from '../support/cli.ts';
import { onPostgres } from '../support/store.ts';

type Mode = { kind: 'fail' } | { kind: 'hang' } | { kind: 'slow'; ms: number };

let backend: CliBackend;
let receiver: http.Server;
let receiverUrl = '';
let mode: Mode = { kind: 'fail' };
let received = 0;
let deliveryId = 0;
const ALLOW = { HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' };

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    received++;
    if (mode.kind === 'fail') res.writeHead(500).end('try again');
    else if (mode.kind === 'slow') setTimeout(() => res.writeHead(200).end('ok'), mode.ms);
    // 'hang': never answers.
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  backend = await createCliBackend('hado-worker-');
  await withStore(async (store) => {
    await migrateToLatest(store.db);
    const ctx = buildContext(store, loadConfig({ HADO_LOCAL_USER: '', ...ALLOW }), systemClock, { telegram: null });
    const app = await buildApp(ctx);
    try {
      const { token } = await createSource(store.db, systemClock, 'docs');
      const put = await app.inject({
        method: 'PUT',
        url: '/api/events',
        headers: { authorization: `Bearer ${token}` },
        payload: { events: [{ user: 'ana', source_ref: 'person:42', due_at: '2099-08-14', payload: { title: 'Birthday' } }] },
      });
      expect(put.statusCode, put.body).toBe(200);
      const channel = await app.inject({
        method: 'POST',
        url: '/me/channels',
        headers: { 'x-remote-user': 'ana' },
        remoteAddress: '127.0.0.1',
        payload: { type: 'webhook', config: { deliver_url: receiverUrl } },
      });
      expect(channel.statusCode, channel.body).toBe(201);
      // One row in the outbox, due now (what the scheduler's tick would write).
      const row = await sql<{ id: number }>`
        INSERT INTO deliveries (event_id, channel_id, window_start, action_token, action_token_hash, next_attempt_at, round, created_at)
        SELECT e.id, ${channel.json().channel.id}, now(), 'test-token', ${hashToken('test-token')}, now(), e.round, now() FROM events e
        RETURNING id`.execute(store.db);
      deliveryId = Number(row.rows[0]!.id);
    } finally {
      await app.close();
      await closeContext(ctx);
    }
  });
}, 120_000);

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await backend.dispose();
});

/** On PGlite the store can be opened only while no worker holds it. */
async function withStore<T>(f: (store: Store) => Promise<T>): Promise<T> {
  const store = await backend.open();
  try {
    return await f(store);
  } finally {
    await store.close();
  }
}

const row = () =>
  withStore(async (store) => {
    const r = await sql<{ result: string; attempts: number; locked_until: Date | null; next_attempt_at: Date | null }>`
      SELECT result, attempts, locked_until, next_attempt_at FROM deliveries WHERE id = ${deliveryId}`.execute(store.db);
    return r.rows[0]!;
  });

const makeDue = () => withStore((store) => sql`UPDATE deliveries SET next_attempt_at = now() WHERE id = ${deliveryId}`.execute(store.db));

async function startWorker(extra: Record<string, string> = {}): Promise<{ worker: Running; metricsUrl: string }> {
  const worker = backend.spawn(['worker'], { HADO_METRICS_ADDR: '127.0.0.1:0', LOG_LEVEL: 'info', ...ALLOW, ...extra });
  const m = await worker.waitFor(/"address":"(127\.0\.0\.1:\d+)","msg":"metrics listening"/);
  await worker.waitFor(/Hado worker is running/);
  return { worker, metricsUrl: `http://${m[1]}` };
}

/** The value of one sample in a Prometheus text exposition. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

async function until<T>(what: string, f: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`hado worker on ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  it('serves /metrics, /healthz and /readyz on HADO_METRICS_ADDR; a failed attempt shows in the counters and the outbox', async () => {
    mode = { kind: 'fail' };
    const { worker, metricsUrl } = await startWorker();
    try {
      const text = await until('the retry in /metrics', async () => {
        const t = await (await fetch(`${metricsUrl}/metrics`)).text();
        // The outbox gauges are read from the database at most once a second: wait for both to agree.
        const retried = sample(t, 'hado_delivery_attempts_total{channel="webhook",outcome="retry"}') === 1;
        return retried && sample(t, 'hado_outbox_depth{state="waiting",channel="webhook"}') === 1 ? t : null;
      });
      expect(sample(text, 'hado_delivery_attempts_total{channel="webhook",outcome="ok"}')).toBe(0);
      // Back in the queue for its backoff (30 s): waiting, not due.
      expect(sample(text, 'hado_outbox_depth{state="waiting",channel="webhook"}')).toBe(1);
      expect(sample(text, 'hado_outbox_depth{state="due",channel="webhook"}')).toBe(0);
      expect(sample(text, 'hado_outbox_oldest_pending_seconds{channel="webhook"}')).toBeGreaterThan(0);
      expect(sample(text, 'hado_live_connections')).toBe(0);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${metricsUrl}/readyz`)).json()).toMatchObject({ status: 'ready' });
      expect((await fetch(`${metricsUrl}/api/events`)).status).toBe(404);
    } finally {
      expect(await worker.stop('SIGTERM')).toBe(0);
    }
    expect(received).toBe(1);
    expect(await row()).toMatchObject({ result: 'pending', attempts: 1 });
  }, 180_000);

  it('SIGTERM lets the delivery in flight finish, then exits 0', async () => {
    await makeDue();
    mode = { kind: 'slow', ms: 1500 };
    const before = received;
    const { worker } = await startWorker({ HADO_SHUTDOWN_GRACE: '30' });
    await until('the delivery to arrive', async () => received > before);
    expect(await worker.stop('SIGTERM')).toBe(0);
    expect(await row()).toMatchObject({ result: 'ok', attempts: 2 });
  }, 180_000);

  it('past HADO_SHUTDOWN_GRACE, SIGTERM releases the delivery in flight to the queue and still exits 0', async () => {
    await withStore((store) =>
      sql`UPDATE deliveries SET result = 'pending', sent_at = NULL, attempts = 1, next_attempt_at = now() WHERE id = ${deliveryId}`.execute(store.db),
    );
    mode = { kind: 'hang' };
    const before = received;
    const { worker } = await startWorker({ HADO_SHUTDOWN_GRACE: '1' });
    await until('the delivery to arrive', async () => received > before);
    const t0 = Date.now();
    expect(await worker.stop('SIGTERM')).toBe(0);
    // The grace, not the 15 s webhook timeout, bounds the stop.
    expect(Date.now() - t0).toBeLessThan(12_000);
    expect(worker.output()).toMatch(/"released":1,.*"msg":"stopping: in-flight deliveries released to the queue"/);
    const released = await row();
    // Claimable at once by another worker; the interrupted attempt does not count.
    expect(released).toMatchObject({ result: 'pending', attempts: 1, locked_until: null });
    expect(new Date(released.next_attempt_at!).getTime()).toBeLessThanOrEqual(Date.now());
  }, 180_000);
});
