// bench/scale (issue 28, item 4): one PostgreSQL at scale — events and users
// in 24 zones, notices with their recipients — then the figures that decide
// whether one server is enough: load rate, idle tick, 1% tick, a feed page's
// p99 under 8 clients, PUT /api/events throughput, and the disk each million
// events and notices takes.
//
//   npm run bench:scale
//
// Sized by environment variables (defaults finish in minutes on a small
// machine; the run is SCALE_USERS=1000000 SCALE_EVENTS_PER_USER=10):
//   SCALE_USERS (20000)             users, round-robin over 24 zones, each with
//                                   its web channel, every 10th with a webhook
//                                   whose presence a local sink answers;
//   SCALE_EVENTS_PER_USER (10)      events per user, in every state;
//   SCALE_NOTICES_PER_USER (20)     feed rows per user (notices × fanout);
//   SCALE_FANOUT (10)               recipients per notice;
//   SCALE_CHUNK (10000)             users per loading transaction;
//   SCALE_RUNS (3)                  runs of each tick measure;
//   SCALE_REQUESTS (800)            feed requests per measure;
//   SCALE_PUT_BATCHES (20)          PUT /api/events batches of 500;
//   SCALE_DB (hado_scale)           the database, created when missing and kept;
//   SCALE_SSE (0)                   idle live streams to open after the other measures
//                                   (the run: 50000), over
//   SCALE_SSE_SERVERS (4)           real `hado serve` processes; then
//   SCALE_SSE_NOTICES (1000)        notices, one at a time at
//   SCALE_SSE_RATE (50)             a second, timed to their user's stream, idle
//                                   and again with the 1 % tick running;
//   SCALE_LOAD_ONLY (unset)         1: load (or resume loading) and stop, so the
//                                   measures can run later on a quiet machine;
//   BENCH_DATABASE_URL              the server (postgres://postgres@127.0.0.1:5432/postgres).
//
// Restartable: every loading step commits chunk by chunk and records how far
// it got in bench_scale_progress, so a run that is stopped (or a machine
// that reboots) resumes at the next chunk; a finished load is reused as is.
// Rows have explicit ids (user g is id g + 1), so a chunk that is rolled back
// leaves no gap. `SCALE_DROP=1` drops the database at the end.
//
// The live streams (SCALE_SSE) are in bench/scale-sse.ts.
// A different size needs another SCALE_DB (the bench refuses to mix them).
import os from 'node:os';
import { Worker as Thread } from 'node:worker_threads';
import { sql } from 'kysely';
import pino from 'pino';
import { PresenceCache } from '../src/channels/presence.ts';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { hashToken, newToken } from '../src/core/tokens.ts';
import { type Db, openStore } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertSource } from '../src/db/sources.ts';
import { Temporal } from '../src/domain/time.ts';
import { buildApp } from '../src/http/app.ts';
import { buildContext, closeContext } from '../src/runtime.ts';
import { runTick, windowConfigOf } from '../src/scheduler/tick.ts';
import { measureSse } from './scale-sse.ts';
import { adminQuery } from './support.ts';

const env = (name: string, fallback: number): number => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};
const USERS = env('SCALE_USERS', 20_000);
const PER_USER = env('SCALE_EVENTS_PER_USER', 10);
const FEED_PER_USER = env('SCALE_NOTICES_PER_USER', 20);
const FANOUT = env('SCALE_FANOUT', 10);
const CHUNK = env('SCALE_CHUNK', 10_000);
const RUNS = env('SCALE_RUNS', 3);
const REQUESTS = env('SCALE_REQUESTS', 800);
const PUT_BATCHES = env('SCALE_PUT_BATCHES', 20);
const SSE = env('SCALE_SSE', 0);
const SSE_SERVERS = env('SCALE_SSE_SERVERS', 4);
const SSE_NOTICES = env('SCALE_SSE_NOTICES', 1000);
const SSE_RATE = env('SCALE_SSE_RATE', 50);
const DB_NAME = process.env.SCALE_DB || 'hado_scale';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error('SCALE_DB must be a plain lower-case name');
const NOTICES = Math.floor((USERS * FEED_PER_USER) / FANOUT);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = Temporal.Instant.from('2026-06-16T12:00:00Z');
const NOW_SQL = NOW.toString();
const ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/Sao_Paulo',
  'America/Montevideo',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Berlin',
  'Europe/Kyiv',
  'Europe/Istanbul',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const login = (g: number): string => `user${String(g).padStart(7, '0')}`;

/** The presence sink: another thread answering webhook presence (even user ids are home) and deliveries. */
async function startSink(): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `
    const http = require('node:http');
    const { parentPort } = require('node:worker_threads');
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = Number(new URL(req.url, 'http://x').searchParams.get('u'));
        if (req.method === 'GET') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ present: id % 2 === 0 }));
        else res.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    parentPort.on('message', () => server.close(() => process.exit(0)));
  `;
  const thread = new Thread(code, { eval: true });
  const port = await new Promise<number>((resolve) => thread.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      thread.postMessage('stop');
      await new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}

async function progress(db: Db, name: string): Promise<number> {
  const r = await sql<{ upto: string }>`SELECT upto FROM bench_scale_progress WHERE step = ${name}`.execute(db);
  return r.rows.length === 0 ? 0 : Number(r.rows[0]!.upto);
}

/** Runs `chunk(from, to)` for [done, total) in transactions of `size`, recording the progress with each. */
async function chunked(db: Db, name: string, total: number, size: number, chunk: (trx: Db, from: number, to: number) => Promise<unknown>): Promise<number> {
  let from = await progress(db, name);
  const start = from;
  const t0 = performance.now();
  while (from < total) {
    const to = Math.min(total, from + size);
    await db.transaction().execute(async (trx) => {
      await chunk(trx, from, to);
      await sql`INSERT INTO bench_scale_progress (step, upto) VALUES (${name}, ${to})
                ON CONFLICT (step) DO UPDATE SET upto = excluded.upto`.execute(trx);
    });
    from = to;
    if (process.stdout.isTTY) process.stdout.write(`\r  ${name}: ${to.toLocaleString()} / ${total.toLocaleString()}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (from > start) console.log(`${process.stdout.isTTY ? '\r' : ''}  ${name}: ${(from - start).toLocaleString()} in ${seconds.toFixed(1)} s`);
  else console.log(`  ${name}: loaded before (${total.toLocaleString()})`);
  return from > start ? (from - start) / seconds : 0;
}

/** The load: users with channels, events consistent with their zone at NOW, notices with recipients. */
async function load(db: Db, sinkUrl: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS bench_scale_progress (step text PRIMARY KEY, upto bigint NOT NULL)`.execute(db);
  const size = `size ${USERS} ${PER_USER} ${FEED_PER_USER} ${FANOUT}`;
  const other = await sql<{ step: string }>`SELECT step FROM bench_scale_progress WHERE step LIKE 'size %' AND step <> ${size}`.execute(db);
  if (other.rows.length > 0) throw new Error(`${DB_NAME} holds another size (${other.rows[0]!.step}): set SCALE_DB to another name`);
  await sql`INSERT INTO bench_scale_progress (step, upto) VALUES (${size}, 0) ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO sources (id, name, token_hash, created_at) VALUES (1, 'bench', 'x', now()) ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT setval('sources_id_seq', (SELECT max(id) FROM sources))`.execute(db);
  console.log(`Loading ${USERS.toLocaleString()} users, ${(USERS * PER_USER).toLocaleString()} events, ${NOTICES.toLocaleString()} notices × ${FANOUT}…`);
  const usersRate = await chunked(db, 'users', USERS, CHUNK, async (trx, from, to) => {
    await sql`
      INSERT INTO users (id, login, tz, created_at, updated_at, last_heartbeat_at)
      SELECT g + 1, 'user' || lpad(g::text, 7, '0'), (${ZONES}::text[])[1 + g % ${ZONES.length}], now(), now(),
             CASE WHEN g % 50 = 3 THEN ${NOW_SQL}::timestamptz - interval '30 seconds' END
      FROM generate_series(${from}::bigint, ${to - 1}::bigint) g`.execute(trx);
    await sql`INSERT INTO channels (user_id, type, created_at, updated_at)
              SELECT g + 1, 'web', now(), now() FROM generate_series(${from}::bigint, ${to - 1}::bigint) g`.execute(trx);
    await sql`
      INSERT INTO channels (user_id, type, config, secret, created_at, updated_at)
      SELECT g + 1, 'webhook',
             jsonb_build_object('deliver_url', ${sinkUrl} || '/deliver', 'presence_url', ${sinkUrl} || '/presence?u=' || (g + 1)),
             'whsec_' || encode(sha256((g + 1)::text::bytea), 'base64'), now(), now()
      FROM generate_series(${from}::bigint, ${to - 1}::bigint) g WHERE (g + 1) % 10 = 0`.execute(trx);
  });
  await sql`SELECT setval('users_id_seq', ${USERS})`.execute(db);
  const eventsRate = await chunked(db, 'events', USERS, CHUNK, (trx, from, to) =>
    sql`
      INSERT INTO events (id, source_id, user_id, source_ref, topic, due_mode, due_date, due_time, due_at, fire_on, after_due,
                          payload, state, next_transition_at, next_check_at, created_at, updated_at)
      SELECT (user_id - 1) * ${PER_USER} + k + 1, 1, user_id, 'ref:' || user_id || ':' || k, '', 'local', due, '24:00:00', due::text,
             fire_on, after_due, jsonb_build_object('title', 'Event ' || k || ' of user ' || user_id, 'subtitle', 'scale'), state,
             CASE state
               WHEN 'scheduled' THEN fire_on::timestamp AT TIME ZONE tz
               WHEN 'preparing' THEN due::timestamp AT TIME ZONE tz
               WHEN 'today' THEN (due + 1)::timestamp AT TIME ZONE tz
             END,
             ${NOW_SQL}::timestamptz + interval '30 minutes' + ((user_id * 7 + k) % 600)::int * interval '1 minute',
             now(), now()
      FROM (
        SELECT u.id AS user_id, u.tz, k,
               CASE WHEN k % 10 < 2 THEN 'scheduled' WHEN k % 10 < 4 THEN 'preparing' WHEN k % 10 = 4 THEN 'today'
                    WHEN k % 10 = 5 THEN 'overdue' WHEN k % 10 < 8 THEN 'done' WHEN k % 10 = 8 THEN 'expired' ELSE 'withdrawn' END AS state,
               CASE WHEN k % 10 < 2 THEN l + 60 + ((u.id * 7 + k) % 300)::int WHEN k % 10 < 4 THEN l + 1 + ((u.id * 13 + k) % 300)::int
                    WHEN k % 10 = 4 THEN l ELSE l - 1 - ((u.id * 3 + k) % 90)::int END AS due,
               CASE WHEN k % 10 < 2 THEN l + 30 + ((u.id * 7 + k) % 300)::int WHEN k % 10 < 4 THEN l - ((u.id * 11 + k) % 30)::int
                    WHEN k % 10 = 4 THEN l ELSE l - 1 - ((u.id * 3 + k) % 90)::int END AS fire_on,
               CASE WHEN k % 10 IN (5, 6) THEN 'keep' ELSE 'expire' END AS after_due
        FROM (SELECT id, tz, (${NOW_SQL}::timestamptz AT TIME ZONE tz)::date AS l FROM users
              WHERE id > ${from} AND id <= ${to}) u
        CROSS JOIN generate_series(0, ${PER_USER - 1}) k
      ) e`.execute(trx),
  );
  await sql`SELECT setval('events_id_seq', ${USERS * PER_USER})`.execute(db);
  const span = 30 * 86_400;
  const noticeChunk = Math.max(1, Math.floor((CHUNK * FEED_PER_USER) / FANOUT));
  const noticesRate = await chunked(db, 'notices', NOTICES, noticeChunk, async (trx, from, to) => {
    await sql`
      INSERT INTO notices (id, source_id, source_ref, topic, mode, title, body, deep_link, data, actor, last_pushed_at, created_at, updated_at)
      SELECT g, 1, 'doc:' || (g % 5000), (ARRAY['mention', 'comment', 'run_finished', 'export'])[1 + g % 4], 'create',
             'Ana mentioned you in document ' || (g % 5000), 'Can you check the numbers in section ' || (g % 17) || '?',
             '/docs/' || (g % 5000) || '#c' || g, jsonb_build_object('doc', g % 5000, 'comment', g), 'ana', ts, ts, ts
      FROM (SELECT g, ${NOW_SQL}::timestamptz - make_interval(secs => ${span}::float8 * (${NOTICES} - g) / ${NOTICES}) AS ts
            FROM generate_series(${from + 1}::bigint, ${to}::bigint) g) s`.execute(trx);
    await sql`
      INSERT INTO notice_recipients (notice_id, user_id, created_at, read_at, archived_at)
      SELECT n.id, ((n.id * ${FANOUT}) + j) % ${USERS} + 1, n.created_at,
             CASE WHEN n.id <= ${Math.floor(NOTICES * 0.99)} THEN n.created_at + interval '1 hour' END,
             CASE WHEN n.id % 100 = 7 THEN n.created_at + interval '2 hours' END
      FROM notices n CROSS JOIN generate_series(0, ${FANOUT - 1}) j
      WHERE n.id > ${from} AND n.id <= ${to}`.execute(trx);
  });
  await sql`SELECT setval('notices_id_seq', ${Math.max(1, NOTICES)})`.execute(db);
  if ((await progress(db, 'analyzed')) !== USERS * PER_USER + NOTICES) {
    for (const t of ['users', 'channels', 'events', 'notices', 'notice_recipients']) await sql`VACUUM ANALYZE ${sql.table(t)}`.execute(db);
    await sql`INSERT INTO bench_scale_progress (step, upto) VALUES ('analyzed', ${USERS * PER_USER + NOTICES})
              ON CONFLICT (step) DO UPDATE SET upto = excluded.upto`.execute(db);
  }
  const rates = [
    ['users (with channels)', usersRate],
    ['users with their events', eventsRate],
    ['notices (with recipients)', noticesRate],
  ] as const;
  for (const [what, rate] of rates) {
    if (rate > 0) console.log(`  load rate, ${what}: ${Math.round(rate).toLocaleString()} / s`);
  }
  if (eventsRate > 0) console.log(`  load rate, events: ${Math.round(eventsRate * PER_USER).toLocaleString()} / s (indexes maintained during the load)`);
}

/** Marks about `share` of all events (reminding ones, spread over users and zones) as due now. */
async function markDue(db: Db, share: number): Promise<number> {
  const events = USERS * PER_USER;
  const target = Math.round(events * share);
  const every = Math.max(1, Math.floor((events * 0.4) / target));
  const res = await sql`
    UPDATE events SET next_check_at = ${NOW_SQL}::timestamptz - interval '1 minute'
    WHERE id IN (SELECT id FROM events WHERE state IN ('preparing', 'today', 'overdue') AND abs(hashint8(id)) % ${every} = 0 LIMIT ${target})`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Puts everything back as the load left it: no deliveries, every reminding event's next look ahead. */
async function reset(db: Db): Promise<void> {
  await sql`DELETE FROM deliveries`.execute(db);
  await sql`UPDATE events SET next_check_at = ${NOW_SQL}::timestamptz + interval '30 minutes'
            WHERE state IN ('preparing', 'today', 'overdue') AND next_check_at <= ${NOW_SQL}::timestamptz + interval '30 minutes'`.execute(db);
}

async function main(): Promise<void> {
  const exists = await (async () => {
    const store = await openStore({ databaseUrl: ADMIN_URL, poolSize: 1 });
    try {
      return (await sql`SELECT 1 FROM pg_database WHERE datname = ${DB_NAME}`.execute(store.db)).rows.length > 0;
    } finally {
      await store.close();
    }
  })();
  if (!exists) await adminQuery(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10 });
  const sink = await startSink();
  const db = store.db;
  try {
    await migrateToLatest(db);
    await load(db, sink.url);
    if (process.env.SCALE_LOAD_ONLY === '1') {
      console.log(`Loaded ${DB_NAME}; SCALE_LOAD_ONLY=1, so no measures this run.`);
      return;
    }
    await sql`UPDATE channels SET config = jsonb_build_object('deliver_url', ${sink.url} || '/deliver', 'presence_url', ${sink.url} || '/presence?u=' || user_id)
              WHERE type = 'webhook'`.execute(db);
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(db);
    console.log(
      `\nbench/scale — ${DB_NAME}: ${USERS.toLocaleString()} users, ${(USERS * PER_USER).toLocaleString()} events, ` +
        `${NOTICES.toLocaleString()} notices × ${FANOUT}; PostgreSQL ${version.rows[0]!.v}, Node ${process.version}, ` +
        `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`,
    );

    const config = loadConfig({
      DATABASE_URL: url.toString(),
      HADO_LOCAL_USER: '',
      HADO_DEFAULT_TZ: 'Europe/Madrid',
      APP_URL: 'https://hado.example.org',
      HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      HADO_RATE_LIMIT_API: '0',
      LOG_LEVEL: 'silent',
    });
    const clock = new FakeClock(NOW);
    const ctx = buildContext(store, config, clock);
    const cfg = windowConfigOf(config);
    const fresh = () => new PresenceCache(ctx.channels, { timeoutMs: config.presenceTimeoutMs, concurrency: 32 });
    try {
      await reset(db);
      const idle: number[] = [];
      const presence = fresh();
      for (let i = 0; i < RUNS * 4; i++) {
        const t0 = performance.now();
        await runTick(db, NOW, { presence, cfg });
        idle.push(performance.now() - t0);
      }
      console.log(`idle tick: median ${ms(median(idle))}, max ${ms(Math.max(...idle))} (target < 10 ms)`);

      const tick: number[] = [];
      const cpu: number[] = [];
      let due = 0;
      let decisions = 0;
      for (let run = 0; run < RUNS; run++) {
        await reset(db);
        due = await markDue(db, 0.01);
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const report = await runTick(db, NOW, { presence: fresh(), cfg });
        tick.push(performance.now() - t0);
        const used = process.cpuUsage(cpu0);
        cpu.push((used.user + used.system) / 1000);
        decisions = report.decisions?.length ?? 0;
      }
      await reset(db);
      console.log(
        `1% tick (${due.toLocaleString()} due, ${decisions.toLocaleString()} decided, cold presence): median ${ms(median(tick))}, ` +
          `max ${ms(Math.max(...tick))}; Node CPU median ${ms(median(cpu))} (target < 5 s)`,
      );

      await feedAndPut(ctx, db);

      if (SSE > 0) {
        const token = newToken('hado_');
        const source = (await insertSource(db, `scale-sse-${Date.now().toString(36)}`, hashToken(token), new Date()))!;
        try {
          await measureSse({
            databaseUrl: url.toString(),
            token,
            connections: Math.min(SSE, USERS),
            servers: SSE_SERVERS,
            notices: SSE_NOTICES,
            rate: SSE_RATE,
            login,
            tickOnce: async () => {
              await reset(db);
              const due = await markDue(db, 0.01);
              await runTick(db, NOW, { presence: fresh(), cfg });
              return due;
            },
          });
        } finally {
          await sql`DELETE FROM sources WHERE id = ${source.id}`.execute(db);
          await reset(db);
        }
      }
    } finally {
      await closeContext(ctx);
    }

    const sizes = await sql<{ t: string; bytes: string; n: string }>`
      SELECT t, pg_total_relation_size(t::regclass) AS bytes,
             (SELECT reltuples::bigint FROM pg_class WHERE oid = t::regclass) AS n
      FROM unnest(ARRAY['events', 'users', 'channels', 'notices', 'notice_recipients']) t`.execute(db);
    const by = new Map(sizes.rows.map((r) => [r.t, { bytes: Number(r.bytes), n: Number(r.n) }]));
    const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
    const perMillion = (bytes: number, n: number) => (n > 0 ? mb((bytes / n) * 1e6) : '—');
    const ev = by.get('events')!;
    const no = by.get('notices')!;
    const rc = by.get('notice_recipients')!;
    console.log(
      `disk (tables with their indexes): events ${mb(ev.bytes)} = ${perMillion(ev.bytes, USERS * PER_USER)} per million events; ` +
        `notices + recipients ${mb(no.bytes + rc.bytes)} = ${perMillion(no.bytes + rc.bytes, NOTICES)} per million notices ` +
        `(× ${FANOUT} recipients), ${perMillion(rc.bytes, NOTICES * FANOUT)} per million feed rows; users + channels ` +
        `${mb(by.get('users')!.bytes + by.get('channels')!.bytes)}; database ${mb(Number((await sql<{ s: string }>`SELECT pg_database_size(current_database()) AS s`.execute(db)).rows[0]!.s))}`,
    );
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
  } finally {
    await store.close();
    await sink.stop();
    if (process.env.SCALE_DROP === '1') await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    else console.log(`\nKept database ${DB_NAME}: a second run skips the load (SCALE_DROP=1 drops it).`);
  }
}

/** The feed under 1 and 8 clients, then PUT /api/events in batches of 500, over real HTTP. */
async function feedAndPut(ctx: ReturnType<typeof buildContext>, db: Db): Promise<void> {
  const app = await buildApp(ctx, { logger: pino({ level: 'info' }, pino.destination({ dest: os.devNull, sync: true })) });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const page = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${base}/me/notices`, { headers: { 'x-remote-user': login(rand(USERS)) } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`/me/notices → ${res.status}: ${text.slice(0, 300)}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < Math.min(USERS, 200); i++) await page();
    const one: number[] = [];
    for (let i = 0; i < REQUESTS; i++) one.push(await page());
    const eight: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < REQUESTS / 8; i++) eight.push(await page());
      }),
    );
    console.log(
      `feed, first page: 1 client p50 ${ms(pct(one, 50))} / p99 ${ms(pct(one, 99))}; ` +
        `8 clients p50 ${ms(pct(eight, 50))} / p99 ${ms(pct(eight, 99))} (target p99 < 10 ms)`,
    );

    const token = newToken('hado_');
    const run = Date.now().toString(36);
    const source = (await insertSource(db, `scale-${run}`, hashToken(token), new Date()))!;
    const day = (i: number) => new Date(Date.UTC(2026, 6, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    const bodies = Array.from({ length: PUT_BATCHES }, (_, b) =>
      JSON.stringify({
        events: Array.from({ length: 500 }, (_, k) => {
          const i = b * 500 + k;
          return { user: login(i % USERS), source_ref: `put:${i}`, topic: 'scale', due_at: day(i), payload: { title: `Put ${i}` } };
        }),
      }),
    );
    let seconds = 0;
    for (const body of bodies) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/events`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const text = await res.text();
      seconds += (performance.now() - t0) / 1000;
      if (res.status !== 200) throw new Error(`PUT /api/events → ${res.status}: ${text.slice(0, 300)}`);
    }
    console.log(`PUT /api/events, ${PUT_BATCHES} batches of 500 new events: ${Math.round((PUT_BATCHES * 500) / seconds).toLocaleString()} events / s`);
    // Back to the loaded size: this run's source and its events go.
    await sql`DELETE FROM sources WHERE id = ${source.id}`.execute(db);
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
