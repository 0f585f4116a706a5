// bench/feed (issue 5, item 9): GET /me/notices page latency with 10,000
// notices per user for 1,000 users on PostgreSQL — the whole request over
// real HTTP on 127.0.0.1 (forward-auth header, user lookup, the keyset page
// joined to notices and sources, the unread count, JSON) — p50/p99, target
// p99 < 20 ms.
//
//   npx tsx bench/feed.ts [--users 1000] [--per-user 10000] [--fanout 10]
//                         [--requests 2000] [--clients 8] [--servers 1] [--quick] [--keep] [--reuse <database>]
//
// Loading is SQL only (generate_series), not the API: 1,000,000 notices of
// 10 recipients each give every user exactly 10,000 feed rows, spread over
// 30 days; the newest 1% are unread (so the unread count reaches its cap of
// 100) and 1% are archived. A fresh database on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end unless
// --keep; --reuse skips the load.
//
// Measured after a warm-up, random users, the requests sent by a child
// process (bench/feed-clients.ts) so that this process's CPU is the server's:
//   baseline    — GET /healthz, the floor of an HTTP round trip on this machine now;
//   first page  — GET /me/notices (30 rows), what opening the inbox costs,
//                 from 1 client and then from --clients at once (issue 28:
//                 p99 < 10 ms with 8), the 1-client line the baseline;
//   deep page   — a page from a cursor at a random depth of the feed;
//   unread page — GET /me/notices?filter=unread.
// --quick measures the first page only, 1 and --clients, twice in turns.
// --servers N: the app in N processes (this one and N − 1 children,
// bench/feed-server.ts), as N `hado serve` behind a balancer; client k sends
// to server k mod N, and the server CPU is the sum over the N processes.
// Beside p50/p99, figures the machine's load does not move: the server's CPU
// per request, and per request the database's buffers touched, tuples and
// transactions (pg_stat_database of the bench database).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { encodeCursor } from '../src/core/notice-feed.ts';
import { openStore, type Store } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { FEED_NOW, startFeedServer } from './feed-server.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    'per-user': { type: 'string', default: '10000' },
    fanout: { type: 'string', default: '10' },
    requests: { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    clients: { type: 'string', default: '8' },
    quick: { type: 'boolean', default: false },
    servers: { type: 'string', default: '1' },
  },
});
const USERS = Number(args.users);
const PER_USER = Number(args['per-user']);
const FANOUT = Number(args.fanout);
const REQUESTS = Number(args.requests);
const CLIENTS = Number(args.clients);
const SERVERS = Number(args.servers);
const NOTICES = (USERS * PER_USER) / FANOUT;
if (!Number.isInteger(NOTICES) || USERS % FANOUT !== 0) throw new Error('--users must be a multiple of --fanout');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = FEED_NOW;

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

/** Busy CPU time of the whole machine so far, ms (user + nice + system + irq + softirq + steal of /proc/stat); NaN where there is none. */
function machineBusyMs(): number {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
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

interface DbCounters {
  blocks: number;
  tuples: number;
  xacts: number;
}

interface PhaseStats extends Stats {
  /** The servers' CPU (the clients are another process), ms per request. */
  cpu: number;
  /** The whole machine's busy CPU (servers, PostgreSQL, clients: /proc/stat), ms per request; NaN off Linux. */
  machine: number;
  /** Requests answered per second of the phase's wall time. */
  rate: number;
  /** Shared buffers touched (hit + read), tuples returned + fetched, and transactions, per request. */
  blocks: number;
  tuples: number;
  xacts: number;
}

function stats(name: string, ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  return { name, n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1]! };
}

/** A server in a child process (bench/feed-server.ts): its address, its CPU time on demand, and its end. */
async function childServer(databaseUrl: string): Promise<{ base: string; cpu: () => Promise<number>; close: () => Promise<void> }> {
  const child = fork(fileURLToPath(new URL('./feed-server.ts', import.meta.url)), ['--child', databaseUrl]);
  const { base } = await new Promise<{ base: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { base: string }));
    child.once('exit', (code) => reject(new Error(`feed server exited with ${code}`)));
  });
  const ask = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => {
        const { cpu } = m as { cpu: NodeJS.CpuUsage };
        resolve(cpu.user + cpu.system);
      });
      child.send('cpu');
    });
  const close = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.send('close');
    });
  return { base, cpu: ask, close };
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

    const server = await startFeedServer(url.toString());
    const children = await Promise.all(Array.from({ length: SERVERS - 1 }, () => childServer(url.toString())));
    const bases = [server.base, ...children.map((c) => c.base)];
    const base = server.base;
    const login = (i: number) => `user${String(i).padStart(5, '0')}`;
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };

    async function get(path: string, user: string, at = base): Promise<{ ms: number; body: { notices: unknown[]; unread: number } }> {
      const t0 = performance.now();
      const res = await fetch(`${at}${path}`, { headers: { 'x-remote-user': user } });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${text.slice(0, 300)}`);
      return { ms, body: JSON.parse(text) };
    }

    // Warm-up: every user once on every server (user rows, plans, the pools' connections).
    for (const b of bases) for (let i = 0; i < USERS; i++) await get('/me/notices?limit=1', login(i), b);
    const first = await get('/me/notices', login(0));
    if (first.body.notices.length !== 30 || first.body.unread === 0) {
      throw new Error(`unexpected first page: ${first.body.notices.length} rows, unread ${first.body.unread}`);
    }

    const results: PhaseStats[] = [];
    const clients = fork(fileURLToPath(new URL('./feed-clients.ts', import.meta.url)));
    const users = () => login(rand(USERS));
    /** One phase from the client process; beside the latencies, what the load does not move: this (server) process's CPU and the database's work, per request. */
    async function phase(name: string, requests: Array<[string, string]>, n: number): Promise<void> {
      const db0 = await dbCounters();
      const cpu0 = await serversCpu();
      const busy0 = machineBusyMs();
      const t0 = performance.now();
      const answer = await new Promise<{ ms?: number[]; error?: string }>((resolve) => {
        clients.once('message', resolve);
        clients.send({ bases, requests, clients: n });
      });
      const wall = performance.now() - t0;
      const busy = machineBusyMs() - busy0;
      const cpu = (await serversCpu()) - cpu0;
      if (answer.error) throw new Error(answer.error);
      const db1 = await dbCounters();
      const per = (k: keyof DbCounters) => (db1[k] - db0[k]) / requests.length;
      results.push({
        ...stats(name, answer.ms!),
        cpu: cpu / 1000 / requests.length,
        machine: busy / requests.length,
        rate: requests.length / (wall / 1000),
        blocks: per('blocks'),
        tuples: per('tuples'),
        xacts: per('xacts'),
      });
    }
    /** The servers' CPU time so far, µs: this process's and each child's. */
    async function serversCpu(): Promise<number> {
      const own = process.cpuUsage();
      const theirs = await Promise.all(children.map((c) => c.cpu()));
      return own.user + own.system + theirs.reduce((a, b) => a + b, 0);
    }
    async function dbCounters(): Promise<DbCounters> {
      // A backend reports its counters when idle, at most once a second (PostgreSQL 15).
      await new Promise((r) => setTimeout(r, 1100));
      const r = await sql<{ blocks: string; tuples: string; xacts: string }>`
        SELECT blks_hit + blks_read AS blocks, tup_returned + tup_fetched AS tuples, xact_commit + xact_rollback AS xacts
        FROM pg_stat_database WHERE datname = current_database()
      `.execute(store.db);
      await sql`SELECT pg_stat_clear_snapshot()`.execute(store.db);
      const row = r.rows[0]!;
      // These two queries are one transaction each (2 per read, subtracted).
      return { blocks: Number(row.blocks), tuples: Number(row.tuples), xacts: Number(row.xacts) - 2 };
    }
    const times = (n: number, f: () => [string, string]) => Array.from({ length: n }, f);

    if (!args.quick)
      await phase(
        'baseline: GET /healthz',
        times(REQUESTS, () => ['/healthz', '']),
        1,
      );
    // The figure, with its 1-client baseline in the same run.
    for (let turn = 0; turn < (args.quick ? 2 : 1); turn++) {
      await phase(
        'first page (30), 1 client',
        times(REQUESTS, () => ['/me/notices', users()]),
        1,
      );
      await phase(
        `first page (30), ${CLIENTS} clients at once`,
        times(REQUESTS, () => ['/me/notices', users()]),
        CLIENTS,
      );
    }
    if (!args.quick) {
      // Deep pages: a cursor at a random depth (the keyset makes depth free).
      const deep: Array<[string, string]> = [];
      for (let i = 0; i < REQUESTS; i++) {
        const noticeId = NOTICES - (1 + rand(PER_USER - 100));
        const at = await sql<{ at: string }>`SELECT created_at::text AS at FROM notices WHERE id = ${noticeId}`.execute(store.db);
        deep.push([`/me/notices?cursor=${encodeCursor({ at: at.rows[0]!.at, id: noticeId })}`, users()]);
      }
      await phase('deep page (random cursor)', deep, 1);
      await phase(
        'unread filter',
        times(REQUESTS, () => ['/me/notices?filter=unread', users()]),
        1,
      );
    }
    clients.disconnect();
    await Promise.all(children.map((c) => c.close()));
    await server.close();

    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN (ANALYZE, BUFFERS)
      SELECT n.*, r.read_at FROM notice_recipients r JOIN notices n ON n.id = r.notice_id
      WHERE r.user_id = ${Math.ceil(USERS / 2)} AND r.archived_at IS NULL
      ORDER BY r.created_at DESC, r.notice_id DESC LIMIT 31
    `.execute(store.db);

    console.log('');
    console.log(
      `bench/feed — ${USERS} users × ${PER_USER.toLocaleString()} notices each (${(USERS * PER_USER).toLocaleString()} feed rows), ` +
        `${SERVERS} server process${SERVERS === 1 ? '' : 'es'}, PostgreSQL, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    console.log('| request | n | p50 ms | p99 ms | max ms | req/s | server CPU ms/req | machine CPU ms/req | DB buffers/req | DB tuples/req | DB xacts/req |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const cells = [
        r.n,
        r.p50.toFixed(2),
        r.p99.toFixed(2),
        r.max.toFixed(2),
        r.rate.toFixed(0),
        r.cpu.toFixed(3),
        r.machine.toFixed(3),
        r.blocks.toFixed(1),
        r.tuples.toFixed(1),
        r.xacts.toFixed(2),
      ];
      console.log(`| ${r.name} | ${cells.join(' | ')} |`);
    }
    const single = results.filter((r) => !r.name.includes('clients') && !r.name.startsWith('baseline'));
    const worst = Math.max(...single.map((r) => r.p99));
    console.log(`\nTarget p99 < 20 ms (one request at a time): ${worst < 20 ? 'met' : 'NOT met'} (worst p99 ${worst.toFixed(2)} ms)`);
    const crowd = Math.max(...results.filter((r) => r.name.includes('clients')).map((r) => r.p99));
    console.log(`Target p99 < 10 ms (${CLIENTS} clients, issue 28): ${crowd < 10 ? 'met' : 'NOT met'} (p99 ${crowd.toFixed(2)} ms)`);
    console.log(`\nPlan of the page query (user ${Math.ceil(USERS / 2)}, inbox):`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  } finally {
    await store.close();
    if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`\nKept database ${name} (reuse with --reuse ${name}).`);
  }
}

await main();
