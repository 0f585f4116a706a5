// A source's view of its notices (issue 24 point 6) through HTTP: the list
// by keyset (only the caller's notices, by source_ref and topic), one notice
// with each recipient's read state and each delivery's state and reason, and
// DELETE /api/notices by ids or by (source_ref, topic): the notice leaves the
// feed, its pending deliveries are cancelled, and one `notice_removed`
// NOTIFY names the source, the ids and the recipients.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '../../src/db/notify.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { eventually, feed, notice, post } from './notices-support.ts';

let t: TestApp;
let docs: string;
let runs: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  docs = await createSource(t, 'docs');
  runs = await createSource(t, 'runs');
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-08-01T10:00:00Z');
  await t.store.db.deleteFrom('notices').execute();
});

const write = async (token: string, over: Record<string, unknown>): Promise<number> => {
  const res = await post(t, token, notice(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.notice.id;
};
const list = (token: string, query = '') => call(t, 'GET', `/api/notices${query ? `?${query}` : ''}`, { token });
const withdraw = (token: string, body: unknown) => call(t, 'DELETE', '/api/notices', { token, body });

/** Collects the `notice_removed` messages of the live NOTIFY channel, on either backend. */
async function listenRemoved(): Promise<{ got: Array<{ u: number[]; d: { s: number; ids: number[] } }>; stop(): Promise<void> }> {
  const got: Array<{ u: number[]; d: { s: number; ids: number[] } }> = [];
  const take = (p: string) => {
    const m = JSON.parse(p);
    if (m.k === 'notice_removed') got.push({ u: m.u, d: m.d });
  };
  if (t.store.pglite) return { got, stop: await t.store.pglite.listen(LIVE_CHANNEL, take) };
  const client = new pg.Client({ connectionString: t.store.url! });
  await client.connect();
  client.on('notification', (m) => m.channel === LIVE_CHANNEL && m.payload && take(m.payload));
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  return { got, stop: () => client.end() };
}

describe('GET /api/notices', () => {
  it('401 without a token; lists only the calling source, newest first, paged by keyset', async () => {
    expect((await call(t, 'GET', '/api/notices')).status).toBe(401);
    const mine: number[] = [];
    for (let i = 0; i < 5; i++) mine.push(await write(docs, { title: `Doc ${i}` }));
    await write(runs, { title: 'Run finished' });
    const first = await list(docs, 'limit=2');
    expect(first.status).toBe(200);
    expect(first.body.notices.map((n: { id: number }) => n.id)).toEqual([mine[4], mine[3]]);
    const second = await list(docs, `limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.notices.map((n: { id: number }) => n.id)).toEqual([mine[2], mine[1]]);
    const third = await list(docs, `limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body.notices.map((n: { id: number }) => n.id)).toEqual([mine[0]]);
    expect(third.body.next_cursor).toBeNull();
    // A notice written meanwhile lands above the first page: pages neither repeat nor skip.
    await write(docs, { title: 'Newer' });
    expect((await list(docs, `limit=2&cursor=${first.body.next_cursor}`)).body.notices.map((n: { id: number }) => n.id)).toEqual([mine[2], mine[1]]);
    expect((await list(docs, 'cursor=abc')).status).toBe(422);
  });

  it('filters by source_ref and topic', async () => {
    const a = await write(docs, { mode: 'upsert', source_ref: 'doc:1', topic: 'mention' });
    const b = await write(docs, { mode: 'upsert', source_ref: 'doc:1', topic: 'comment' });
    await write(docs, { mode: 'upsert', source_ref: 'doc:2', topic: 'mention' });
    const ids = async (q: string) => (await list(docs, q)).body.notices.map((n: { id: number }) => n.id);
    expect(await ids('source_ref=doc:1')).toEqual([b, a]);
    expect(await ids('source_ref=doc:1&topic=mention')).toEqual([a]);
    expect((await list(docs, 'source_ref=doc:1&topic=mention')).body.notices[0]).toMatchObject({
      source_ref: 'doc:1',
      topic: 'mention',
      mode: 'upsert',
      body_format: 'plain',
      recipient_count: 1,
      read_count: 0,
      push: 1,
    });
  });
});

describe('GET /api/notices/{id}', () => {
  it("each recipient's read state and each delivery's state and reason; another source's notice is a 404", async () => {
    const id = await write(docs, { recipients: ['ana', 'bob'] });
    expect((await call(t, 'POST', '/me/notices/read', { user: 'ana', body: { ids: [id] } })).status).toBe(200);
    // A failed delivery as the worker leaves it: the source sees its state and reason.
    const channel = await t.store.db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .select('channels.id')
      .where('users.login', '=', 'bob')
      .where('channels.type', '=', 'web')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO deliveries (notice_id, push_seq, channel_id, window_start, action_token_hash, result, error, attempts, created_at)
      VALUES (${id}, 1, ${channel.id}, ${'2026-08-01T10:00:00Z'}, ${'h'.repeat(64)}, 'failed', 'webhook answered 410', 3, ${'2026-08-01T10:00:00Z'})`.execute(
      t.store.db,
    );
    const res = await call(t, 'GET', `/api/notices/${id}`, { token: docs });
    expect(res.status).toBe(200);
    expect(res.body.notice).toMatchObject({ id, recipient_count: 2, read_count: 1 });
    expect(res.body.recipients).toEqual([
      { login: 'ana', read_at: '2026-08-01T10:00:00.000Z', archived_at: null, created_at: '2026-08-01T10:00:00.000Z' },
      { login: 'bob', read_at: null, archived_at: null, created_at: '2026-08-01T10:00:00.000Z' },
    ]);
    expect(res.body.deliveries).toEqual([
      expect.objectContaining({ recipient: 'bob', channel: 'web', push: 1, state: 'failed', reason: 'webhook answered 410', attempts: 3 }),
    ]);
    expect((await call(t, 'GET', `/api/notices/${id}`, { token: runs })).status).toBe(404);
    expect((await call(t, 'GET', '/api/notices/999999', { token: docs })).status).toBe(404);
  });
});

describe('DELETE /api/notices', () => {
  it('by ids: gone from the feeds, pending deliveries cancelled, one notice_removed NOTIFY; foreign ids skipped', async () => {
    const id = await write(docs, { recipients: ['ana', 'bob'] });
    const other = await write(runs, { recipients: ['ana'] });
    const channel = await t.store.db.selectFrom('channels').select('id').where('type', '=', 'web').limit(1).executeTakeFirstOrThrow();
    await sql`INSERT INTO deliveries (notice_id, push_seq, channel_id, window_start, action_token_hash, result, created_at)
      VALUES (${id}, 1, ${channel.id}, ${'2026-08-01T10:00:00Z'}, ${'p'.repeat(64)}, 'pending', ${'2026-08-01T10:00:00Z'})`.execute(t.store.db);
    expect((await feed(t, 'ana')).body.unread).toBe(2);
    const live = await listenRemoved();
    try {
      const res = await withdraw(docs, { ids: [id, other] });
      expect(res.status).toBe(200);
      // The pending delivery, and the two pushes still waiting for ana's and bob's channels.
      expect(res.body).toEqual({ withdrawn: [id], cancelled_deliveries: 3, edited_messages: 0 });
      const ana = await feed(t, 'ana');
      expect(ana.body.notices.map((n: { id: number }) => n.id)).toEqual([other]);
      expect(ana.body.unread).toBe(1);
      expect((await feed(t, 'bob')).body.notices).toEqual([]);
      expect(await t.store.db.selectFrom('deliveries').select('id').where('notice_id', '=', id).execute()).toEqual([]);
      expect((await call(t, 'GET', `/api/notices/${id}`, { token: docs })).status).toBe(404);
      const users = await t.store.db.selectFrom('users').select(['id', 'login']).where('login', 'in', ['ana', 'bob']).execute();
      const sourceId = (await t.store.db.selectFrom('sources').select('id').where('name', '=', 'docs').executeTakeFirstOrThrow()).id;
      await eventually(() => expect(live.got).toHaveLength(1));
      expect(live.got[0]!.d).toEqual({ s: Number(sourceId), ids: [id] });
      expect([...live.got[0]!.u].sort()).toEqual(users.map((u) => Number(u.id)).sort());
      // Nothing left to withdraw: no NOTIFY, an empty answer.
      expect((await withdraw(docs, { ids: [id] })).body).toEqual({ withdrawn: [], cancelled_deliveries: 0, edited_messages: 0 });
      await new Promise((r) => setTimeout(r, 50));
      expect(live.got).toHaveLength(1);
    } finally {
      await live.stop();
    }
  });

  it('by (source_ref, topic): every notice of that object and kind, and only those', async () => {
    const g1 = await write(docs, { mode: 'group', source_ref: 'job:9', topic: 'request', group: { window_minutes: 1 } });
    t.clock.set('2026-08-01T10:05:00Z');
    const g2 = await write(docs, { mode: 'group', source_ref: 'job:9', topic: 'request', group: { window_minutes: 1 } });
    const keep = await write(docs, { mode: 'upsert', source_ref: 'job:9', topic: 'status' });
    const res = await withdraw(docs, { source_ref: 'job:9', topic: 'request' });
    expect(res.status).toBe(200);
    expect(res.body.withdrawn).toEqual([g1, g2]);
    expect((await list(docs)).body.notices.map((n: { id: number }) => n.id)).toEqual([keep]);
    // The topic defaults to "", as on POST.
    const plain = await write(docs, { mode: 'upsert', source_ref: 'job:9', topic: undefined });
    expect((await withdraw(docs, { source_ref: 'job:9' })).body.withdrawn).toEqual([plain]);
  });

  it('refuses a body that names neither ids nor a source_ref', async () => {
    for (const body of [{}, { ids: [] }, { topic: 'x' }, { ids: [1], source_ref: 'a' }, { ids: [2 ** 63] }]) {
      expect((await withdraw(docs, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(t, 'DELETE', '/api/notices', { body: { ids: [1] } })).status).toBe(401);
  });
});
