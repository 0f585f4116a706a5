// PUT /api/users (issue 24): capability provision, users[i].field 422s, all or
// nothing, tz/locale until the person chooses, vouched channels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let hr: string;
let jobs: string;
let plain: string;

beforeAll(async () => {
  t = await createTestApp();
  hr = await createSource(t, 'hr', ['provision']);
  jobs = await createSource(t, 'jobs', ['provision', 'address']);
  plain = await createSource(t, 'plain');
});
afterAll(() => t.close());

const put = (token: string, users: unknown) => call(t, 'PUT', '/api/users', { token, body: { users } });
const channels = async (login: string) => (await call(t, 'GET', '/me/channels', { user: login })).body.channels as Array<Record<string, unknown>>;
const olena = { login: 'olena', name: 'Olena K.', timezone: 'Europe/Kyiv', locale: 'uk', email: 'olena@example.org', slack_user_id: 'U0LENA' };

describe('PUT /api/users', () => {
  it('a source without the provision capability gets a 403 naming it', async () => {
    const res = await put(plain, [olena]);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden', capability: 'provision' });
    expect(res.body.error.message).toMatch(/hado source:grant plain provision/);
  });

  it.each([
    ['a bad zone', { login: 'b', timezone: 'Mars/Base' }, 'users[1].timezone'],
    ['a bad locale', { login: 'b', locale: 'xx' }, 'users[1].locale'],
    ['a bad email', { login: 'b', email: 'not-an-address' }, 'users[1].email'],
    ['a bad Slack id', { login: 'b', slack_user_id: 'nobody' }, 'users[1].slack_user_id'],
    ['an unknown field', { login: 'b', phone: '1' }, 'users[1].phone'],
    ['a bad login', { login: 'a b' }, 'users[1].login'],
  ])('%s → 422 naming %s, nothing written', async (_, user, field) => {
    const res = await put(hr, [{ login: 'first' }, user]);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', field, index: 1 });
    const row = await t.store.db.selectFrom('users').select('id').where('login', '=', 'first').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('more than 500 users → 422', async () => {
    const res = await put(
      hr,
      Array.from({ length: 501 }, (_, i) => ({ login: `u${i}` })),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('users');
  });

  it('makes the user with the zone and language given, and confirmed channels vouched for by the source', async () => {
    const res = await put(hr, [olena]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [{ login: 'olena', created: true }] });
    const me = (await call(t, 'GET', '/me', { user: 'olena' })).body;
    expect(me).toMatchObject({ tz: 'Europe/Kyiv', tz_from: 'source', locale: 'uk', locale_from: 'source' });
    const list = await channels('olena');
    expect(list.filter((c) => c.vouched).map((c) => [c.type, c.config, c.confirmed])).toEqual([
      ['email', { address: 'olena@example.org' }, true],
      ['slack', { slack_user_id: 'U0LENA' }, true],
    ]);
    // The settings page says so.
    const page = await call(t, 'GET', '/', { user: 'olena' });
    expect(String(page.body)).toContain('додано підключеним сервісом');
  });

  it("the person's own choice wins over the source's", async () => {
    expect((await call(t, 'PATCH', '/me', { user: 'olena', body: { tz: 'Europe/Lisbon' } })).status).toBe(200);
    expect((await put(hr, [{ login: 'olena', timezone: 'Asia/Tokyo', locale: 'ru' }])).status).toBe(200);
    const me = (await call(t, 'GET', '/me', { user: 'olena' })).body;
    expect(me).toMatchObject({ tz: 'Europe/Lisbon', tz_from: 'user', locale: 'ru', locale_from: 'source' });
    expect((await put(hr, [{ login: 'olena' }])).body.users).toEqual([{ login: 'olena', created: false }]);
  });

  it('a changed value replaces the vouched channel, null removes it, and two sources keep two channels', async () => {
    await put(hr, [{ login: 'olena', email: 'olena@new.example.org', slack_user_id: null }]);
    await put(jobs, [{ login: 'olena', email: 'o.k@jobs.example.org' }]);
    const list = (await channels('olena')).filter((c) => c.vouched);
    expect(list.map((c) => [c.type, (c.config as { address?: string }).address])).toEqual([
      ['email', 'olena@new.example.org'],
      ['email', 'o.k@jobs.example.org'],
    ]);
  });

  it('the person may delete a vouched channel', async () => {
    const [first] = (await channels('olena')).filter((c) => c.vouched);
    expect((await call(t, 'DELETE', `/me/channels/${first!.id}`, { user: 'olena' })).status).toBe(204);
    expect((await channels('olena')).filter((c) => c.vouched)).toHaveLength(1);
  });
});
