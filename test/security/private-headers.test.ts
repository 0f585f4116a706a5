// Issue 27, finding 4: /me/* JSON came without Cache-Control or
// X-Content-Type-Options, so a shared cache could keep one user's events and
// a browser could sniff JSON as HTML. Every personal answer (/me, /me/…,
// /inbox/…, /a/…) now carries `Cache-Control: private, no-store` and
// `X-Content-Type-Options: nosniff`, errors included (401, 404, 422, 429),
// and so does the live stream, over a real socket.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/core/tokens.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let source: string;
let actionToken: string;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { HADO_STREAM_MAX_PER_USER: '1', HADO_RATE_LIMIT_FAILURES: '3' } });
  source = await createSource(t, 'docs');
  const put = await call(t, 'PUT', '/api/events', {
    token: source,
    body: { events: [{ user: 'nikita', source_ref: 'p:1', due_at: '2026-08-01', payload: { title: 'Passport' } }] },
  });
  expect(put.status).toBe(200);
  eventId = put.body.events[0].id;
  // A delivered reminder with a working action link.
  const channel = await t.store.db.selectFrom('channels').select('id').where('type', '=', 'web').executeTakeFirstOrThrow();
  actionToken = randomBytes(32).toString('base64url');
  await t.store.db
    .insertInto('deliveries')
    .values({
      event_id: eventId,
      channel_id: channel.id,
      window_start: new Date('2026-08-01T10:00:00Z'),
      action_token_hash: hashToken(actionToken),
      result: 'ok',
      created_at: new Date('2026-08-01T10:00:00Z'),
    })
    .execute();
}, 60_000);
afterAll(() => t?.close());

const expectPrivate = (res: { status: number; headers: Record<string, unknown> }, what: string) => {
  expect(res.headers['cache-control'], `${what} → ${res.status}`).toBe('private, no-store');
  expect(res.headers['x-content-type-options'], `${what} → ${res.status}`).toBe('nosniff');
};

describe('personal answers are private and not sniffed', () => {
  it.each([
    ['GET', '/me', undefined, 200],
    ['GET', '/me/events', undefined, 200],
    ['GET', '/me/channels', undefined, 200],
    ['GET', '/me/preferences', undefined, 200],
    ['GET', '/me/devices', undefined, 200],
    ['GET', '/inbox/groups', undefined, 200],
    ['GET', '/me/no-such-route', undefined, 404],
    ['GET', '/me/events?state=nope', undefined, 422],
    ['POST', '/me/channels', { type: 'webhook', config: { deliver_url: 'http://127.0.0.1/' } }, 422],
    ['PATCH', '/me', { tz: 'Mars/Olympus' }, 422],
  ] as const)('%s %s (signed in)', async (method, url, body, status) => {
    const res = await call(t, method, url, { user: 'nikita', ...(body ? { body } : {}) });
    expect(res.status).toBe(status);
    expectPrivate(res, `${method} ${url}`);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/me/channels',
      headers: { 'x-remote-user': 'nikita', 'content-type': 'application/json' },
      remoteAddress: '127.0.0.1',
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expectPrivate({ status: res.statusCode, headers: res.headers }, 'malformed JSON');
  });

  it('401 without a signed-in user, on JSON and on the stream', async () => {
    for (const url of ['/me', '/me/events', '/me/stream']) {
      const res = await call(t, 'GET', url, { remoteAddress: '10.1.2.3' });
      expect(res.status).toBe(401);
      expectPrivate(res, url);
    }
  });

  it('/a/…: the JSON answer, the HTML page, a wrong token (404) and the rate limit (429)', async () => {
    const ack = await call(t, 'POST', `/a/${actionToken}/ack`, { remoteAddress: '198.51.100.1' });
    expect(ack.status).toBe(200);
    expectPrivate(ack, 'POST /a/…/ack');
    // The page a mail or chat link opens: HTML that said "no-cache" before.
    const page = await call(t, 'GET', `/a/${actionToken}/done`, { remoteAddress: '198.51.100.1' });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expectPrivate(page, 'GET /a/…/done');
    const wrong = await call(t, 'POST', `/a/${randomBytes(32).toString('base64url')}/ack`, { remoteAddress: '198.51.100.2' });
    expect(wrong.status).toBe(404);
    expectPrivate(wrong, 'wrong token');
    for (let i = 0; i < 2; i++) await call(t, 'POST', `/a/${randomBytes(32).toString('base64url')}/ack`, { remoteAddress: '198.51.100.2' });
    const limited = await call(t, 'POST', `/a/${actionToken}/ack`, { remoteAddress: '198.51.100.2' });
    expect(limited.status).toBe(429);
    expectPrivate(limited, '429');
    // A percent-encoded path is the same route, and as private.
    const encoded = await call(t, 'POST', `/%61/${actionToken}/ack`, { remoteAddress: '198.51.100.3' });
    expect(encoded.status).toBe(200);
    expectPrivate(encoded, '/%61/…');
    const confirm = await call(t, 'GET', '/a/confirm/no-such-code', { remoteAddress: '198.51.100.4' });
    expectPrivate(confirm, 'GET /a/confirm/…');
  });

  it('the live stream over a socket, and its 429 past HADO_STREAM_MAX_PER_USER', async () => {
    const base = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const open = () =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get({ host: base.hostname, port: base.port, path: '/me/stream', headers: { 'x-remote-user': 'nikita', accept: 'text/event-stream' } }, resolve)
          .on('error', reject);
      });
    const stream = await open();
    try {
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('private, no-store, no-transform');
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      const second = await call(t, 'GET', '/me/stream', { user: 'nikita' });
      expect(second.status).toBe(429);
      expectPrivate(second, 'second stream');
    } finally {
      stream.destroy();
    }
  });

  it('answers that are not personal keep their own headers', async () => {
    const health = await call(t, 'GET', '/healthz');
    expect(health.headers['cache-control']).toBeUndefined();
    const api = await call(t, 'GET', '/api/events', { token: source });
    expect(api.headers['cache-control']).toBeUndefined();
    // "/media" is not "/me".
    const other = await call(t, 'GET', '/media', { user: 'nikita' });
    expect(other.status).toBe(404);
    expect(other.headers['cache-control']).toBeUndefined();
  });
});
