// Issue 10, item 5: /a/* guesses, /hooks/telegram and /api/* had no rate
// limits. Now failed attempts are limited per client address (60 a minute,
// then 429 with Retry-After — and then even a right guess is refused, so
// guessing learns nothing), the client API per source token, and behind a
// trusted proxy the client is the address it forwards.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { hashToken } from '../../src/core/tokens.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let actionToken: string;
const TG_SECRET = 'rate-limit-secret-0123';

beforeAll(async () => {
  t = await createTestApp({
    env: { HADO_RATE_LIMIT_API: '5', TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_WEBHOOK_SECRET: TG_SECRET, TELEGRAM_API_ROOT: 'http://127.0.0.1:1' },
  });
  token = await createSource(t, 'docs');
  otherToken = await createSource(t, 'runs');
  // A delivered event with a working action link.
  const put = await call(t, 'PUT', '/api/events', {
    token: otherToken,
    body: { events: [{ user: 'nikita', source_ref: 'p:1', due_at: '2026-08-01', payload: { title: 'Passport' } }] },
  });
  const channel = await t.store.db.selectFrom('channels').select('id').where('type', '=', 'web').executeTakeFirstOrThrow();
  actionToken = randomBytes(32).toString('base64url');
  await t.store.db
    .insertInto('deliveries')
    .values({
      event_id: put.body.events[0].id,
      channel_id: channel.id,
      window_start: new Date('2026-08-01T10:00:00Z'),
      action_token_hash: hashToken(actionToken),
      result: 'ok',
      created_at: new Date('2026-08-01T10:00:00Z'),
    })
    .execute();
}, 60_000);
afterAll(() => t.close());

const guess = (from: string, tok = randomBytes(32).toString('base64url'), headers: Record<string, string> = {}) =>
  call(t, 'POST', `/a/${tok}/ack`, { remoteAddress: from, headers });

describe('failed action-link attempts per client address', () => {
  it('60 wrong links a minute, then 429 with Retry-After — even for a right one; other addresses are unaffected', async () => {
    for (let i = 0; i < 60; i++) expect((await guess('198.51.100.7')).status).toBe(404);
    const blocked = await guess('198.51.100.7', actionToken);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too_many_requests');
    expect(blocked.body.error.message).toContain('HADO_RATE_LIMIT_FAILURES');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A percent-encoded path is the same route: no way around the count.
    expect((await call(t, 'POST', `/%61/${actionToken}/ack`, { remoteAddress: '198.51.100.7' })).status).toBe(429);
    expect((await guess('198.51.100.8', actionToken)).status).toBe(200);
  });

  it('successes never count: a home automation pressing its links is not limited', async () => {
    for (let i = 0; i < 70; i++) expect((await guess('198.51.100.9', actionToken)).status).toBe(200);
  });

  it('behind a trusted proxy the client is the forwarded address; from anyone else the header is ignored', async () => {
    for (let i = 0; i < 60; i++) expect((await guess('127.0.0.1', undefined, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(404);
    expect((await guess('127.0.0.1', undefined, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(429);
    // Another user behind the same proxy.
    expect((await guess('127.0.0.1', actionToken, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    // An untrusted client cannot pose as someone else to dodge its own count.
    for (let i = 0; i < 60; i++) expect((await guess('192.0.2.50', undefined, { 'x-forwarded-for': `203.0.113.${100 + i}` })).status).toBe(404);
    expect((await guess('192.0.2.50', actionToken, { 'x-forwarded-for': '203.0.113.250' })).status).toBe(429);
  });
});

describe('Telegram secret and source-token guesses', () => {
  it('a wrong Telegram secret counts; after 60 even the right one is refused for that address', async () => {
    const hook = (secret: string) =>
      call(t, 'POST', '/hooks/telegram', { remoteAddress: '198.51.100.20', headers: { 'x-telegram-bot-api-secret-token': secret }, body: {} });
    for (let i = 0; i < 60; i++) expect((await hook(`wrong-${i}`)).status).toBe(401);
    const blocked = await hook(TG_SECRET);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('unknown source tokens count the same way', async () => {
    for (let i = 0; i < 60; i++) {
      expect((await call(t, 'GET', '/api/events?source_ref=x', { token: `nope${i}`, remoteAddress: '198.51.100.30' })).status).toBe(401);
    }
    expect((await call(t, 'GET', '/api/events?source_ref=x', { token, remoteAddress: '198.51.100.30' })).status).toBe(429);
  });
});

describe('client API requests per source token', () => {
  it('HADO_RATE_LIMIT_API a minute per token, then 429 with Retry-After; another token is unaffected', async () => {
    for (let i = 0; i < 5; i++) expect((await call(t, 'GET', '/api/events?source_ref=x', { token, remoteAddress: `198.51.100.${40 + i}` })).status).toBe(404);
    const limited = await call(t, 'GET', '/api/events?source_ref=x', { token, remoteAddress: '198.51.100.50' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toContain('HADO_RATE_LIMIT_API');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await call(t, 'GET', '/api/events?source_ref=x', { token: otherToken, remoteAddress: '198.51.100.50' })).status).toBe(404);
  });
});
