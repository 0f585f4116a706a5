// POST /api/frames naming an audience (issues 24 and 25): the frame reaches
// the token streams of the audience's members at send time, no one else's;
// an unknown audience is a 422 naming it, and nothing is sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSource } from '../../src/core/sources.ts';
import { mintUserToken } from '../../src/core/user-tokens.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { SseReader } from '../live/sse.ts';

let t: TestApp;
let board: { id: number; name: string; token: string };
const open: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  board = await createSource(t.store.db, t.clock, 'board');
  await t.store.db
    .updateTable('sources')
    .set({ capabilities: JSON.stringify(['provision']) })
    .where('id', '=', board.id)
    .execute();
});
afterAll(async () => {
  for (const r of open) r.stream.destroy();
  await t.ctx.live.stop();
  await t.close();
});

async function stream(login: string): Promise<SseReader> {
  const token = (await mintUserToken(t.store.db, t.clock, board, login, 600)).token;
  const res = await t.app.inject({ method: 'GET', url: `/me/stream?token=${token}`, remoteAddress: '127.0.0.1', payloadAsStream: true });
  expect(res.statusCode).toBe(200);
  const reader = new SseReader(res.stream());
  open.push(reader);
  return reader;
}

const frames = (body: unknown) => call(t, 'POST', '/api/frames', { token: board.token, body });

it("a frame to an audience reaches its members' streams only", async () => {
  expect((await call(t, 'PUT', '/api/audiences/company-42%2Fstaff', { token: board.token, body: { members: ['ana', 'bob'] } })).status).toBe(200);
  const ana = await stream('ana');
  const bob = await stream('bob');
  const zoe = await stream('zoe');
  expect((await frames({ type: 'shift_changed', data: { shift: 3 }, audience: 'company-42/staff' })).body).toEqual({ accepted: 1 });
  for (const reader of [ana, bob]) {
    const got = await reader.waitFor((f) => f.event === 'frame', 5000);
    expect(got.data).toEqual({ source: 'board', type: 'shift_changed', data: { shift: 3 } });
  }
  await t.ctx.live.settled();
  expect(zoe.events.some((f) => f.event === 'frame')).toBe(false);
});

it('an unknown audience → 422 naming it (frames[i].audience in a batch); two targets → 422', async () => {
  const single = await frames({ type: 'x', audience: 'company-42/nobody' });
  expect(single.status).toBe(422);
  expect(single.body.error.field).toBe('audience');
  const batch = await frames({
    frames: [
      { type: 'x', all: true },
      { type: 'x', audience: 'nobody' },
    ],
  });
  expect(batch.body.error).toMatchObject({ field: 'audience', index: 1 });
  expect((await frames({ type: 'x', audience: 'company-42/staff', all: true })).status).toBe(422);
});
