// bench/audience (issue 24): a notice written to a 10,000-member audience
// over real HTTP, in one request and one transaction.
//   - write time (goal <= 1 s): POST /api/notices { audience } until its 200;
//   - first frame (goal <= 2 s): from just before the POST leaves until the
//     `notice` frame arrives at a member's open GET /me/stream, through the
//     transaction, NOTIFY, the LISTEN, the row query, the hub and the socket.
// Also timed: the PUT /api/audiences/{name} of the 10,000 members (unknown
// logins made users), and a PATCH adding 100.
//
//   npx tsx bench/audience.ts [--members 10000] [--rounds 5] [--backend postgres|pglite|both]
//
// PostgreSQL: a fresh database on BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
// PGlite: in memory. One process: Hado's app and its live stream, and the
// clients (one writer, one stream).
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { hashToken, newToken } from '../src/core/tokens.ts';
import { openStore, type Store } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertSource } from '../src/db/sources.ts';
import { buildApp } from '../src/http/app.ts';
import { Live } from '../src/live/live.ts';
import { buildContext } from '../src/runtime.ts';
import { adminQuery, step } from './support.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    backend: { type: 'string', default: 'both' },
  },
});
const MEMBERS = Number(args.members);
const ROUNDS = Number(args.rounds);
const AUDIENCE = 'company-42/staff';
const PATH = `/api/audiences/${encodeURIComponent(AUDIENCE)}`;
const login = (i: number) => `m${String(i).padStart(6, '0')}`;

function request(port: number, method: string, path: string, token: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A member's open stream: resolves each wait with the arrival time of the next `notice` frame. */
function openStream(port: number, user: string): Promise<{ next(): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const waiting: Array<(at: number) => void> = [];
    const req = http.get({ host: '127.0.0.1', port, path: '/me/stream', headers: { 'x-remote-user': user, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        if (chunk.includes('event: notice\n')) waiting.shift()?.(at);
      });
      resolve({
        next: () => new Promise<number>((r) => waiting.push(r)),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function run(backend: 'postgres' | 'pglite'): Promise<void> {
  console.log(`\n${backend}: ${MEMBERS} members, ${ROUNDS} rounds`);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hado_bench_audience_${process.pid}`;
  let dbUrl: string | undefined;
  if (backend === 'postgres') {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
  }
  const store: Store = await openStore(dbUrl ? { databaseUrl: dbUrl } : {});
  const live = new Live(store, { maxPerUser: 10 });
  try {
    await migrateToLatest(store.db);
    const token = newToken('hado_');
    await insertSource(store.db, 'jobs', hashToken(token), new Date(), ['provision']);
    const config = loadConfig({ ...(dbUrl ? { DATABASE_URL: dbUrl } : {}), HADO_LOCAL_USER: '', LOG_LEVEL: 'silent', HADO_RATE_LIMIT_API: '0' });
    await live.start();
    const app = await buildApp(buildContext(store, config, systemClock, { live }));
    const port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
    try {
      const members = Array.from({ length: MEMBERS }, (_, i) => login(i));
      await step(`PUT ${PATH} (${MEMBERS} new users)`, async () => {
        const res = await request(port, 'PUT', PATH, token, { members });
        if (res.status !== 200) throw new Error(`PUT: ${res.status} ${res.body}`);
      });
      await step('PATCH add 100', async () => {
        const add = Array.from({ length: 100 }, (_, i) => `extra${i}`);
        const res = await request(port, 'PATCH', PATH, token, { add });
        if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${res.body}`);
      });
      const stream = await openStream(port, login(MEMBERS - 1));
      await new Promise((r) => setTimeout(r, 500)); // the stream's first frames
      const writes: number[] = [];
      const firsts: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const arrival = stream.next();
        const t0 = performance.now();
        const res = await request(port, 'POST', '/api/notices', token, { audience: AUDIENCE, topic: 'vacancy', title: `Round ${round}` });
        const written = performance.now();
        if (res.status !== 200) throw new Error(`POST: ${res.status} ${res.body}`);
        const count = (JSON.parse(res.body) as { notice: { recipients: string[] } }).notice.recipients.length;
        const at = await arrival;
        writes.push(written - t0);
        firsts.push(at - t0);
        console.log(`  round ${round + 1}: ${count} recipients, write ${ms(written - t0)}, first frame ${ms(at - t0)}`);
      }
      stream.close();
      console.log(`  median: write ${ms(median(writes))} (goal <= 1000 ms), first frame ${ms(median(firsts))} (goal <= 2000 ms)`);
    } finally {
      await app.close();
    }
  } finally {
    await live.stop();
    await store.close();
    if (backend === 'postgres') await adminQuery(adminUrl, `DROP DATABASE ${name}`);
  }
}

const load = os.loadavg()[0]!.toFixed(1);
console.log(`bench/audience on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${load}, Node ${process.version}`);
const backends = args.backend === 'both' ? (['postgres', 'pglite'] as const) : [args.backend as 'postgres' | 'pglite'];
for (const backend of backends) await run(backend);
process.exit(0);
