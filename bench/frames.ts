// bench/frames (issue 25): a source's own frames (POST /api/frames) fanned
// out to 1,000 stream connections opened with that source's user tokens
// (`GET /me/stream?token=`), over real HTTP on PostgreSQL, through the
// frame's NOTIFY, the process's one LISTEN, the hub's busy lane and the
// sockets. Printed: the delivery time of each frame to each connection (from
// just before the POST leaves the writer to the `frame` event parsed by the
// client), p50 / p99 / max, for
//   - `all`: frames to every token stream of the source (`"all": true`), one
//     POST at a time at --rate per second;
//   - `recipients`: frames to 100 named users each;
//   - `batch`: batches of 100 frames, each to every stream.
//
//   npm run bench:frames -- [--connections 1000] [--frames 100] [--rate 20]
//
// Three processes, as in bench/stream: the server (Hado), the clients (the
// sockets), and this one (the database and the writer). The database is a fresh
// one on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// dropped at the end.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { forkRole, freshDatabase, machine, type Msg, nextMessage, openStream, pct, request, send, serveHado, stopChildren } from './support.ts';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    db: { type: 'string' },
    port: { type: 'string' },
    connections: { type: 'string', default: '1000' },
    frames: { type: 'string', default: '100' },
    rate: { type: 'string', default: '20' },
  },
});
const CONNECTIONS = Number(args.connections);
const login = (i: number) => `f${String(i).padStart(5, '0')}`;
const SELF = fileURLToPath(import.meta.url);

/** Hado's app with its live stream, nothing else; no frame limit (the writer is the bench). */
const server = (): Promise<void> =>
  serveHado(args.db!, {
    HADO_MAX_CONNECTIONS: String(CONNECTIONS + 1000),
    HADO_RATE_LIMIT_API: '0',
    HADO_RATE_LIMIT_FRAMES: '100000000',
  });

/** One socket per token stream; `frame` events parsed as they arrive, their delay taken from `data.sent_at`. */
async function clients(): Promise<void> {
  const port = Number(args.port);
  // The tokens come over IPC: a thousand JWTs are too long for a command line.
  const tokens = await new Promise<string[]>((resolve) => process.once('message', (m: Msg) => resolve(m.tokens as string[])));
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let latencies: number[] = [];
  let open = 0;
  let failed = 0;
  const connect = async (token: string) => {
    const status = await openStream(agent, port, `/me/stream?token=${token}`, {}, (event, data) => {
      if (event === 'frame') latencies.push(Date.now() - (JSON.parse(data) as { data: { sent_at: number } }).data.sent_at);
    });
    if (status === 200) open++;
    else failed++;
  };
  for (let i = 0; i < tokens.length; i += 200) await Promise.all(tokens.slice(i, i + 200).map(connect));
  process.on('message', (m: Msg) => {
    if (m.type === 'stats') {
      send({ type: 'stats', latencies });
      latencies = [];
    }
    if (m.type === 'stop') process.exit(0);
  });
  send({ type: 'connected', open, failed });
}

async function main(): Promise<void> {
  const { url: dbUrl, drop } = await freshDatabase('frames');
  const children: ChildProcess[] = [];
  const { openStore } = await import('../src/db/connect.ts');
  const { migrateToLatest } = await import('../src/db/migrate.ts');
  const { systemClock } = await import('../src/clock.ts');
  const { createSource } = await import('../src/core/sources.ts');
  const { mintUserToken } = await import('../src/core/user-tokens.ts');
  const store = await openStore({ databaseUrl: dbUrl });
  try {
    await migrateToLatest(store.db);
    const source = await createSource(store.db, systemClock, 'board');
    await sql`
      INSERT INTO users (login, tz, created_at, updated_at)
      SELECT 'f' || lpad(g::text, 5, '0'), 'UTC', now(), now() FROM generate_series(0, ${CONNECTIONS - 1}) g
    `.execute(store.db);
    const tokens: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) tokens.push((await mintUserToken(store.db, systemClock, source, login(i), 3600)).token);

    const srv = forkRole(SELF, ['--role', 'server', '--db', dbUrl, '--connections', String(CONNECTIONS)]);
    children.push(srv);
    const port = String((await nextMessage(srv)).port);
    const t0 = performance.now();
    const cli = forkRole(SELF, ['--role', 'clients', '--port', port]);
    children.push(cli);
    cli.send({ type: 'tokens', tokens });
    const connected = await nextMessage(cli);
    const connectSeconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 2000));

    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const postFrames = (body: unknown) =>
      new Promise<void>((resolve, reject) => {
        const text = JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/frames',
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${source.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
          },
          (res) => {
            let answer = '';
            res.on('data', (c) => {
              answer += c;
            });
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode} ${answer.slice(0, 300)}`))));
          },
        );
        req.on('error', reject);
        req.end(text);
      });
    const frame = (to: Record<string, unknown>) => ({ type: 'task_changed', data: { id: 42, status: 'done', sent_at: Date.now() }, ...to });
    let seed = 11;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % k;
    };

    const rows: string[] = [];
    const measure = async (label: string, expected: number, run: () => Promise<void>) => {
      const started = performance.now();
      await run();
      const posted = performance.now() - started;
      const all: number[] = [];
      const deadline = Date.now() + 15_000;
      while (all.length < expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        for (const l of (await request(cli, { type: 'stats' }, 'stats')).latencies as number[]) all.push(l);
      }
      const s = all.sort((a, b) => a - b);
      rows.push(
        `| ${label} | ${s.length}/${expected} | ${(posted / 1000).toFixed(1)} s | ${pct(s, 50).toFixed(1)} | ${pct(s, 99).toFixed(1)} | ${(s.at(-1) ?? Number.NaN).toFixed(1)} |`,
      );
    };
    const total = Number(args.frames);
    const rate = Number(args.rate);
    const paced = async (make: () => unknown) => {
      const start = performance.now();
      const inflight: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const wait = start + (i * 1000) / rate - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        inflight.push(postFrames(make()));
      }
      await Promise.all(inflight);
    };
    await measure(`all: ${total} frames, each to every stream, at ${rate}/s`, total * CONNECTIONS, () => paced(() => frame({ all: true })));
    const named = Math.min(100, CONNECTIONS);
    const lists = Array.from({ length: total }, () => [...new Set(Array.from({ length: named }, () => login(rand(CONNECTIONS))))]);
    let next = 0;
    await measure(
      `recipients: ${total} frames to ${named} named users each, at ${rate}/s`,
      lists.reduce((n, l) => n + l.length, 0),
      () => paced(() => frame({ recipients: lists[next++]! })),
    );
    await measure(`batch: 5 POSTs of 100 frames, each to every stream`, 5 * 100 * CONNECTIONS, async () => {
      for (let b = 0; b < 5; b++) await postFrames({ frames: Array.from({ length: 100 }, () => frame({ all: true })) });
    });
    agent.destroy();

    console.log(`bench/frames — one Hado process, PostgreSQL, ${machine()}`);
    console.log(`Token streams: ${String(connected.open)} open (${String(connected.failed)} failed) in ${connectSeconds.toFixed(1)} s.`);
    console.log('\n| POST /api/frames → token stream | frames delivered | posting took | p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
  } finally {
    await stopChildren(children);
    await store.close();
    await drop();
  }
}

if (args.role === 'server') await server();
else if (args.role === 'clients') await clients();
else await main();
