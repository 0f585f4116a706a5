// Access (SPEC A9, issue 2 item 6): X-Remote-User is honoured only from the
// trusted proxies and only on /me; /api/* answers to source tokens alone;
// the single-user local mode signs in loopback requests without the header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday } from './helpers.ts';

const users = async (t: TestApp) => (await t.store.db.selectFrom('users').select('login').orderBy('login').execute()).map((u) => u.login);

describe('default trusted proxies (loopback), no local mode', () => {
  let t: TestApp;
  let docs: string;
  beforeAll(async () => {
    t = await createTestApp();
    docs = await createSource(t, 'docs');
  });
  afterAll(() => t.close());

  it('X-Remote-User from loopback signs the user in', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await call(t, 'GET', '/me', { user: 'ana', remoteAddress });
      expect(res.status, remoteAddress).toBe(200);
      expect(res.body.login).toBe('ana');
    }
  });

  it('X-Remote-User from an address outside HADO_TRUSTED_PROXIES → 401, no user created', async () => {
    const before = await users(t);
    for (const url of ['/me', '/me/events']) {
      const res = await call(t, 'GET', url, { user: 'mallory', remoteAddress: '192.168.1.50' });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'unauthorized' });
      expect(res.body.error.message).toMatch(/HADO_TRUSTED_PROXIES/);
    }
    const post = await call(t, 'POST', '/me/heartbeat', { user: 'mallory', remoteAddress: '10.0.0.1' });
    expect(post.status).toBe(401);
    expect(await users(t)).toEqual(before);
  });

  it('/me without the header and no local mode → 401 with a clear body', async () => {
    for (const remoteAddress of ['127.0.0.1', '192.168.1.50']) {
      const res = await call(t, 'GET', '/me', { remoteAddress });
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/X-Remote-User/);
    }
  });

  it('a malformed login in the header → 401', async () => {
    for (const login of ['', 'a b', 'x'.repeat(129), 'a/b', '<script>']) {
      const res = await call(t, 'GET', '/me', { headers: { 'x-remote-user': login } });
      expect(res.status, login).toBe(401);
    }
  });

  it('X-Remote-User is ignored on /api/*: the token alone decides', async () => {
    const before = await users(t);
    const noToken = await call(t, 'PUT', '/api/events', { user: 'nikita', body: { events: [birthday()] } });
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.message).toMatch(/Authorization/);
    const get = await call(t, 'GET', '/api/events?source_ref=x', { user: 'nikita' });
    expect(get.status).toBe(401);
    // With a token, from an untrusted address, the header changes nothing: the event's user is the body's.
    const ok = await call(t, 'PUT', '/api/events', {
      token: docs,
      user: 'mallory',
      remoteAddress: '203.0.113.9',
      body: { events: [birthday({ user: 'nikita' })] },
    });
    expect(ok.status).toBe(200);
    expect(await users(t)).toEqual([...before, 'nikita'].sort());
  });
});

describe('HADO_TRUSTED_PROXIES set to the proxy network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { HADO_TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8' } });
  });
  afterAll(() => t.close());

  it.each([
    { remoteAddress: '10.1.2.3', status: 200 },
    { remoteAddress: '::ffff:10.1.2.3', status: 200 },
    { remoteAddress: 'fd00::17', status: 200 },
    { remoteAddress: '11.0.0.1', status: 401 },
    { remoteAddress: '127.0.0.1', status: 401 },
  ])('X-Remote-User from $remoteAddress → $status', async ({ remoteAddress, status }) => {
    const res = await call(t, 'GET', '/me', { user: 'ana', remoteAddress });
    expect(res.status).toBe(status);
  });
});

describe('single-user local mode (HADO_LOCAL_USER)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me' } });
  });
  afterAll(() => t.close());

  it('a loopback request without the header is the local user, created with HADO_DEFAULT_TZ', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const res = await call(t, 'GET', '/me', { remoteAddress });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ login: 'me', tz: 'Europe/Madrid' });
    }
    expect((await call(t, 'POST', '/me/heartbeat')).status).toBe(204);
  });

  it('a request from another machine without the header → 401', async () => {
    const res = await call(t, 'GET', '/me', { remoteAddress: '192.168.1.50' });
    expect(res.status).toBe(401);
  });

  it('the header, when a trusted proxy sends it, wins over the local user', async () => {
    const res = await call(t, 'GET', '/me', { user: 'ana' });
    expect(res.body.login).toBe('ana');
  });

  it('local mode does not open /api/*', async () => {
    const res = await call(t, 'GET', '/api/events?source_ref=x');
    expect(res.status).toBe(401);
  });
});
