// Issue 27, "for the new surfaces": signed user tokens, CORS and source
// frames, probed again from the attacker's side. Every refused token is a
// 401 (or 400) and creates nothing (every table's row count is the same
// after); a query token reaches no log line and no metric; a reflected
// Origin never shows in Access-Control-Allow-Origin unless listed, and never
// with credentials; a frame is at most 4 KB, rate-limited, and reaches only
// its own source's token streams.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/core/sources.ts';
import { buildApp } from '../../src/http/app.ts';
import { createLogger } from '../../src/log.ts';
import { register } from '../../src/metrics.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { SseReader } from '../live/sse.ts';

let t: TestApp;
let board: { id: number; name: string; token: string; signing_key: string };
let docs: { id: number; name: string; token: string; signing_key: string };
const lines: string[] = [];
let logged: FastifyInstance;
const open: SseReader[] = [];

const nowS = () => Math.floor(t.clock.now().epochMilliseconds / 1000);
const sign = (over: Record<string, unknown> = {}, key = board.signing_key) =>
  new SignJWT({ sub: 'ana', iss: 'board', aud: 'hado', iat: nowS(), exp: nowS() + 600, ...over })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(key));

/** Every table's row count: "nothing created" means this is unchanged. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{
    name: string;
  }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(
    t.store.db,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (name.startsWith('kysely_')) continue;
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(t.store.db);
    out[name] = Number(r.rows[0]!.n);
  }
  return out;
}

const ORIGIN = 'https://kumquat.example.org';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z', env: { HADO_CORS_ORIGINS: ORIGIN, HADO_RATE_LIMIT_FRAMES: '5' } });
  board = await createSource(t.store.db, t.clock, 'board');
  docs = await createSource(t.store.db, t.clock, 'docs');
  logged = await buildApp(t.ctx, {
    logger: createLogger(
      'info',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    ),
  });
}, 240_000);
afterAll(async () => {
  for (const r of open) r.stream.destroy();
  await logged?.close();
  await t.ctx.live.stop();
  await t.close();
});

describe('user tokens', () => {
  it('alg none, a wrong key, expired, nbf ahead, wrong aud, a NUL-byte login, a 100 KB token: each 401, nothing created', async () => {
    const before = await rowCounts();
    const tokens: Array<[string, string]> = [
      ['alg none', new UnsecuredJWT({ sub: 'mallory', iss: 'board', aud: 'hado', exp: nowS() + 60 }).encode()],
      ['wrong key', await sign({ sub: 'mallory' }, docs.signing_key)],
      ['expired', await sign({ sub: 'mallory', exp: nowS() - 60 })],
      ['nbf ahead', await sign({ sub: 'mallory', nbf: nowS() + 600 })],
      ['wrong aud', await sign({ sub: 'mallory', aud: 'kumquat' })],
      ['NUL login', await sign({ sub: 'mallory\u0000admin' })],
      ['empty login', await sign({ sub: '' })],
      ['100 KB', await sign({ sub: 'mallory', pad: 'x'.repeat(100 * 1024) })],
      ['100 KB of junk', 'a'.repeat(100 * 1024)],
    ];
    for (const [what, jwt] of tokens) {
      for (const url of ['/me', '/me/notices', '/me/preferences', '/me/events']) {
        const res = await call(t, 'GET', url, { headers: { authorization: `Bearer ${jwt}` } });
        expect([400, 401], `${what} on ${url}: ${res.status}`).toContain(res.status);
      }
      const res = await call(t, 'POST', '/me/notices/read-all', { headers: { authorization: `Bearer ${jwt}` } });
      expect([400, 401], `${what} on read-all`).toContain(res.status);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('a token in the query of any route but the stream: 401, nothing created, even a valid one', async () => {
    const before = await rowCounts();
    const jwt = await sign({ sub: 'mallory' });
    const routes: Array<['GET' | 'POST' | 'PUT', string]> = [
      ['GET', '/me'],
      ['GET', '/me/notices'],
      ['POST', '/me/notices/read-all'],
      ['GET', '/me/preferences'],
      ['PUT', '/me/preferences'],
      ['GET', '/me/events'],
      ['GET', '/me/channels'],
      ['GET', '/inbox/groups'],
      ['GET', '/api/events'],
      ['POST', '/api/frames'],
      ['POST', '/api/user-tokens'],
    ];
    for (const [method, url] of routes) {
      const res = await call(t, method, `${url}?token=${jwt}`, method === 'GET' ? {} : { body: {} });
      expect([400, 401], `${method} ${url}: ${res.status}`).toContain(res.status);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('query tokens never reach the log or a metric', async () => {
    const jwt = await sign();
    const signature = jwt.split('.')[2]!;
    for (const url of [`/me/notices?token=${jwt}`, `/me/stream?token=${jwt}x`, `/api/events?token=${jwt}`, `/me?x=1&token=${jwt}`]) {
      await logged.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    }
    const all = lines.join('');
    expect(all).toContain('token=[redacted]');
    expect(all).not.toContain(signature);
    expect(await register.metrics()).not.toContain(signature);
  });
});

describe('CORS', () => {
  const probes = [
    'https://evil.example',
    'https://kumquat.example.org.evil.example',
    'https://evil.kumquat.example.org',
    'http://kumquat.example.org',
    'https://kumquat.example.org:8443',
    'null',
    'https://KUMQUAT.example.org.',
  ];
  it('a reflected Origin never shows unless listed; never with credentials, on preflights and answers', async () => {
    for (const origin of [...probes, ORIGIN]) {
      for (const url of ['/me/notices', '/me/stream', '/me/preferences', '/api/notices', '/']) {
        const pre = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
        });
        // The stream stays open: its preflight only (test/embed/cors.test.ts reads its headers over a socket).
        const got = url === '/me/stream' ? null : await t.app.inject({ method: 'GET', url, headers: { origin, authorization: `Bearer ${await sign()}` } });
        for (const res of got === null ? [pre] : [pre, got]) {
          const allow = res.headers['access-control-allow-origin'];
          if (origin === ORIGIN && url.startsWith('/me/')) expect(allow === undefined || allow === ORIGIN, `${origin} ${url}`).toBe(true);
          else expect(allow, `${origin} ${url}`).toBeUndefined();
          expect(res.headers['access-control-allow-credentials'], `${origin} ${url}`).toBeUndefined();
        }
      }
    }
  });
});

describe('frames', () => {
  const frames = (token: string, body: unknown) => call(t, 'POST', '/api/frames', { token, body });
  async function connect(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1', payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    const reader = new SseReader(res.stream());
    open.push(reader);
    return reader;
  }

  it("at most 4 KB; never delivered to another source's tokens or to a forward-auth session; rate-limited", async () => {
    await call(t, 'GET', '/me', { user: 'ana' });
    const anaBoard = await connect(`/me/stream?token=${await sign()}`);
    const anaDocs = await connect('/me/stream', { authorization: `Bearer ${await sign({ iss: 'docs' }, docs.signing_key)}` });
    const anaPage = await connect('/me/stream', { 'x-remote-user': 'ana' });

    // 4096 bytes of JSON pass; 4097 do not, and nothing of a refused batch is sent.
    const fits = 'y'.repeat(4094);
    expect(JSON.stringify(fits).length).toBe(4096);
    expect((await frames(board.token, { type: 'big', data: fits, recipients: ['ana'] })).status).toBe(200);
    const over = await frames(board.token, {
      frames: [
        { type: 'ok', all: true },
        { type: 'big', data: `${fits}y`, all: true },
      ],
    });
    expect(over.status).toBe(422);
    await anaBoard.waitFor((f) => f.event === 'frame' && (f.data as { type: string }).type === 'big', 5000);
    await t.ctx.live.settled();
    expect(anaBoard.frames.filter((f) => f.event === 'frame').map((f) => (f.data as { type: string }).type)).toEqual(['big']);
    expect(anaDocs.frames.some((f) => f.event === 'frame')).toBe(false);
    expect(anaPage.frames.some((f) => f.event === 'frame')).toBe(false);

    // HADO_RATE_LIMIT_FRAMES=5 a minute: one used, four more, then 429 with Retry-After.
    expect((await frames(board.token, { frames: Array.from({ length: 4 }, () => ({ type: 'tick', all: true })) })).status).toBe(200);
    const limited = await frames(board.token, { type: 'tick', all: true });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The four may still be on the socket when the hub has sent them (a loaded machine): wait for them, then for anything more.
    await anaBoard.waitFor(() => anaBoard.frames.filter((f) => f.event === 'frame').length >= 5, 5000);
    await t.ctx.live.settled();
    expect(anaBoard.frames.filter((f) => f.event === 'frame')).toHaveLength(5);
    expect(anaDocs.frames.some((f) => f.event === 'frame')).toBe(false);
    expect(anaPage.frames.some((f) => f.event === 'frame')).toBe(false);
  });
});
