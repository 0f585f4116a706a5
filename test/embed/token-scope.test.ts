// Issue 25, point 2 (the server-side leftovers): a user token sees its own
// source only on /me/preferences (the rows of that source's topics; a row of
// another source is a 403 and the other sources' cells stay) and /me/events
// (that source's events); channels settings and the admin routes are never
// reached with one. Forward-auth (Hado's own page) keeps seeing everything.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource as createSourceWithKey } from '../../src/core/sources.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, put } from '../http/helpers.ts';
import { notice, post } from '../http/notices-support.ts';

let t: TestApp;
let board: { token: string; signing_key: string };
let docs: { token: string; signing_key: string };

const nowS = () => Math.floor(t.clock.now().epochMilliseconds / 1000);
const sign = (over: Record<string, unknown> = {}, key = board.signing_key) =>
  new SignJWT({ sub: 'ana', iss: 'board', aud: 'hado', iat: nowS(), exp: nowS() + 600, ...over })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(key));
const bearer = async (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, jwt?: string) =>
  call(t, method, url, { headers: { authorization: `Bearer ${jwt ?? (await sign())}` }, ...(body === undefined ? {} : { body }) });
const rowKeys = (rows: Array<{ source: string; topic: string }>) => rows.map((r) => `${r.source}/${r.topic}`).sort();

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  board = await createSourceWithKey(t.store.db, t.clock, 'board');
  docs = await createSourceWithKey(t.store.db, t.clock, 'docs');
  expect((await post(t, board.token, notice({ topic: 'task_assigned', title: 'task 1' }))).status).toBe(200);
  expect((await post(t, docs.token, notice({ topic: 'mention', title: 'doc' }))).status).toBe(200);
  expect((await put(t, board.token, [birthday({ user: 'ana', source_ref: 'task:1', topic: 'deadline' })])).status).toBe(200);
  expect((await put(t, docs.token, [birthday({ user: 'ana', source_ref: 'doc:1', topic: 'review' })])).status).toBe(200);
});
afterAll(() => t.close());

describe('/me/preferences with a user token', () => {
  it("GET: the rows of the token's source only; forward-auth sees every source", async () => {
    const full = await call(t, 'GET', '/me/preferences', { user: 'ana' });
    expect(rowKeys(full.body.rows)).toEqual(['board/task_assigned', 'docs/mention']);
    const scoped = await bearer('GET', '/me/preferences');
    expect(scoped.status).toBe(200);
    expect(rowKeys(scoped.body.rows)).toEqual(['board/task_assigned']);
    const other = await bearer('GET', '/me/preferences', undefined, await sign({ iss: 'docs' }, docs.signing_key));
    expect(rowKeys(other.body.rows)).toEqual(['docs/mention']);
  });

  it("PUT: its own source's rows are replaced, the other source's cells stay", async () => {
    // The person turned docs' mentions off on Hado's page.
    const page = await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'docs', topic: 'mention', channels: { web: false } }] },
    });
    expect(page.status).toBe(200);
    const res = await bearer('PUT', '/me/preferences', { rows: [{ source: 'board', topic: 'task_assigned', channels: { web: false } }] });
    expect(res.status).toBe(200);
    expect(rowKeys(res.body.rows)).toEqual(['board/task_assigned']);
    const cells = await t.store.db.selectFrom('preferences').select(['topic', 'channel_type', 'enabled']).orderBy('topic').execute();
    expect(cells).toEqual([
      { topic: 'mention', channel_type: 'web', enabled: false },
      { topic: 'task_assigned', channel_type: 'web', enabled: false },
    ]);
    // An empty grid from the token resets the token's source only.
    expect((await bearer('PUT', '/me/preferences', { rows: [] })).status).toBe(200);
    expect((await t.store.db.selectFrom('preferences').select('topic').execute()).map((c) => c.topic)).toEqual(['mention']);
  });

  it("PUT of another source's cell: 403 naming the row, nothing changed", async () => {
    const before = await t.store.db.selectFrom('preferences').selectAll().execute();
    const res = await bearer('PUT', '/me/preferences', {
      rows: [
        { source: 'board', topic: 'deadline', channels: { web: false } },
        { source: 'docs', topic: 'mention', channels: { web: true } },
      ],
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', index: 1, field: 'source' });
    expect(res.body.error.message).toMatch(/^rows\[1\]\.source: a user token of "board"/);
    // A source that does not exist is another source too: the same 403, no hint whether it exists.
    const ghost = await bearer('PUT', '/me/preferences', { rows: [{ source: 'nobody', topic: 'x', channels: {} }] });
    expect(ghost.status).toBe(403);
    expect(await t.store.db.selectFrom('preferences').selectAll().execute()).toEqual(before);
  });
});

describe('/me/events with a user token', () => {
  it("the token's source's events only; forward-auth sees both", async () => {
    const full = await call(t, 'GET', '/me/events', { user: 'ana' });
    expect(full.body.events.map((e: { source_ref: string }) => e.source_ref).sort()).toEqual(['doc:1', 'task:1']);
    const scoped = await bearer('GET', '/me/events');
    expect(scoped.status).toBe(200);
    expect(scoped.body.events.map((e: { source_ref: string }) => e.source_ref)).toEqual(['task:1']);
    const other = await bearer('GET', '/me/events', undefined, await sign({ iss: 'docs' }, docs.signing_key));
    expect(other.body.events.map((e: { source_ref: string }) => e.source_ref)).toEqual(['doc:1']);
  });

  it("an event's actions and its why page stay forward-auth only (403)", async () => {
    const id = (await t.store.db.selectFrom('events').select('id').where('source_ref', '=', 'task:1').executeTakeFirstOrThrow()).id;
    expect((await bearer('POST', `/me/events/${id}/ack`)).status).toBe(403);
    expect((await bearer('POST', `/me/events/${id}/done`)).status).toBe(403);
    expect((await bearer('GET', `/me/events/${id}/why`)).status).toBe(403);
  });
});

describe('never channels settings or admin routes', () => {
  it('every channels, devices, push, settings and page route is a 403 for a valid token, and nothing is created', async () => {
    const count = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('channels')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const channels = await count();
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['GET', '/me/channels'],
      ['POST', '/me/channels', { type: 'webhook', config: { deliver_url: 'https://example.org/hook' } }],
      ['PATCH', '/me/channels/1', { enabled: false }],
      ['DELETE', '/me/channels/1'],
      ['POST', '/me/channels/1/rotate-secret', {}],
      ['GET', '/me/devices'],
      ['POST', '/me/devices', { token: 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]', platform: 'ios', device_id: 'x' }],
      ['GET', '/me/push/subscriptions'],
      ['GET', '/me/push/vapid-key'],
      ['PATCH', '/me', { tz: 'UTC' }],
      ['POST', '/me/heartbeat', {}],
      ['GET', '/inbox/groups'],
      ['GET', '/inbox/channels'],
      ['GET', '/inbox/preferences'],
    ];
    for (const [method, url, body] of routes) {
      const res = await bearer(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect(await count()).toBe(channels);
  });

  it('the admin (source) routes never take a user token: 401, nothing created', async () => {
    const sources = await t.store.db.selectFrom('sources').select('id').execute();
    const jwt = await sign();
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
      ['POST', '/api/user-tokens', { login: 'ana', ttl_seconds: 60 }],
      ['POST', '/api/frames', { type: 'x', data: {}, all: true }],
      ['POST', '/api/notices', notice({ recipients: ['bob'] })],
      ['PUT', '/api/events', { events: [birthday({ user: 'bob' })] }],
      ['PUT', '/api/users', { users: [{ login: 'mallory' }] }],
      ['PUT', '/api/topics', { topics: [] }],
    ];
    for (const [method, url, body] of routes) {
      const res = await bearer(method, url, body, jwt);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect(await t.store.db.selectFrom('sources').select('id').execute()).toEqual(sources);
    expect(await t.store.db.selectFrom('users').select('login').where('login', 'in', ['bob', 'mallory']).execute()).toEqual([]);
  });
});
