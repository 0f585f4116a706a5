// bench/mobile (issue 12): Expo sends per second through the one outbox —
// worker → mobile channel → chunks of ≤ 100 to a local fake Expo push API —
// beside webhook deliveries to a local sink, in the same run and on the same
// database, and the receipts pass that follows 15 minutes later.
//
//   npx tsx bench/mobile.ts [--deliveries 20000] [--concurrency 64] [--workers 1] [--keep]
//
// PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// a fresh database per run). Every user has a web, a webhook and a mobile channel
// and one event due today. Phases (rows pending at once, the worker drains them):
//   webhook — --deliveries webhook rows (signed POST, 204);
//   mobile  — --deliveries mobile rows (Expo messages, chunked, tickets kept);
//   mixed   — half and half, in one drain;
//   receipts — the tickets of the mobile phases, read 16 minutes later (getReceipts by 300).
// The sink (both APIs) runs in another thread, so its HTTP work does not share
// the bench's event loop.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker as Thread } from 'node:worker_threads';
import { sql } from 'kysely';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openStore, type Store } from '../src/db/connect.ts';
import { countTickets } from '../src/db/mobile.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { AppContext } from '../src/http/context.ts';
import { buildContext, closeContext } from '../src/runtime.ts';
import { Temporal } from '../src/domain/time.ts';
import { Worker } from '../src/worker/worker.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    deliveries: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '64' },
    workers: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});
const DELIVERIES = Number(args.deliveries);
const CONCURRENCY = Number(args.concurrency);
const WORKERS = Number(args.workers);
const USERS = Math.ceil(DELIVERIES / 4);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = Temporal.Instant.from('2026-06-16T12:00:00Z');
const NOW_SQL = NOW.toString();

interface SinkStats {
  webhooks: number;
  sends: number;
  messages: number;
  maxChunk: number;
  receiptRequests: number;
  receiptIds: number;
}

/** Webhooks (204) and a fake Expo push API (a ticket per message, an ok receipt per id), in another thread. */
async function startSink(): Promise<{ url: string; stats(): Promise<SinkStats>; stop(): Promise<void> }> {
  const code = `
    const http = require('node:http');
    const { randomUUID } = require('node:crypto');
    const { parentPort } = require('node:worker_threads');
    const stats = { webhooks: 0, sends: 0, messages: 0, maxChunk: 0, receiptRequests: 0, receiptIds: 0 };
    const server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c) => { raw += c; });
      req.on('end', () => {
        if (req.url === '/deliver') { stats.webhooks++; return res.writeHead(204).end(); }
        const body = JSON.parse(raw);
        if (req.url === '/--/api/v2/push/send') {
          stats.sends++; stats.messages += body.length; stats.maxChunk = Math.max(stats.maxChunk, body.length);
          const data = body.map(() => ({ status: 'ok', id: randomUUID() }));
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
        }
        if (req.url === '/--/api/v2/push/getReceipts') {
          stats.receiptRequests++; stats.receiptIds += body.ids.length;
          const data = {};
          for (const id of body.ids) data[id] = { status: 'ok' };
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
        }
        res.writeHead(404).end();
      });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    parentPort.on('message', (m) => {
      if (m === 'stats') parentPort.postMessage({ ...stats });
      else server.close(() => process.exit(0));
    });
  `;
  const thread = new Thread(code, { eval: true });
  const port = await new Promise<number>((resolve) => thread.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () =>
      new Promise<SinkStats>((resolve) => {
        thread.once('message', resolve);
        thread.postMessage('stats');
      }),
    stop: async () => {
      thread.postMessage('stop');
      await new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}

async function load(store: Store, sinkUrl: string): Promise<void> {
  const db = store.db;
  await step('migrate', () => migrateToLatest(db));
  await step(`${USERS.toLocaleString()} users with web, webhook and mobile channels, one event each`, async () => {
    await sql`INSERT INTO sources (name, token_hash, created_at) VALUES ('bench', 'x', now())`.execute(db);
    await sql`
      INSERT INTO users (login, tz, created_at, updated_at)
      SELECT 'user' || lpad(g::text, 6, '0'), 'Europe/Madrid', now(), now() FROM generate_series(0, ${USERS - 1}) g`.execute(db);
    await sql`INSERT INTO channels (user_id, type, created_at, updated_at) SELECT id, 'web', now(), now() FROM users`.execute(db);
    await sql`
      INSERT INTO channels (user_id, type, config, secret, created_at, updated_at)
      SELECT id, 'webhook', jsonb_build_object('deliver_url', ${sinkUrl} || '/deliver'),
             'whsec_' || encode(sha256(id::text::bytea), 'base64'), now(), now()
      FROM users`.execute(db);
    await sql`
      INSERT INTO channels (user_id, type, config, secret, created_at, updated_at)
      SELECT id, 'mobile', jsonb_build_object('platform', CASE WHEN id % 2 = 0 THEN 'ios' ELSE 'android' END, 'device_id', 'phone-' || id),
             'ExponentPushToken[' || substr(encode(sha256(id::text::bytea), 'hex'), 1, 22) || ']', now(), now()
      FROM users`.execute(db);
    await sql`
      INSERT INTO events (source_id, user_id, source_ref, topic, due_mode, due_date, due_time, due_at, fire_on, after_due,
                          payload, state, next_check_at, created_at, updated_at)
      SELECT 1, id, 'ref:' || id, 'bench', 'local', '2026-06-16', '24:00:00', '2026-06-16', '2026-06-16', 'keep',
             jsonb_build_object('title', 'Event of user ' || id, 'subtitle', 'bench', 'deep_link', 'https://app.example/e/' || id),
             'today', ${NOW_SQL}::timestamptz + interval '1 day', now(), now()
      FROM users`.execute(db);
    for (const t of ['users', 'channels', 'events']) await sql`VACUUM ANALYZE ${sql.table(t)}`.execute(db);
  });
}

/** `n` pending rows for channels of `type`, four windows per event. */
async function pending(store: Store, type: 'webhook' | 'mobile', n: number, tag: string): Promise<void> {
  await sql`
    INSERT INTO deliveries (event_id, channel_id, window_start, action_token, action_token_hash, result, next_attempt_at, created_at)
    SELECT e.id, c.id, ${NOW_SQL}::timestamptz - k * interval '1 hour', encode(sha256((${tag} || ${type} || e.id || ':' || k)::bytea), 'hex'),
           encode(sha256(convert_to(encode(sha256((${tag} || ${type} || e.id || ':' || k)::bytea), 'hex'), 'UTF8')), 'hex'),
           'pending', ${NOW_SQL}::timestamptz, ${NOW_SQL}::timestamptz
    FROM events e JOIN channels c ON c.user_id = e.user_id AND c.type = ${type}
    CROSS JOIN generate_series(1, 4) k
    LIMIT ${n}`.execute(store.db);
}

async function main(): Promise<void> {
  const name = `hado_bench_mobile_${randomBytes(4).toString('hex')}`;
  const sink = await startSink();
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10 });
  let ctx: AppContext | null = null;
  try {
    await load(store, sink.url);
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(store.db);
    console.log(`\nDatabase ${name} on PostgreSQL ${version.rows[0]!.v}, ${os.cpus().length} CPUs; Node ${process.version}`);
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      HADO_LOCAL_USER: '',
      APP_URL: 'https://hado.example.org',
      HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      LOG_LEVEL: 'silent',
      HADO_EXPO_API_ROOT: sink.url,
    });
    const clock = new FakeClock(NOW);
    // The process's registry and its ExpoPush, as `hado start` builds them.
    ctx = buildContext(store, config, clock);
    const { channels, mobile } = ctx;
    const reset = () => sql`DELETE FROM deliveries`.execute(store.db);

    const phase = async (label: string, rows: Array<['webhook' | 'mobile', number]>): Promise<void> => {
      await reset();
      for (const [type, n] of rows) await pending(store, type, n, label);
      const before = await sink.stats();
      const workers = Array.from({ length: WORKERS }, () => new Worker({ db: store.db, clock, channels, appUrl: config.appUrl, concurrency: CONCURRENCY }));
      const t0 = performance.now();
      const handled = (await Promise.all(workers.map((w) => w.drain()))).reduce((a, b) => a + b, 0);
      await mobile.idle();
      const seconds = (performance.now() - t0) / 1000;
      const after = await sink.stats();
      const total = rows.reduce((a, [, n]) => a + n, 0);
      const ok = await sql<{ n: number }>`SELECT count(*)::int AS n FROM deliveries WHERE result = 'ok'`.execute(store.db);
      if (handled !== total || ok.rows[0]!.n !== total) throw new Error(`${label}: ${handled} handled, ${ok.rows[0]!.n} ok of ${total}`);
      const sends = after.sends - before.sends;
      const messages = after.messages - before.messages;
      const webhooks = after.webhooks - before.webhooks;
      const parts = [
        webhooks > 0 ? `${webhooks.toLocaleString()} webhooks` : null,
        messages > 0
          ? `${messages.toLocaleString()} Expo messages in ${sends.toLocaleString()} requests (mean ${(messages / sends).toFixed(1)}, max ${after.maxChunk})`
          : null,
      ].filter(Boolean);
      console.log(
        `${label.padEnd(8)} ${total.toLocaleString()} rows in ${seconds.toFixed(2)} s = ${Math.round(total / seconds).toLocaleString()}/s` +
          (webhooks > 0 && messages > 0
            ? ` (webhooks ${Math.round(webhooks / seconds).toLocaleString()}/s + Expo ${Math.round(messages / seconds).toLocaleString()}/s)`
            : '') +
          `; ${parts.join(', ')}`,
      );
    };

    console.log(`\n${WORKERS} worker(s) × ${CONCURRENCY} in flight, one pool of 10 connections; result of every row recorded`);
    await phase('webhook', [['webhook', DELIVERIES]]);
    await phase('mobile', [['mobile', DELIVERIES]]);
    await phase('mixed', [
      ['webhook', DELIVERIES / 2],
      ['mobile', DELIVERIES / 2],
    ]);

    const tickets = await countTickets(store.db);
    clock.advance({ minutes: 16 });
    const before = await sink.stats();
    const t0 = performance.now();
    let asked = 0;
    while (true) {
      const r = await mobile.checkReceipts();
      if (r.asked === 0) break;
      asked += r.asked;
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = await sink.stats();
    const left = await countTickets(store.db);
    console.log(
      `receipts ${asked.toLocaleString()} of ${tickets.toLocaleString()} tickets read in ${seconds.toFixed(2)} s = ${Math.round(asked / seconds).toLocaleString()}/s ` +
        `(${after.receiptRequests - before.receiptRequests} getReceipts requests); ${left} left`,
    );
    console.log(
      `\nload average during the run: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
  } finally {
    if (ctx) await closeContext(ctx);
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
