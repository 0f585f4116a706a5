// An app on a test store with a fake clock, and small helpers to call it.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FakeClock } from '../../src/clock.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { insertSource } from '../../src/db/sources.ts';
import { type AppOptions, buildApp } from '../../src/http/app.ts';
import { hashToken, newToken } from '../../src/core/tokens.ts';
import type { AppContext } from '../../src/http/context.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { createTestStore, type TestStore } from './store.ts';

export interface TestApp {
  app: FastifyInstance;
  store: TestStore;
  clock: FakeClock;
  config: Config;
  ctx: AppContext;
  close(): Promise<void>;
}

export async function createTestApp(opts: { env?: Record<string, string>; now?: string; onRoute?: AppOptions['onRoute'] } = {}): Promise<TestApp> {
  const store = await createTestStore();
  const clock = new FakeClock(opts.now ?? '2026-08-01T12:00:00Z');
  const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '', ...opts.env });
  const ctx = buildContext(store, config, clock);
  const app = await buildApp(ctx, opts.onRoute ? { onRoute: opts.onRoute } : {});
  return {
    app,
    store,
    clock,
    config,
    ctx,
    close: async () => {
      await app.close();
      await closeContext(ctx);
      await store.dispose();
    },
  };
}

/** Registers a source (with the capabilities given, issue 24) and returns its bearer token. */
export async function createSource(t: TestApp, name: string, capabilities: string[] = []): Promise<string> {
  const token = newToken('hado_');
  await insertSource(t.store.db, name, hashToken(token), new Date(), capabilities);
  return token;
}

export async function call(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; user?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.user) headers['x-remote-user'] = opts.user;
  const res = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
  });
  let json: unknown = null;
  try {
    json = res.body ? JSON.parse(res.body) : null;
  } catch {
    json = res.body;
  }
  // biome-ignore lint/suspicious/noExplicitAny: test helper returns loosely typed JSON
  return { status: res.statusCode, body: json as any, headers: res.headers };
}
