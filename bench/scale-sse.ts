// bench/scale (issue 28, item 4), the live part: SCALE_SSE idle streams
// (GET /me/stream) spread over SCALE_SSE_SERVERS real `hado serve` processes
// on the scale database, then
//   - memory per connection: each server's RSS (/proc/<pid>/status) with the
//     streams open and idle, minus the same before they opened, over their
//     number;
//   - a notice's delay to its user: notices to random connected users, one at
//     a time at SCALE_SSE_RATE a second through POST /api/notices (on any of
//     the servers, in turns); the clock starts just before the POST leaves
//     and stops when the `notice` frame is parsed, through the transaction,
//     NOTIFY, every process's one LISTEN, its hub and the socket;
//   - the same while the 1 % tick runs over and over in this process (the
//     tick decides and writes deliveries; the streams' processes only serve).
// The streams come from client processes forked from this file (each holds
// at most 15,000 sockets: the machine's open-file limit is 20,000).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { forkRole, type Msg, nextMessage, openStream, pct, request, send } from './support.ts';

const SELF = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PER_CLIENT = 15_000;

export interface SseOptions {
  databaseUrl: string;
  /** Source token for POST /api/notices. */
  token: string;
  connections: number;
  servers: number;
  notices: number;
  rate: number;
  /** `user` + 7 digits: the login of user index i. */
  login: (i: number) => string;
  /** Runs the 1 % tick once (marks 1 % due, ticks, resets); called in a loop during the second measure. */
  tickOnce: () => Promise<number>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

const rssOf = (pid: number): number => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
};

async function waitHealthy(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`hado serve on ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`hado serve on ${port} did not answer /healthz`);
}

/** Starts the servers and clients, measures, stops them; prints its figures. */
export async function measureSse(o: SseOptions): Promise<void> {
  const perServer = Math.ceil(o.connections / o.servers);
  const ports = await Promise.all(Array.from({ length: o.servers }, freePort));
  const servers = ports.map((port) =>
    spawn(process.execPath, ['bin/hado.js', 'serve'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: o.databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        HADO_LOCAL_USER: '',
        LOG_LEVEL: 'warn',
        HADO_RATE_LIMIT_API: '0',
        HADO_MAX_CONNECTIONS: String(perServer + 1000),
        HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      },
    }),
  );
  const clients: ChildProcess[] = [];
  try {
    await Promise.all(servers.map((s, i) => waitHealthy(ports[i]!, s)));
    // Warm each server (modules, pools) before its baseline.
    for (const port of ports) await fetch(`http://127.0.0.1:${port}/me/notices`, { headers: { 'x-remote-user': o.login(0) } }).then((r) => r.text());
    const before = servers.map((s) => rssOf(s.pid!));
    const t0 = performance.now();
    for (let from = 0; from < o.connections; from += PER_CLIENT) {
      const to = Math.min(o.connections, from + PER_CLIENT);
      const c = forkRole(SELF, ['--sse-client', String(from), String(to), ports.join(',')]);
      clients.push(c);
    }
    const opened = await Promise.all(clients.map(nextMessage));
    const open = opened.reduce((a, m) => a + (m.open as number), 0);
    const failed = opened.reduce((a, m) => a + (m.failed as number), 0);
    console.log(
      `\nlive streams: ${open.toLocaleString()} open (${failed} refused) over ${o.servers} hado serve processes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await new Promise((r) => setTimeout(r, 5_000));
    const after = servers.map((s) => rssOf(s.pid!));
    const grown = after.reduce((a, x, i) => a + x - before[i]!, 0);
    console.log(
      `memory: RSS ${after.map((x) => `${(x / 2 ** 20).toFixed(0)} MB`).join(' / ')} per process; ` +
        `${(grown / Math.max(1, open) / 1024).toFixed(1)} KB per idle connection (RSS growth over the streams)`,
    );

    const measure = async (label: string, withTick: boolean): Promise<void> => {
      for (const c of clients) await request(c, { type: 'stats' }, 'stats');
      let ticking = withTick;
      let ticks = 0;
      const ticker = (async () => {
        while (ticking) {
          await o.tickOnce();
          ticks++;
        }
      })();
      const gap = 1000 / o.rate;
      const sentTo = new Map<string, number>();
      const start = performance.now();
      const posts: Promise<void>[] = [];
      for (let i = 0; i < o.notices; i++) {
        const wait = start + i * gap - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const user = Math.floor(Math.random() * o.connections);
        sentTo.set(`n${i}`, user);
        const port = ports[i % ports.length]!;
        posts.push(
          fetch(`http://127.0.0.1:${port}/api/notices`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${o.token}` },
            body: JSON.stringify({ notices: [{ recipients: [o.login(user)], topic: 'bench', title: `n${i}`, data: { sent_at: Date.now() } }] }),
          }).then(async (r) => {
            const text = await r.text();
            if (r.status !== 200) throw new Error(`POST /api/notices → ${r.status}: ${text.slice(0, 200)}`);
          }),
        );
      }
      await Promise.all(posts);
      await new Promise((r) => setTimeout(r, 2_000));
      ticking = false;
      await ticker;
      const stats = await Promise.all(clients.map((c) => request(c, { type: 'stats' }, 'stats')));
      const latencies = stats.flatMap((s) => s.latencies as number[]).sort((a, b) => a - b);
      for (const t of stats.flatMap((s) => s.titles as string[])) sentTo.delete(t);
      for (const [title, user] of sentTo) console.log(`  not arrived: ${title} to ${o.login(user)} (a stream on port ${ports[user % ports.length]})`);
      console.log(
        `${label}: ${latencies.length.toLocaleString()} of ${o.notices.toLocaleString()} notices arrived; ` +
          `p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1)} ms` +
          (withTick ? ` (the 1 % tick ran ${ticks} times meanwhile)` : ''),
      );
    };
    await measure('a notice to its user, streams idle', false);
    await measure('a notice to its user, with the 1 % tick running', true);
  } finally {
    for (const c of clients) c.kill();
    for (const s of servers) s.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.exitCode !== null ? null : new Promise((r) => s.once('exit', r)))));
  }
}

/** A client process: streams for users [from, to), spread over the ports; frames' delays kept until asked. */
async function client(from: number, to: number, ports: number[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const login = (i: number) => `user${String(i).padStart(7, '0')}`;
  let latencies: number[] = [];
  let titles: string[] = [];
  let open = 0;
  let failed = 0;
  const connect = async (i: number) => {
    const status = await openStream(agent, ports[i % ports.length]!, '/me/stream', { 'x-remote-user': login(i) }, (event, raw) => {
      if (event !== 'notice') return;
      const data = JSON.parse(raw) as { title: string; data: { sent_at: number } };
      latencies.push(Date.now() - data.data.sent_at);
      titles.push(data.title);
    });
    if (status === 200) open++;
    else failed++;
  };
  for (let i = from; i < to; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, to - i) }, (_, k) => connect(i + k)));
  }
  process.on('message', (m: Msg) => {
    if (m.type === 'stats') {
      send({ type: 'stats', latencies, titles });
      latencies = [];
      titles = [];
    }
  });
  send({ type: 'connected', open, failed });
}

const at = process.argv.indexOf('--sse-client');
if (at >= 0) {
  const [from, to, ports] = process.argv.slice(at + 1);
  void client(Number(from), Number(to), ports!.split(',').map(Number));
}
