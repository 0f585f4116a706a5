// The server of bench/feed: Hado's HTTP app on the bench database, as
// `hado serve` runs it (request log at the default level, written nowhere).
// bench/feed runs one in its own process and, with --servers N (issue 28:
// "a measured run with several hado serve processes"), N − 1 more in child
// processes started from this file: each tells its address, then answers
// "cpu" with its process's CPU time so far.
import os from 'node:os';
import pino from 'pino';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openStore } from '../src/db/connect.ts';
import { buildApp } from '../src/http/app.ts';
import { buildContext, closeContext } from '../src/runtime.ts';

export const FEED_NOW = '2026-08-01T12:00:00Z';

/** The app on `databaseUrl`, listening on a free port of 127.0.0.1: its address, and how to close it. */
export async function startFeedServer(databaseUrl: string): Promise<{ base: string; close: () => Promise<void> }> {
  const store = await openStore({ databaseUrl, poolSize: 10 });
  const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '', DATABASE_URL: databaseUrl, HADO_RATE_LIMIT_API: '0' });
  const ctx = buildContext(store, config, new FakeClock(FEED_NOW));
  const app = await buildApp(ctx, { logger: pino({ level: 'info' }, pino.destination({ dest: os.devNull, sync: true })) });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    close: async () => {
      await app.close();
      await closeContext(ctx);
      await store.close();
    },
  };
}

/** A child server: `tsx bench/feed-server.ts --child <database url>`. */
if (process.argv[2] === '--child' && process.send) {
  const server = await startFeedServer(process.argv[3]!);
  process.on('message', (m: string) => {
    if (m === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (m === 'close') void server.close().then(() => process.exit(0));
  });
  process.send({ base: server.base });
}
