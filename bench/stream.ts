// bench/stream (issue 5, item 9): 10,000 concurrent GET /me/stream
// connections on one Hado process over real HTTP, on PostgreSQL:
//   - memory per idle connection (target < 20 KB): the server's RSS and V8
//     heap after a forced GC, with the connections open and idle, minus the
//     same before they opened, divided by their number;
//   - notice-to-client latency (target p99 < 250 ms): from just before the
//     POST /api/notices leaves the writer to the `notice` frame arriving at
//     the client, through the transaction, NOTIFY, the process's one LISTEN,
//     the row query, the hub and the socket. A second figure starts the clock
//     when the writer has its 200 instead: the live path alone, without the
//     write (negative when the frame beats the HTTP answer).
//
//   npx tsx bench/stream.ts [--connections 10000] [--notices 1000] [--rate 200]
//
// Three processes, so each figure is its own: the server (Hado, `--expose-gc`),
// the clients (the 10,000 sockets) and this one (the database and the writer).
// The database is a fresh one on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
//
// Scenarios: `single` — notices one at a time to random users at --rate per
// second; `batch` — batches of 500 notices to 500 different users, one after
// another; `fan-out` — notices to 1,000 recipients each (5 per batch).
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
    connections: { type: 'string', default: '10000' },
    notices: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
  },
});
const CONNECTIONS = Number(args.connections);
const login = (i: number) => `s${String(i).padStart(5, '0')}`;
const SELF = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------
// The server: Hado's app with its live stream, nothing else.

async function server(): Promise<void> {
  // Every stream is a connection: the default cap (10,000) would refuse the bench's own writers.
  // The writers post hundreds of notices a second with one token.
  const env = { HADO_MAX_CONNECTIONS: String(CONNECTIONS + 1000), HADO_RATE_LIMIT_API: '0' };
  const gc = (globalThis as { gc?: () => void }).gc!;
  await serveHado(args.db!, env, (m, live) => {
    if (m.type !== 'mem') return;
    for (let i = 0; i < 3; i++) gc();
    const u = process.memoryUsage();
    send({ type: 'mem', rss: u.rss, heapUsed: u.heapUsed, external: u.external, connections: live.hub.connections });
  });
}

// ---------------------------------------------------------------------------
// The clients: one socket per stream, frames parsed as they arrive.

async function clients(): Promise<void> {
  const port = Number(args.port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let latencies: number[] = [];
  /** [notice id, arrival ms] for the writer to compare with when its POST returned. */
  let arrivals: Array<[number, number]> = [];
  let frames = 0;
  let open = 0;
  let failed = 0;
  const connect = async (i: number) => {
    const status = await openStream(agent, port, '/me/stream', { 'x-remote-user': login(i) }, (event, raw) => {
      if (event !== 'notice') return;
      const data = JSON.parse(raw) as { id: number; data: { sent_at: number } };
      const now = Date.now();
      latencies.push(now - data.data.sent_at);
      arrivals.push([data.id, now]);
      frames++;
    });
    if (status === 200) open++;
    else failed++;
  };
  for (let i = 0; i < CONNECTIONS; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, CONNECTIONS - i) }, (_, k) => connect(i + k)));
  }
  process.on('message', (m: Msg) => {
    if (m.type === 'stats') {
      send({ type: 'stats', latencies, arrivals, frames });
      latencies = [];
      arrivals = [];
      frames = 0;
    }
    if (m.type === 'stop') process.exit(0);
  });
  send({ type: 'connected', open, failed });
}

// ---------------------------------------------------------------------------
// The orchestrator and writer.

async function main(): Promise<void> {
  const { url: dbUrl, drop } = await freshDatabase('stream');
  const children: ChildProcess[] = [];
  const { openStore } = await import('../src/db/connect.ts');
  const { migrateToLatest } = await import('../src/db/migrate.ts');
  const { hashToken, newToken } = await import('../src/core/tokens.ts');
  const store = await openStore({ databaseUrl: dbUrl });
  try {
    await migrateToLatest(store.db);
    const token = newToken('hado_');
    await sql`INSERT INTO sources (name, token_hash, created_at) VALUES ('bench', ${hashToken(token)}, now())`.execute(store.db);
    await sql`
      INSERT INTO users (login, tz, created_at, updated_at)
      SELECT 's' || lpad(g::text, 5, '0'), 'UTC', now(), now() FROM generate_series(0, ${CONNECTIONS - 1}) g
    `.execute(store.db);
    await sql`INSERT INTO channels (user_id, type, created_at, updated_at) SELECT id, 'web', now(), now() FROM users`.execute(store.db);

    const srv = forkRole(SELF, ['--role', 'server', '--db', dbUrl, '--connections', String(CONNECTIONS)], ['--expose-gc']);
    children.push(srv);
    const port = String((await nextMessage(srv)).port);
    const before = await request(srv, { type: 'mem' }, 'mem');

    const t0 = performance.now();
    const cli = forkRole(SELF, ['--role', 'clients', '--port', port, '--connections', String(CONNECTIONS)]);
    children.push(cli);
    const connected = await nextMessage(cli);
    const connectSeconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 3000)); // idle
    const after = await request(srv, { type: 'mem' }, 'mem');
    const n = Number(after.connections);
    const perConn = (key: string) => (Number(after[key]) - Number(before[key])) / n / 1024;

    // The writer: keep-alive HTTP to the server, the send time inside the notice.
    // Enough sockets that 200 writes a second never queue in the writer (that would be the bench timing itself).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    let posts: number[] = [];
    /** When the POST that wrote each notice returned (epoch ms). */
    const acked = new Map<number, number>();
    const postNotices = (notices: unknown[]) =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now();
        const body = JSON.stringify({ notices });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/notices',
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => {
              posts.push(performance.now() - started);
              if (res.statusCode === 200) {
                const at = Date.now();
                for (const n of (JSON.parse(text) as { notices: Array<{ id: number }> }).notices) acked.set(n.id, at);
              }
              if (res.statusCode === 200) resolve();
              else reject(new Error(`${res.statusCode} ${text.slice(0, 300)}`));
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % k;
    };
    const notice = (recipients: string[]) => ({
      recipients,
      title: 'Ana mentioned you',
      body: 'in "Q3 plan": can you check the numbers?',
      topic: 'mention',
      data: { sent_at: Date.now() },
    });

    const rows: string[] = [];
    const measure = async (label: string, expected: number, run: () => Promise<void>) => {
      posts = [];
      await run();
      const p = [...posts].sort((x, y) => x - y);
      let got: Msg = { type: 'stats', latencies: [], frames: 0 };
      const all: number[] = [];
      const afterAck: number[] = [];
      let frames = 0;
      const deadline = Date.now() + 10_000;
      while (frames < expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        got = await request(cli, { type: 'stats' }, 'stats');
        all.push(...(got.latencies as number[]));
        for (const [id, at] of got.arrivals as Array<[number, number]>) afterAck.push(at - (acked.get(id) ?? at));
        frames += Number(got.frames);
      }
      const s = all.sort((a, b) => a - b);
      const a = afterAck.sort((x, y) => x - y);
      rows.push(
        `| ${label} | ${frames}/${expected} | ${pct(s, 50).toFixed(1)} | ${pct(s, 99).toFixed(1)} | ${(s.at(-1) ?? Number.NaN).toFixed(1)} | ${pct(p, 50).toFixed(1)} | ${pct(a, 50).toFixed(1)} | ${pct(a, 99).toFixed(1)} |`,
      );
    };

    const total = Number(args.notices);
    const rate = Number(args.rate);
    await measure(`single: ${total} notices one by one at ${rate}/s`, total, async () => {
      const gap = 1000 / rate;
      const start = performance.now();
      const inflight: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const wait = start + i * gap - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        inflight.push(postNotices([notice([login(rand(CONNECTIONS))])]));
      }
      await Promise.all(inflight);
    });
    await measure('batch: 20 batches of 500 notices, one recipient each', 20 * 500, async () => {
      for (let b = 0; b < 20; b++) {
        const offset = rand(CONNECTIONS);
        await postNotices(Array.from({ length: 500 }, (_, i) => notice([login((offset + i) % CONNECTIONS)])));
      }
    });
    await measure('fan-out: 2 batches of 5 notices × 1,000 recipients', 10 * Math.min(1000, CONNECTIONS), async () => {
      for (let b = 0; b < 2; b++) {
        await postNotices(
          Array.from({ length: 5 }, (_, k) => {
            const offset = ((b * 5 + k) * 1000) % CONNECTIONS;
            return notice(Array.from({ length: 1000 }, (_, i) => login((offset + i) % CONNECTIONS)));
          }),
        );
      }
    });
    agent.destroy();

    console.log(`bench/stream — one Hado process, PostgreSQL, ${machine()}`);
    console.log(`Connections: ${n} open (${String(connected.failed)} failed) in ${connectSeconds.toFixed(1)} s.`);
    console.log('| server memory, after GC | before | with the connections idle | per connection |');
    console.log('|---|---:|---:|---:|');
    for (const key of ['rss', 'heapUsed', 'external']) {
      console.log(
        `| ${key} | ${(Number(before[key]) / 2 ** 20).toFixed(1)} MB | ${(Number(after[key]) / 2 ** 20).toFixed(1)} MB | ${perConn(key).toFixed(2)} KB |`,
      );
    }
    console.log(`\nMemory per idle connection (RSS): ${perConn('rss').toFixed(2)} KB — target < 20 KB: ${perConn('rss') < 20 ? 'met' : 'NOT met'}`);
    console.log('\n| notice → client | frames | p50 ms | p99 ms | max ms | POST p50 ms | after the POST returned: p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
    console.log('\nTarget: notice-to-client p99 < 250 ms.');
  } finally {
    await stopChildren(children);
    await store.close();
    await drop();
  }
}

if (args.role === 'server') await server();
else if (args.role === 'clients') await clients();
else await main();
