// CORS for the embedded inbox (issue 25): exact origins from
// HADO_CORS_ORIGINS on /me/* only, Authorization and Content-Type allowed,
// never credentials, never a reflected unlisted origin; a Bearer request is
// outside the Fetch-Metadata rule, a forward-auth one is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource } from '../../src/core/sources.ts';
import { mintUserToken } from '../../src/core/user-tokens.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const SIBLING = 'http://127.0.0.1:5174';
let t: TestApp;
let jwt: string;

beforeAll(async () => {
  t = await createTestApp({ env: { HADO_CORS_ORIGINS: `${SIBLING}, https://board.example.org` } });
  const board = await createSource(t.store.db, t.clock, 'board');
  jwt = (await mintUserToken(t.store.db, t.clock, { id: board.id, name: 'board' }, 'ana', 600)).token;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'OPTIONS', url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers, remoteAddress: '127.0.0.1' });

describe('HADO_CORS_ORIGINS', () => {
  it('a listed origin: preflight allows Authorization and Content-Type, never credentials', async () => {
    const res = await inject('OPTIONS', '/me/notices/read-all', {
      origin: SIBLING,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SIBLING);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/Authorization/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/Content-Type/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('a Bearer request from a listed origin passes (Sec-Fetch-Site: cross-site), with its CORS header', async () => {
    const res = await inject('POST', '/me/notices/read-all', { origin: SIBLING, 'sec-fetch-site': 'cross-site', authorization: `Bearer ${jwt}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SIBLING);
  });

  it('an unlisted origin gets no CORS header at all', async () => {
    const res = await inject('GET', '/me/notices', { origin: 'https://evil.example', authorization: `Bearer ${jwt}` });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await inject('OPTIONS', '/me/notices', { origin: 'https://evil.example', 'access-control-request-method': 'GET' });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('only /me/*: /api/* and the page get none, even from a listed origin', async () => {
    const res = await inject('GET', '/api/events?user=ana&kind=x', { origin: SIBLING });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a forward-auth request from another site is still refused (the Fetch-Metadata rule)', async () => {
    const res = await inject('POST', '/me/notices/read-all', { origin: SIBLING, 'sec-fetch-site': 'cross-site', 'x-remote-user': 'ana' });
    expect(res.statusCode).toBe(403);
  });

  it('an origin must be exact: a path or a trailing slash is a configuration error', () => {
    expect(() => loadConfig({ HADO_CORS_ORIGINS: 'https://board.example.org/' })).toThrow(/HADO_CORS_ORIGINS .*exact origin/);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});
