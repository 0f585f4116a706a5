// Probes and metrics (issue 14; issue 10 item 10): the public port answers
// 404 for /metrics; /healthz is liveness; /readyz fails while the schema is
// behind or the database does not answer; the operations listener serves
// all three on its own address, and /metrics only to a Host that no
// DNS-rebinding page can send.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { type OpsListener, startOpsListener } from '../../src/ops/listener.ts';
import { processRegistry } from '../../src/ops/process-metrics.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { createTestStore, type TestStore } from '../support/store.ts';

describe('the public port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 for /metrics (metrics live on HADO_METRICS_ADDR only)', async () => {
    const res = await call(t, 'GET', '/metrics');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toMatch(/hado_|process_cpu/);
  });

  it('/healthz and /readyz answer 200 on a current schema', async () => {
    expect(await call(t, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(t, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});

describe('the operations listener', () => {
  let store: TestStore;
  let ops: OpsListener;
  const get = async (route: string) => {
    const res = await fetch(`http://127.0.0.1:${ops.address.port}${route}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  /** A GET over a real socket with the Host a browser (or a scraper) would send. */
  const getAs = (port: number, route: string, host: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: route, headers: { host }, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    // A store whose schema is missing entirely: the migrations have not run.
    store = await createTestStore();
    await store.db.schema.dropTable('kysely_migration').execute();
    await store.db.schema.dropTable('kysely_migration_lock').execute();
    const registry = processRegistry({ db: store.db, clock: new FakeClock('2026-08-01T10:00:00Z'), outbox: true, liveConnections: () => 0 });
    ops = await startOpsListener({ host: '127.0.0.1', port: 0, registry, store });
  });
  afterAll(async () => {
    await ops.close();
    await store.dispose().catch(() => {});
  });

  it('binds the asked address (port 0 = a free one, reported back)', () => {
    expect(ops.address.host).toBe('127.0.0.1');
    expect(ops.address.port).toBeGreaterThan(0);
  });

  it('a DNS-rebinding page (its own name as Host) cannot read /metrics; IP literals, localhost and the configured names can', async () => {
    const named = await startOpsListener({
      host: '127.0.0.1',
      port: 0,
      registry: processRegistry({ db: store.db, clock: new FakeClock('2026-08-01T10:00:00Z'), outbox: false, liveConnections: () => 0 }),
      store,
      hosts: { appUrl: 'https://Hado.Example.org', allowedHosts: ['hado-internal:9000', 'scrape.internal'] },
    });
    try {
      for (const [port, host, status] of [
        [ops.address.port, `evil.example:${ops.address.port}`, 421],
        [ops.address.port, 'evil.example', 421],
        [ops.address.port, `127.0.0.1.nip.io:${ops.address.port}`, 421],
        [ops.address.port, 'hado.example.org:9464', 421],
        [ops.address.port, 'user@127.0.0.1', 421],
        [ops.address.port, `127.0.0.1:${ops.address.port}`, 200],
        // A scraper by pod address, or through a mapped port.
        [ops.address.port, '10.1.2.3:9464', 200],
        [ops.address.port, '127.0.0.1:19464', 200],
        [ops.address.port, '[::1]:9464', 200],
        [ops.address.port, 'LOCALHOST:9464', 200],
        [named.address.port, 'hado.example.org:9464', 200],
        [named.address.port, 'hado-internal:9464', 200],
        [named.address.port, 'scrape.internal', 200],
        [named.address.port, 'evil.example', 421],
      ] as const) {
        const res = await getAs(port, '/metrics', host);
        expect(res.status, host).toBe(status);
        if (status === 421) {
          expect(res.text, host).not.toContain('hado_');
          expect(JSON.parse(res.text).error.code).toBe('misdirected');
        }
      }
      // The probes answer whatever the Host (a container probe by pod IP, or by a service name).
      expect((await getAs(ops.address.port, '/healthz', 'evil.example')).status).toBe(200);
      expect((await getAs(ops.address.port, '/readyz', 'hado-worker:9464')).status).toBe(503);
    } finally {
      await named.close();
    }
  });

  it('/readyz is 503 while the schema is behind, naming the pending migrations; /healthz stays 200', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    const body = JSON.parse(ready.text);
    expect(body.status).toBe('not_ready');
    expect(body.reason).toMatch(/^the schema is behind: \d+ pending migration\(s\)$/);
    expect(body.pending[0]).toBe('2026-11-29T0000-core');
    expect((await get('/healthz')).status).toBe(200);
  });

  it('after the migrations /readyz is 200, /metrics has the gauges, anything else is 404', async () => {
    // The tables exist already (dropped only the bookkeeping): record them as applied by running them on a fresh schema.
    await store.db.schema.dropSchema('public').cascade().execute();
    await store.db.schema.createSchema('public').execute();
    await migrateToLatest(store.db);
    expect((await get('/readyz')).status).toBe(200);
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    for (const name of [
      'hado_outbox_depth{state="due",channel="webhook"} 0',
      'hado_outbox_oldest_pending_seconds{channel="telegram"} 0',
      'hado_live_connections 0',
      '# TYPE hado_tick_duration_seconds histogram',
      '# TYPE hado_tick_lag_seconds gauge',
      '# TYPE hado_tick_due_candidates gauge',
    ]) {
      expect(metrics.text).toContain(name);
    }
    expect((await get('/')).status).toBe(404);
    expect((await get('/me')).status).toBe(404);
  });

  it('when the database does not answer, /healthz and /readyz are 503 and /metrics still answers', async () => {
    await store.close();
    const health = await get('/healthz');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'unavailable' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ status: 'not_ready', reason: 'the database does not answer' });
    // The outbox gauges cannot be read now; the rest of the process's metrics are still worth having.
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('hado_outbox_depth{state="due",channel="webhook"} 0');
  });
});
