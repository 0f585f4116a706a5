// The live stream from a sibling app's page (issue 25): GET /me/stream hijacks
// its reply to write frames as they come, so the CORS headers the hook set on
// the reply are sent by the route itself. An allowed origin gets them (else
// the browser's EventSource is refused); any other origin gets none.
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSource } from '../../src/core/sources.ts';
import { mintUserToken } from '../../src/core/user-tokens.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const PAGE = 'https://kumquat.example.org';
let t: TestApp;
let token: string;
const streams: Readable[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { HADO_CORS_ORIGINS: PAGE } });
  const board = await createSource(t.store.db, t.clock, 'board');
  token = (await mintUserToken(t.store.db, t.clock, board, 'ana', 600)).token;
});
afterAll(async () => {
  for (const s of streams) s.destroy();
  await t.ctx.live.stop();
  await t.close();
});

async function open(origin: string) {
  const res = await t.app.inject({ method: 'GET', url: `/me/stream?token=${token}`, headers: { origin }, remoteAddress: '127.0.0.1', payloadAsStream: true });
  streams.push(res.stream());
  return res;
}

it('sends the CORS headers to an allowed origin, none to another', async () => {
  const allowed = await open(PAGE);
  expect(allowed.statusCode).toBe(200);
  expect(allowed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(allowed.headers['access-control-allow-origin']).toBe(PAGE);
  expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
  expect(allowed.headers['cache-control']).toBe('private, no-store, no-transform');

  const other = await open('https://evil.example.net');
  expect(other.statusCode).toBe(200);
  expect(other.headers['access-control-allow-origin']).toBeUndefined();
});
