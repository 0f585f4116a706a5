// bench/tick (issue 3, item 9): the scheduler tick and the outbox worker at
// scale on PostgreSQL — 1,000,000 events for 100,000 users over 24 time
// zones, in every state.
//
//   npx tsx bench/tick.ts [--users 100000] [--per-user 10] [--attention 0.01]
//                         [--deliveries 20000] [--workers 2] [--concurrency 64]
//                         [--per-host 32] [--runs 5] [--keep] [--reuse <database>]
//
// Loading is SQL only (generate_series): users spread round-robin over 24
// zones (UTC−10 … UTC+12) with web channels, 10% of them with a webhook
// channel pointing at a local sink; 10 events each, consistent with their
// dates in the user's zone at NOW: 20% scheduled, 20% preparing, 10% today,
// 10% overdue, 20% done, 10% expired, 10% withdrawn. Every reminding event
// has its next_check_at ahead (as the tick leaves it), so nothing needs
// attention until the bench marks some.
//
// Measured (NOW = 2026-06-16T12:00Z, when some zones are in active hours
// and some asleep):
//   idle tick       — lifecycle + delivery tick with nothing due (median of runs);
//   candidate query — the delivery tick's index read with --attention of the
//                     events due, alone (median), and its plan;
//   1% tick         — one full tick (lifecycle + presence + decide + outbox
//                     writes) with --attention of the events due, presence
//                     cold (a fresh cache, real HTTP to the sink), median of runs;
//                     Beside the wall time (noisy on a shared machine) it
//                     prints counts that are not: the Node process's CPU time
//                     in the tick, the events rows updated by it and how many
//                     of those updates were HOT (pg_stat_user_tables).
//   worker          — --deliveries pending webhook rows sent by --workers
//                     workers to the local sink (another thread), signed,
//                     recorded; deliveries per second. Every row goes to the
//                     one sink, so each worker keeps at most --per-host of its
//                     --concurrency in flight there (the worker's PER_HOST
//                     fairness limit, unless given).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker as Thread } from 'node:worker_threads';
import { sql } from 'kysely';
import { PresenceCache } from '../src/channels/presence.ts';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { openStore, type Store } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { Temporal } from '../src/domain/time.ts';
import { deliveryCandidates } from '../src/scheduler/delivery-tick.ts';
import { runTick, windowConfigOf } from '../src/scheduler/tick.ts';
import type { AppContext } from '../src/http/context.ts';
import { buildContext, closeContext } from '../src/runtime.ts';
import { PER_HOST, Worker } from '../src/worker/worker.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    'per-user': { type: 'string', default: '10' },
    attention: { type: 'string', default: '0.01' },
    deliveries: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '64' },
    'per-host': { type: 'string', default: String(PER_HOST) },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const USERS = Number(args.users);
const PER_USER = Number(args['per-user']);
const EVENTS = USERS * PER_USER;
const ATTENTION = Number(args.attention);
const DELIVERIES = Number(args.deliveries);
const WORKERS = Number(args.workers);
const CONCURRENCY = Number(args.concurrency);
const RUNS = Number(args.runs);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = Temporal.Instant.from('2026-06-16T12:00:00Z');
const NOW_SQL = NOW.toString();

// 24 zones from UTC−10 to UTC+12 (offsets at NOW, in June).
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

const admin = (query: string): Promise<void> => adminQuery(ADMIN_URL, query);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** The sink: another thread, so its HTTP work does not share the bench's event loop. */
async function startSink(): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `
    const http = require('node:http');
    const { parentPort } = require('node:worker_threads');
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'GET') {
          // Presence: users with an even id are home.
          const id = Number(new URL(req.url, 'http://x').searchParams.get('u'));
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ present: id % 2 === 0 }));
        } else res.writeHead(204).end();
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

async function load(store: Store, sinkUrl: string): Promise<void> {
  const db = store.db;
  console.log(`Loading ${USERS.toLocaleString()} users and ${EVENTS.toLocaleString()} events…`);
  await step('migrate', () => migrateToLatest(db));
  await step('source, users (24 zones), web and webhook channels', async () => {
    await sql`INSERT INTO sources (name, token_hash, created_at) VALUES ('bench', 'x', now())`.execute(db);
    await sql`
      INSERT INTO users (login, tz, created_at, updated_at, last_heartbeat_at)
      SELECT 'user' || lpad(g::text, 6, '0'), (${ZONES}::text[])[1 + g % ${ZONES.length}], now(), now(),
             -- 2% have the inbox open (a heartbeat 30 s before NOW).
             CASE WHEN g % 50 = 3 THEN ${NOW_SQL}::timestamptz - interval '30 seconds' END
      FROM generate_series(0, ${USERS - 1}) g
    `.execute(db);
    await sql`INSERT INTO channels (user_id, type, created_at, updated_at) SELECT id, 'web', now(), now() FROM users`.execute(db);
    await sql`
      INSERT INTO channels (user_id, type, config, secret, created_at, updated_at)
      SELECT id, 'webhook',
             jsonb_build_object('deliver_url', ${sinkUrl} || '/deliver', 'presence_url', ${sinkUrl} || '/presence?u=' || id),
             'whsec_' || encode(sha256(id::text::bytea), 'base64'), now(), now()
      FROM users WHERE id % 10 = 0
    `.execute(db);
  });
  await step('events (all states, dates consistent in each zone)', () =>
    sql`
      INSERT INTO events (source_id, user_id, source_ref, topic, due_mode, due_date, due_time, due_at, fire_on, after_due,
                          payload, state, next_transition_at, next_check_at, created_at, updated_at)
      SELECT 1, user_id, 'ref:' || user_id || ':' || k, '', 'local', due, '24:00:00', due::text, fire_on, after_due,
             jsonb_build_object('title', 'Event ' || k || ' of user ' || user_id, 'subtitle', 'bench'),
             state,
             CASE state
               WHEN 'scheduled' THEN fire_on::timestamp AT TIME ZONE tz
               WHEN 'preparing' THEN due::timestamp AT TIME ZONE tz
               WHEN 'today' THEN (due + 1)::timestamp AT TIME ZONE tz
             END,
             -- As the tick leaves them: the next look is ahead.
             ${NOW_SQL}::timestamptz + interval '30 minutes' + ((user_id * 7 + k) % 600)::int * interval '1 minute',
             now(), now()
      FROM (
        SELECT u.id AS user_id, u.tz, k, l,
               CASE WHEN k < 2 THEN 'scheduled' WHEN k < 4 THEN 'preparing' WHEN k = 4 THEN 'today'
                    WHEN k = 5 THEN 'overdue' WHEN k < 8 THEN 'done' WHEN k = 8 THEN 'expired' ELSE 'withdrawn' END AS state,
               -- Dates spread wide (hundreds of due days, dozens of leads), so few events share a case.
               CASE WHEN k < 2 THEN l + 60 + ((u.id * 7 + k) % 300)::int WHEN k < 4 THEN l + 1 + ((u.id * 13 + k) % 300)::int
                    WHEN k = 4 THEN l ELSE l - 1 - ((u.id * 3 + k) % 90)::int END AS due,
               CASE WHEN k < 2 THEN l + 30 + ((u.id * 7 + k) % 300)::int WHEN k < 4 THEN l - ((u.id * 11 + k) % 30)::int
                    WHEN k = 4 THEN l ELSE l - 1 - ((u.id * 3 + k) % 90)::int END AS fire_on,
               CASE WHEN k IN (5, 6) THEN 'keep' ELSE 'expire' END AS after_due
        FROM (SELECT id, tz, (${NOW_SQL}::timestamptz AT TIME ZONE tz)::date AS l FROM users) u
        CROSS JOIN generate_series(0, ${PER_USER - 1}) k
      ) e
    `.execute(db),
  );
  await step('VACUUM ANALYZE', async () => {
    for (const t of ['users', 'channels', 'events', 'deliveries']) await sql`VACUUM ANALYZE ${sql.table(t)}`.execute(db);
  });
}

/** Marks about `share` of all events (reminding ones, spread over users and zones) as due now: the same ones every run (ORDER BY id), so two trees' decisions compare exactly. */
async function markAttention(store: Store, share: number): Promise<number> {
  const target = Math.round(EVENTS * share);
  const reminding = Math.round(EVENTS * 0.4);
  const every = Math.max(1, Math.floor(reminding / target));
  const res = await sql`
    UPDATE events SET next_check_at = ${NOW_SQL}::timestamptz - interval '1 minute'
    WHERE id IN (
      SELECT id FROM events WHERE state IN ('preparing', 'today', 'overdue') AND abs(hashint8(id)) % ${every} = 0 ORDER BY id LIMIT ${target}
    )`.execute(store.db);
  return Number(res.numAffectedRows ?? 0);
}

/** The tick's presence cache, timing its asks (the rest of a tick is the database and the deciding). */
class TimedPresence extends PresenceCache {
  askMs = 0;
  override async ask(...args: Parameters<PresenceCache['ask']>): ReturnType<PresenceCache['ask']> {
    const t0 = performance.now();
    try {
      return await super.ask(...args);
    } finally {
      this.askMs += performance.now() - t0;
    }
  }
}

/** Row updates of events so far, and how many were HOT (statistics flushed first). */
async function updates(store: Store): Promise<{ n: number; hot: number }> {
  await sql`SELECT pg_stat_force_next_flush()`.execute(store.db);
  const r = await sql<{ n: string; hot: string }>`
    SELECT n_tup_upd AS n, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'events'`.execute(store.db);
  return { n: Number(r.rows[0]!.n), hot: Number(r.rows[0]!.hot) };
}

async function main(): Promise<void> {
  const name = args.reuse ?? `hado_bench_tick_${randomBytes(4).toString('hex')}`;
  const sink = await startSink();
  if (!args.reuse) await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: 10 });
  let ctx: AppContext | null = null;
  const keep = args.keep || Boolean(args.reuse);
  try {
    if (!args.reuse) await load(store, sink.url);
    // A reused database keeps its webhook URLs: point them at this run's sink.
    await sql`
      UPDATE channels SET config = jsonb_build_object('deliver_url', ${sink.url} || '/deliver', 'presence_url', ${sink.url} || '/presence?u=' || user_id)
      WHERE type = 'webhook'`.execute(store.db);
    const version = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(store.db);
    const size = await sql<{ s: string }>`SELECT pg_size_pretty(pg_total_relation_size('events')) AS s`.execute(store.db);
    const states = await sql<{ state: string; n: number }>`SELECT state, count(*)::int AS n FROM events GROUP BY state ORDER BY state`.execute(store.db);
    console.log(
      `\nDatabase ${name} on PostgreSQL ${version.rows[0]!.v}, ${os.cpus().length} CPUs: events ${size.rows[0]!.s} with indexes; ` +
        states.rows.map((r) => `${r.state} ${r.n.toLocaleString()}`).join(', '),
    );

    // The benchmark's receiver listens on loopback: allowed explicitly (the outbound policy refuses it by default).
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      HADO_LOCAL_USER: '',
      APP_URL: 'https://hado.example.org',
      HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      LOG_LEVEL: 'silent',
      // A loaded machine answers slower than the round allows: HADO_PRESENCE_TIMEOUT=30 keeps every answer, for comparing decisions.
      HADO_PRESENCE_TIMEOUT: process.env.HADO_PRESENCE_TIMEOUT ?? '2',
    });
    const clock = new FakeClock(NOW);
    // The process's registry, as `hado start` builds it.
    ctx = buildContext(store, config, clock);
    const { channels } = ctx;
    const cfg = windowConfigOf(config);
    const fresh = () => new TimedPresence(channels, { timeoutMs: config.presenceTimeoutMs, concurrency: 32 });
    const reset = async () => {
      await sql`DELETE FROM deliveries`.execute(store.db);
      await sql`UPDATE events SET next_check_at = ${NOW_SQL}::timestamptz + interval '30 minutes'
                WHERE state IN ('preparing', 'today', 'overdue') AND next_check_at <= ${NOW_SQL}::timestamptz + interval '30 minutes'`.execute(store.db);
      await sql`UPDATE events SET quiet_until = 'epoch' WHERE quiet_until > 'epoch'`.execute(store.db);
    };
    await reset();

    // Idle: nothing due.
    const idle: number[] = [];
    const presence = fresh();
    for (let i = 0; i < RUNS * 4; i++) {
      const t0 = performance.now();
      const r = await runTick(store.db, NOW, { presence, cfg });
      idle.push(performance.now() - t0);
      if ((r.decisions?.length ?? -1) !== 0 || (r.transitions?.length ?? -1) !== 0) throw new Error('the idle tick found work');
    }
    const idleQuery: number[] = [];
    for (let i = 0; i < RUNS * 4; i++) {
      const t0 = performance.now();
      await deliveryCandidates(store.db, new Date(NOW.epochMilliseconds));
      idleQuery.push(performance.now() - t0);
    }
    console.log(
      `\nidle tick (lifecycle + delivery + notices, nothing due): median ${ms(median(idle))}, max ${ms(Math.max(...idle))}; ` +
        `its candidate query alone: median ${ms(median(idleQuery))}`,
    );

    // 1%: mark, then the candidate query alone and the full tick.
    const tickMs: number[] = [];
    const queryMs: number[] = [];
    let last: Awaited<ReturnType<typeof runTick>> | null = null;
    let marked = 0;
    let presenceCalls = 0;
    const askMs: number[] = [];
    const cpuMs: number[] = [];
    // Per phase, one total per run (a phase repeated per write batch adds up).
    const phaseMs = new Map<string, number[]>();
    let upd = { n: 0, hot: 0 };
    for (let run = 0; run < RUNS; run++) {
      await reset();
      marked = await markAttention(store, ATTENTION);
      // A few have been acked: quiet_until ahead.
      await sql`UPDATE events SET quiet_until = ${NOW_SQL}::timestamptz + interval '1 day'
                WHERE next_check_at <= ${NOW_SQL}::timestamptz AND state IN ('preparing', 'today', 'overdue') AND abs(hashint8(id * 31 + 7)) % 20 = 0`.execute(
        store.db,
      );
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const n = await deliveryCandidates(store.db, new Date(NOW.epochMilliseconds));
        queryMs.push(performance.now() - t0);
        if (n !== marked) throw new Error(`candidate query found ${n}, expected ${marked}`);
      }
      const cold = fresh();
      const before = await updates(store);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const phases = new Map<string, number>();
      const onPhase = (phase: string, t: number) => phases.set(phase, (phases.get(phase) ?? 0) + t);
      last = await runTick(store.db, NOW, { presence: cold, cfg, onPhase });
      for (const [phase, t] of phases) phaseMs.set(phase, [...(phaseMs.get(phase) ?? []), t]);
      tickMs.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      cpuMs.push((cpu.user + cpu.system) / 1000);
      const after = await updates(store);
      upd = { n: after.n - before.n, hot: after.hot - before.hot };
      presenceCalls = cold.calls;
      askMs.push(cold.askMs);
    }
    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT id FROM events
      WHERE state IN ('preparing', 'today', 'overdue') AND next_check_at <= ${new Date(NOW.epochMilliseconds)}
      ORDER BY next_check_at, id LIMIT 50000`.execute(store.db);
    console.log(
      `candidate query (${marked.toLocaleString()} due of ${EVENTS.toLocaleString()}): median ${ms(median(queryMs))}; plan: ${plan.rows
        .map((r) => r['QUERY PLAN'].trim())
        .filter((l) => /Scan/.test(l))
        .join(' / ')}`,
    );
    const why = new Map<string, number>();
    for (const d of last!.decisions ?? []) why.set(d.why, (why.get(d.why) ?? 0) + 1);
    const rows = await sql<{ result: string; n: number }>`SELECT result, count(*)::int AS n FROM deliveries GROUP BY result ORDER BY result`.execute(store.db);
    console.log(
      `${(ATTENTION * 100).toFixed(0)}% tick (${marked.toLocaleString()} events, cold presence over HTTP): median ${ms(median(tickMs))}, ` +
        `max ${ms(Math.max(...tickMs))}; Node CPU in the tick median ${ms(median(cpuMs))}; presence asks median ${ms(median(askMs))}; ${presenceCalls} presence calls; ` +
        `events rows updated ${upd.n.toLocaleString()}, of them HOT ${upd.hot.toLocaleString()}\n  decisions: ${[...why].map(([k, v]) => `${k} ${v}`).join(', ')}\n  rows written: ${rows.rows
          .map((r) => `${r.result} ${r.n}`)
          .join(', ')}`,
    );
    console.log(`  phases (median of runs, wall): ${[...phaseMs].map(([phase, t]) => `${phase} ${ms(median(t))}`).join('; ')}`);

    // Worker throughput: DELIVERIES pending webhook rows, sent to the sink.
    await reset();
    if (DELIVERIES > 0) {
      await sql`
      INSERT INTO deliveries (event_id, channel_id, window_start, action_token, action_token_hash, result, next_attempt_at, created_at)
      SELECT e.id, c.id, ${NOW_SQL}::timestamptz - k * interval '1 hour', encode(sha256((e.id || ':' || k)::bytea), 'hex'),
             encode(sha256(convert_to(encode(sha256((e.id || ':' || k)::bytea), 'hex'), 'UTF8')), 'hex'),
             'pending', ${NOW_SQL}::timestamptz, ${NOW_SQL}::timestamptz
      FROM events e JOIN channels c ON c.user_id = e.user_id AND c.type = 'webhook'
      CROSS JOIN generate_series(1, 4) k
      WHERE e.state IN ('preparing', 'today', 'overdue')
      LIMIT ${DELIVERIES}`.execute(store.db);
      const workers = Array.from(
        { length: WORKERS },
        () => new Worker({ db: store.db, clock, channels, appUrl: config.appUrl, concurrency: CONCURRENCY, perHost: Number(args['per-host']) }),
      );
      const t0 = performance.now();
      const handled = (await Promise.all(workers.map((w) => w.drain()))).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - t0) / 1000;
      const ok = await sql<{ n: number }>`SELECT count(*)::int AS n FROM deliveries WHERE result = 'ok'`.execute(store.db);
      if (ok.rows[0]!.n !== DELIVERIES || handled !== DELIVERIES) {
        throw new Error(`worker: ${handled} handled, ${ok.rows[0]!.n} ok of ${DELIVERIES}`);
      }
      console.log(
        `worker: ${DELIVERIES.toLocaleString()} webhook deliveries (signed POST to a local sink, result recorded) in ${seconds.toFixed(2)} s ` +
          `= ${Math.round(DELIVERIES / seconds).toLocaleString()}/s (${WORKERS} worker(s) × ${CONCURRENCY} in flight, at most ${args['per-host']} of them to one host, one pool of 10 connections)`,
      );
    }
    await reset();
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
    if (!keep) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`\nKept database ${name} (rerun with --reuse ${name})`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
