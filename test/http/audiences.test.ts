// Audiences (issue 24) over real HTTP: /api/audiences/{name} PUT, PATCH,
// GET (keyset pages) and DELETE under the provision capability, names with a
// slash sent encoded and literally, 422s naming members[i], and notices
// addressed to an audience — its members at write time, narrowed by
// `recipients` (the job system's intersection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let base: string;
let jobs: string;
let other: string;
let plain: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  jobs = await createSource(t, 'jobs', ['provision']);
  other = await createSource(t, 'crm', ['provision']);
  plain = await createSource(t, 'plain');
});
afterAll(() => t.close());

async function http(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON in a test
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

const STAFF = '/api/audiences/company-42%2Fstaff';

/** Every member, page after page. */
async function allMembers(path: string, token: string, limit: number): Promise<{ members: string[]; pages: number }> {
  const members: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await http('GET', `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(res.status).toBe(200);
    members.push(...res.body.members);
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor !== null);
  return { members, pages };
}

describe('/api/audiences/{name}', () => {
  it('a source without provision gets a 403 naming it, on every method', async () => {
    for (const [method, body] of [
      ['PUT', { members: ['ana'] }],
      ['PATCH', { add: ['ana'] }],
      ['GET', undefined],
      ['DELETE', undefined],
    ] as const) {
      const res = await http(method, STAFF, plain, body);
      expect(res.status, method).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', capability: 'provision' });
      expect(res.body.error.message).toMatch(/hado source:grant plain provision/);
    }
  });

  it('PUT makes it (unknown logins become users), and replaces the whole set', async () => {
    const made = await http('PUT', STAFF, jobs, { members: ['ana', 'boris', 'olena', 'ana'] });
    expect(made).toMatchObject({ status: 200, body: { name: 'company-42/staff', created: true, count: 3, added: 3, removed: 0 } });
    const users = await t.store.db.selectFrom('users').select('login').where('login', 'in', ['ana', 'boris', 'olena']).execute();
    expect(users).toHaveLength(3);
    const again = await http('PUT', STAFF, jobs, { members: ['ana', 'dmytro'] });
    expect(again.body).toEqual({ name: 'company-42/staff', created: false, count: 2, added: 1, removed: 2 });
    expect((await allMembers(STAFF, jobs, 10)).members.sort()).toEqual(['ana', 'dmytro']);
  });

  it('a literal slash in the path names the same audience', async () => {
    const res = await http('GET', '/api/audiences/company-42/staff', jobs);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'company-42/staff', count: 2 });
  });

  it('PATCH adds and removes; a 404 for an audience never made', async () => {
    const res = await http('PATCH', '/api/audiences/company-42/staff', jobs, { add: ['boris', 'olena'], remove: ['dmytro'] });
    expect(res.body).toEqual({ name: 'company-42/staff', created: false, count: 3, added: 2, removed: 1 });
    expect((await allMembers(STAFF, jobs, 2)).members.sort()).toEqual(['ana', 'boris', 'olena']);
    const missing = await http('PATCH', '/api/audiences/company-42%2Fnobody', jobs, { add: ['ana'] });
    expect(missing.status).toBe(404);
  });

  it('names are per source', async () => {
    expect((await http('GET', STAFF, other)).status).toBe(404);
    expect((await http('PUT', STAFF, other, { members: ['zoe'] })).body.created).toBe(true);
    expect((await allMembers(STAFF, other, 10)).members).toEqual(['zoe']);
    expect((await allMembers(STAFF, jobs, 10)).members.sort()).toEqual(['ana', 'boris', 'olena']);
  });

  it.each([
    ['a bad login', { members: ['ana', 'a b'] }, 'members[1]', 1],
    ['a number', { members: ['ana', 'boris', 7] }, 'members[2]', 2],
    ['no array', { members: 'ana' }, 'members', undefined],
    ['an unknown field', { members: [], owner: 'x' }, 'owner', undefined],
  ])('PUT with %s → 422 naming %s, nothing written', async (_, body, field, index) => {
    const res = await http('PUT', '/api/audiences/bad-one', jobs, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', field, ...(index === undefined ? {} : { index }) });
    expect((await http('GET', '/api/audiences/bad-one', jobs)).status).toBe(404);
  });

  it('PATCH naming a login in add and remove, or a bad one → 422 naming it', async () => {
    expect((await http('PATCH', STAFF, jobs, { add: ['x', 'ana'], remove: ['ana'] })).body.error).toMatchObject({ field: 'add[1]', index: 1 });
    expect((await http('PATCH', STAFF, jobs, { remove: ['ok', '**'] })).body.error).toMatchObject({ field: 'remove[1]', index: 1 });
  });

  it('more than 100,000 members → 422 naming members', async () => {
    const members = Array.from({ length: 100_001 }, (_, i) => `m${i}`);
    const res = await http('PUT', '/api/audiences/huge', jobs, { members });
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('members');
  });

  it('a bad name, cursor or limit → 422 naming it', async () => {
    expect((await http('GET', '/api/audiences/a%2F%2Fb', jobs)).body.error.field).toBe('name');
    expect((await http('GET', '/api/audiences/a//b', jobs)).status).toBe(422);
    expect((await http('GET', `${STAFF}?cursor=nonsense`, jobs)).body.error.field).toBe('cursor');
    expect((await http('GET', `${STAFF}?limit=0`, jobs)).status).toBe(422);
  });

  it('pages by keyset: 2,500 members in pages of 1,000, each once', async () => {
    const members = Array.from({ length: 2500 }, (_, i) => `p${String(i).padStart(4, '0')}`);
    expect((await http('PUT', '/api/audiences/big', jobs, { members })).body).toMatchObject({ count: 2500, added: 2500 });
    const { members: read, pages } = await allMembers('/api/audiences/big', jobs, 1000);
    expect(pages).toBe(3);
    expect(read.sort()).toEqual(members);
  });

  it('DELETE removes it (the users stay); a second DELETE is a 404', async () => {
    expect((await http('DELETE', '/api/audiences/big', jobs)).status).toBe(204);
    expect((await http('GET', '/api/audiences/big', jobs)).status).toBe(404);
    expect((await http('DELETE', '/api/audiences/big', jobs)).status).toBe(404);
    expect(await t.store.db.selectFrom('users').select('id').where('login', '=', 'p0001').executeTakeFirst()).toBeDefined();
  });
});

describe('a notice to an audience', () => {
  const notice = (over: Record<string, unknown>) => http('POST', '/api/notices', jobs, { topic: 'vacancy', title: 'New applicant', ...over });

  it('reaches its members at write time', async () => {
    const res = await notice({ audience: 'company-42/staff' });
    expect(res.status).toBe(200);
    expect(res.body.notice).toMatchObject({ result: 'created', recipients: ['ana', 'boris', 'olena'] });
    const rows = await t.store.db
      .selectFrom('notice_recipients')
      .innerJoin('users', 'users.id', 'notice_recipients.user_id')
      .select('users.login')
      .where('notice_id', '=', res.body.notice.id)
      .orderBy('users.login')
      .execute();
    expect(rows.map((r) => r.login)).toEqual(['ana', 'boris', 'olena']);
  });

  it('with recipients too: the intersection (logins outside the audience are not made users)', async () => {
    const res = await notice({ audience: 'company-42/staff', recipients: ['olena', 'ana', 'stranger'] });
    expect(res.body.notice.recipients).toEqual(['ana', 'olena']);
    expect(await t.store.db.selectFrom('users').select('id').where('login', '=', 'stranger').executeTakeFirst()).toBeUndefined();
  });

  it('upsert and group follow the audience as it is at each write', async () => {
    const first = await notice({ audience: 'company-42/staff', mode: 'upsert', source_ref: 'vacancy:9', recipients: ['ana'] });
    expect(first.body.notice.recipients).toEqual(['ana']);
    const second = await notice({ audience: 'company-42/staff', mode: 'upsert', source_ref: 'vacancy:9' });
    expect(second.body.notice).toMatchObject({ id: first.body.notice.id, result: 'updated', recipients: ['ana', 'boris', 'olena'] });
    const g1 = await notice({ audience: 'company-42/staff', mode: 'group', source_ref: 'vacancy:9:applicants', recipients: ['boris'] });
    const g2 = await notice({ audience: 'company-42/staff', mode: 'group', source_ref: 'vacancy:9:applicants', recipients: ['boris', 'olena'] });
    expect(g2.body.notice).toMatchObject({ id: g1.body.notice.id, result: 'grouped', count: 2, recipients: ['boris', 'olena'] });
  });

  it('an audience nobody is in makes a notice without recipients', async () => {
    const res = await notice({ audience: 'company-42/staff', recipients: ['stranger'] });
    expect(res.body.notice).toMatchObject({ result: 'created', recipients: [] });
  });

  it('an unknown audience → 422 naming notices[i].audience, nothing written', async () => {
    const before = await t.store.db.selectFrom('notices').select('id').execute();
    const res = await http('POST', '/api/notices', jobs, {
      notices: [
        { recipients: ['ana'], title: 'fine' },
        { audience: 'company-42/nobody', title: 'no such audience' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ field: 'audience', index: 1 });
    expect(res.body.error.message).toMatch(/^notices\[1\]\.audience: /);
    expect(await t.store.db.selectFrom('notices').select('id').execute()).toEqual(before);
  });

  it("another source's audience of the same name is not this one's", async () => {
    const res = await http('POST', '/api/notices', other, { audience: 'company-42/staff', title: 'Hi' });
    expect(res.body.notice.recipients).toEqual(['zoe']);
  });

  it('a notice with neither recipients nor an audience → 422 naming recipients', async () => {
    const res = await notice({});
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('recipients');
  });
});
