// GET /me/stream over HTTP (inject, streamed): what each write sends, to
// whom, ping, the cap, overflow into resync, and — on PostgreSQL — a NOTIFY
// written on another connection reaching an open stream.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { applyAction } from '../../src/core/actions.ts';
import { openStore } from '../../src/db/connect.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext } from '../../src/runtime.ts';
import { Live } from '../../src/live/live.ts';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { call, createSource, type TestApp } from '../support/app.ts';
import { createTestStore, onPostgres } from '../support/store.ts';
import { isEvent, SseReader } from './sse.ts';

const PING_MS = 60;
let t: TestApp;
let token: string;
const open: SseReader[] = [];

beforeAll(async () => {
  const store = await createTestStore();
  const clock = new FakeClock('2026-08-01T10:00:00Z');
  const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '', HADO_STREAM_MAX_PER_USER: '3' });
  const live = new Live(store, { maxPerUser: config.streamMaxPerUser, pingMs: PING_MS });
  const ctx = buildContext(store, config, clock, { live });
  const app = await buildApp(ctx);
  t = {
    app,
    store,
    clock,
    config,
    ctx,
    close: async () => {
      await live.stop();
      await app.close();
      await store.dispose();
    },
  };
  token = await createSource(t, 'docs');
});

afterAll(async () => {
  for (const r of open) r.stream.destroy();
  await t.close();
});

async function connect(user: string, headers: Record<string, string> = {}, opts: { paused?: boolean } = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/me/stream',
    headers: { 'x-remote-user': user, ...headers },
    remoteAddress: '127.0.0.1',
    payloadAsStream: true,
  });
  const reader = new SseReader(res.stream(), opts);
  open.push(reader);
  return { res, reader };
}

function close(reader: SseReader): void {
  reader.stream.destroy();
}

const userId = async (login: string): Promise<number> =>
  (await t.store.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

async function putEvent(user: string, ref: string, dueAt: string, extra: Record<string, unknown> = {}) {
  const res = await call(t, 'PUT', '/api/events', {
    token,
    body: { events: [{ user, source_ref: ref, due_at: dueAt, payload: { title: `Event ${ref}` }, ...extra }] },
  });
  expect(res.status).toBe(200);
  return res.body.events[0] as { id: number; state: string };
}

describe('GET /me/stream', () => {
  it('is an event stream for the signed-in user, with a retry hint', async () => {
    const { res, reader } = await connect('stream-basic');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store, no-transform');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await reader.waitFor((f) => f.retry === 2000);
    close(reader);
  });

  it('refuses a request without a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/me/stream', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(401);
  });

  it('sends event and badge frames for a client upsert, Ack, Done and withdraw — only to that user', async () => {
    const ana = await connect('ana');
    const bob = await connect('bob');
    await ana.reader.waitFor((f) => f.retry !== undefined);
    await bob.reader.waitFor((f) => f.retry !== undefined);

    const ev = await putEvent('ana', 'person:1', '2026-08-01T18:00');
    expect(ev.state).toBe('today');
    await ana.reader.waitFor(isEvent('event', { id: ev.id, state: 'today' }));
    await ana.reader.waitFor(isEvent('badge', { badge: 1 }));

    expect((await call(t, 'POST', `/me/events/${ev.id}/ack`, { user: 'ana' })).status).toBe(200);
    await ana.reader.waitFor(() => ana.reader.events.filter(isEvent('event', { id: ev.id, state: 'today' })).length === 2);

    expect((await call(t, 'POST', `/me/events/${ev.id}/done`, { user: 'ana' })).status).toBe(200);
    await ana.reader.waitFor(isEvent('event', { id: ev.id, state: 'done' }));
    await ana.reader.waitFor(isEvent('badge', { badge: 0 }));

    const later = await putEvent('ana', 'person:2', '2026-09-01');
    expect((await call(t, 'DELETE', '/api/events?source_ref=person:2', { token })).status).toBe(204);
    await ana.reader.waitFor(isEvent('event', { id: later.id, state: 'withdrawn' }));

    await t.ctx.live!.settled();
    expect(bob.reader.events).toEqual([]);
    close(ana.reader);
    close(bob.reader);
  });

  it('sends the tick’s transitions when the due day arrives', async () => {
    const { reader } = await connect('tina');
    await reader.waitFor((f) => f.retry !== undefined);
    const ev = await putEvent('tina', 'flight:1', '2026-08-03T18:00');
    await reader.waitFor(isEvent('event', { id: ev.id, state: 'scheduled' }));
    const changed = await lifecycleTick(t.store.db, t.clock.now().add({ hours: 48 }));
    expect(changed?.some((c) => c.id === ev.id && c.to === 'today')).toBe(true);
    await reader.waitFor(isEvent('event', { id: ev.id, state: 'today' }));
    await reader.waitFor(isEvent('badge', { badge: 1 }));
    close(reader);
  });

  it('a settings change (PATCH /me) makes the open pages resync', async () => {
    const { reader } = await connect('zoe');
    await reader.waitFor((f) => f.retry !== undefined);
    expect((await call(t, 'PATCH', '/me', { user: 'zoe', body: { tz: 'Asia/Tokyo' } })).status).toBe(200);
    await reader.waitFor(isEvent('resync', { reason: 'settings' }));
    close(reader);
  });

  it('a batch too large for one NOTIFY payload arrives as one resync', async () => {
    const { reader } = await connect('bulk');
    await reader.waitFor((f) => f.retry !== undefined);
    const events = Array.from({ length: 500 }, (_, i) => ({
      user: 'bulk',
      source_ref: `item:${i}`,
      due_at: '2026-10-01',
      payload: { title: `Item ${i}` },
    }));
    expect((await call(t, 'PUT', '/api/events', { token, body: { events } })).status).toBe(200);
    await reader.waitFor(isEvent('resync', { reason: 'events' }));
    await t.ctx.live!.settled();
    expect(reader.events.filter((f) => f.event === 'event')).toEqual([]);
    close(reader);
  });

  it('answers a reconnect (Last-Event-ID) with a resync first', async () => {
    const { reader } = await connect('returning', { 'last-event-id': '41' });
    const first = await reader.waitFor((f) => f.event !== undefined);
    expect(first.event).toBe('resync');
    close(reader);
  });

  it('writes ": ping" while idle', async () => {
    const { reader } = await connect('pinged');
    await reader.waitFor((f) => f.comment === 'ping', PING_MS * 5);
    close(reader);
  });

  it('caps the streams of one user (429 naming the setting) without affecting others; a closed tab frees its slot', async () => {
    // Over a real socket: closing the client's connection is what frees a slot.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tabs: http.ClientRequest[] = [];
    const openTab = (user: string) =>
      new Promise<{ status: number; body: Promise<string>; req: http.ClientRequest }>((resolve, reject) => {
        const req = http.get(`${address}/me/stream`, { headers: { 'x-remote-user': user }, agent: false }, (res) => {
          const body = new Promise<string>((done) => {
            let text = '';
            res.on('data', (c) => {
              text += c;
            });
            res.on('end', () => done(text));
            res.on('error', () => done(text));
          });
          resolve({ status: res.statusCode!, body, req });
        });
        req.on('error', reject);
        tabs.push(req);
      });
    const live = t.ctx.live!;
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(cond()).toBe(true);
    };
    try {
      const first = await openTab('cap');
      expect(first.status).toBe(200);
      expect((await openTab('cap')).status).toBe(200);
      expect((await openTab('cap')).status).toBe(200);
      const refused = await openTab('cap');
      expect(refused.status).toBe(429);
      expect(JSON.parse(await refused.body).error.message).toContain('HADO_STREAM_MAX_PER_USER');
      expect((await openTab('not-cap')).status).toBe(200);
      const capId = await userId('cap');
      expect(live.hub.connectionsOf(capId)).toBe(3);
      first.req.destroy();
      await until(() => live.hub.connectionsOf(capId) === 2);
      expect((await openTab('cap')).status).toBe(200);
    } finally {
      for (const req of tabs) req.destroy();
    }
  });

  it('a client that stops reading is not buffered without bound: it gets a resync when it reads again', async () => {
    const { reader } = await connect('slow', {}, { paused: true });
    const id = await userId('slow');
    const live = t.ctx.live!;
    const title = 'x'.repeat(200);
    for (let i = 0; i < 2000; i++) {
      live.publish([id], { type: 'event', data: { id: i, state: 'today', title } }, 'event');
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    live.publish([id], { type: 'notice', data: { id: 'n-1' } }, 'notice');
    await new Promise((r) => setImmediate(r));
    reader.resume();
    await reader.waitFor(isEvent('resync', { lane: 'event' }));
    await reader.waitFor(isEvent('notice', { id: 'n-1' }));
    const got = reader.events.filter((f) => f.event === 'event').length;
    expect(got).toBeLessThan(2000);
    close(reader);
  });
});

describe.runIf(onPostgres)('across processes (PostgreSQL)', () => {
  it('a write on another store connection reaches an open stream within a second', async () => {
    const other = await openStore({ databaseUrl: t.store.url! });
    try {
      const { reader } = await connect('remote');
      await reader.waitFor((f) => f.retry !== undefined);
      const ev = await putEvent('remote', 'remote:1', '2026-08-01T20:00');
      await reader.waitFor(isEvent('event', { id: ev.id, state: 'today' }));
      const started = Date.now();
      await applyAction({ db: other.db, clock: t.clock }, ev.id, 'done', null);
      await reader.waitFor(isEvent('event', { id: ev.id, state: 'done' }), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      close(reader);
    } finally {
      await other.close();
    }
  });
});
