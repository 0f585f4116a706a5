// Small helpers shared by the benchmarks.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';

/** Runs one statement on a fresh connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs one setup step and prints how long it took. */
export async function step<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await f();
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

// ------------------------------------------------------------------------
// Benches of three processes (bench/stream, bench/frames): the server (Hado),
// the clients (the sockets) and the orchestrator (the database and the
// writer), talking over IPC.

/** A message between a bench's processes. */
export type Msg = Record<string, unknown> & { type: string };

/** Sends a message to the parent process. */
export function send(msg: Msg): void {
  process.send!(msg);
}

/** Sends `msg` to a child and waits for its answer of type `reply`. */
export function request(child: ChildProcess, msg: Msg, reply: string): Promise<Msg> {
  return new Promise((resolve) => {
    const on = (m: Msg) => {
      if (m.type === reply) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    child.send(msg);
  });
}

/** The next message of a child (its `ready`, its `connected`). */
export const nextMessage = (child: ChildProcess): Promise<Msg> => new Promise((resolve) => child.once('message', resolve as (m: unknown) => void));

/** Forks this bench's own file in another role, with tsx (and `execArgv` before it, e.g. --expose-gc). */
export const forkRole = (self: string, args: string[], execArgv: string[] = []): ChildProcess =>
  fork(self, args, { execArgv: [...execArgv, '--import', 'tsx'] });

/** Stops the children: `stop`, half a second to finish, then kill. */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  for (const c of children) c.send({ type: 'stop' });
  await new Promise((r) => setTimeout(r, 500));
  for (const c of children) c.kill();
}

/**
 * A fresh database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * `hado_bench_<name>[_<BENCH_DB_TAG>]_<random>`, and the function that drops it.
 */
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const tag = process.env.BENCH_DB_TAG ? `_${process.env.BENCH_DB_TAG.replace(/\W/g, '')}` : '';
  const db = `hado_bench_${name}${tag}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${db}`);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`) };
}

/**
 * The server role: Hado's app with its live stream and nothing else, on a
 * free port; sends `ready` with the port, stops on `stop`. `env` adds to the
 * bench's config; `onMessage` answers the bench's other messages.
 */
export async function serveHado(
  dbUrl: string,
  env: Record<string, string>,
  onMessage: (m: Msg, live: import('../src/live/live.ts').Live) => void = () => {},
): Promise<void> {
  // Imported here: the clients' and the orchestrator's processes never load the server.
  const { openStore } = await import('../src/db/connect.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { systemClock } = await import('../src/clock.ts');
  const { buildApp } = await import('../src/http/app.ts');
  const { Live } = await import('../src/live/live.ts');
  const { buildContext } = await import('../src/runtime.ts');
  const store = await openStore({ databaseUrl: dbUrl, poolSize: 10 });
  const config = loadConfig({ DATABASE_URL: dbUrl, HADO_LOCAL_USER: '', LOG_LEVEL: 'silent', ...env });
  const live = new Live(store, { maxPerUser: config.streamMaxPerUser });
  await live.start();
  const app = await buildApp(buildContext(store, config, systemClock, { live }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('message', (m: Msg) => {
    if (m.type === 'stop') void app.close().then(() => live.stop().then(() => store.close().then(() => process.exit(0))));
    else onMessage(m, live);
  });
  send({ type: 'ready', port: new URL(address).port });
}

/** The p-th percentile of sorted values (NaN for none). */
export const pct = (sorted: number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Node, the CPUs and the load average, for a bench's first line. */
export const machine = (): string =>
  `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

/**
 * One live stream (GET /me/stream) on 127.0.0.1:`port`, read as SSE: every
 * whole event (however the socket splits or joins them) goes to `onEvent`
 * with its name and data. Resolves once the answer starts: its status, or 0
 * when the connection failed.
 */
export function openStream(
  agent: http.Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  onEvent: (event: string, data: string) => void,
): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(res.statusCode ?? 0);
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          let event = 'message';
          const data: string[] = [];
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          buffer = buffer.slice(end + 2);
          if (data.length > 0) onEvent(event, data.join('\n'));
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(200);
    });
    req.on('error', () => resolve(0));
  });
}
