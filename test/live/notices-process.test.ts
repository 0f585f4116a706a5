// SPEC B4 across processes (PostgreSQL): a notice written through one Hado
// process reaches an SSE client connected to another `hado serve` process
// within a second, carried only by the database (NOTIFY → that process's one
// LISTEN). Its recipients' streams get it; another user's stream does not.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';
import { onPostgres } from '../support/store.ts';
import { notice } from '../http/notices-support.ts';
import { isEvent, SseReader } from './sse.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

describe.skipIf(!onPostgres)('a notice across processes (Postgres)', () => {
  let t: TestApp;
  let token: string;
  let child: ChildProcess;
  let port: number;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSource(t, 'docs');
    port = await freePort();
    child = spawn(process.execPath, ['bin/hado.js', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.store.url!, PORT: String(port), LOG_LEVEL: 'silent', HADO_LOCAL_USER: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`hado serve did not start: ${out}`)), 30_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Hado is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
  }, 60_000);

  afterAll(async () => {
    for (const r of readers) r.stream.destroy();
    child?.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    await t?.close();
  });

  function connect(user: string): Promise<SseReader> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/me/stream', headers: { 'x-remote-user': user } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream: ${res.statusCode}`));
        const reader = new SseReader(res);
        readers.push(reader);
        resolve(reader);
      });
      req.on('error', reject);
    });
  }

  it('reaches the recipient’s stream on the other process within a second, and nobody else’s', async () => {
    const ana = await connect('ana');
    const eve = await connect('eve');
    await ana.waitFor((f) => f.comment === 'connected');
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notices',
      headers: { authorization: `Bearer ${token}` },
      payload: notice({ recipients: ['ana', 'bob'], title: 'Across processes' }),
    });
    expect(res.statusCode).toBe(200);
    const id = JSON.parse(res.body).notice.id;
    const frame = await ana.waitFor(isEvent('notice', { id }), 1000);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1000);
    expect(frame.data).toMatchObject({ id, title: 'Across processes', source: 'docs', read_at: null });
    await ana.waitFor(isEvent('unread', { unread: 1 }), 1000);
    // The other user's stream on the same process hears nothing of it.
    await new Promise((r) => setTimeout(r, 200));
    expect(eve.events.filter((f) => f.event === 'notice' || f.event === 'unread')).toEqual([]);
  });
});
