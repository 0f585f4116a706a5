// The source's own frames and the token stream (issue 25): POST /api/frames
// reaches the streams opened with that source's user tokens (recipients or
// all), never another source's or Hado's own page; a token stream gets only
// its source's notices and that source's unread count. Through NOTIFY, on
// either backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/core/sources.ts';
import { mintUserToken } from '../../src/core/user-tokens.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { notice, post } from '../http/notices-support.ts';
import { SseReader } from '../live/sse.ts';

let t: TestApp;
let board: { id: number; name: string; token: string };
let docs: { id: number; name: string; token: string };
const open: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { HADO_RATE_LIMIT_FRAMES: '30' } });
  board = await createSource(t.store.db, t.clock, 'board');
  docs = await createSource(t.store.db, t.clock, 'docs');
});
afterAll(async () => {
  for (const r of open) r.stream.destroy();
  await t.ctx.live.stop();
  await t.close();
});

async function jwt(source: { id: number; name: string }, login: string): Promise<string> {
  return (await mintUserToken(t.store.db, t.clock, source, login, 600)).token;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1', payloadAsStream: true });
  expect(res.statusCode).toBe(200);
  const reader = new SseReader(res.stream());
  open.push(reader);
  return reader;
}

const frames = (body: unknown) => call(t, 'POST', '/api/frames', { token: board.token, body });

describe('POST /api/frames and token streams', () => {
  it("frames reach the source's token streams only; notices and counts are the source's own", async () => {
    // Sign the users in first (a frame names known users).
    await call(t, 'GET', '/me', { user: 'ana' });
    await call(t, 'GET', '/me', { user: 'bob' });
    const anaBoard = await connect(`/me/stream?token=${await jwt(board, 'ana')}`);
    const anaDocs = await connect('/me/stream', { authorization: `Bearer ${await jwt(docs, 'ana')}` });
    const anaPage = await connect('/me/stream', { 'x-remote-user': 'ana' });
    const bobBoard = await connect(`/me/stream?token=${await jwt(board, 'bob')}`);

    expect((await frames({ type: 'task_changed', data: { id: 7, status: 'done' }, recipients: ['ana'] })).body).toEqual({ accepted: 1 });
    const got = await anaBoard.waitFor((f) => f.event === 'frame', 5000);
    expect(got.data).toEqual({ source: 'board', type: 'task_changed', data: { id: 7, status: 'done' } });

    expect((await frames({ frames: [{ type: 'board_reloaded', all: true }] })).status).toBe(200);
    await bobBoard.waitFor((f) => f.event === 'frame' && (f.data as { type: string }).type === 'board_reloaded', 5000);
    await anaBoard.waitFor((f) => f.event === 'frame' && (f.data as { type: string }).type === 'board_reloaded', 5000);

    // A notice of docs: the page and the docs stream see it, the board stream does not.
    expect((await post(t, docs.token, notice({ title: 'doc for ana' }))).status).toBe(200);
    await anaDocs.waitFor((f) => f.event === 'notice', 5000);
    await anaPage.waitFor((f) => f.event === 'notice', 5000);
    // Then one of board: the board stream gets it, with board's count only (1, not 2).
    expect((await post(t, board.token, notice({ title: 'task for ana' }))).status).toBe(200);
    const row = await anaBoard.waitFor((f) => f.event === 'notice', 5000);
    expect((row.data as { title: string }).title).toBe('task for ana');
    // Board's count: 0 after the docs notice, 1 after its own; never the 2 of every source.
    await anaBoard.waitFor((f) => f.event === 'unread' && (f.data as { unread: number }).unread === 1, 5000);
    await anaPage.waitFor((f) => f.event === 'unread' && (f.data as { unread: number }).unread === 2, 5000);
    await t.ctx.live.settled();

    expect(anaBoard.events.filter((f) => f.event === 'notice')).toHaveLength(1);
    expect(anaBoard.events.some((f) => f.event === 'unread' && (f.data as { unread: number }).unread === 2)).toBe(false);
    expect(anaDocs.events.some((f) => f.event === 'frame')).toBe(false);
    expect(anaPage.events.some((f) => f.event === 'frame')).toBe(false);
    expect(bobBoard.events.filter((f) => f.event === 'frame')).toHaveLength(1);
  });

  it('refuses bad frames: no target or both, data over 4 KB, more than 100, a bad type', async () => {
    expect((await frames({ type: 'x' })).status).toBe(422);
    expect((await frames({ type: 'x', all: true, recipients: ['ana'] })).status).toBe(422);
    expect((await frames({ type: 'x', all: true, data: 'y'.repeat(4100) })).status).toBe(422);
    expect((await frames({ frames: Array.from({ length: 101 }, () => ({ type: 'x', all: true })) })).status).not.toBe(200);
    expect((await frames({ type: 'Bad Type', all: true })).status).not.toBe(200);
    expect((await call(t, 'POST', '/api/frames', { body: { type: 'x', all: true } })).status).toBe(401);
  });

  it('HADO_RATE_LIMIT_FRAMES: frames a minute per source, then 429 with Retry-After', async () => {
    const batch = { frames: Array.from({ length: 30 }, () => ({ type: 'tick', all: true })) };
    const res = await frames(batch);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another source has its own budget.
    expect((await call(t, 'POST', '/api/frames', { token: docs.token, body: { type: 'tick', all: true } })).status).toBe(200);
  });
});
