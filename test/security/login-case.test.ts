// Issue 10, item 11: logins differ by case (`Alice` ≠ `alice`). Decision:
// keep them apart, exactly as the proxy names them (README, Security): Hado
// never merges identities the identity provider keeps apart. Pinned here:
// neither spelling sees or acts on the other's events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await createSource(t, 'docs');
}, 60_000);
afterAll(() => t.close());

describe('logins are case-sensitive', () => {
  it('"Alice" and "alice" are two users: neither sees nor closes the other’s events', async () => {
    const put = await call(t, 'PUT', '/api/events', {
      token,
      body: { events: [{ user: 'Alice', source_ref: 'p:1', due_at: '2026-08-01', payload: { title: 'Passport' } }] },
    });
    expect(put.status).toBe(200);
    const id = put.body.events[0].id;
    expect((await call(t, 'GET', '/me/events', { user: 'Alice' })).body.events.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await call(t, 'GET', '/me/events', { user: 'alice' })).body.events).toEqual([]);
    expect((await call(t, 'POST', `/me/events/${id}/done`, { user: 'alice' })).status).toBe(404);
    expect((await call(t, 'POST', `/me/events/${id}/done`, { user: 'ALICE' })).status).toBe(404);
    expect((await call(t, 'GET', '/me', { user: 'alice' })).body.login).toBe('alice');
    const users = await t.store.db.selectFrom('users').select('login').execute();
    // "ALICE" only made a rejected request, and a rejected request writes nothing (issue 16 item 5).
    expect(users.map((u) => u.login).sort()).toEqual(['Alice', 'alice']);
  });
});
