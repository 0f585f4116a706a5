// An unreachable database (issue 16, item 6): every route answers 503 with
// Retry-After — never 500 — while PostgreSQL is down or restarting, and the
// scheduler's minute loop retries a failed tick within seconds.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { whileUnavailable } from '../../src/db/wait.ts';
import { buildApp } from '../../src/http/app.ts';
import type { AppContext } from '../../src/http/context.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { repeat, tickRetryMs } from '../../src/scheduler/loop.ts';

// Nothing listens on port 1: every connection is refused, as during a restart.
const DOWN = 'postgres://postgres@127.0.0.1:1/hado';

let store: Store;
let ctx: AppContext;
let app: Awaited<ReturnType<typeof buildApp>>;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  store = await openStore({ databaseUrl: DOWN });
  ctx = buildContext(store, loadConfig({ DATABASE_URL: DOWN, HADO_LOCAL_USER: '', LOG_LEVEL: 'silent' }), new FakeClock('2026-08-01T12:00:00Z'), {
    telegram: null,
  });
  app = await buildApp(ctx, { onRoute: (r) => void routes.push(r) });
});

afterAll(async () => {
  await app.close();
  await closeContext(ctx);
  await store.close();
});

describe('a request while the database is unreachable', () => {
  it('PUT /api/events, GET /me and an action link answer 503 with Retry-After', async () => {
    const requests = [
      { method: 'PUT' as const, url: '/api/events', payload: { events: [{ user: 'ana', source_ref: 'a', due_at: '2026-08-02', payload: { title: 'x' } }] } },
      { method: 'GET' as const, url: '/me' },
      { method: 'POST' as const, url: `/a/${'A'.repeat(43)}/ack` },
    ];
    for (const r of requests) {
      const res = await app.inject({
        ...r,
        // A Bearer on /me is a user token (refused as malformed before any query): /me signs in by forward auth here.
        headers: r.url === '/me' ? { 'x-remote-user': 'ana' } : { authorization: 'Bearer hado_x', 'x-remote-user': 'ana' },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('unavailable');
    }
  });

  it('no route answers 500; every route that reads the database answers 503 with Retry-After', async () => {
    const seen: string[] = [];
    let unavailable = 0;
    for (const route of routes) {
      const methods = [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
      for (const method of methods) {
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '1' : name === 'token' ? 'A'.repeat(43) : 'x')).replace('*', 'x');
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: 'Bearer hado_x', 'x-remote-user': 'ana', 'x-telegram-bot-api-secret-token': 'x' },
          remoteAddress: '127.0.0.1',
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        seen.push(`${method} ${url} ${res.statusCode}`);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).not.toBe(500);
        if (res.statusCode === 503) {
          expect(res.headers['retry-after'], `${method} ${url}`).toBeDefined();
          unavailable++;
        }
      }
    }
    expect(unavailable, seen.join('\n')).toBeGreaterThan(15);
  });

  it('the OpenAPI document names the 503 on every route it documents', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) expect(Object.keys(op.responses), `${method} ${path}`).toContain('503');
    }
  });
});

describe('background work meeting an unreachable database', () => {
  it('knows a refused connection, a restart and a cut connection from other errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Migration x failed: read ECONNRESET', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it('a failed run of the minute loop is retried within seconds, not at the next minute', async () => {
    expect(tickRetryMs(1)).toBe(5_000);
    expect(tickRetryMs(2)).toBe(10_000);
    expect(tickRetryMs(10)).toBe(30_000);
    const runs: number[] = [];
    const t0 = performance.now();
    const loop = repeat(
      () => 60_000,
      async () => {
        runs.push(performance.now() - t0);
        if (runs.length < 3) throw new Error('connect ECONNREFUSED');
      },
      () => {},
      { retryMs: (n) => 20 * n },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await loop.stop();
    // Two failures, each retried after its short delay; then success waits for the regular minute.
    expect(runs.length).toBe(3);
    expect(runs[2]!).toBeLessThan(250);
  });

  it('start-up waits for the database within its bound, and gives up after it', async () => {
    let tries = 0;
    const value = await whileUnavailable(
      async () => {
        tries++;
        if (tries < 3) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return 'up';
      },
      { timeoutMs: 5_000, firstDelayMs: 10 },
    );
    expect([value, tries]).toEqual(['up', 3]);
    const retries: number[] = [];
    await expect(
      whileUnavailable(() => store.db.selectFrom('users').selectAll().execute(), {
        timeoutMs: 300,
        firstDelayMs: 50,
        onRetry: (_e, waited) => retries.push(waited),
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    // Not an outage: no waiting at all.
    await expect(whileUnavailable(() => Promise.reject(new Error('syntax error')), { timeoutMs: 5_000 })).rejects.toThrow('syntax error');
  });
});
