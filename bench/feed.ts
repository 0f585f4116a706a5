// bench/feed (issue 5, item 9): GET /me/notices page latency with 10,000
// notices per user for 1,000 users on PostgreSQL — the whole request over
// real HTTP on 127.0.0.1 (forward-auth header, user lookup, the keyset page
// joined to notices and sources, the unread count, JSON) — p50/p99, target
// p99 < 20 ms.
//
//   npx tsx bench/feed.ts [--users 1000] [--per-user 10000] [--fanout 10]
//                         [--requests 2000] [--keep] [--reuse <database>]
//
// Loading is SQL only (generate_series), not the API: 1,000,000 notices of
// 10 recipients each give every user exactly 10,000 feed rows, spread over
// 30 days; the newest 1% are unread (so the unread count reaches its cap of
// 100) and 1% are archived. A fresh database on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end unless
// --keep; --reuse skips the load.
//
// Measured, one request at a time after a warm-up, random users:
//   baseline    — GET /healthz, the floor of an HTTP round trip on this machine now;
//   first page  — GET /me/notices (30 rows), what opening the inbox costs;
//   deep page   — a page from a cursor at a random depth of the feed;
//   unread page — GET /me/notices?filter=unread;
//   concurrent  — first pages from 8 clients at once (latency under load).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { encodeCursor } from '../src/core/notice-feed.ts';
import { openStore, type Store } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/http/app.ts';
import { buildContext } from '../src/runtime.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    'per-user': { type: 'string', default: '10000' },
    fanout: { type: 'string', default: '10' },
    requests: { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const USERS = Number(args.users);
const PER_USER = Number(args['per-user']);
const FANOUT = Number(args.fanout);
const REQUESTS = Number(args.requests);
const NOTICES = (USERS * PER_USER) / FANOUT;
if (!Number.isInteger(NOTICES) || USERS % FANOUT !== 0) throw new Error('--users must be a multiple of --fanout');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = '2026-08-01T12:00:00Z';

const admin = (query: string): Promise<void> => adminQuery(ADMIN_URL, query);

/** Bulk load in SQL: notice i goes to users (i*fanout + j) mod users, j < fanout — each user gets PER_USER. */
async function load(store: Store): Promise<void> {
  const db = store.db;
  console.log(`Loading ${NOTICES.toLocaleString()} notices × ${FANOUT} recipients = ${(NOTICES * FANOUT).toLocaleString()} feed rows…`);
  await step('migrate', () => migrateToLatest(db));
  await step('source, users, web channels', async () => {
    await sql`INSERT INTO sources (name, token_hash, created_at) VALUES ('bench', 'x', now())`.execute(db);
    await sql`
      INSERT INTO users (login, tz, created_at, updated_at)
      SELECT 'user' || lpad(g::text, 5, '0'), 'Europe/Madrid', now(), now() FROM generate_series(0, ${USERS - 1}) g
    `.execute(db);
    await sql`INSERT INTO channels (user_id, type, created_at, updated_at) SELECT id, 'web', now(), now() FROM users`.execute(db);
  });
  // The feed indexes are built after the rows are in (faster than maintaining them row by row).
  await sql`DROP INDEX notice_recipients_feed`.execute(db);
  await sql`DROP INDEX notice_recipients_unread`.execute(db);
  await sql`ALTER TABLE notice_recipients DROP CONSTRAINT notice_recipients_pkey`.execute(db);
  const span = 30 * 86_400; // seconds over which the notices are spread, ending at NOW
  await step('notices', () =>
    sql`
      INSERT INTO notices (id, source_id, source_ref, topic, mode, title, body, deep_link, data, actor,
                           last_pushed_at, created_at, updated_at)
      SELECT g, 1, 'doc:' || (g % 5000), (ARRAY['mention', 'comment', 'run_finished', 'export'])[1 + g % 4], 'create',
             'Ana mentioned you in document ' || (g % 5000), 'Can you check the numbers in section ' || (g % 17) || '?',
             '/docs/' || (g % 5000) || '#c' || g, jsonb_build_object('doc', g % 5000, 'comment', g), 'ana',
             ts, ts, ts
      FROM (
        SELECT g, ${NOW}::timestamptz - make_interval(secs => ${span}::float8 * (${NOTICES} - g) / ${NOTICES}) AS ts
        FROM generate_series(1, ${NOTICES}) g
      ) s
    `.execute(db),
  );
  await sql`SELECT setval('notices_id_seq', ${NOTICES})`.execute(db);
  await step('notice_recipients', () =>
    sql`
      INSERT INTO notice_recipients (notice_id, user_id, created_at, read_at, archived_at)
      -- A fresh database: users have ids 1..USERS in login order.
      SELECT n.id, ((n.id * ${FANOUT}) + j) % ${USERS} + 1, n.created_at,
             CASE WHEN n.id <= ${NOTICES * 0.99} THEN n.created_at + interval '1 hour' END,
             CASE WHEN n.id % 100 = 7 THEN n.created_at + interval '2 hours' END
      FROM notices n
      CROSS JOIN generate_series(0, ${FANOUT - 1}) j
    `.execute(db),
  );
  await step('indexes (as the migration defines them)', async () => {
    await sql`ALTER TABLE notice_recipients ADD PRIMARY KEY (notice_id, user_id)`.execute(db);
    await sql`CREATE INDEX notice_recipients_feed ON notice_recipients (user_id, created_at DESC, notice_id DESC)`.execute(db);
    await sql`
      CREATE INDEX notice_recipients_unread ON notice_recipients (user_id, created_at DESC, notice_id DESC)
        WHERE read_at IS NULL AND archived_at IS NULL
    `.execute(db);
  });
  await step('VACUUM ANALYZE', async () => {
    await sql`VACUUM ANALYZE notices`.execute(db);
    await sql`VACUUM ANALYZE notice_recipients`.execute(db);
    await sql`VACUUM ANALYZE users`.execute(db);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Stats {
  name: string;
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function stats(name: string, ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  return { name, n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1]! };
}

async function main(): Promise<void> {
  const name = args.reuse ?? `hado_bench_feed_${randomBytes(4).toString('hex')}`;
  if (!args.reuse) await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10 });
  const keep = args.keep || Boolean(args.reuse);
  try {
    if (!args.reuse) await load(store);
    const size = await sql<{ notices: string; recipients: string }>`
      SELECT pg_size_pretty(pg_total_relation_size('notices')) AS notices,
             pg_size_pretty(pg_total_relation_size('notice_recipients')) AS recipients
    `.execute(store.db);
    console.log(`Database ${name}: notices ${size.rows[0]!.notices}, notice_recipients ${size.rows[0]!.recipients} (with indexes)`);

    const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '', DATABASE_URL: url.toString(), HADO_RATE_LIMIT_API: '0' });
    const ctx = buildContext(store, config, new FakeClock(NOW));
    // The server's logger at its default level, written nowhere: the request log lines are part of the cost.
    const app = await buildApp(ctx, { logger: pino({ level: 'info' }, pino.destination({ dest: os.devNull, sync: true })) });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = (i: number) => `user${String(i).padStart(5, '0')}`;
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };

    async function get(path: string, user: string): Promise<{ ms: number; body: { notices: unknown[]; unread: number } }> {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { 'x-remote-user': user } });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) };
    }

    // Warm-up: every user once (user rows, plans, the pool's connections).
    for (let i = 0; i < USERS; i++) await get('/me/notices?limit=1', login(i));
    const first = await get('/me/notices', login(0));
    if (first.body.notices.length !== 30 || first.body.unread === 0) {
      throw new Error(`unexpected first page: ${first.body.notices.length} rows, unread ${first.body.unread}`);
    }

    const results: Stats[] = [];
    // The floor on this machine at this moment: a request that does one trivial query.
    const floorMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.text();
      floorMs.push(performance.now() - t0);
    }
    results.push(stats('baseline: GET /healthz', floorMs));
    const firstMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) firstMs.push((await get('/me/notices', login(rand(USERS)))).ms);
    results.push(stats('first page (30)', firstMs));

    // Deep pages: a cursor at a random depth (the keyset makes depth free).
    const deepMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const depth = 1 + rand(PER_USER - 100);
      const noticeId = NOTICES - depth;
      const at = await sql<{ at: string }>`SELECT created_at::text AS at FROM notices WHERE id = ${noticeId}`.execute(store.db);
      const cursor = encodeCursor({ at: at.rows[0]!.at, id: noticeId });
      deepMs.push((await get(`/me/notices?cursor=${cursor}`, login(rand(USERS)))).ms);
    }
    results.push(stats('deep page (random cursor)', deepMs));

    const unreadMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) unreadMs.push((await get('/me/notices?filter=unread', login(rand(USERS)))).ms);
    results.push(stats('unread filter', unreadMs));

    const concurrentMs: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < REQUESTS / 8; i++) concurrentMs.push((await get('/me/notices', login(rand(USERS)))).ms);
      }),
    );
    results.push(stats('first page, 8 clients at once', concurrentMs));
    await app.close();

    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN (ANALYZE, BUFFERS)
      SELECT n.*, r.read_at FROM notice_recipients r JOIN notices n ON n.id = r.notice_id
      WHERE r.user_id = 500 AND r.archived_at IS NULL
      ORDER BY r.created_at DESC, r.notice_id DESC LIMIT 31
    `.execute(store.db);

    console.log('');
    console.log(
      `bench/feed — ${USERS} users × ${PER_USER.toLocaleString()} notices each (${(USERS * PER_USER).toLocaleString()} feed rows), ` +
        `PostgreSQL, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    console.log('| request | n | p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of results) console.log(`| ${r.name} | ${r.n} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`);
    const worst = Math.max(...results.filter((r) => !r.name.includes('clients') && !r.name.startsWith('baseline')).map((r) => r.p99));
    console.log(`\nTarget p99 < 20 ms (one request at a time): ${worst < 20 ? 'met' : 'NOT met'} (worst p99 ${worst.toFixed(2)} ms)`);
    console.log('\nPlan of the page query (user 500, inbox):');
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  } finally {
    await store.close();
    if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`\nKept database ${name} (reuse with --reuse ${name}).`);
  }
}

await main();
