// hado/client against a running Hado (a real HTTP server on a random port,
// on whichever storage the suite runs on). Failures are made by a real
// local proxy in front of it that answers 503/429 or drops the connection
// for the first requests, then forwards.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, HadoApiError, retryAfterMs } from '../../src/client/index.ts';
import { rotateKey } from '../../src/core/user-tokens.ts';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';

type Fault = { status: 503 | 500 | 429; retryAfter?: string } | 'drop';

let t: TestApp;
let hado: string;
let token: string;
let proxy: http.Server;
let proxyUrl: string;
/** What the proxy does to the next requests, in order; then it forwards. */
let faults: Fault[] = [];
let seen: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T12:00:00Z' });
  hado = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await createSource(t, 'docs');
  await rotateKey(t.store.db, t.clock, 'docs', 0); // a signing key, for createUserToken
  proxy = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const fault = faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      return void res.writeHead(fault.status, headers).end(JSON.stringify({ error: { code: 'internal', message: 'try later' } }));
    }
    // As a reverse proxy does: Hado serves only its own Host.
    const headers = { ...req.headers, host: new URL(hado).host };
    const upstream = http.request(`${hado}${req.url}`, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await t.close();
});

beforeEach(() => {
  faults = [];
  seen = [];
});

/** A client through the proxy whose waits are recorded, not slept. */
function client(opts: { token?: string; attempts?: number } = {}) {
  const waits: number[] = [];
  const c = createClient({
    baseUrl: proxyUrl,
    token: opts.token ?? token,
    attempts: opts.attempts ?? 4,
    retryDelayMs: 100,
    sleep: async (ms) => void waits.push(ms),
  });
  return { c, waits };
}

const birthday = {
  user: 'nikita',
  source_ref: 'person:42',
  topic: 'birthday',
  recurrence: { type: 'yearly' as const, month: 8, day: 14 },
  fire_days_before: 7,
  payload: { title: "Vasya's birthday", done_label: 'Congratulated' },
};

describe('the calls', () => {
  it('putEvents upserts and answers per event; getEvents reads it; deleteEvent withdraws it', async () => {
    const { c } = client();
    const results = await c.putEvents([birthday, { user: 'nikita', source_ref: 'doc:7', due_at: '2026-08-03', payload: { title: 'Passport' } }]);
    expect(results).toEqual([
      { source_ref: 'person:42', topic: 'birthday', id: expect.any(Number), state: 'scheduled' },
      { source_ref: 'doc:7', topic: '', id: expect.any(Number), state: 'scheduled' },
    ]);
    const event = await c.getEvents({ source_ref: 'person:42', topic: 'birthday' });
    expect(event).toMatchObject({ state: 'scheduled', due_at: '2026-08-14', fire_at: '2026-08-07', rule_text: expect.any(String) });
    await c.deleteEvent('doc:7');
    expect((await c.getEvents({ source_ref: 'doc:7' })).state).toBe('withdrawn');
    expect(seen).toEqual([
      'PUT /api/events',
      'GET /api/events?source_ref=person%3A42&topic=birthday',
      'DELETE /api/events?source_ref=doc%3A7',
      'GET /api/events?source_ref=doc%3A7',
    ]);
  });

  it('postNotices takes one notice or a batch, and a repeated dedupe_key is a no-op', async () => {
    const { c } = client();
    const one = await c.postNotices({ recipients: ['ana'], title: 'Ana mentioned you', dedupe_key: 'comment:1:ana' });
    expect(one).toMatchObject({ result: 'created', recipients: ['ana'] });
    const again = await c.postNotices([{ recipients: ['ana'], title: 'Ana mentioned you', dedupe_key: 'comment:1:ana' }]);
    expect(again).toEqual([{ ...one, result: 'duplicate' }]);
    const batch = await c.postNotices({ notices: [{ recipients: ['boris'], title: 'Export finished' }] });
    expect(batch).toHaveLength(1);
  });

  it("listNotices pages the source's notices, getNotice reads one with its recipients, withdrawNotices removes them", async () => {
    const { c } = client();
    const a = await c.postNotices({ recipients: ['ana', 'boris'], title: 'Job 7 needs you', mode: 'upsert', source_ref: 'job:7', topic: 'request' });
    const b = await c.postNotices({ recipients: ['ana'], title: 'Job 8 needs you', mode: 'upsert', source_ref: 'job:8', topic: 'request' });
    const first = await c.listNotices({ topic: 'request', limit: 1 });
    expect(first.notices.map((n) => n.id)).toEqual([b.id]);
    const second = await c.listNotices({ topic: 'request', limit: 1, cursor: first.next_cursor! });
    expect(second.notices.map((n) => n.id)).toEqual([a.id]);
    const detail = await c.getNotice(a.id);
    expect(detail.notice).toMatchObject({ id: a.id, source_ref: 'job:7', recipient_count: 2, read_count: 0 });
    expect(detail.recipients.map((r) => r.login)).toEqual(['ana', 'boris']);
    expect(await c.withdrawNotices({ source_ref: 'job:7', topic: 'request' })).toEqual({ withdrawn: [a.id], cancelled_deliveries: 2, edited_messages: 0 });
    expect((await c.withdrawNotices({ ids: [b.id] })).withdrawn).toEqual([b.id]);
    await expect(c.getNotice(a.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(seen).toContain('GET /api/notices?topic=request&limit=1');
  });

  it('createUserToken mints the embedded inbox token; postFrames takes one frame or a batch', async () => {
    const { c } = client();
    const { token: jwt, expires_at } = await c.createUserToken('nikita', 600);
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    expect([claims.sub, claims.iss, claims.aud]).toEqual(['nikita', 'docs', 'hado']);
    expect(new Date(expires_at).getTime()).toBe(claims.exp * 1000);
    expect(await c.postFrames({ type: 'task_changed', data: { id: 7 }, recipients: ['nikita'] })).toBe(1);
    expect(
      await c.postFrames([
        { type: 'ping', all: true },
        { type: 'pong', recipients: ['nikita'] },
      ]),
    ).toBe(2);
    expect(await c.postFrames({ frames: [{ type: 'ping', all: true }] })).toBe(1);
    await expect(c.postFrames({ type: 'big', data: 'x'.repeat(5000), all: true })).rejects.toMatchObject({ status: 422, field: 'data' });
  });

  it('keeps a path prefix in baseUrl (Hado behind a reverse proxy at /hado/)', async () => {
    const seenUrls: string[] = [];
    /** The reverse proxy: only /hado/… is Hado's, and the prefix is stripped before it reaches Hado. */
    const behindPrefix: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      seenUrls.push(`${init?.method} ${url.pathname}${url.search}`);
      if (url.origin !== hado || !url.pathname.startsWith('/hado/')) return new Response('{}', { status: 404 });
      return fetch(new URL(`${url.pathname.slice('/hado'.length)}${url.search}`, hado), init);
    };
    const calls = (n: number) => [
      'PUT /hado/api/events',
      `GET /hado/api/events?source_ref=doc%3Aprefix${n}`,
      `DELETE /hado/api/events?source_ref=doc%3Aprefix${n}`,
      'POST /hado/api/notices',
    ];
    for (const [n, baseUrl] of [`${hado}/hado`, `${hado}/hado/`].entries()) {
      const c = createClient({ baseUrl, token, fetch: behindPrefix });
      const [put] = await c.putEvents([{ user: 'nikita', source_ref: `doc:prefix${n}`, due_at: '2026-08-20', payload: { title: 'Visa' } }]);
      expect(put).toMatchObject({ source_ref: `doc:prefix${n}`, state: 'scheduled' });
      expect((await c.getEvents({ source_ref: `doc:prefix${n}` })).state).toBe('scheduled');
      await c.deleteEvent(`doc:prefix${n}`);
      expect((await c.postNotices({ recipients: ['ana'], title: 'Behind a prefix' })).result).toBe('created');
    }
    expect(seenUrls).toEqual([...calls(0), ...calls(1)]);
    expect(() => createClient({ baseUrl: '', token })).toThrow(/baseUrl/);
  });
});

describe('errors', () => {
  it('a 422 is thrown with status, code, field and index, and not retried', async () => {
    const { c } = client();
    const bad = { ...birthday, source_ref: 'x', recurrence: { type: 'monthly' as const, day_of_month: 32 } };
    const err = await c.putEvents([birthday, bad]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HadoApiError);
    expect(err).toMatchObject({
      status: 422,
      code: 'invalid',
      field: 'recurrence.day_of_month',
      index: 1,
      message: 'events[1].recurrence.day_of_month: must be an integer 1..31, got 32',
    });
    expect(seen).toHaveLength(1);
  });

  it('a wrong token is a 401, and an unknown event a 404', async () => {
    const { c } = client({ token: 'hado_nope' });
    await expect(c.getEvents({ source_ref: 'person:42' })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    await expect(client().c.getEvents({ source_ref: 'nobody' })).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(seen).toHaveLength(2);
  });
});

describe('retries', () => {
  it('an idempotent call is retried on 5xx, a dropped connection and 429, with growing backoff', async () => {
    const { c, waits } = client();
    faults = [{ status: 503 }, 'drop', { status: 500 }];
    const results = await c.putEvents([birthday]);
    expect(results[0]).toMatchObject({ source_ref: 'person:42' });
    expect(seen).toEqual(['PUT /api/events', 'PUT /api/events', 'PUT /api/events', 'PUT /api/events']);
    expect(waits).toHaveLength(3);
    waits.forEach((w, i) => {
      expect(w).toBeLessThanOrEqual(100 * 2 ** i);
    });
  });

  it("honours a 429's Retry-After", async () => {
    const { c, waits } = client();
    faults = [{ status: 429, retryAfter: '7' }];
    await c.deleteEvent('person:42', 'birthday');
    expect(waits).toEqual([7000]);
    expect(seen).toHaveLength(2);
    expect(retryAfterMs('Wed, 01 Jan 2031 00:00:10 GMT', Date.parse('2031-01-01T00:00:00Z'))).toBe(10_000);
    expect(retryAfterMs(null)).toBeNull();
  });

  it('gives up after the attempts, throwing the last answer', async () => {
    const { c, waits } = client({ attempts: 3 });
    faults = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }];
    await expect(c.getEvents({ source_ref: 'person:42', topic: 'birthday' })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('a network error on the last attempt is thrown as it is', async () => {
    const { c } = client({ attempts: 2 });
    faults = ['drop', 'drop'];
    await expect(c.getEvents({ source_ref: 'person:42', topic: 'birthday' })).rejects.toThrow(TypeError);
    expect(seen).toHaveLength(2);
  });

  it('a frame is never repeated (it would reach the streams twice); a user token is', async () => {
    const { c } = client();
    faults = [{ status: 503 }];
    await expect(c.postFrames({ type: 'ping', all: true })).rejects.toMatchObject({ status: 503 });
    faults = [{ status: 503 }];
    expect((await c.createUserToken('nikita')).token.split('.')).toHaveLength(3);
  });

  it('a notice without dedupe_key is not repeated (it could be written twice); with one it is', async () => {
    const { c, waits } = client();
    faults = [{ status: 503 }];
    await expect(c.postNotices({ recipients: ['ana'], title: 'Once' })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
    faults = ['drop'];
    const r = await c.postNotices([{ recipients: ['ana'], title: 'Safe', dedupe_key: 'job:9' }]);
    expect(r[0]).toMatchObject({ result: 'created' });
    expect(seen).toHaveLength(3);
  });
});
