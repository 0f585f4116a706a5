// Issue 16, item 5: a write is all or nothing. A PUT /api/events batch is one
// transaction — its new users with their web channels, its events and its
// NOTIFY — so a batch that fails at its commit leaves no user behind and no
// page hears of it; a POST /api/notices batch rejected half-way creates no
// recipient; a /me request rejected with 4xx creates no user.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '../../src/db/notify.ts';
import { forgetUntouchedUser } from '../../src/db/users.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, put } from './helpers.ts';
import { notice, post } from './notices-support.ts';

let t: TestApp;
let docs: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  docs = await createSource(t, 'docs');
  // A fault at the commit of any transaction that wrote an event titled "explode": deferred, so
  // every statement of the batch runs and only the commit fails (as a cut connection would).
  await sql`
    CREATE FUNCTION explode_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.payload->>'title' = 'explode' THEN RAISE EXCEPTION 'the commit failed'; END IF;
      RETURN NULL;
    END $$`.execute(t.store.db);
  await sql`
    CREATE CONSTRAINT TRIGGER explode_at_commit AFTER INSERT OR UPDATE ON events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION explode_at_commit()`.execute(t.store.db);
});
afterAll(() => t.close());

const userCount = async (login: string) => (await t.store.db.selectFrom('users').select('id').where('login', '=', login).execute()).length;

/** Collects the live channel's messages of kind `k` (either backend). */
async function listen(k: string): Promise<{ seen: unknown[]; stop(): Promise<void> }> {
  const seen: unknown[] = [];
  const take = (p: string) => {
    const m = JSON.parse(p);
    if (m.k === k) seen.push(m);
  };
  if (t.store.pglite) return { seen, stop: await t.store.pglite.listen(LIVE_CHANNEL, take) };
  const client = new pg.Client({ connectionString: t.store.url! });
  await client.connect();
  client.on('notification', (m) => m.channel === LIVE_CHANNEL && m.payload && take(m.payload));
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  return { seen, stop: () => client.end() };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('PUT /api/events is one transaction', () => {
  it('a batch whose commit fails leaves no new user, no web channel, no event and no NOTIFY', async () => {
    const live = await listen('event');
    try {
      const res = await put(t, docs, [
        birthday({ user: 'batch-new-1', source_ref: 'a:1' }),
        birthday({ user: 'batch-new-2', source_ref: 'a:2', payload: { title: 'explode' } }),
      ]);
      expect(res.status).toBe(500);
      expect(await userCount('batch-new-1')).toBe(0);
      expect(await userCount('batch-new-2')).toBe(0);
      const events = await t.store.db.selectFrom('events').select('id').where('source_ref', 'in', ['a:1', 'a:2']).execute();
      expect(events).toEqual([]);
      await settle();
      expect(live.seen).toEqual([]);
      // The same batch without the fault: users, events and one NOTIFY, together.
      const ok = await put(t, docs, [birthday({ user: 'batch-new-1', source_ref: 'a:1' }), birthday({ user: 'batch-new-2', source_ref: 'a:2' })]);
      expect(ok.status).toBe(200);
      expect(await userCount('batch-new-1')).toBe(1);
      const web = await t.store.db
        .selectFrom('channels')
        .innerJoin('users', 'users.id', 'channels.user_id')
        .select('channels.type')
        .where('users.login', '=', 'batch-new-2')
        .execute();
      expect(web).toEqual([{ type: 'web' }]);
      await settle();
      expect(live.seen).toHaveLength(1);
    } finally {
      await live.stop();
    }
  });
});

describe('POST /api/notices is one transaction', () => {
  it('a batch rejected half-way (a group with no recipients) creates no recipient', async () => {
    const res = await post(t, docs, { notices: [notice({ recipients: ['notice-new'] }), notice({ mode: 'group', source_ref: 'g', recipients: [] })] });
    expect(res.status).toBe(422);
    expect(await userCount('notice-new')).toBe(0);
  });
});

describe('/me: a rejected request creates no user', () => {
  it.each([
    ['PATCH', '/me', { tz: 'Mars/Olympus_Mons' }, 422],
    ['PATCH', '/me', { quiet_start: '08:00', quiet_end: '09:00' }, 422],
    ['GET', '/me/events?state=bogus', undefined, 422],
    ['POST', '/me/channels', { type: 'web', config: {} }, 409],
    ['POST', '/me/channels', { type: 'webhook', config: { deliver_url: 'http://127.0.0.1/x' } }, 422],
    ['POST', '/me/events/999999/ack', undefined, 404],
    ['DELETE', '/me/channels/999999', undefined, 404],
  ] as const)('%s %s → %s', async (method, url, body, status) => {
    const login = `rejected-${method}-${url.length}-${status}-${JSON.stringify(body ?? '').length}`;
    const res = await call(t, method, url, { user: login, ...(body === undefined ? {} : { body }) });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(await userCount(login)).toBe(0);
    expect(await t.store.db.selectFrom('channels').select('id').where('user_id', 'not in', t.store.db.selectFrom('users').select('id')).execute()).toEqual([]);
  });

  it('an accepted first request creates the user, and a later rejected one keeps it', async () => {
    expect((await call(t, 'GET', '/me', { user: 'kept' })).status).toBe(200);
    expect((await call(t, 'PATCH', '/me', { user: 'kept', body: { tz: 'Nowhere/Land' } })).status).toBe(422);
    expect(await userCount('kept')).toBe(1);
  });

  it('a user something was written for is never taken back', async () => {
    const res = await put(t, docs, [birthday({ user: 'has-events', source_ref: 'h:1' })]);
    expect(res.status).toBe(200);
    const { id } = await t.store.db.selectFrom('users').select('id').where('login', '=', 'has-events').executeTakeFirstOrThrow();
    expect(await forgetUntouchedUser(t.store.db, id)).toBe(false);
    expect(await userCount('has-events')).toBe(1);
  });
});
