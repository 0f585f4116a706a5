// A user token's stream ends when its token expires (the token was checked
// only at open before): over a real socket, the server sends `expired` and
// ends the response once exp plus the 5 s leeway has passed on Hado's clock,
// frees the stream's slot, and the same token is then refused. A stream of a
// longer token and a forward-auth stream stay open. Hado's clock is a fake
// one that does not move: the stream's time left is read from it at open and
// elapses in real time.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/core/sources.ts';
import { mintUserToken } from '../../src/core/user-tokens.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { parseSse } from '../live/sse.ts';

let t: TestApp;
let board: { id: number; name: string };
let address: string;
const requests: http.ClientRequest[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  board = await createSource(t.store.db, t.clock, 'board');
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const req of requests) req.destroy();
  await t.ctx.live.stop();
  await t.close();
});

interface Tab {
  status: number;
  text: () => string;
  ended: Promise<number>;
}

/** Opens GET /me/stream over HTTP; `ended` resolves with the real time (ms) at which the server ended it. */
function openTab(path: string, headers: Record<string, string> = {}): Promise<Tab> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${address}${path}`, { headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      const ended = new Promise<number>((done) => res.on('end', () => done(Date.now())));
      resolve({ status: res.statusCode!, text: () => text, ended });
    });
    req.on('error', reject);
    requests.push(req);
  });
}

const token = async (login: string, ttl: number) => mintUserToken(t.store.db, t.clock, board, login, ttl);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a user token stream and its expiry', () => {
  it('is ended by the server after exp (+5 s leeway) with an `expired` frame; the others stay open', async () => {
    await call(t, 'GET', '/me', { user: 'ana' });
    const anaId = (await t.store.db.selectFrom('users').select('id').where('login', '=', 'ana').executeTakeFirstOrThrow()).id;
    const short = await token('ana', 1);
    const opened = Date.now();
    const tab = await openTab(`/me/stream?token=${short.token}`);
    expect(tab.status).toBe(200);
    const long = await openTab(`/me/stream?token=${(await token('ana', 600)).token}`);
    const page = await openTab('/me/stream', { 'x-remote-user': 'ana' });
    expect(t.ctx.live.hub.connectionsOf(anaId)).toBe(3);

    // Still open before exp + leeway (6 s of Hado's time after the open).
    const early = await Promise.race([tab.ended, sleep(4500).then(() => null)]);
    expect(early).toBeNull();

    const endedAt = await tab.ended;
    expect(endedAt - opened).toBeGreaterThanOrEqual(5500);
    expect(endedAt - opened).toBeLessThan(9000);
    const events = parseSse(tab.text()).frames.filter((f) => f.event !== undefined);
    expect(events.at(-1)).toMatchObject({ event: 'expired', data: { reason: 'token_expired', exp: short.exp } });

    // Its slot is free; the other two are untouched.
    await expect.poll(() => t.ctx.live.hub.connectionsOf(anaId)).toBe(2);
    await sleep(200);
    expect(parseSse(long.text()).frames.some((f) => f.event === 'expired')).toBe(false);
    expect(parseSse(page.text()).frames.some((f) => f.event === 'expired')).toBe(false);

    // The same token, once Hado's clock has passed it too, is refused: the client needs a fresh one.
    t.clock.advance({ seconds: 7 });
    const again = await openTab(`/me/stream?token=${short.token}`);
    expect(again.status).toBe(401);
  }, 20_000);

  it('a stream whose token is already past exp, within the leeway, ends when the leeway runs out, not later', async () => {
    const nearly = await token('bob', 60);
    t.clock.advance({ seconds: 63 }); // exp passed 3 s ago: still accepted for 2 s
    const opened = Date.now();
    const tab = await openTab(`/me/stream?token=${nearly.token}`);
    expect(tab.status).toBe(200);
    const endedAt = await tab.ended;
    expect(endedAt - opened).toBeGreaterThanOrEqual(1500);
    expect(endedAt - opened).toBeLessThan(5000);
    expect(tab.text()).toContain('event: expired');
  }, 20_000);
});
