// Signed user tokens (issue 25): minted by POST /api/user-tokens or signed
// by the sibling's backend with jose, accepted on /me/* as Bearer, refused
// with a reason, scoped to their source, and kept out of the log.
import { Writable } from 'node:stream';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSource as createSourceWithKey } from '../../src/core/sources.ts';
import { rotateKey } from '../../src/core/user-tokens.ts';
import { createLogger } from '../../src/log.ts';
import { buildApp } from '../../src/http/app.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { notice, post } from '../http/notices-support.ts';

let t: TestApp;
let board: { token: string; signing_key: string };
let docs: { token: string; signing_key: string };

const key = (k: string) => new TextEncoder().encode(k);
const nowS = () => Math.floor(t.clock.now().epochMilliseconds / 1000);

/** A token as a sibling's backend signs it; `over` changes claims, `signWith` the key. */
function sign(over: Record<string, unknown> = {}, signWith = board.signing_key): Promise<string> {
  const claims = { sub: 'ana', iss: 'board', aud: 'hado', iat: nowS(), exp: nowS() + 600, ...over };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(signWith));
}

const me = (jwt: string, url = '/me/notices', method: 'GET' | 'POST' = 'GET', body?: unknown) =>
  call(t, method, url, { headers: { authorization: `Bearer ${jwt}` }, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  board = await createSourceWithKey(t.store.db, t.clock, 'board');
  docs = await createSourceWithKey(t.store.db, t.clock, 'docs');
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-08-01T10:00:00Z');
  await t.store.db.deleteFrom('notices').execute();
});

describe('minting and accepting', () => {
  it('POST /api/user-tokens mints a token /me/notices accepts; a signed one works the same', async () => {
    const minted = await call(t, 'POST', '/api/user-tokens', { token: board.token, body: { login: 'ana', ttl_seconds: 120 } });
    expect(minted.status).toBe(200);
    expect(minted.body.expires_at).toBe('2026-08-01T10:02:00.000Z');
    expect((await me(minted.body.token)).status).toBe(200);
    expect((await me(await sign())).status).toBe(200);
    const who = await me(await sign(), '/me');
    expect(who.status).toBe(200);
    expect(who.body.login).toBe('ana');
  });

  it('POST /api/user-tokens needs the source token and a valid login and ttl', async () => {
    expect((await call(t, 'POST', '/api/user-tokens', { body: { login: 'ana' } })).status).toBe(401);
    expect((await call(t, 'POST', '/api/user-tokens', { token: board.token, body: { login: 'a b' } })).status).toBe(422);
    expect((await call(t, 'POST', '/api/user-tokens', { token: board.token, body: { login: 'ana', ttl_seconds: 86_401 } })).status).toBe(422);
  });
});

describe('refused with a reason (401)', () => {
  const refusal = async (jwt: string) => {
    const res = await me(jwt);
    expect(res.status).toBe(401);
    return res.body.error.message as string;
  };

  it('expired, not yet valid, wrong audience, wrong key, alg none, too long, not a JWT, unknown source', async () => {
    expect(await refusal(await sign({ exp: nowS() - 60 }))).toMatch(/expired/);
    expect(await refusal(await sign({ nbf: nowS() + 600 }))).toMatch(/not valid yet \(nbf\)/);
    expect(await refusal(await sign({ aud: 'other' }))).toMatch(/wrong audience/);
    expect(await refusal(await sign({}, docs.signing_key))).toMatch(/signature does not match/);
    const none = new UnsecuredJWT({ sub: 'ana', iss: 'board', aud: 'hado', exp: nowS() + 60 }).encode();
    expect(await refusal(none)).toMatch(/alg must be HS256, not "none"/);
    expect(await refusal(await sign({ exp: nowS() + 25 * 3600 }))).toMatch(/more than 24 h/);
    expect(await refusal('not.a.jwt')).toMatch(/not a JWT/);
    expect(await refusal(await sign({ iss: 'nobody' }))).toMatch(/no source named "nobody"/);
  });

  it('a token minted an hour ago with a 60 s ttl is refused once the clock moves', async () => {
    const jwt = await sign({ exp: nowS() + 60 });
    expect((await me(jwt)).status).toBe(200);
    t.clock.advance({ minutes: 2 });
    expect(await refusal(jwt)).toMatch(/expired/);
  });

  it('rotate-key: the old key works through the grace period, then not', async () => {
    const src = await createSourceWithKey(t.store.db, t.clock, 'rotating');
    const old = await sign({ iss: 'rotating', exp: nowS() + 7200 }, src.signing_key);
    const rotated = await rotateKey(t.store.db, t.clock, 'rotating', 3_600_000);
    expect(rotated.key).toMatch(/^hado_sk_/);
    expect((await me(old)).status).toBe(200);
    expect((await me(await sign({ iss: 'rotating' }, rotated.key))).status).toBe(200);
    t.clock.advance({ minutes: 61 });
    expect(await refusal(old)).toMatch(/wrong or retired key/);
    expect((await me(await sign({ iss: 'rotating' }, rotated.key))).status).toBe(200);
  });
});

describe('a token sees its own source only', () => {
  it('feed, unread count, read-all, archive and claim: the other source is untouched and invisible', async () => {
    const mine = await post(t, board.token, { notices: [notice({ title: 'task 1' }), notice({ title: 'task 2', claim: true })] });
    const theirs = await post(t, docs.token, notice({ title: 'doc' }));
    expect(mine.status).toBe(200);
    const jwt = await sign();
    const page = await me(jwt);
    expect(page.body.notices.map((n: { title: string }) => n.title).sort()).toEqual(['task 1', 'task 2']);
    expect(page.body.unread).toBe(2);
    const docId = theirs.body.notice.id;
    expect((await me(jwt, '/me/notices/archive', 'POST', { ids: [docId] })).body.changed).toBe(0);
    expect((await me(jwt, `/me/notices/${docId}/claim`, 'POST')).status).toBe(404);
    const all = await me(jwt, '/me/notices/read-all', 'POST');
    expect(all.body).toMatchObject({ changed: 2, unread: 0, unread_label: '' });
    // Hado's own page (forward-auth) still sees everything, the doc still unread.
    const full = await call(t, 'GET', '/me/notices', { user: 'ana' });
    expect(full.body.notices).toHaveLength(3);
    expect(full.body.unread).toBe(1);
  });

  it("ana's token reads ana's feed: bob's notices never show", async () => {
    await post(t, board.token, notice({ recipients: ['bob'], title: 'for bob' }));
    const page = await me(await sign({ sub: 'ana' }));
    expect(page.body.notices).toEqual([]);
  });

  it('channels, devices, settings and the page are 403 for a token', async () => {
    const jwt = await sign();
    expect((await me(jwt, '/me/channels')).status).toBe(403);
    expect((await me(jwt, '/me/devices')).status).toBe(403);
    expect((await call(t, 'PATCH', '/me', { headers: { authorization: `Bearer ${jwt}` }, body: { tz: 'UTC' } })).status).toBe(403);
    expect((await me(jwt, '/me/push/vapid-key')).status).toBe(403);
  });

  it('?token= is for GET /me/stream only', async () => {
    const res = await call(t, 'GET', `/me/notices?token=${await sign()}`);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/GET \/me\/stream only/);
  });
});

describe('the log', () => {
  it('never holds a query token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(t.ctx, { logger: createLogger('info', sink) });
    const jwt = await sign();
    await app.inject({ method: 'GET', url: `/me/notices?token=${jwt}&x=1`, remoteAddress: '127.0.0.1' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/me/notices?token=[redacted]&x=1');
    expect(log).not.toContain(jwt.split('.')[2]!);
  });
});
