// Issue 10, item 3 (first part): one user with 48 webhooks whose presence
// URLs never answered took every slot of the shared presence pool. Now a user
// has at most 20 webhook channels (409 beyond), also when the adds race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const add = (user: string, i: number) =>
  call(t, 'POST', '/me/channels', { user, body: { type: 'webhook', config: { deliver_url: `https://ha.example/hook/${i}` } } });

describe('at most 20 webhook channels per user', () => {
  it('the 21st is a 409; deleting one makes room; other users are unaffected', async () => {
    for (let i = 0; i < 20; i++) expect((await add('hoarder', i)).status).toBe(201);
    const over = await add('hoarder', 20);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('At most 20 webhook channels per user; delete one before adding another');
    const list = await call(t, 'GET', '/me/channels', { user: 'hoarder' });
    const hooks = list.body.channels.filter((c: { type: string }) => c.type === 'webhook');
    expect(hooks).toHaveLength(20);
    expect((await call(t, 'DELETE', `/me/channels/${hooks[0].id}`, { user: 'hoarder' })).status).toBe(204);
    expect((await add('hoarder', 21)).status).toBe(201);
    expect((await add('neighbour', 0)).status).toBe(201);
  });

  it('adds that race never end above 20', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => add('racer', i)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    const count = await t.store.db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .select('channels.id')
      .where('users.login', '=', 'racer')
      .where('channels.type', '=', 'webhook')
      .execute();
    expect(count).toHaveLength(20);
  });
});
