// Issue 10, item 2: loopback was trusted too much and the Host header never
// checked. A DNS-rebinding page (evil.example resolving to 127.0.0.1) reached
// Hado as same-origin: it could read the inbox, add a webhook or send
// X-Remote-User: anyone; behind a same-host proxy a forwarded request without
// the header became the local user. Now a foreign Host is a 421 before any
// credential, the Origin is compared with APP_URL (not with the Host), and
// local mode never applies to a forwarded request.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { HADO_LOCAL_USER: 'me', APP_URL: 'https://hado.example.org', HADO_ALLOWED_HOSTS: 'hado-internal, hado2:9000' },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}, 60_000);
afterAll(() => t.close());

/** A request over a real socket to 127.0.0.1 with the Host (and headers) a browser or proxy would send. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the Host header', () => {
  it('a rebinding page (foreign name, our port) gets 421 before any credential: no inbox, no X-Remote-User', async () => {
    const rebound = `evil.example:${port}`;
    const page = await raw('GET', '/', { host: rebound });
    expect(page.status).toBe(421);
    expect(page.body).not.toContain('<html');
    expect(JSON.parse(page.body).error.code).toBe('misdirected');
    expect((await raw('GET', '/me/events', { host: rebound, 'x-remote-user': 'anyone' })).status).toBe(421);
    const add = await raw(
      'POST',
      '/me/channels',
      { host: rebound, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      JSON.stringify({ type: 'webhook', config: { deliver_url: 'https://evil.example/x' } }),
    );
    expect(add.status).toBe(421);
    // Nothing was created for anyone.
    const channels = await t.store.db.selectFrom('channels').select('type').where('type', '=', 'webhook').execute();
    expect(channels).toEqual([]);
  });

  it.each([
    [`127.0.0.1:PORT`, 200],
    [`localhost:PORT`, 200],
    [`[::1]:PORT`, 200],
    ['hado.example.org', 200],
    ['hado.example.org:443', 200],
    ['HADO.example.org', 200],
    ['hado-internal:1234', 200],
    ['hado2:9000', 200],
    ['hado2:9001', 421],
    ['hado.example.org:8080', 421],
    [`127.0.0.1:1`, 421],
    [`localhost`, 421],
    [`evil.example:PORT`, 421],
    [`evil.example`, 421],
    [`127.0.0.1.nip.io:PORT`, 421],
    ['hado.example.org/x', 421],
    ['user@hado.example.org', 421],
  ])('Host %s → %s', async (host, status) => {
    expect((await raw('GET', '/me', { host: host.replace('PORT', String(port)) })).status).toBe(status);
  });

  it('/healthz and /readyz answer whatever the Host (container probes use the pod address); nothing else does', async () => {
    expect((await raw('GET', '/healthz', { host: '10.1.2.3:8080' })).status).toBe(200);
    expect((await raw('GET', '/readyz', { host: '10.1.2.3:8080' })).status).toBe(200);
    expect((await raw('GET', '/readyz?x=1', { host: 'evil.example' })).status).toBe(200);
    expect((await raw('GET', '/openapi.json', { host: '10.1.2.3:8080' })).status).toBe(421);
  });

  it('the same-origin check compares Origin with APP_URL and loopback, not with the Host', async () => {
    const beat = (host: string, origin: string) => raw('POST', '/me/heartbeat', { host, origin });
    // An accepted Host does not make its own name an accepted Origin.
    expect((await beat('hado-internal:80', 'http://hado-internal')).status).toBe(403);
    expect((await beat('hado-internal:80', 'https://hado.example.org')).status).toBe(204);
    expect((await beat(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).status).toBe(204);
    expect((await beat(`127.0.0.1:${port}`, `http://localhost:${port}`)).status).toBe(204);
    expect((await beat(`127.0.0.1:${port}`, 'http://127.0.0.1:1')).status).toBe(403);
  });
});

describe('local mode is for the person at this machine only', () => {
  it.each([
    ['x-forwarded-for', '203.0.113.7'],
    ['forwarded', 'for=203.0.113.7'],
    ['via', '1.1 proxy'],
    // One of Hado's own webhooks pointed back at Hado (if an operator allowed loopback).
    ['webhook-id', '17'],
  ])('a loopback request with %s is not signed in as the local user', async (name, value) => {
    const res = await call(t, 'GET', '/me', { headers: { [name]: value } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('without them it is (the quick start keeps working); a trusted proxy with X-Remote-User still works', async () => {
    expect((await call(t, 'GET', '/me')).body.login).toBe('me');
    expect((await call(t, 'GET', '/me', { user: 'ana', headers: { 'x-forwarded-for': '203.0.113.7' } })).body.login).toBe('ana');
  });
});
