// The recipient's side (SPEC B2, B3): the keyset feed, the unread count with
// every page, read / read-all / archive, the retention sweep, and the
// preferences grid.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noticeRetentionSweep } from '../../src/scheduler/notice-retention.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { feed, notice, post } from './notices-support.ts';

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
  await t.store.db.deleteFrom('preferences').execute();
  await t.store.db.deleteFrom('notice_topics').execute();
});

async function createMany(n: number, over: Record<string, unknown> = {}): Promise<number[]> {
  const res = await post(t, docs, { notices: Array.from({ length: n }, (_, i) => notice({ title: `n${i}`, ...over })) });
  expect(res.status).toBe(200);
  return res.body.notices.map((x: { id: number }) => x.id);
}

const ids = (body: { notices: Array<{ id: number }> }) => body.notices.map((n) => n.id);

describe('GET /me/notices: keyset pages', () => {
  it('newest first, ties broken by id; next_cursor until the end', async () => {
    const first = await createMany(3);
    t.clock.advance({ minutes: 1 });
    const second = await createMany(3);
    const page1 = await feed(t, 'ana', 'limit=4');
    expect(page1.status).toBe(200);
    expect(ids(page1.body)).toEqual([...second].reverse().concat(first[2]!));
    const page2 = await feed(t, 'ana', `limit=4&cursor=${page1.body.next_cursor}`);
    expect(ids(page2.body)).toEqual([first[1], first[0]]);
    expect(page2.body.next_cursor).toBeNull();
  });

  it('no repeats and no gaps while notices arrive between page reads', async () => {
    // 45 notices, some sharing a timestamp (one batch), some a minute apart.
    const original: number[] = [];
    for (let i = 0; i < 5; i++) {
      original.push(...(await createMany(9)));
      t.clock.advance({ minutes: 1 });
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let arrived = 0;
    do {
      const res = await feed(t, 'ana', `limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.next_cursor;
      // New notices between page reads: one at the same instant as the last page, one later.
      await createMany(2);
      t.clock.advance({ seconds: 1 });
      await createMany(1);
      arrived += 3;
    } while (cursor !== null);
    expect(arrived).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...original].reverse());
  });

  it('pages only the user’s own notices', async () => {
    await createMany(2, { recipients: ['bob'] });
    const mine = await createMany(1, { recipients: ['ana', 'cid'] });
    expect(ids((await feed(t, 'ana')).body)).toEqual(mine);
  });

  it('returns the whole row for the recipient', async () => {
    await post(t, docs, notice({ actor: 'bob', data: { doc: 7 }, claim: true, urgent: true }));
    const [n] = (await feed(t, 'ana')).body.notices;
    expect(n).toEqual({
      id: expect.any(Number),
      source: 'docs',
      source_ref: null,
      topic: 'mention',
      mode: 'create',
      title: 'Ana mentioned you',
      body: 'in "Q3 plan": can you check the numbers?',
      body_format: 'plain',
      body_html: null,
      deep_link: '/docs/7#c12',
      entity_label: null,
      data: { doc: 7 },
      actor: 'bob',
      urgent: true,
      group: null,
      claim: { claimed_by: null, claimed_at: null },
      read_at: null,
      archived_at: null,
      created_at: '2026-08-01T10:00:00.000Z',
      updated_at: '2026-08-01T10:00:00.000Z',
    });
  });

  it('a bad cursor or limit is a 422', async () => {
    expect((await feed(t, 'ana', 'cursor=garbage')).status).toBe(422);
    expect((await feed(t, 'ana', 'limit=0')).status).toBe(422);
    expect((await feed(t, 'ana', 'filter=starred')).status).toBe(422);
  });

  it('a cursor shaped like a timestamp but naming no real moment is a 422, not a 500', async () => {
    for (const at of ['2026-13-45 25:61:61+00', '2026-02-30 10:00:00+00', '2026-08-01 10:00:00+99', '0000-01-01 00:00:00+00']) {
      const cursor = Buffer.from(JSON.stringify([at, 1])).toString('base64url');
      const res = await feed(t, 'ana', `cursor=${cursor}`);
      expect(res.status).toBe(422);
      expect(res.body.error.field).toBe('cursor');
    }
  });
});

describe('GET /me/notices reads its user in its page’s statement (issue 28)', () => {
  const usersNamed = (login: string) => t.store.db.selectFrom('users').select('id').where('login', '=', login).execute();

  it('a login’s first page makes its user, as every signed-in request does', async () => {
    const res = await feed(t, 'newcomer');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ notices: [], next_cursor: null, unread: 0, unread_label: '' });
    expect(await usersNamed('newcomer')).toHaveLength(1);
    expect((await feed(t, 'newcomer')).body.unread).toBe(0);
  });

  it('an empty page still carries the unread count', async () => {
    await createMany(3);
    const res = await feed(t, 'ana', 'filter=archived');
    expect(res.body).toMatchObject({ notices: [], next_cursor: null, unread: 3, unread_label: '3' });
  });

  it('a refused page leaves no new user behind and tells its error in the user’s language', async () => {
    for (const query of ['cursor=garbage', 'limit=0']) {
      const res = await call(t, 'GET', `/me/notices?${query}`, { user: 'passer-by', headers: { 'accept-language': 'uk' } });
      expect(res.status).toBe(422);
      expect(res.body.error.text).toEqual(expect.any(String));
      expect(await usersNamed('passer-by')).toHaveLength(0);
    }
  });
});

describe('unread count with every page, capped at 100', () => {
  it('counts unread in the inbox; "99+" from 100', async () => {
    await createMany(99);
    let res = await feed(t, 'ana', 'limit=1');
    expect(res.body).toMatchObject({ unread: 99, unread_label: '99' });
    await createMany(150);
    res = await feed(t, 'ana', 'limit=1');
    expect(res.body).toMatchObject({ unread: 100, unread_label: '99+' });
    expect((await feed(t, 'nobody', 'limit=1')).body).toMatchObject({ unread: 0, unread_label: '' });
  });
});

describe('read, read-all, archive, filters', () => {
  it('read ids (only the user’s own), read-all', async () => {
    const [a, b, c] = await createMany(3, { recipients: ['ana', 'bob'] });
    const res = await call(t, 'POST', '/me/notices/read', { user: 'ana', body: { ids: [a, b, 999999] } });
    expect(res.body).toEqual({ changed: 2, unread: 1, unread_label: '1' });
    expect(ids((await feed(t, 'ana', 'filter=unread')).body)).toEqual([c]);
    expect((await feed(t, 'bob')).body.unread).toBe(3);
    expect((await call(t, 'POST', '/me/notices/read-all', { user: 'ana' })).body).toEqual({ changed: 1, unread: 0, unread_label: '' });
    expect((await feed(t, 'bob')).body.unread).toBe(3);
    const page = await feed(t, 'ana');
    expect(page.body.notices.every((n: { read_at: string | null }) => n.read_at === '2026-08-01T10:00:00.000Z')).toBe(true);
  });

  it('archive hides from the inbox and marks read; unarchive brings it back; filters', async () => {
    const [a, b, c] = await createMany(3);
    const res = await call(t, 'POST', '/me/notices/archive', { user: 'ana', body: { ids: [b] } });
    expect(res.body).toEqual({ changed: 1, unread: 2, unread_label: '2' });
    expect(ids((await feed(t, 'ana')).body)).toEqual([c, a]);
    expect(ids((await feed(t, 'ana', 'filter=archived')).body)).toEqual([b]);
    expect(ids((await feed(t, 'ana', 'filter=all')).body)).toEqual([c, b, a]);
    expect(ids((await feed(t, 'ana', 'filter=unread')).body)).toEqual([c, a]);
    await call(t, 'POST', '/me/notices/unarchive', { user: 'ana', body: { ids: [b] } });
    const back = await feed(t, 'ana');
    expect(ids(back.body)).toEqual([c, b, a]);
    expect(back.body.notices[1].read_at).not.toBeNull(); // archiving read it
  });

  it('ids must be a non-empty list of ids', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }]) {
      expect((await call(t, 'POST', '/me/notices/read', { user: 'ana', body })).status).toBe(422);
    }
  });
});

describe('retention sweep', () => {
  it('removes notices not updated for HADO_NOTICE_RETENTION_DAYS, with their recipients', async () => {
    const [old] = await createMany(1);
    const u = notice({ mode: 'upsert', source_ref: 'run:1', title: 'status' });
    const updated = (await post(t, docs, u)).body.notice.id;
    t.clock.advance({ hours: 20 * 24 });
    await post(t, docs, u); // updated since: it is kept
    const [recent] = await createMany(1);
    t.clock.advance({ hours: 10 * 24, seconds: 1 });
    expect(await noticeRetentionSweep(t.store.db, t.clock.now(), 30)).toBe(1);
    expect(ids((await feed(t, 'ana')).body)).toEqual([recent, updated]);
    const left = await t.store.db.selectFrom('notice_recipients').select('notice_id').where('notice_id', '=', old!).execute();
    expect(left).toEqual([]);
  });
});

describe('preferences grid', () => {
  it("GET: the (source, topic) pairs that concern the user × channel type, defaults on; no other source's topic", async () => {
    await post(t, docs, notice({ topic: 'mention' }));
    await post(t, runs, notice({ topic: 'finished', recipients: ['bob'] }));
    const res = await call(t, 'GET', '/me/preferences', { user: 'ana' });
    expect(res.body).toEqual({
      channels: ['web', 'telegram', 'webhook', 'push', 'mobile', 'email', 'slack'],
      rows: [
        {
          source: 'docs',
          topic: 'mention',
          label: 'mention',
          section: null,
          channels: { web: true, telegram: true, webhook: true, push: true, mobile: true, email: true, slack: true },
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('finished');
    const bob = await call(t, 'GET', '/me/preferences', { user: 'bob' });
    expect(bob.body.rows.map((r: { source: string; topic: string }) => `${r.source}/${r.topic}`)).toEqual(['runs/finished']);
  });

  it('PUT takes the whole grid: what is left out returns to the default', async () => {
    await post(t, docs, notice({ topic: 'mention' }));
    await post(t, runs, notice({ topic: 'finished' }));
    const put1 = await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: {
        rows: [
          { source: 'docs', topic: 'mention', channels: { telegram: false } },
          { source: 'runs', topic: 'finished', channels: { webhook: false, web: true } },
        ],
      },
    });
    expect(put1.status).toBe(200);
    expect(put1.body.rows).toEqual([
      {
        source: 'docs',
        topic: 'mention',
        label: 'mention',
        section: null,
        channels: { web: true, telegram: false, webhook: true, push: true, mobile: true, email: true, slack: true },
      },
      {
        source: 'runs',
        topic: 'finished',
        label: 'finished',
        section: null,
        channels: { web: true, telegram: true, webhook: false, push: true, mobile: true, email: true, slack: true },
      },
    ]);
    const put2 = await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'runs', topic: 'finished', channels: { telegram: false } }] },
    });
    expect(put2.body.rows).toEqual([
      {
        source: 'docs',
        topic: 'mention',
        label: 'mention',
        section: null,
        channels: { web: true, telegram: true, webhook: true, push: true, mobile: true, email: true, slack: true },
      },
      {
        source: 'runs',
        topic: 'finished',
        label: 'finished',
        section: null,
        channels: { web: true, telegram: false, webhook: true, push: true, mobile: true, email: true, slack: true },
      },
    ]);
    // Another user's grid is untouched.
    const bob = await call(t, 'GET', '/me/preferences', { user: 'bob' });
    expect(bob.body.rows.every((r: { channels: Record<string, boolean> }) => Object.values(r.channels).every(Boolean))).toBe(true);
  });

  it('a cell for a topic not seen yet is kept and shown', async () => {
    const res = await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'docs', topic: 'future', channels: { telegram: false } }] },
    });
    expect(res.body.rows).toEqual([
      {
        source: 'docs',
        topic: 'future',
        label: 'future',
        section: null,
        channels: { web: true, telegram: false, webhook: true, push: true, mobile: true, email: true, slack: true },
      },
    ]);
  });

  it('validation names the row and field; nothing changes', async () => {
    await call(t, 'PUT', '/me/preferences', { user: 'ana', body: { rows: [{ source: 'docs', topic: 'm', channels: { web: false } }] } });
    const cases: Array<[unknown, string]> = [
      [
        {
          rows: [
            { source: 'docs', topic: 'm', channels: {} },
            { source: 'nope', topic: 'm', channels: {} },
          ],
        },
        'rows[1].source',
      ],
      [
        {
          rows: [
            { source: 'docs', topic: 'm', channels: {} },
            { source: 'docs', topic: 'm', channels: {} },
          ],
        },
        'rows[1].topic',
      ],
      [{ rows: [{ source: 'docs', topic: 'm', channels: { fax: true } }] }, 'fax'],
      [{ rows: [{ source: 'docs', topic: 'm', channels: { web: 'yes' } }] }, 'web'],
      [{}, 'rows'],
    ];
    for (const [body, mention] of cases) {
      const res = await call(t, 'PUT', '/me/preferences', { user: 'ana', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.message).toContain(mention);
    }
    const grid = await call(t, 'GET', '/me/preferences', { user: 'ana' });
    expect(grid.body.rows).toEqual([
      {
        source: 'docs',
        topic: 'm',
        label: 'm',
        section: null,
        channels: { web: false, telegram: true, webhook: true, push: true, mobile: true, email: true, slack: true },
      },
    ]);
  });
});
