// POST /api/notices (SPEC B1) through HTTP: the three modes and every rule
// of each, dedupe_key, the one-time claim, whole-batch validation, and one
// NOTIFY with ids per write batch.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { eventually, feed, listenNotices, notice, post } from './notices-support.ts';

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

const noticeRow = (id: number) => t.store.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const count = async (table: 'notices' | 'notice_recipients' | 'notice_keys') =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.store.db)).rows[0]!.n);
const readState = async (id: number) =>
  (
    await t.store.db
      .selectFrom('notice_recipients')
      .innerJoin('users', 'users.id', 'notice_recipients.user_id')
      .select(['users.login', 'read_at', 'archived_at'])
      .where('notice_id', '=', id)
      .orderBy('users.login')
      .execute()
  ).map((r) => ({ login: r.login, read: r.read_at !== null, archived: r.archived_at !== null }));
const read = (user: string, ids: number[]) => call(t, 'POST', '/me/notices/read', { user, body: { ids } });

describe('authentication and validation', () => {
  it('401 without or with a foreign token', async () => {
    expect((await call(t, 'POST', '/api/notices', { body: notice() })).status).toBe(401);
    expect((await post(t, 'hado_nope', notice())).status).toBe(401);
  });

  it('one bad record rejects the whole batch, naming index and field; nothing is written', async () => {
    const cases: Array<[unknown[], number, string]> = [
      [[notice(), notice({ title: undefined })], 1, 'title'],
      [[notice(), notice(), notice({ title: '   ' })], 2, 'title'],
      [[notice({ mode: 'upsert' })], 0, 'source_ref'],
      [[notice(), notice({ mode: 'group', recipients: ['ana'] })], 1, 'source_ref'],
      [[notice({ recipients: [] })], 0, 'recipients'],
      [[notice({ recipients: ['no spaces'] })], 0, 'recipients.0'],
      [[notice({ deep_link: 'javascript:alert(1)' })], 0, 'deep_link'],
      [[notice(), notice({ colour: 'red' })], 1, 'colour'],
      [[notice({ group: { step: 2 } })], 0, 'group'],
      [[notice({ mode: 'group', source_ref: 'x', group: { step: 0 } })], 0, 'group.step'],
      [[notice({ channels: ['web', 'fax'] })], 0, 'channels.1'],
      [[notice({ data: { blob: 'x'.repeat(20_000) } })], 0, 'data'],
    ];
    for (const [batch, index, field] of cases) {
      const res = await post(t, docs, { notices: batch });
      expect(res.status, JSON.stringify(batch)).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'invalid', index, field });
      expect(res.body.error.message).toContain(`notices[${index}].`);
    }
    expect(await count('notices')).toBe(0);
  });

  it('a group with no recipients and no open group is a 422 for the whole batch', async () => {
    const res = await post(t, docs, { notices: [notice(), notice({ mode: 'group', source_ref: 'x', recipients: [] })] });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ index: 1, field: 'recipients' });
    expect(await count('notices')).toBe(0);
  });

  it('at most 500 per batch', async () => {
    const res = await post(t, docs, { notices: Array.from({ length: 501 }, () => notice()) });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('notices: at most 500 per batch');
  });
});

describe('create', () => {
  it('a single notice: created, recipients auto-created with their web channel', async () => {
    const res = await post(t, docs, notice({ recipients: ['ana', 'newbie'], actor: 'bob', data: { doc: 7 } }));
    expect(res.status).toBe(200);
    expect(res.body.notice).toMatchObject({ id: expect.any(Number), result: 'created', mode: 'create', recipients: ['ana', 'newbie'] });
    const user = await t.store.db.selectFrom('users').select(['id', 'tz']).where('login', '=', 'newbie').executeTakeFirstOrThrow();
    expect(user.tz).toBe('Europe/Madrid');
    const web = await t.store.db.selectFrom('channels').select('type').where('user_id', '=', user.id).execute();
    expect(web).toEqual([{ type: 'web' }]);
    const row = await noticeRow(res.body.notice.id);
    expect(row).toMatchObject({ title: 'Ana mentioned you', actor: 'bob', data: { doc: 7 }, topic: 'mention', urgent: false });
  });

  it('always a new notice: no dedupe without a key, batch results in input order', async () => {
    const res = await post(t, docs, { notices: [notice({ title: 'a' }), notice({ title: 'b' }), notice({ title: 'a' })] });
    expect(res.body.notices.map((n: { title: string; result: string }) => [n.title, n.result])).toEqual([
      ['a', 'created'],
      ['b', 'created'],
      ['a', 'created'],
    ]);
    expect(new Set(res.body.notices.map((n: { id: number }) => n.id)).size).toBe(3);
  });
});

describe('upsert: one live notice per (source, source_ref, topic)', () => {
  const up = (over: Record<string, unknown> = {}) =>
    notice({ mode: 'upsert', source_ref: 'run:9', topic: 'status', title: 'Run 9 running', recipients: ['ana', 'bob'], ...over });

  it('updates text, data and recipients in place', async () => {
    const a = await post(t, runs, up({ data: { step: 1, keep: true } }));
    const b = await post(t, runs, up({ title: 'Run 9 failed', body: 'step 3', data: { step: 3 }, recipients: ['bob', 'cid'] }));
    expect(b.body.notice).toMatchObject({ id: a.body.notice.id, result: 'updated', title: 'Run 9 failed', recipients: ['bob', 'cid'] });
    expect(await count('notices')).toBe(1);
    const row = await noticeRow(a.body.notice.id);
    expect(row).toMatchObject({ title: 'Run 9 failed', body: 'step 3', data: { step: 3 }, push_seq: 2 });
    expect((await readState(row.id)).map((r) => r.login)).toEqual(['bob', 'cid']);
  });

  it('resets the read state for every recipient (its meaning changed)', async () => {
    const a = await post(t, runs, up());
    await read('ana', [a.body.notice.id]);
    await call(t, 'POST', '/me/notices/archive', { user: 'bob', body: { ids: [a.body.notice.id] } });
    expect(await readState(a.body.notice.id)).toEqual([
      { login: 'ana', read: true, archived: false },
      { login: 'bob', read: true, archived: true },
    ]);
    await post(t, runs, up({ title: 'Run 9 done' }));
    expect(await readState(a.body.notice.id)).toEqual([
      { login: 'ana', read: false, archived: false },
      { login: 'bob', read: false, archived: false },
    ]);
  });

  it('topic and channels are fixed at creation; another topic is another notice', async () => {
    const a = await post(t, runs, up({ channels: ['web', 'telegram'] }));
    await post(t, runs, up({ channels: ['webhook'], title: 'changed' }));
    expect((await noticeRow(a.body.notice.id)).channels).toEqual(['web', 'telegram']);
    const other = await post(t, runs, up({ topic: 'log' }));
    expect(other.body.notice.result).toBe('created');
    expect(other.body.notice.id).not.toBe(a.body.notice.id);
  });

  it('the same object of another source is another notice', async () => {
    const a = await post(t, runs, up());
    const b = await post(t, docs, up());
    expect(b.body.notice.result).toBe('created');
    expect(b.body.notice.id).not.toBe(a.body.notice.id);
  });
});

describe('group: a stream of events about one object folds into one notice', () => {
  const g = (over: Record<string, unknown> = {}, group: Record<string, unknown> = {}) =>
    notice({
      mode: 'group',
      source_ref: 'queue:requests',
      topic: 'request',
      title: `request #${String(over.n ?? 1)}`,
      recipients: ['ana'],
      group: { template: 'New requests', messages: [`request #${String(over.n ?? 1)}`], ...group },
      ...Object.fromEntries(Object.entries(over).filter(([k]) => k !== 'n')),
    });

  it('counts, rebuilds the title from the template, keeps the last 10 messages', async () => {
    const first = await post(t, docs, g({ n: 1 }));
    expect(first.body.notice).toMatchObject({ result: 'created', count: 1, title: 'request #1' });
    let last = first;
    for (let n = 2; n <= 12; n++) {
      t.clock.advance({ minutes: 1 });
      last = await post(t, docs, g({ n }));
    }
    expect(last.body.notice).toMatchObject({ id: first.body.notice.id, result: 'grouped', count: 12, title: 'New requests (12): request #12' });
    const row = await noticeRow(first.body.notice.id);
    expect(row.group_count).toBe(12);
    expect(row.group_messages).toEqual(Array.from({ length: 10 }, (_, i) => `request #${i + 3}`));
    expect(await count('notices')).toBe(1);
  });

  it('the counter step and a title without a template', async () => {
    const a = await post(t, docs, g({ title: '3 requests' }, { step: 3, template: undefined }));
    const b = await post(t, docs, g({ title: '2 more requests' }, { step: 2, template: undefined }));
    expect(a.body.notice.count).toBe(3);
    expect(b.body.notice).toMatchObject({ count: 5, title: '2 more requests' });
  });

  it('the window slides from the last update (default 30 min); after a longer pause a new group starts', async () => {
    const a = await post(t, docs, g({ n: 1 }));
    for (let n = 2; n <= 7; n++) {
      t.clock.advance({ minutes: 29 }); // 2.5 hours in all, never a 30-minute gap
      expect((await post(t, docs, g({ n }))).body.notice.id).toBe(a.body.notice.id);
    }
    t.clock.advance({ minutes: 30, seconds: 1 });
    const b = await post(t, docs, g({ n: 8 }));
    expect(b.body.notice).toMatchObject({ result: 'created', count: 1 });
    expect(b.body.notice.id).not.toBe(a.body.notice.id);
  });

  it('the window is settable per call', async () => {
    const a = await post(t, docs, g({ n: 1 }));
    t.clock.advance({ minutes: 45 });
    const b = await post(t, docs, g({ n: 2 }, { window_minutes: 60 }));
    expect(b.body.notice).toMatchObject({ id: a.body.notice.id, result: 'grouped' });
    t.clock.advance({ minutes: 6 });
    const c = await post(t, docs, g({ n: 3 }, { window_minutes: 5 }));
    expect(c.body.notice.result).toBe('created');
  });

  it('merges data; replaces recipients only with a non-empty list', async () => {
    const a = await post(t, docs, g({ data: { a: 1, b: 1 }, recipients: ['ana', 'bob'] }));
    await post(t, docs, g({ data: { b: 2 }, recipients: [] }));
    expect(await readState(a.body.notice.id)).toHaveLength(2);
    const c = await post(t, docs, g({ data: { c: 3 }, recipients: ['cid'] }));
    expect(c.body.notice.recipients).toEqual(['cid']);
    expect((await noticeRow(a.body.notice.id)).data).toEqual({ a: 1, b: 2, c: 3 });
    expect((await readState(a.body.notice.id)).map((r) => r.login)).toEqual(['cid']);
  });

  it('a regroup resets the read state', async () => {
    const a = await post(t, docs, g({ recipients: ['ana', 'bob'] }));
    await read('ana', [a.body.notice.id]);
    await read('bob', [a.body.notice.id]);
    await post(t, docs, g({ n: 2 }));
    expect((await readState(a.body.notice.id)).every((r) => !r.read)).toBe(true);
    expect((await feed(t, 'ana')).body.unread).toBe(1);
  });

  it('a one-time regroup resets the claim', async () => {
    const a = await post(t, docs, g({ claim: true, recipients: ['ana', 'bob'] }));
    const id = a.body.notice.id;
    expect((await call(t, 'POST', `/me/notices/${id}/claim`, { user: 'ana' })).status).toBe(200);
    await post(t, docs, g({ n: 2, recipients: [] })); // not one-time: the claim stays
    expect((await noticeRow(id)).claimed_by).not.toBeNull();
    await post(t, docs, g({ n: 3, claim: true, recipients: [] }));
    expect((await noticeRow(id)).claimed_by).toBeNull();
    expect((await call(t, 'POST', `/me/notices/${id}/claim`, { user: 'bob' })).status).toBe(200);
  });

  it('a regroup re-pushes at most once per 30 s (one NOTIFY per batch, ids only)', async () => {
    const listener = await listenNotices(t.store);
    try {
      const a = await post(t, docs, g({ n: 1 }));
      const id = a.body.notice.id;
      await eventually(() => expect(listener.payloads.map((m) => m.d)).toEqual([[id]]));
      t.clock.advance({ seconds: 10 });
      await post(t, docs, g({ n: 2 })); // 10 s after the push: no re-push
      t.clock.advance({ seconds: 19 });
      await post(t, docs, g({ n: 3 })); // 29 s: still none
      expect((await noticeRow(id)).push_seq).toBe(1);
      t.clock.advance({ seconds: 1 });
      await post(t, docs, g({ n: 4 })); // 30 s: re-push
      await eventually(() => expect(listener.payloads.map((m) => m.d)).toEqual([[id], [id]]));
      const row = await noticeRow(id);
      expect(row).toMatchObject({ push_seq: 2, group_count: 4, title: 'New requests (4): request #4' });
      expect(row.last_pushed_at.toISOString()).toBe('2026-08-01T10:00:30.000Z');
    } finally {
      await listener.stop();
    }
  });

  it('different topics about one object are different groups', async () => {
    const a = await post(t, docs, g({ n: 1 }));
    const b = await post(t, docs, g({ n: 2, topic: 'other' }));
    expect(b.body.notice.result).toBe('created');
    expect(b.body.notice.id).not.toBe(a.body.notice.id);
  });

  it('two calls for one group in one batch fold in order', async () => {
    const res = await post(t, docs, { notices: [g({ n: 1 }), g({ n: 2 }), g({ n: 3 })] });
    expect(res.body.notices.map((n: { result: string; count: number }) => [n.result, n.count])).toEqual([
      ['created', 1],
      ['grouped', 2],
      ['grouped', 3],
    ]);
  });
});

describe('live: one NOTIFY per write batch, ids only', () => {
  it('a batch of creates, an upsert and a group makes one message naming the notices and their recipients', async () => {
    const listener = await listenNotices(t.store);
    try {
      const res = await post(t, docs, {
        notices: [
          notice({ recipients: ['ana'] }),
          notice({ recipients: ['bob', 'cid'] }),
          notice({ mode: 'upsert', source_ref: 'u', recipients: ['ana'] }),
          notice({ mode: 'group', source_ref: 'g', recipients: ['dan'] }),
          notice({ mode: 'group', source_ref: 'g', recipients: [] }), // folded, no re-push within 30 s
        ],
      });
      const ids = res.body.notices.map((n: { id: number }) => n.id);
      const users = await t.store.db.selectFrom('users').select(['id', 'login']).where('login', 'in', ['ana', 'bob', 'cid', 'dan']).execute();
      await eventually(() => expect(listener.payloads).toHaveLength(1));
      expect([...listener.payloads[0]!.d].sort()).toEqual([...new Set(ids)].sort());
      expect([...listener.payloads[0]!.u].sort()).toEqual(users.map((u) => u.id).sort());
    } finally {
      await listener.stop();
    }
  });
});

describe('dedupe_key: a repeat returns the existing notice and changes nothing', () => {
  it('create: redelivery is a no-op', async () => {
    const a = await post(t, docs, notice({ dedupe_key: 'comment:12:mention:ana' }));
    const b = await post(t, docs, notice({ dedupe_key: 'comment:12:mention:ana', title: 'different text' }));
    expect(b.body.notice).toMatchObject({ id: a.body.notice.id, result: 'duplicate', title: 'Ana mentioned you' });
    expect(await count('notices')).toBe(1);
  });

  it('group: a redelivered event does not count twice', async () => {
    const g = (key: string) => notice({ mode: 'group', source_ref: 'q', dedupe_key: key, group: { template: 'Requests' } });
    await post(t, docs, g('req:1'));
    await post(t, docs, g('req:2'));
    const again = await post(t, docs, g('req:2'));
    expect(again.body.notice).toMatchObject({ result: 'duplicate', count: 2 });
    expect((await post(t, docs, g('req:3'))).body.notice.count).toBe(3);
  });

  it('upsert: a redelivered update does not reset read state again', async () => {
    const u = (key: string, title: string) => notice({ mode: 'upsert', source_ref: 'r', dedupe_key: key, title });
    const a = await post(t, docs, u('v1', 'one'));
    await post(t, docs, u('v2', 'two'));
    await read('ana', [a.body.notice.id]);
    const again = await post(t, docs, u('v2', 'two'));
    expect(again.body.notice.result).toBe('duplicate');
    expect(await readState(a.body.notice.id)).toEqual([{ login: 'ana', read: true, archived: false }]);
  });

  it('the key is per source; a repeat inside one batch is a duplicate of the first', async () => {
    const a = await post(t, docs, notice({ dedupe_key: 'k' }));
    const b = await post(t, runs, notice({ dedupe_key: 'k' }));
    expect(b.body.notice.result).toBe('created');
    expect(b.body.notice.id).not.toBe(a.body.notice.id);
    const batch = await post(t, runs, { notices: [notice({ dedupe_key: 'k2' }), notice({ dedupe_key: 'k2', title: 'x' })] });
    expect(batch.body.notices.map((n: { result: string }) => n.result)).toEqual(['created', 'duplicate']);
    expect(batch.body.notices[1].id).toBe(batch.body.notices[0].id);
  });

  it('a duplicate pushes nothing', async () => {
    await post(t, docs, notice({ dedupe_key: 'quiet' }));
    const listener = await listenNotices(t.store);
    try {
      await post(t, docs, notice({ dedupe_key: 'quiet' }));
      const marker = await post(t, docs, notice());
      await eventually(() => expect(listener.payloads.map((m) => m.d)).toEqual([[marker.body.notice.id]]));
    } finally {
      await listener.stop();
    }
  });
});

describe('claim: the first recipient wins', () => {
  it('first wins, others get 409 naming who has it, the holder may repeat', async () => {
    const a = await post(t, docs, notice({ recipients: ['ana', 'bob'], claim: true }));
    const id = a.body.notice.id;
    const won = await call(t, 'POST', `/me/notices/${id}/claim`, { user: 'bob' });
    expect(won.status).toBe(200);
    expect(won.body.notice.claim).toEqual({ claimed_by: 'bob', claimed_at: '2026-08-01T10:00:00.000Z' });
    expect(won.body.notice.read_at).not.toBeNull();
    const lost = await call(t, 'POST', `/me/notices/${id}/claim`, { user: 'ana' });
    expect(lost.status).toBe(409);
    expect(lost.body.error.message).toContain('already claimed by bob');
    expect((await call(t, 'POST', `/me/notices/${id}/claim`, { user: 'bob' })).status).toBe(200);
  });

  it('not a recipient → 404; not one-time → 409', async () => {
    const a = await post(t, docs, notice({ claim: true }));
    expect((await call(t, 'POST', `/me/notices/${a.body.notice.id}/claim`, { user: 'eve' })).status).toBe(404);
    const b = await post(t, docs, notice());
    const res = await call(t, 'POST', `/me/notices/${b.body.notice.id}/claim`, { user: 'ana' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('not claimable');
  });

  it('concurrent claims: exactly one wins', async () => {
    const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
    const a = await post(t, docs, notice({ recipients: users, claim: true }));
    const res = await Promise.all(users.map((user) => call(t, 'POST', `/me/notices/${a.body.notice.id}/claim`, { user })));
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    expect(res.filter((r) => r.status === 409)).toHaveLength(4);
  });
});
