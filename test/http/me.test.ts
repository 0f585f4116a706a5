// The user API of SPEC A8 (without channels) under X-Remote-User: the user
// is created on first sight, Ack and Done follow A6, the badge is
// today + overdue, settings move states, and the inbox shows due days in the
// user's current zone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, type EventJson, put, snapshot } from './helpers.ts';

let t: TestApp;
let docs: string;
const NOW = '2026-08-01T10:00:00Z'; // Saturday 1 August 2026, 12:00 in Madrid

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  docs = await createSource(t, 'docs');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

let seq = 0;
/** Creates one event for `user` and returns its id. */
async function create(user: string, over: EventJson): Promise<number> {
  const res = await put(t, docs, [birthday({ user, source_ref: `ref:${++seq}`, ...over })]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events[0].id;
}

const row = (id: number) => t.store.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /me', () => {
  it('creates the user on first sight with HADO_DEFAULT_TZ, default quiet hours and a web channel', async () => {
    const res = await call(t, 'GET', '/me', { user: 'ana' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      login: 'ana',
      tz: 'Europe/Madrid',
      locale: 'en',
      quiet_start: '22:00',
      quiet_end: '09:00',
      tz_from: 'default',
      locale_from: 'default',
      badge: 0,
    });
    const user = await t.store.db.selectFrom('users').selectAll().where('login', '=', 'ana').executeTakeFirstOrThrow();
    const channels = await t.store.db.selectFrom('channels').selectAll().where('user_id', '=', user.id).execute();
    expect(channels.map((c) => c.type)).toEqual(['web']);
    // A second request finds the same user.
    await call(t, 'GET', '/me', { user: 'ana' });
    expect(await t.store.db.selectFrom('users').select('id').where('login', '=', 'ana').execute()).toHaveLength(1);
  });

  it("badge = the user's events in today + overdue, and drops only on Done", async () => {
    const u = 'badge-user';
    await create(u, { due_at: '2026-08-20', fire_at: '2026-08-20' }); // scheduled
    await create(u, { due_at: '2026-08-20', fire_at: '2026-07-20' }); // preparing
    const today = await create(u, { due_at: '2026-08-01', fire_at: '2026-08-01' }); // today
    const today2 = await create(u, { due_at: '2026-08-01T20:00', fire_at: '2026-08-01' }); // today
    await create(u, { due_at: '2026-07-30', fire_at: '2026-07-30', after_due: 'keep' }); // overdue
    await create(u, { due_at: '2026-07-30', fire_at: '2026-07-30', after_due: 'expire' }); // expired
    await create('someone-else', { due_at: '2026-08-01', fire_at: '2026-08-01' }); // not this user's
    expect((await call(t, 'GET', '/me', { user: u })).body.badge).toBe(3);
    // Ack silences but keeps the badge; Done drops it.
    expect((await call(t, 'POST', `/me/events/${today}/ack`, { user: u })).status).toBe(200);
    expect((await call(t, 'GET', '/me', { user: u })).body.badge).toBe(3);
    expect((await call(t, 'POST', `/me/events/${today}/done`, { user: u })).status).toBe(200);
    expect((await call(t, 'GET', '/me', { user: u })).body.badge).toBe(2);
    await call(t, 'DELETE', `/api/events?source_ref=ref:${seq - 3}&topic=birthday`, { token: docs });
    expect((await call(t, 'GET', '/me', { user: u })).body.badge).toBe(1);
    expect(today2).toBeGreaterThan(0);
  });
});

describe('POST /me/events/{id}/ack and /done (SPEC A6)', () => {
  it('Ack in preparing: quiet until 00:00 of the next cascade checkpoint', async () => {
    // Due 31 August, fire_on 1 August = 30 days before: checkpoints −30, −15, −7, −3, −1.
    const id = await create('acker', { due_at: '2026-08-31', fire_at: '2026-08-01' });
    const res = await call(t, 'POST', `/me/events/${id}/ack`, { user: 'acker' });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ id, state: 'preparing', quiet_until: '2026-08-15T22:00:00.000Z' });
    expect((await row(id)).quiet_until.toISOString()).toBe('2026-08-15T22:00:00.000Z'); // 16 Aug 00:00 Madrid
  });

  it('Ack in today: quiet until the start of the window after next', async () => {
    const id = await create('acker', { due_at: '2026-08-01', fire_at: '2026-08-01' });
    // 12:00 Madrid is inside the 12–13 window: 13–14 is skipped, silence until 14:00.
    const res = await call(t, 'POST', `/me/events/${id}/ack`, { user: 'acker' });
    expect(res.body.event).toMatchObject({ state: 'today', quiet_until: '2026-08-01T12:00:00.000Z' });
  });

  it('Ack in overdue: quiet until 00:00 of the day after tomorrow', async () => {
    const id = await create('acker', { due_at: '2026-07-30', fire_at: '2026-07-30', after_due: 'keep' });
    const res = await call(t, 'POST', `/me/events/${id}/ack`, { user: 'acker' });
    expect(res.body.event).toMatchObject({ state: 'overdue', quiet_until: '2026-08-02T22:00:00.000Z' });
  });

  it('Ack on scheduled, done, expired and withdrawn events → 409 with a clear message', async () => {
    const scheduled = await create('acker', { due_at: '2026-08-20', fire_at: '2026-08-20' });
    const expired = await create('acker', { due_at: '2026-07-30', fire_at: '2026-07-30' });
    const withdrawn = await create('acker', { due_at: '2026-08-20', fire_at: '2026-08-20' });
    await call(t, 'DELETE', `/api/events?source_ref=ref:${seq}&topic=birthday`, { token: docs });
    const done = await create('acker', { due_at: '2026-08-20', fire_at: '2026-08-20' });
    await call(t, 'POST', `/me/events/${done}/done`, { user: 'acker' });
    for (const [id, state] of [
      [scheduled, 'scheduled'],
      [expired, 'expired'],
      [withdrawn, 'withdrawn'],
      [done, 'done'],
    ] as const) {
      const before = await row(id);
      const res = await call(t, 'POST', `/me/events/${id}/ack`, { user: 'acker' });
      expect(res.status, state).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'conflict' });
      expect(res.body.error.message).toContain(`this one is ${state}`);
      expect(await row(id)).toEqual(before);
    }
  });

  it('Done works from scheduled (early, from the inbox), sets done_at, and is idempotent', async () => {
    const id = await create('doer', { due_at: '2026-10-01', fire_at: '2026-09-01' });
    const res = await call(t, 'POST', `/me/events/${id}/done`, { user: 'doer' });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ id, state: 'done', done_at: '2026-08-01T10:00:00.000Z', in_badge: false });
    expect(await row(id)).toMatchObject({ state: 'done', next_transition_at: null });

    t.clock.advance({ hours: 1 });
    const again = await call(t, 'POST', `/me/events/${id}/done`, { user: 'doer' });
    expect(again.status).toBe(200);
    expect(again.body.event).toMatchObject({ state: 'done', done_at: '2026-08-01T10:00:00.000Z' });
  });

  it('Done from preparing, today and overdue', async () => {
    for (const over of [
      { due_at: '2026-08-20', fire_at: '2026-07-20' },
      { due_at: '2026-08-01', fire_at: '2026-08-01' },
      { due_at: '2026-07-20', fire_at: '2026-07-20', after_due: 'keep' as const },
    ]) {
      const id = await create('doer', over);
      const res = await call(t, 'POST', `/me/events/${id}/done`, { user: 'doer' });
      expect(res.status).toBe(200);
      expect(res.body.event.state).toBe('done');
    }
  });

  it('Done on an expired or withdrawn event → 409', async () => {
    const expired = await create('doer', { due_at: '2026-07-30', fire_at: '2026-07-30' });
    const withdrawn = await create('doer', { due_at: '2026-08-20', fire_at: '2026-08-20' });
    await call(t, 'DELETE', `/api/events?source_ref=ref:${seq}&topic=birthday`, { token: docs });
    for (const [id, state] of [
      [expired, 'expired'],
      [withdrawn, 'withdrawn'],
    ] as const) {
      const res = await call(t, 'POST', `/me/events/${id}/done`, { user: 'doer' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(`Done does not apply: the event is ${state}`);
    }
  });

  it('an action brings a lagging stored state up to date first (the tick has not run yet)', async () => {
    const id = await create('doer', { due_at: '2026-08-01T13:00', fire_at: '2026-08-01' });
    t.clock.set('2026-08-01T11:30:00Z'); // 13:30 Madrid: expired, but still "today" in the table
    expect((await row(id)).state).toBe('today');
    const res = await call(t, 'POST', `/me/events/${id}/done`, { user: 'doer' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('expired');
  });

  it("another user's event → 404, and nothing changes", async () => {
    const id = await create('owner', { due_at: '2026-08-01', fire_at: '2026-08-01' });
    const before = await snapshot(t.store.db);
    for (const action of ['ack', 'done']) {
      const res = await call(t, 'POST', `/me/events/${id}/${action}`, { user: 'intruder' });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: `Event ${id} not found` });
    }
    const after = await snapshot(t.store.db);
    // Only the intruder's own user row and web channel appeared.
    expect(after.events).toEqual(before.events);
    expect((await call(t, 'POST', '/me/events/987654/done', { user: 'owner' })).status).toBe(404);
  });
});

describe('POST /me/heartbeat', () => {
  it('answers 204 and records the instant', async () => {
    t.clock.set('2026-08-01T10:03:17Z');
    const res = await call(t, 'POST', '/me/heartbeat', { user: 'beater' });
    expect(res.status).toBe(204);
    const u = await t.store.db.selectFrom('users').selectAll().where('login', '=', 'beater').executeTakeFirstOrThrow();
    expect(u.last_heartbeat_at?.toISOString()).toBe('2026-08-01T10:03:17.000Z');
    t.clock.advance({ seconds: 30 });
    await call(t, 'POST', '/me/heartbeat', { user: 'beater' });
    const v = await t.store.db.selectFrom('users').selectAll().where('login', '=', 'beater').executeTakeFirstOrThrow();
    expect(v.last_heartbeat_at?.toISOString()).toBe('2026-08-01T10:03:47.000Z');
  });
});

describe('PATCH /me', () => {
  it('changes zone and quiet hours and answers the new settings', async () => {
    const res = await call(t, 'PATCH', '/me', { user: 'patcher', body: { tz: 'America/Montevideo', quiet_start: '23:30', quiet_end: '07:00' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      login: 'patcher',
      tz: 'America/Montevideo',
      locale: 'en',
      quiet_start: '23:30',
      quiet_end: '07:00',
      tz_from: 'user',
      locale_from: 'default',
      badge: 0,
    });
    expect((await call(t, 'GET', '/me', { user: 'patcher' })).body.tz).toBe('America/Montevideo');
    // A partial patch keeps the rest.
    const partial = await call(t, 'PATCH', '/me', { user: 'patcher', body: { quiet_end: '08:00' } });
    expect(partial.body).toMatchObject({ tz: 'America/Montevideo', quiet_start: '23:30', quiet_end: '08:00' });
  });

  it('an invalid zone → 422 naming tz; nothing changes', async () => {
    await call(t, 'GET', '/me', { user: 'patcher2' });
    const before = await snapshot(t.store.db);
    for (const tz of ['Mars/Olympus', 'Europe/Madird', '+02:00', 'GMT+2', '']) {
      const res = await call(t, 'PATCH', '/me', { user: 'patcher2', body: { tz } });
      expect(res.status, tz).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'invalid', field: 'tz' });
      expect(res.body.error.message).toMatch(/^tz: /);
    }
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('quiet_end at or after quiet_start → 422 with a clear message; nothing changes', async () => {
    await call(t, 'GET', '/me', { user: 'patcher3' });
    const before = await snapshot(t.store.db);
    for (const [body, field] of [
      [{ quiet_start: '09:00' }, 'quiet_start'], // equal to the default quiet_end
      [{ quiet_end: '22:00' }, 'quiet_end'], // equal to the default quiet_start
      [{ quiet_start: '08:00' }, 'quiet_start'],
      [{ quiet_start: '02:00', quiet_end: '23:00' }, 'quiet_end'], // across midnight is not supported
    ] as const) {
      const res = await call(t, 'PATCH', '/me', { user: 'patcher3', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message).toMatch(/quiet_end \(\d\d:\d\d\) must be earlier than quiet_start \(\d\d:\d\d\)/);
    }
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('a zone change moves the states and next transitions of local events', async () => {
    // 14 August 01:00Z: already the 14th in Madrid (03:00), still the 13th in Montevideo (22:00).
    t.clock.set('2026-08-14T01:00:00Z');
    const id = await create('traveller', { due_at: '2026-08-14', fire_at: '2026-08-14' });
    expect((await row(id)).state).toBe('today');
    expect((await call(t, 'GET', '/me', { user: 'traveller' })).body.badge).toBe(1);

    const res = await call(t, 'PATCH', '/me', { user: 'traveller', body: { tz: 'America/Montevideo' } });
    expect(res.status).toBe(200);
    expect(res.body.badge).toBe(0);
    const moved = await row(id);
    expect(moved.state).toBe('scheduled');
    expect(moved.next_transition_at?.toISOString()).toBe('2026-08-14T03:00:00.000Z'); // 00:00 in Montevideo

    // Back to Madrid: today again, until 00:00 of the 15th in Madrid.
    await call(t, 'PATCH', '/me', { user: 'traveller', body: { tz: 'Europe/Madrid' } });
    const back = await row(id);
    expect(back.state).toBe('today');
    expect(back.next_transition_at?.toISOString()).toBe('2026-08-14T22:00:00.000Z');
  });

  it('a quiet-hours change moves the eve start of an early due', async () => {
    // Due 07:00 on the 3rd: before 09:00, so today starts on the eve at 20:00 (22:00 − 2h).
    const id = await create('early', { due_at: '2026-08-03T07:00', fire_at: '2026-08-03' });
    expect((await row(id)).next_transition_at?.toISOString()).toBe('2026-08-02T18:00:00.000Z');
    await call(t, 'PATCH', '/me', { user: 'early', body: { quiet_start: '23:00' } });
    expect((await row(id)).next_transition_at?.toISOString()).toBe('2026-08-02T19:00:00.000Z'); // 21:00 Madrid
    await call(t, 'PATCH', '/me', { user: 'early', body: { quiet_end: '06:30' } });
    // 07:00 is inside active hours now: today starts at 00:00 of the due day.
    expect((await row(id)).next_transition_at?.toISOString()).toBe('2026-08-02T22:00:00.000Z');
  });

  it('terminal events do not move on a zone change', async () => {
    t.clock.set('2026-08-14T01:00:00Z');
    const id = await create('traveller2', { due_at: '2026-08-14', fire_at: '2026-08-14' });
    await call(t, 'POST', `/me/events/${id}/done`, { user: 'traveller2' });
    await call(t, 'PATCH', '/me', { user: 'traveller2', body: { tz: 'America/Montevideo' } });
    expect(await row(id)).toMatchObject({ state: 'done', next_transition_at: null });
  });
});

describe('GET /me/events', () => {
  it('default: all non-terminal events, soonest due first; ?state= filters', async () => {
    const u = 'lister';
    const scheduled = await create(u, { due_at: '2026-08-20', fire_at: '2026-08-20' });
    const preparing = await create(u, { due_at: '2026-08-10', fire_at: '2026-07-20' });
    const today = await create(u, { due_at: '2026-08-01T18:00', fire_at: '2026-08-01' });
    const overdue = await create(u, { due_at: '2026-07-30', fire_at: '2026-07-30', after_due: 'keep' });
    const expired = await create(u, { due_at: '2026-07-29', fire_at: '2026-07-29' });
    const done = await create(u, { due_at: '2026-08-25', fire_at: '2026-08-25' });
    await call(t, 'POST', `/me/events/${done}/done`, { user: u });
    const withdrawn = await create(u, { due_at: '2026-08-26', fire_at: '2026-08-26' });
    await call(t, 'DELETE', `/api/events?source_ref=ref:${seq}&topic=birthday`, { token: docs });

    const ids = async (q: string) => (await call(t, 'GET', `/me/events${q}`, { user: u })).body.events.map((e: { id: number }) => e.id);
    expect(await ids('')).toEqual([overdue, today, preparing, scheduled]);
    expect(await ids('?state=done')).toEqual([done]);
    expect(await ids('?state=expired,withdrawn')).toEqual([expired, withdrawn]);
    expect(await ids('?state=today,overdue')).toEqual([overdue, today]);
    expect(await ids('?state=preparing')).toEqual([preparing]);
    // Only this user's events.
    await create('not-lister', { due_at: '2026-08-01', fire_at: '2026-08-01' });
    expect(await ids('?state=today')).toEqual([today]);
  });

  it('each event carries source, payload, state and whether it counts in the badge', async () => {
    const u = 'viewer';
    const id = await create(u, { due_at: '2026-08-01T18:00', fire_at: '2026-07-25', after_due: 'keep' });
    await create(u, { due_at: '2026-08-20', fire_at: '2026-08-20' });
    const res = await call(t, 'GET', '/me/events', { user: u });
    expect(res.status).toBe(200);
    expect(res.body.events[0]).toMatchObject({
      id,
      source: 'docs',
      source_ref: `ref:${seq - 1}`,
      topic: 'birthday',
      state: 'today',
      due_at: '2026-08-01T18:00',
      due_mode: 'local',
      due_day: '2026-08-01',
      due_time: '18:00',
      due_moment: '2026-08-01T18:00:00+02:00',
      all_day: false,
      fire_on: '2026-07-25',
      after_due: 'keep',
      payload: birthday().payload,
      in_badge: true,
    });
    expect(res.body.events[1]).toMatchObject({ state: 'scheduled', all_day: true, due_time: null, in_badge: false });
  });

  it("due day and moment in the user's current zone: 08:15+02:00 Madrid is 03:15 in Montevideo", async () => {
    const u = 'uruguayo';
    await call(t, 'PATCH', '/me', { user: u, body: { tz: 'America/Montevideo' } });
    const fixed = await create(u, { due_at: '2026-09-10T08:15+02:00', fire_at: '2026-09-10' });
    const local = await create(u, { due_at: '2026-09-10T14:00', fire_at: '2026-09-10' });
    const get = async () => {
      const events = (await call(t, 'GET', '/me/events', { user: u })).body.events as Array<Record<string, unknown>>;
      return Object.fromEntries(events.map((e) => [e.id as number, e]));
    };
    let byId = await get();
    expect(byId[fixed]).toMatchObject({
      due_mode: 'fixed',
      due_at: '2026-09-10T08:15+02:00',
      due_day: '2026-09-10',
      due_time: '03:15',
      due_moment: '2026-09-10T03:15:00-03:00',
      all_day: false,
    });
    expect(byId[local]).toMatchObject({ due_mode: 'local', due_day: '2026-09-10', due_time: '14:00', due_moment: '2026-09-10T14:00:00-03:00' });
    // The early due starts today on the eve at 20:00 Montevideo (23:00Z).
    expect((await row(fixed)).next_transition_at?.toISOString()).toBe('2026-09-09T23:00:00.000Z');

    // In Tokyo the fixed due is 15:15 the same day, the local one follows the user to 14:00 Tokyo.
    await call(t, 'PATCH', '/me', { user: u, body: { tz: 'Asia/Tokyo' } });
    byId = await get();
    expect(byId[fixed]).toMatchObject({ due_day: '2026-09-10', due_time: '15:15', due_moment: '2026-09-10T15:15:00+09:00' });
    expect(byId[local]).toMatchObject({ due_day: '2026-09-10', due_time: '14:00', due_moment: '2026-09-10T14:00:00+09:00' });
    // And in Honolulu the fixed due falls on the previous day.
    await call(t, 'PATCH', '/me', { user: u, body: { tz: 'Pacific/Honolulu' } });
    byId = await get();
    expect(byId[fixed]).toMatchObject({ due_day: '2026-09-09', due_time: '20:15' });
  });

  it('the lifecycle of the fixed example through the tick: today from 20:00 on the eve in Montevideo', async () => {
    const u = 'uruguaya';
    await call(t, 'PATCH', '/me', { user: u, body: { tz: 'America/Montevideo' } });
    const id = await create(u, { due_at: '2026-09-10T08:15+02:00', fire_at: '2026-09-10', after_due: 'keep' });
    const state = async () =>
      (await call(t, 'GET', '/me/events?state=scheduled,today,overdue', { user: u })).body.events.find((e: { id: number }) => e.id === id);
    t.clock.set('2026-09-09T22:59:00Z');
    await lifecycleTick(t.store.db, t.clock.now());
    expect((await state()).state).toBe('scheduled');
    t.clock.set('2026-09-09T23:00:00Z');
    await lifecycleTick(t.store.db, t.clock.now());
    expect(await state()).toMatchObject({ state: 'today', in_badge: true });
    t.clock.set('2026-09-10T06:15:00Z');
    await lifecycleTick(t.store.db, t.clock.now());
    expect(await state()).toMatchObject({ state: 'overdue', in_badge: true });
  });
});
