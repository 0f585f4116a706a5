// The client API of SPEC A3 through HTTP: batch upsert and its rules for the
// same and a different due_at, GET, DELETE, and who may see what.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, eventRow, put, snapshot } from './helpers.ts';

let t: TestApp;
let docs: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  docs = await createSource(t, 'docs');
  other = await createSource(t, 'other');
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-08-01T10:00:00Z'); // 12:00 in Madrid, the default zone
  await t.store.db.deleteFrom('events').execute();
});

describe('PUT /api/events: create', () => {
  it('creates the event and answers id and state per event (SPEC A3 example)', async () => {
    const res = await put(t, docs, [birthday()]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ events: [{ source_ref: 'person:42', topic: 'birthday', id: expect.any(Number), state: 'scheduled' }] });
    const row = await eventRow(t.store.db, 'person:42', 'birthday');
    expect(row).toMatchObject({
      id: res.body.events[0].id,
      due_mode: 'local',
      due_date: '2026-08-14',
      due_time: '24:00:00',
      due_instant: null,
      fire_on: '2026-08-14',
      after_due: 'expire',
      state: 'scheduled',
      done_at: null,
    });
    expect(row!.payload).toEqual(birthday().payload);
    expect(row!.quiet_until.getTime()).toBeLessThanOrEqual(Date.parse('2026-08-01T10:00:00Z'));
  });

  it('stores the three due_at forms: date, local date-time, date-time with offset', async () => {
    const res = await put(t, docs, [
      birthday({ source_ref: 'a', due_at: '2026-09-10', fire_at: undefined }),
      birthday({ source_ref: 'b', due_at: '2026-09-10T14:00', fire_at: undefined }),
      birthday({ source_ref: 'c', due_at: '2026-09-10T08:15+02:00', fire_at: undefined }),
    ]);
    expect(res.status).toBe(200);
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((r) => eventRow(t.store.db, r, 'birthday')));
    expect(a).toMatchObject({ due_mode: 'local', due_date: '2026-09-10', due_time: '24:00:00', due_instant: null });
    expect(b).toMatchObject({ due_mode: 'local', due_date: '2026-09-10', due_time: '14:00:00', due_instant: null });
    expect(c).toMatchObject({ due_mode: 'fixed', due_date: null, due_time: null });
    expect(c!.due_instant!.toISOString()).toBe('2026-09-10T06:15:00.000Z');
    // fire_at omitted = no preparation: fire_on is the due day.
    expect(a!.fire_on).toBe('2026-09-10');
    expect(c!.fire_on).toBe('2026-09-10');
  });

  it('computes the state from the dates at once, and lists results in input order', async () => {
    const res = await put(t, docs, [
      birthday({ source_ref: 'later', due_at: '2026-08-20', fire_at: '2026-08-20' }),
      birthday({ source_ref: 'preparing', due_at: '2026-08-20', fire_at: '2026-07-20' }),
      birthday({ source_ref: 'today', due_at: '2026-08-01', fire_at: '2026-08-01' }),
      birthday({ source_ref: 'overdue', due_at: '2026-07-31', fire_at: '2026-07-01', after_due: 'keep' }),
      birthday({ source_ref: 'expired', due_at: '2026-08-01T11:00', fire_at: '2026-08-01', after_due: 'expire' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { source_ref: string; state: string }) => [e.source_ref, e.state])).toEqual([
      ['later', 'scheduled'],
      ['preparing', 'preparing'],
      ['today', 'today'],
      ['overdue', 'overdue'],
      ['expired', 'expired'],
    ]);
    const ids = res.body.events.map((e: { id: number }) => e.id);
    expect(new Set(ids).size).toBe(5);
  });

  it('after_due defaults to expire and done_label is optional', async () => {
    const res = await put(t, docs, [birthday({ after_due: undefined, payload: { title: 'Passport expires' } })]);
    expect(res.status).toBe(200);
    const got = await call(t, 'GET', '/api/events?source_ref=person:42&topic=birthday', { token: docs });
    expect(got.body).toMatchObject({ after_due: 'expire', payload: { title: 'Passport expires' } });
  });

  it('creates the user on first sight with HADO_DEFAULT_TZ', async () => {
    await put(t, docs, [birthday({ user: 'newcomer' })]);
    const user = await t.store.db.selectFrom('users').selectAll().where('login', '=', 'newcomer').executeTakeFirstOrThrow();
    expect(user.tz).toBe('Europe/Madrid');
  });
});

describe('PUT /api/events: upsert of an existing event', () => {
  it('same due_at: payload, fire_on, after_due and user updated; a done event stays done', async () => {
    const first = await put(t, docs, [birthday({ due_at: '2026-08-01', fire_at: '2026-07-25' })]);
    const id = first.body.events[0].id;
    const done = await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
    expect(done.status).toBe(200);
    const doneAt = (await eventRow(t.store.db, 'person:42', 'birthday'))!.done_at;
    expect(doneAt).not.toBeNull();

    t.clock.advance({ minutes: 5 });
    const again = await put(t, docs, [
      birthday({ due_at: '2026-08-01', fire_at: '2026-07-30', after_due: 'keep', payload: { title: 'Vasya turns 34 today' } }),
    ]);
    expect(again.status).toBe(200);
    expect(again.body.events[0]).toEqual({ source_ref: 'person:42', topic: 'birthday', id, state: 'done' });
    const row = await eventRow(t.store.db, 'person:42', 'birthday');
    expect(row).toMatchObject({ id, state: 'done', fire_on: '2026-07-30', after_due: 'keep' });
    expect(row!.payload).toEqual({ title: 'Vasya turns 34 today' });
    expect(row!.done_at).toEqual(doneAt);
  });

  it('same due_at on a live event: the state is recomputed and quiet_until is kept', async () => {
    const first = await put(t, docs, [birthday({ due_at: '2026-08-01', fire_at: '2026-08-01' })]);
    const id = first.body.events[0].id;
    const ack = await call(t, 'POST', `/me/events/${id}/ack`, { user: 'nikita' });
    expect(ack.status).toBe(200);
    const quiet = (await eventRow(t.store.db, 'person:42', 'birthday'))!.quiet_until;
    expect(quiet.getTime()).toBeGreaterThan(Date.parse('2026-08-01T10:00:00Z'));

    const again = await put(t, docs, [birthday({ due_at: '2026-08-01', fire_at: '2026-07-01', payload: { title: 'New title' } })]);
    expect(again.body.events[0]).toMatchObject({ id, state: 'today' });
    const row = await eventRow(t.store.db, 'person:42', 'birthday');
    expect(row!.quiet_until).toEqual(quiet);
    expect(row!.payload.title).toBe('New title');
  });

  it('a different due_at starts a new round: revived from done, quiet_until and done_at reset', async () => {
    const first = await put(t, docs, [birthday({ due_at: '2026-08-01', fire_at: '2026-08-01' })]);
    const id = first.body.events[0].id;
    expect((await call(t, 'POST', `/me/events/${id}/ack`, { user: 'nikita' })).status).toBe(200);
    expect((await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' })).status).toBe(200);

    const next = await put(t, docs, [birthday({ due_at: '2027-08-01', fire_at: '2027-07-01', payload: { title: 'Next year' } })]);
    expect(next.status).toBe(200);
    expect(next.body.events[0]).toEqual({ source_ref: 'person:42', topic: 'birthday', id, state: 'scheduled' });
    const row = await eventRow(t.store.db, 'person:42', 'birthday');
    expect(row).toMatchObject({ id, state: 'scheduled', due_date: '2027-08-01', fire_on: '2027-07-01', done_at: null });
    expect(row!.quiet_until.getTime()).toBeLessThanOrEqual(Date.parse('2026-08-01T10:00:00Z'));
    expect(row!.next_transition_at).not.toBeNull();
  });

  it('a different due_at revives expired and withdrawn events too', async () => {
    await put(t, docs, [
      birthday({ source_ref: 'x', due_at: '2026-07-01', fire_at: '2026-07-01' }),
      birthday({ source_ref: 'y', due_at: '2026-08-10', fire_at: '2026-08-10' }),
    ]);
    expect((await call(t, 'DELETE', '/api/events?source_ref=y&topic=birthday', { token: docs })).status).toBe(204);
    const res = await put(t, docs, [
      birthday({ source_ref: 'x', due_at: '2026-08-01', fire_at: '2026-07-20' }),
      birthday({ source_ref: 'y', due_at: '2026-08-11', fire_at: '2026-08-11' }),
    ]);
    expect(res.body.events.map((e: { state: string }) => e.state)).toEqual(['today', 'scheduled']);
  });

  it('pins the documented yearly re-push: a new due_at on the today day resets a live today to scheduled', async () => {
    const first = await put(t, docs, [birthday({ due_at: '2026-08-01', fire_at: '2026-08-01' })]);
    expect(first.body.events[0].state).toBe('today');
    const next = await put(t, docs, [birthday({ due_at: '2027-08-01', fire_at: '2027-08-01' })]);
    expect(next.body.events[0].state).toBe('scheduled');
  });

  it('the same instant written with another offset is the same due_at', async () => {
    const first = await put(t, docs, [birthday({ due_at: '2026-08-01T14:00+02:00', fire_at: '2026-08-01' })]);
    const id = first.body.events[0].id;
    expect((await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' })).status).toBe(200);
    const again = await put(t, docs, [birthday({ due_at: '2026-08-01T12:00Z', fire_at: '2026-08-01' })]);
    expect(again.body.events[0].state).toBe('done');
  });
});

describe('PUT /api/events: one bad record rejects the whole batch', () => {
  it('422 naming the index and the field; nothing applied, no user created', async () => {
    await put(t, docs, [birthday()]);
    const before = await snapshot(t.store.db);
    t.clock.advance({ minutes: 1 });
    const res = await put(t, docs, [
      birthday({ payload: { title: 'changed' } }),
      birthday({ source_ref: 'person:43', user: 'someone-new' }),
      birthday({ source_ref: 'person:44', due_at: '2026-02-30' }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', index: 2, field: 'due_at' });
    expect(res.body.error.message).toMatch(/^events\[2\]\.due_at: /);
    expect(res.body.error.message).toContain('2026-02-30');
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('a schema error deep in a record names its index and dotted field', async () => {
    const before = await snapshot(t.store.db);
    const res = await put(t, docs, [birthday(), birthday({ source_ref: 'b' }), birthday({ source_ref: 'c', payload: { subtitle: 'x' } })]);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', index: 2, field: 'payload.title' });
    expect(res.body.error.message).toBe('events[2].payload.title: is required');
    expect(await snapshot(t.store.db)).toEqual(before);
  });
});

describe('GET and DELETE /api/events', () => {
  it('GET returns the event with its state and what the source sent', async () => {
    await put(t, docs, [birthday()]);
    const res = await call(t, 'GET', '/api/events?source_ref=person:42&topic=birthday', { token: docs });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      source_ref: 'person:42',
      topic: 'birthday',
      user: 'nikita',
      state: 'scheduled',
      due_at: '2026-08-14',
      fire_at: '2026-08-14',
      after_due: 'expire',
      payload: birthday().payload,
      done_at: null,
    });
  });

  it('DELETE → 204 and the state is withdrawn; the event stays readable', async () => {
    const id = (await put(t, docs, [birthday()])).body.events[0].id;
    const del = await call(t, 'DELETE', '/api/events?source_ref=person:42&topic=birthday', { token: docs });
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    const res = await call(t, 'GET', '/api/events?source_ref=person:42&topic=birthday', { token: docs });
    expect(res.body).toMatchObject({ id, state: 'withdrawn' });
    expect((await eventRow(t.store.db, 'person:42', 'birthday'))!.next_transition_at).toBeNull();
    // A withdrawn event is gone from the user's inbox.
    const inbox = await call(t, 'GET', '/me/events', { user: 'nikita' });
    expect(inbox.body.events).toEqual([]);
  });

  it('GET and DELETE of an unknown identity → 404 naming it', async () => {
    const get = await call(t, 'GET', '/api/events?source_ref=nope&topic=x', { token: docs });
    expect(get.status).toBe(404);
    expect(get.body.error.message).toContain('"nope"');
    const del = await call(t, 'DELETE', '/api/events?source_ref=nope', { token: docs });
    expect(del.status).toBe(404);
  });

  it('GET and DELETE need source_ref', async () => {
    const get = await call(t, 'GET', '/api/events', { token: docs });
    expect(get.status).toBe(422);
    expect(get.body.error).toMatchObject({ field: 'source_ref' });
  });

  it('topic omitted means "" in PUT, GET and DELETE', async () => {
    const res = await put(t, docs, [
      birthday({ source_ref: 'doc:7', topic: undefined, payload: { title: 'no topic' } }),
      birthday({ source_ref: 'doc:7', topic: 'review', payload: { title: 'review' } }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { topic: string }) => e.topic)).toEqual(['', 'review']);
    const got = await call(t, 'GET', '/api/events?source_ref=doc:7', { token: docs });
    expect(got.body).toMatchObject({ topic: '', payload: { title: 'no topic' } });
    const explicit = await call(t, 'GET', '/api/events?source_ref=doc:7&topic=', { token: docs });
    expect(explicit.body.id).toBe(got.body.id);
    expect((await call(t, 'DELETE', '/api/events?source_ref=doc:7', { token: docs })).status).toBe(204);
    expect((await eventRow(t.store.db, 'doc:7', ''))!.state).toBe('withdrawn');
    expect((await eventRow(t.store.db, 'doc:7', 'review'))!.state).toBe('scheduled');
  });
});

describe('source tokens (SPEC A9)', () => {
  it.each([
    { name: 'missing header', headers: {} as Record<string, string>, message: /Missing Authorization/ },
    { name: 'unknown token', headers: { authorization: 'Bearer hado_not-a-real-token' }, message: /Unknown source token/ },
    { name: 'not a bearer', headers: { authorization: 'Basic dXNlcjpwdw==' }, message: /Bearer/ },
    { name: 'empty bearer', headers: { authorization: 'Bearer ' }, message: /Bearer/ },
  ])('401 with a clear body: $name', async ({ headers, message }) => {
    for (const [method, url, body] of [
      ['PUT', '/api/events', { events: [birthday()] }],
      ['GET', '/api/events?source_ref=person:42', undefined],
      ['DELETE', '/api/events?source_ref=person:42', undefined],
    ] as const) {
      const res = await call(t, method, url, { headers, body });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
      expect(res.body.error.message).toMatch(message);
    }
    expect(await t.store.db.selectFrom('events').select('id').execute()).toEqual([]);
  });

  it('a source sees and changes only its own events', async () => {
    const mine = (await put(t, docs, [birthday()])).body.events[0].id;
    // The same identity from another source is another event.
    const theirs = await put(t, other, [birthday({ payload: { title: 'other source' } })]);
    expect(theirs.body.events[0].id).not.toBe(mine);
    await call(t, 'DELETE', '/api/events?source_ref=person:42&topic=birthday', { token: other });
    const got = await call(t, 'GET', '/api/events?source_ref=person:42&topic=birthday', { token: docs });
    expect(got.body).toMatchObject({ id: mine, state: 'scheduled', payload: { title: "Vasya's birthday today" } });

    await t.store.db.deleteFrom('events').where('id', '=', theirs.body.events[0].id).execute();
    const foreign = await call(t, 'GET', '/api/events?source_ref=person:42&topic=birthday', { token: other });
    expect(foreign.status).toBe(404);
    expect((await call(t, 'DELETE', '/api/events?source_ref=person:42&topic=birthday', { token: other })).status).toBe(404);
    expect((await eventRow(t.store.db, 'person:42', 'birthday'))!.state).toBe('scheduled');
  });

  it('the source is never taken from the body or the URL', async () => {
    const res = await call(t, 'PUT', '/api/events?source=other', { token: docs, body: { events: [birthday()], source: 'other' } });
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('source');
  });
});
