// bench/upsert (issue 2, item 10): PUT /api/events end to end — real HTTP on
// 127.0.0.1 with keep-alive, JSON parsing, schema validation, the token
// lookup, users, state computation, the upsert, the live NOTIFY and the
// response — against a raw `INSERT … ON CONFLICT (source_id, source_ref,
// topic) DO UPDATE` of the same rows through the same driver (Kysely on pg /
// PGlite), in batches of 500.
//
//   npx tsx bench/upsert.ts [--events 100000] [--users 2000] [--runs 1]
//                           [--backends postgres,pglite-memory,pglite-dir]
//
// Three runners, each on its own fresh database with the full schema:
//   hado        PUT /api/events to the app (buildApp + listen on 127.0.0.1:0);
//   raw         the plain statement: a 500-row VALUES list, every column from
//               excluded, no rules;
//   raw-unnest  the same statement fed one array per column, which is how
//               Hado's own upsert ships its rows (src/db/events.ts).
//               With UPSERT_ONE_INDEX=1 its table has only the primary key
//               and the identity UNIQUE (no secondary index, FK or CHECK):
//               the one-index baseline of issue 28.
// They take turns batch by batch (the order rotating), so a busy neighbour on
// a shared machine slows all three alike and the ratio stays meaningful; each
// rate is events / the summed time of that runner's batches. Request bodies and
// raw rows are prepared outside the timer: the client's work is not Hado's.
//
// Passes over the same identities: insert (all new), update (same due_at,
// changed payload: SPEC A3's "same due") and new-due (every due_at a year
// later: a new round). One request or statement at a time.
//
// Backends: postgres (a new database per runner on BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end),
// pglite-memory (in-memory PGlite) and pglite-dir (PGlite in a temporary data
// directory, removed at the end). Each backend runs in its own child process;
// its peak RSS (process.resourceUsage().maxRSS) covers the app, the client and
// the raw runners' stores — for PGlite, three embedded databases.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { FakeClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { EventInputJson } from '../src/core/event-input.ts';
import { type Db, openStore, type Store } from '../src/db/connect.ts';
import type { EventWrite } from '../src/db/events.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { dateOrNull, dueColumns, type UserRow, userSettings } from '../src/db/rows.ts';
import { insertSource } from '../src/db/sources.ts';
import { ensureUsers } from '../src/db/users.ts';
import { parseDueAt } from '../src/domain/due.ts';
import { lifecycleAt } from '../src/domain/lifecycle.ts';
import { parseIsoDate, toDate } from '../src/domain/time.ts';
import { buildApp } from '../src/http/app.ts';
import { hashToken, newToken } from '../src/core/tokens.ts';
import { buildContext } from '../src/runtime.ts';
import { adminQuery } from './support.ts';

const BATCH = 500;
const NOW = '2026-08-01T12:00:00Z';
const DEFAULT_TZ = 'Europe/Madrid';
const PASSES = ['insert', 'update', 'new-due'] as const;
type Pass = (typeof PASSES)[number];
const BACKENDS = ['postgres', 'pglite-memory', 'pglite-dir'] as const;
type Backend = (typeof BACKENDS)[number];
const RUNNERS = ['hado', 'raw', 'raw-unnest'] as const;
type Runner = (typeof RUNNERS)[number];
/** Batches sent before timing, on another source: JIT, prepared plans, first connections. */
const WARMUP_BATCHES = 2;

interface Options {
  events: number;
  users: number;
  backends: Backend[];
  /** Whole runs per backend; each (runner, pass) reports its fastest run. */
  runs: number;
}

interface ChildTask {
  events: number;
  users: number;
  backend: Backend;
  /** Per runner: a database URL (postgres) or a data directory (pglite-dir); null = in memory. */
  locations: Record<Runner, { databaseUrl: string | null; dataDir: string | null }>;
}

interface ChildResult {
  /** Seconds per runner and pass (the sum of that runner's batches). */
  seconds: Record<Runner, Record<Pass, number>>;
  /**
   * Node CPU ms (user + system, this process: server and client alike) per
   * batch, per runner and pass: a figure a busy neighbour hardly moves.
   */
  cpuMsPerBatch: Record<Runner, Record<Pass, number>>;
  /** The final count of the benchmark's events by state, per runner. */
  states: Record<Runner, Record<string, number>>;
  maxRssMb: number;
}

// ---------------------------------------------------------------------------
// The workload: deterministic; 60% all-day dues, 30% local times (some before
// the end of quiet hours: early dues), 10% fixed instants; a third with a
// fire_at, a quarter `keep`; event i belongs to user i % users.

const TOPICS = ['birthday', 'payment', 'deadline', 'flight', ''];
const BASE_DAY = Date.UTC(2026, 6, 20); // before NOW: the insert pass has past, today's and future dues
const isoDay = (days: number): string => new Date(BASE_DAY + days * 86_400_000).toISOString().slice(0, 10);
const login = (u: number): string => `user${String(u).padStart(5, '0')}`;

function eventJson(i: number, users: number, pass: Pass, refPrefix = 'item'): EventInputJson {
  const dayOffset = ((i * 7919) % 365) + (pass === 'new-due' ? 365 : 0);
  const day = isoDay(dayOffset);
  const form = i % 10;
  const dueAt = form < 6 ? day : form < 9 ? `${day}T${String(6 + (i % 14)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}` : `${day}T08:15+02:00`;
  const ev: EventInputJson = {
    user: login(i % users),
    source_ref: `${refPrefix}:${i}`,
    topic: TOPICS[i % TOPICS.length]!,
    due_at: dueAt,
    payload: {
      title: pass === 'insert' ? `Vasya's birthday #${i}` : `Vasya's birthday #${i} (${pass})`,
      subtitle: pass === 'insert' ? 'turns 34' : 'turns 35',
      deep_link: `/people/${i}`,
      ...(i % 2 === 0 ? { done_label: 'Congratulated' } : {}),
    },
  };
  if (i % 3 === 0) ev.fire_at = isoDay(dayOffset - 3);
  if (i % 4 === 0) ev.after_due = 'keep';
  return ev;
}

function batchJson(start: number, end: number, users: number, pass: Pass, refPrefix?: string): EventInputJson[] {
  const out: EventInputJson[] = [];
  for (let i = start; i < end; i++) out.push(eventJson(i, users, pass, refPrefix));
  return out;
}

/** An event row with every column an upsert writes. */
type RawRow = Omit<EventWrite, 'payload'> & {
  payload: string;
  quiet_until: Date;
  next_check_at: Date;
  created_at: Date;
  updated_at: Date;
};

/**
 * The rows Hado writes for these events (one-off dues; fire_at defaults to
 * the due day as written, SPEC A3), computed with the same domain functions,
 * outside the timer: the raw runners only ship them.
 */
function rawRows(events: EventInputJson[], sourceId: number, users: Map<string, UserRow>): RawRow[] {
  const now = new FakeClock(NOW).now();
  const at = toDate(now);
  return events.map((ev) => {
    const parsed = parseDueAt(ev.due_at!);
    if (!parsed.ok) throw new Error(parsed.error);
    const due = parsed.value;
    const fireOn = parseIsoDate(ev.fire_at ?? ev.due_at!.slice(0, 10))!;
    const afterDue = ev.after_due ?? 'expire';
    const user = users.get(ev.user)!;
    const { state, next } = lifecycleAt({ due, fireOn, afterDue }, userSettings(user), now);
    return {
      source_id: sourceId,
      user_id: user.id,
      source_ref: ev.source_ref,
      topic: ev.topic ?? '',
      ...dueColumns(due),
      due_at: ev.due_at!,
      fire_on: fireOn.toString(),
      after_due: afterDue,
      payload: JSON.stringify(ev.payload),
      state,
      next_transition_at: dateOrNull(next),
      quiet_until: new Date(0),
      next_check_at: at,
      created_at: at,
      updated_at: at,
    };
  });
}

const RAW_COLUMNS = [
  'source_id',
  'user_id',
  'source_ref',
  'topic',
  'due_mode',
  'due_date',
  'due_time',
  'due_instant',
  'due_at',
  'fire_on',
  'after_due',
  'payload',
  'state',
  'next_transition_at',
  'quiet_until',
  'next_check_at',
  'created_at',
  'updated_at',
] as const;

/** The rows as one array per column, cast per element as src/db/events.ts does. */
function unnestRows(rows: RawRow[]) {
  const column = <T>(value: (r: RawRow) => T): T[] => rows.map(value);
  return sql`
    SELECT source_id, user_id, source_ref, topic, due_mode, due_date::date, due_time::time, due_instant, due_at,
      fire_on::date, after_due, payload::jsonb, state, next_transition_at, quiet_until, next_check_at, created_at, updated_at
    FROM unnest(
      ${column((r) => r.source_id)}::bigint[], ${column((r) => r.user_id)}::bigint[],
      ${column((r) => r.source_ref)}::text[], ${column((r) => r.topic)}::text[],
      ${column((r) => r.due_mode)}::text[], ${column((r) => r.due_date)}::text[],
      ${column((r) => r.due_time)}::text[], ${column((r) => r.due_instant)}::timestamptz[],
      ${column((r) => r.due_at)}::text[], ${column((r) => r.fire_on)}::text[],
      ${column((r) => r.after_due)}::text[], ${column((r) => r.payload)}::text[],
      ${column((r) => r.state)}::text[], ${column((r) => r.next_transition_at)}::timestamptz[],
      ${column((r) => r.quiet_until)}::timestamptz[], ${column((r) => r.next_check_at)}::timestamptz[],
      ${column((r) => r.created_at)}::timestamptz[], ${column((r) => r.updated_at)}::timestamptz[]
    ) AS v(source_id, user_id, source_ref, topic, due_mode, due_date, due_time, due_instant, due_at,
      fire_on, after_due, payload, state, next_transition_at, quiet_until, next_check_at, created_at, updated_at)`;
}

/** The raw statement: every column from the incoming row on conflict, no rules. */
async function rawUpsert(db: Db, rows: RawRow[], unnest: boolean): Promise<void> {
  const insert = db.insertInto('events');
  await (unnest ? insert.columns(RAW_COLUMNS).expression(unnestRows(rows)) : insert.values(rows))
    .onConflict((oc) =>
      oc.columns(['source_id', 'source_ref', 'topic']).doUpdateSet({
        user_id: sql`excluded.user_id`,
        due_mode: sql`excluded.due_mode`,
        due_date: sql`excluded.due_date`,
        due_time: sql`excluded.due_time`,
        due_instant: sql`excluded.due_instant`,
        due_at: sql`excluded.due_at`,
        fire_on: sql`excluded.fire_on`,
        after_due: sql`excluded.after_due`,
        payload: sql`excluded.payload`,
        state: sql`excluded.state`,
        next_transition_at: sql`excluded.next_transition_at`,
        next_check_at: sql`excluded.next_check_at`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .execute();
}

// ---------------------------------------------------------------------------
// The child: one backend, the three runners taking turns.

interface Runnable {
  store: Store;
  /** Untimed: builds what the runner sends for events [start, end). */
  prepare(start: number, end: number, pass: Pass): unknown;
  /** Timed: sends it. */
  send(prepared: unknown): Promise<void>;
  close(): Promise<void>;
}

async function openRunnerStore(location: ChildTask['locations'][Runner]): Promise<Store> {
  const store = await openStore(location.databaseUrl ? { databaseUrl: location.databaseUrl } : { dataDir: location.dataDir });
  await migrateToLatest(store.db);
  return store;
}

async function hadoRunner(task: ChildTask): Promise<Runnable> {
  const store = await openRunnerStore(task.locations.hado);
  // One token sends every batch as fast as it can: the per-token API limit would measure itself.
  const config = loadConfig({ HADO_DEFAULT_TZ: DEFAULT_TZ, HADO_LOCAL_USER: '', HADO_RATE_LIMIT_API: '0' });
  const ctx = buildContext(store, config, new FakeClock(NOW));
  // The server's logger at its default level, written nowhere: the request log lines are part of the cost.
  const logger = pino({ level: 'info' }, pino.destination({ dest: os.devNull, sync: true }));
  const app = await buildApp(ctx, { logger });
  const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}/api/events`;
  const token = newToken('hado_');
  const warmToken = newToken('hado_');
  await insertSource(store.db, 'bench', hashToken(token), new Date());
  await insertSource(store.db, 'warmup', hashToken(warmToken), new Date());
  const put = async (auth: string, body: string): Promise<void> => {
    // Node's fetch (undici) keeps the connection alive between requests.
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
      body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`PUT /api/events → ${res.status}: ${text.slice(0, 500)}`);
  };
  for (let b = 0; b < WARMUP_BATCHES; b++) {
    await put(warmToken, JSON.stringify({ events: batchJson(b * BATCH, (b + 1) * BATCH, task.users, 'insert', 'warmup') }));
  }
  return {
    store,
    prepare: (start, end, pass) => JSON.stringify({ events: batchJson(start, end, task.users, pass) }),
    send: (body) => put(token, body as string),
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

async function rawRunner(task: ChildTask, runner: 'raw' | 'raw-unnest'): Promise<Runnable> {
  const store = await openRunnerStore(task.locations[runner]);
  const now = toDate(new FakeClock(NOW).now());
  const source = (await insertSource(store.db, 'bench', hashToken(newToken('hado_')), now))!;
  const warm = (await insertSource(store.db, 'warmup', hashToken(newToken('hado_')), now))!;
  const logins = Array.from({ length: task.users }, (_, u) => login(u));
  const users = await ensureUsers(store.db, logins, { tz: DEFAULT_TZ, locale: 'en' }, now);
  const unnest = runner === 'raw-unnest';
  if (unnest && process.env.UPSERT_ONE_INDEX === '1') await oneIndex(store.db);
  for (let b = 0; b < WARMUP_BATCHES; b++) {
    const events = batchJson(b * BATCH, (b + 1) * BATCH, task.users, 'insert', 'warmup');
    await rawUpsert(store.db, rawRows(events, warm.id, users), unnest);
  }
  return {
    store,
    prepare: (start, end, pass) => rawRows(batchJson(start, end, task.users, pass), source.id, users),
    send: (rows) => rawUpsert(store.db, rows as RawRow[], unnest),
    close: () => store.close(),
  };
}

/**
 * UPSERT_ONE_INDEX=1 (issue 28): the raw-unnest runner's events table keeps
 * only what ON CONFLICT needs — the primary key and the identity UNIQUE — so
 * its rate is the floor the issue's target is a multiple of ("a one-index
 * INSERT … ON CONFLICT"): no secondary index, no foreign key, no CHECK.
 */
async function oneIndex(db: Db): Promise<void> {
  for (const index of ['events_next_transition', 'events_user_state', 'events_check_due']) await sql`DROP INDEX IF EXISTS ${sql.ref(index)}`.execute(db);
  const constraints = await sql<{ name: string }>`
    SELECT conname AS name FROM pg_constraint WHERE conrelid = 'events'::regclass AND contype IN ('f', 'c')`.execute(db);
  for (const c of constraints.rows) await sql`ALTER TABLE events DROP CONSTRAINT ${sql.ref(c.name)}`.execute(db);
}

async function statesOf(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('events')
    .innerJoin('sources', 'sources.id', 'events.source_id')
    .select(['events.state', sql<number>`count(*)::int`.as('n')])
    .where('sources.name', '=', 'bench')
    .groupBy('events.state')
    .orderBy('events.state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

async function child(task: ChildTask): Promise<ChildResult> {
  const runners: Record<Runner, Runnable> = {
    hado: await hadoRunner(task),
    raw: await rawRunner(task, 'raw'),
    'raw-unnest': await rawRunner(task, 'raw-unnest'),
  };
  const seconds = Object.fromEntries(RUNNERS.map((r) => [r, Object.fromEntries(PASSES.map((p) => [p, 0]))])) as ChildResult['seconds'];
  const cpuMs = Object.fromEntries(RUNNERS.map((r) => [r, Object.fromEntries(PASSES.map((p) => [p, 0]))])) as ChildResult['seconds'];
  const batches = Object.fromEntries(PASSES.map((p) => [p, 0])) as Record<Pass, number>;
  try {
    for (const pass of PASSES) {
      for (let start = 0, b = 0; start < task.events; start += BATCH, b++) {
        const end = Math.min(task.events, start + BATCH);
        // Rotate who goes first, so no runner always follows the same one.
        for (let k = 0; k < RUNNERS.length; k++) {
          const runner = RUNNERS[(b + k) % RUNNERS.length]!;
          const prepared = runners[runner].prepare(start, end, pass);
          const t0 = performance.now();
          const cpu0 = process.cpuUsage();
          await runners[runner].send(prepared);
          const cpu = process.cpuUsage(cpu0);
          seconds[runner][pass] += (performance.now() - t0) / 1000;
          cpuMs[runner][pass] += (cpu.user + cpu.system) / 1000;
          batches[pass] += k === 0 ? 1 : 0;
        }
      }
    }
    const states = {} as ChildResult['states'];
    for (const runner of RUNNERS) states[runner] = await statesOf(runners[runner].store.db);
    const cpuMsPerBatch = Object.fromEntries(
      RUNNERS.map((r) => [r, Object.fromEntries(PASSES.map((p) => [p, cpuMs[r][p] / batches[p]]))]),
    ) as ChildResult['seconds'];
    return { seconds, cpuMsPerBatch, states, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  } finally {
    for (const runner of RUNNERS) await runners[runner].close();
  }
}

// ---------------------------------------------------------------------------
// The parent: per backend, fresh databases, a child process, a table.

const USAGE = `usage: bench/upsert.ts [--events N] [--users N] [--runs N] [--backends ${BACKENDS.join(',')}]`;

function parseArgs(argv: string[]): Options {
  const opts: Options = { events: 100_000, users: 2_000, backends: [...BACKENDS], runs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--events' || flag === '--users' || flag === '--runs') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer; ${USAGE}`);
      opts[flag.slice(2) as 'events' | 'users' | 'runs'] = n;
      i++;
    } else if (flag === '--backends') {
      const list = (value ?? '').split(',').filter(Boolean);
      const bad = list.filter((b) => !(BACKENDS as readonly string[]).includes(b));
      if (list.length === 0 || bad.length > 0) throw new Error(`--backends takes a list of ${BACKENDS.join(', ')}`);
      opts.backends = list as Backend[];
      i++;
    } else {
      throw new Error(`unknown argument ${flag}; ${USAGE}`);
    }
  }
  return opts;
}

function forkChild(task: ChildTask): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    // fork() reuses this process's execArgv, so the child runs under tsx as well.
    const proc = fork(fileURLToPath(import.meta.url), ['--child', JSON.stringify(task)], { stdio: 'inherit' });
    let result: ChildResult | null = null;
    proc.on('message', (m) => {
      result = m as ChildResult;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`the ${task.backend} child exited with ${code}`));
    });
  });
}

/** Fresh databases (or directories) for one run on one backend; removed afterwards, whatever happens. */
async function runBackend(opts: Options, backend: Backend): Promise<ChildResult> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const locations = {} as ChildTask['locations'];
  const cleanups: Array<() => Promise<void>> = [];
  try {
    for (const runner of RUNNERS) {
      locations[runner] = { databaseUrl: null, dataDir: null };
      if (backend === 'postgres') {
        const name = `hado_bench_${runner.replace('-', '_')}_${randomBytes(4).toString('hex')}`;
        await adminQuery(base, `CREATE DATABASE ${name}`);
        cleanups.push(() => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        const url = new URL(base);
        url.pathname = `/${name}`;
        locations[runner].databaseUrl = url.toString();
      } else if (backend === 'pglite-dir') {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hado-bench-${runner}-`));
        cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
        locations[runner].dataDir = dir;
      }
    }
    return await forkChild({ events: opts.events, users: opts.users, backend, locations });
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

const fmtRate = (n: number): string => Math.round(n).toLocaleString('en-US');
const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function parent(opts: Options): Promise<void> {
  console.log(
    `bench/upsert: ${opts.events.toLocaleString('en-US')} events over ${opts.users.toLocaleString('en-US')} users, ` +
      `batches of ${BATCH}, one request at a time, runners taking turns batch by batch, best of ${opts.runs} run(s)\n` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load()}`,
  );
  const lines: string[] = [];
  for (const backend of opts.backends) {
    const runs: ChildResult[] = [];
    for (let run = 1; run <= opts.runs; run++) {
      const r = await runBackend(opts, backend);
      runs.push(r);
      const rates = RUNNERS.map((runner) => `${runner} ${PASSES.map((p) => fmtRate(opts.events / r.seconds[runner][p])).join('/')}`).join('; ');
      console.log(`  ${backend} run ${run}: ${rates} ev/s (insert/update/new-due); peak RSS ${Math.round(r.maxRssMb)} MB; load ${load()}`);
    }
    const best = (runner: Runner, pass: Pass): number => Math.min(...runs.map((r) => r.seconds[runner][pass]));
    const states = JSON.stringify(runs[0]!.states.hado);
    const agree = runs.every((r) => RUNNERS.every((runner) => JSON.stringify(r.states[runner]) === states));
    console.log(`\n${backend}  (final states ${states}${agree ? ', the same for every runner' : `; RUNNERS DISAGREE: ${JSON.stringify(runs[0]!.states)}`})`);
    console.log('  pass      Hado ev/s   raw VALUES   ratio   raw unnest   ratio');
    const row = (label: string, seconds: Record<Runner, number>, events: number): void => {
      const [h, r, u] = RUNNERS.map((runner) => events / seconds[runner]) as [number, number, number];
      console.log(
        `  ${label.padEnd(8)} ${fmtRate(h).padStart(10)} ${fmtRate(r).padStart(12)} ${(r / h).toFixed(2).padStart(7)} ${fmtRate(u).padStart(12)} ${(u / h).toFixed(2).padStart(7)}`,
      );
      const strong = label === 'all' ? '**' : '';
      lines.push(
        `| ${backend} | ${strong}${label}${strong} | ${strong}${fmtRate(h)}${strong} | ${fmtRate(r)} | ${strong}${(r / h).toFixed(2)}${strong} | ${fmtRate(u)} | ${(u / h).toFixed(2)} |`,
      );
    };
    const total = { hado: 0, raw: 0, 'raw-unnest': 0 } as Record<Runner, number>;
    for (const pass of PASSES) {
      const seconds = Object.fromEntries(RUNNERS.map((runner) => [runner, best(runner, pass)])) as Record<Runner, number>;
      for (const runner of RUNNERS) total[runner] += seconds[runner];
      row(pass, seconds, opts.events);
    }
    row('all', total, opts.events * PASSES.length);
    // Node CPU per batch (server + client in this process): the lowest over the runs.
    const cpu = (runner: Runner, pass: Pass): string => Math.min(...runs.map((r) => r.cpuMsPerBatch[runner][pass])).toFixed(1);
    for (const runner of RUNNERS) {
      const figures = PASSES.map((p) => cpu(runner, p)).join(' / ');
      console.log(`  Node CPU ms per ${BATCH}-event batch, ${runner.padEnd(10)}: ${figures} (insert / update / new-due)`);
      lines.push(`| ${backend} | Node CPU ms/batch, ${runner} | ${figures} | | | | |`);
    }
    const rss = Math.round(Math.max(...runs.map((r) => r.maxRssMb)));
    console.log(`  peak RSS of the ${backend} process: ${rss} MB`);
    lines.push(`| ${backend} | peak RSS | ${rss} MB | | | | |`);
  }
  console.log(`\nload average at the end: ${load()}\n\nMarkdown rows:\n${lines.join('\n')}`);
}

const childIndex = process.argv.indexOf('--child');
if (childIndex >= 0) {
  const result = await child(JSON.parse(process.argv[childIndex + 1]!) as ChildTask);
  // Run by hand (e.g. under --cpu-prof), a child just prints its result.
  if (process.send) process.send(result);
  else console.log(JSON.stringify(result));
} else {
  await parent(parseArgs(process.argv.slice(2)));
}
