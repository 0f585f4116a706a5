// bench/push (issue 12): Web Push deliveries per second through the one
// outbox worker — each one a VAPID JWT signed (ES256) and a payload
// encrypted (aes128gcm, a fresh ECDH key per message) by `web-push`, then
// POSTed over keep-alive node:http to a local push service sink — beside
// signed webhook deliveries of the same events, in the same run.
//
//   npx tsx bench/push.ts [--users 2000] [--windows 4] [--workers 2] [--concurrency 64] [--keep]
//
// Setup: a PostgreSQL database of its own; --users users with one event due
// today each (PUT /api/events), a webhook channel and a push subscription
// each, both at the sink (another thread: 204 for a webhook, 201 for a push).
// Then three phases, each --users × --windows pending rows drained by
// --workers workers: webhooks alone, pushes alone, and both mixed (half and half).
import { createECDH, randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker as Thread } from 'node:worker_threads';
import { sql } from 'kysely';
import { newWebhookSecret } from '../src/channels/webhook/channel.ts';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createSource } from '../src/core/sources.ts';
import { openStore } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { buildContext, closeContext } from '../src/runtime.ts';
import { Worker } from '../src/worker/worker.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    windows: { type: 'string', default: '4' },
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '64' },
    keep: { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const WINDOWS = Number(args.windows);
const WORKERS = Number(args.workers);
const CONCURRENCY = Number(args.concurrency);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = '2026-06-16T10:00:00Z';

/** The sink: another thread, so its HTTP work does not share the bench's event loop. */
async function startSink(): Promise<{ url: string; counts(): Promise<{ push: number; webhook: number }>; stop(): Promise<void> }> {
  const code = `
    const http = require('node:http');
    const { parentPort } = require('node:worker_threads');
    const counts = { push: 0, webhook: 0 };
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url.startsWith('/push/')) {
          // A push service answers 201 Created with the message's location.
          counts.push++;
          res.writeHead(201, { location: '/m/' + counts.push }).end();
        } else {
          counts.webhook++;
          res.writeHead(204).end();
        }
      });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
    parentPort.on('message', (m) => {
      if (m === 'counts') parentPort.postMessage({ counts });
      else server.close(() => process.exit(0));
    });
  `;
  const thread = new Thread(code, { eval: true });
  const port = await new Promise<number>((resolve) => thread.once('message', (m: { port: number }) => resolve(m.port)));
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => {
      thread.postMessage('counts');
      return new Promise((resolve) => thread.once('message', (m: { counts: { push: number; webhook: number } }) => resolve(m.counts)));
    },
    stop: async () => {
      thread.postMessage('stop');
      await new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}

async function main(): Promise<void> {
  const name = `hado_bench_push_${randomBytes(4).toString('hex')}`;
  const sink = await startSink();
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10 });
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    HADO_LOCAL_USER: '',
    APP_URL: 'https://hado.example.org',
    HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
    LOG_LEVEL: 'silent',
  });
  const clock = new FakeClock(NOW);
  const ctx = buildContext(store, config, clock);
  try {
    await migrateToLatest(store.db);
    const app = await buildApp(ctx);
    await step(`${USERS.toLocaleString()} users with an event due today, a webhook and a push subscription each`, async () => {
      const { token } = await createSource(store.db, clock, 'bench');
      for (let i = 0; i < USERS; i += 500) {
        const events = Array.from({ length: Math.min(500, USERS - i) }, (_, k) => ({
          user: `u${i + k}`,
          source_ref: `e${i + k}`,
          due_at: '2026-06-16T20:00',
          payload: { title: `Reminder ${i + k}`, subtitle: 'A subtitle of a usual length, with a few words', deep_link: 'https://app.example/x/1' },
        }));
        const res = await app.inject({ method: 'PUT', url: '/api/events', headers: { authorization: `Bearer ${token}` }, payload: { events } });
        if (res.statusCode !== 200) throw new Error(`PUT /api/events: ${res.statusCode} ${res.body}`);
      }
      // One browser key pair for all: each message still gets its own ephemeral key and salt.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = JSON.stringify({ p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') });
      await sql`
        INSERT INTO channels (user_id, type, config, secret, enabled, created_at, updated_at)
        SELECT id, 'webhook', jsonb_build_object('deliver_url', ${sink.url}::text || '/deliver'), ${newWebhookSecret()}, true, now(), now() FROM users
        UNION ALL
        SELECT id, 'push', jsonb_build_object('endpoint', ${sink.url}::text || '/push/' || id, 'user_agent', 'Bench'), ${keys}, true, now(), now() FROM users
      `.execute(store.db);
      await app.close();
    });
    const { channels } = ctx;
    await ctx.push.keys();

    /** Pending rows for every event × window on channels of `types`; then the workers drain them. */
    async function phase(label: string, types: string[], perType: number): Promise<void> {
      await sql`DELETE FROM deliveries`.execute(store.db);
      for (const type of types) {
        await sql`
          INSERT INTO deliveries (event_id, channel_id, window_start, action_token, action_token_hash, result, next_attempt_at, created_at, round)
          SELECT e.id, c.id, ${NOW}::timestamptz - k * interval '1 hour', encode(sha256((c.id || ':' || e.id || ':' || k)::text::bytea), 'hex'),
                 encode(sha256(convert_to(encode(sha256((c.id || ':' || e.id || ':' || k)::text::bytea), 'hex'), 'UTF8')), 'hex'),
                 'pending', ${NOW}::timestamptz, ${NOW}::timestamptz, e.round
          FROM events e JOIN channels c ON c.user_id = e.user_id AND c.type = ${type}
          CROSS JOIN generate_series(1, ${WINDOWS}) k
          LIMIT ${perType}`.execute(store.db);
      }
      const total = perType * types.length;
      const before = await sink.counts();
      const workers = Array.from({ length: WORKERS }, () => new Worker({ db: store.db, clock, channels, appUrl: config.appUrl, concurrency: CONCURRENCY }));
      const t0 = performance.now();
      const handled = (await Promise.all(workers.map((w) => w.drain()))).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - t0) / 1000;
      const after = await sink.counts();
      const ok = await sql<{ type: string; n: number }>`
        SELECT c.type, count(*)::int AS n FROM deliveries d JOIN channels c ON c.id = d.channel_id WHERE d.result = 'ok' GROUP BY c.type`.execute(store.db);
      const okBy = Object.fromEntries(ok.rows.map((r) => [r.type, r.n]));
      const got = (okBy.push ?? 0) + (okBy.webhook ?? 0);
      if (handled !== total || got !== total) throw new Error(`${label}: ${handled} handled, ${got} ok of ${total}`);
      const pushes = after.push - before.push;
      const hooks = after.webhook - before.webhook;
      console.log(
        `${label}: ${total.toLocaleString()} deliveries in ${seconds.toFixed(2)} s = ${Math.round(total / seconds).toLocaleString()}/s` +
          ` (push ${pushes.toLocaleString()} = ${Math.round(pushes / seconds).toLocaleString()}/s, webhook ${hooks.toLocaleString()} = ${Math.round(hooks / seconds).toLocaleString()}/s)`,
      );
    }

    const n = USERS * WINDOWS;
    console.log(`\n${WORKERS} worker(s) × ${CONCURRENCY} in flight, one pool of 10 connections, ${os.cpus().length} CPUs`);
    await phase('webhooks alone', ['webhook'], n);
    await phase('pushes alone  ', ['push'], n);
    await phase('mixed         ', ['webhook', 'push'], n / 2);
    // The cost of a push before the network, measured alone: the encryption (every message) and a JWT (once an hour per push service).
    const { default: webpush } = await import('web-push');
    const pair = await ctx.push.keys();
    const sub = {
      endpoint: `${sink.url}/push/1`,
      keys: JSON.parse((await sql<{ secret: string }>`SELECT secret FROM channels WHERE type = 'push' LIMIT 1`.execute(store.db)).rows[0]!.secret),
    };
    const body = JSON.stringify({ v: 1, type: 'reminder', title: 'Reminder', body: 'A subtitle', url: 'https://app.example/x/1' });
    const reps = 2000;
    const timed = (f: () => void): number => {
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) f();
      return (performance.now() - t0) / reps;
    };
    const encrypt = timed(() => webpush.generateRequestDetails(sub, body, { TTL: 60 }));
    const sign = timed(() => webpush.getVapidHeaders(sink.url, config.vapidSubject, pair.publicKey, pair.privateKey, 'aes128gcm'));
    const us = (x: number) => `${(x * 1000).toFixed(0)} µs`;
    console.log(`one core, alone: aes128gcm encryption (generateRequestDetails) ${us(encrypt)} each; a VAPID JWT (getVapidHeaders) ${us(sign)} each`);
    console.log(
      `\nload average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
  } finally {
    await closeContext(ctx);
    await store.close();
    await sink.stop();
    if (!args.keep) await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`\nKept database ${name}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
