// Recurring events through the client API (SPEC Part C): PUT with a rule
// instead of due_at, the same rule again, a changed rule, DELETE, and what
// GET /api/events and GET /me/events show.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let docs: string;

// Monday 30 Nov 2026, 09:00 in Madrid (the default zone, UTC+1 in winter).
const MONDAY_0900 = '2026-11-30T08:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_0900 });
  docs = await createSource(t, 'docs');
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(MONDAY_0900);
  await t.store.db.deleteFrom('events').execute();
});

const payload = { title: 'Team call', done_label: 'Joined' };

/** A recurring event as a client sends it, with any field overridden (undefined drops a field). */
function series(over: Record<string, unknown> = {}) {
  const ev: Record<string, unknown> = {
    user: 'nikita',
    source_ref: 'call:1',
    topic: 'standup',
    recurrence: { type: 'weekly', weekdays: [0, 3], time_local: '10:00' },
    after_due: 'expire',
    payload,
    ...over,
  };
  for (const k of Object.keys(ev)) if (ev[k] === undefined) delete ev[k];
  return ev;
}

const put = (events: unknown[]) => call(t, 'PUT', '/api/events', { token: docs, body: { events } });
const get = (sourceRef = 'call:1', topic = 'standup') =>
  call(t, 'GET', `/api/events?source_ref=${encodeURIComponent(sourceRef)}&topic=${topic}`, { token: docs });
const tick = () => lifecycleTick(t.store.db, t.clock.now());

async function eventCount(): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(t.store.db);
  return r.rows[0]!.n;
}

describe('validation', () => {
  const good = series({ source_ref: 'good' });

  it.each([
    ['a rule that is not an object', { recurrence: 'weekly' }, 'recurrence'],
    ['an unknown type', { recurrence: { type: 'hourly' } }, 'recurrence.type'],
    ['no type', { recurrence: { weekdays: [0] } }, 'recurrence.type'],
    ['weekly without weekdays', { recurrence: { type: 'weekly' } }, 'recurrence.weekdays'],
    ['weekday 7', { recurrence: { type: 'weekly', weekdays: [7] } }, 'recurrence.weekdays'],
    ['biweekly without an anchor', { recurrence: { type: 'biweekly', weekdays: [0] } }, 'recurrence.anchor_date'],
    ['a bad anchor', { recurrence: { type: 'biweekly', weekdays: [0], anchor_date: '2026-02-30' } }, 'recurrence.anchor_date'],
    ['day_of_month 32', { recurrence: { type: 'monthly', day_of_month: 32 } }, 'recurrence.day_of_month'],
    ['interval 0', { recurrence: { type: 'every_n_days', interval_days: 0, anchor_date: '2026-01-01' } }, 'recurrence.interval_days'],
    ['30 Feb', { recurrence: { type: 'yearly', month: 2, day: 30 } }, 'recurrence.day'],
    ['month 13', { recurrence: { type: 'yearly', month: 13, day: 1 } }, 'recurrence.month'],
    ['time 25:00', { recurrence: { type: 'weekly', weekdays: [0], time_local: '25:00' } }, 'recurrence.time_local'],
    ['an unknown zone', { recurrence: { type: 'weekly', weekdays: [0], timezone: 'Mars/Olympus' } }, 'recurrence.timezone'],
    ['a field of another type', { recurrence: { type: 'weekly', weekdays: [0], day: 3 } }, 'recurrence.day'],
    ['a negative lead', { fire_days_before: -1 }, 'fire_days_before'],
    ['a fractional lead', { fire_days_before: 1.5 }, 'fire_days_before'],
    ['a lead as text', { fire_days_before: '3' }, 'fire_days_before'],
    ['fire_at with a rule', { fire_at: '2026-11-30' }, 'fire_at'],
    ['both due_at and recurrence', { due_at: '2026-12-01' }, 'recurrence'],
    ['neither due_at nor recurrence', { recurrence: undefined }, 'due_at'],
    ['fire_days_before with due_at', { recurrence: undefined, due_at: '2026-12-01', fire_days_before: 2 }, 'fire_days_before'],
    ['a bad ignored anchor', { recurrence: { type: 'weekly', weekdays: [0], anchor_date: 'monday' } }, 'recurrence.anchor_date'],
    ['a zero duration', { recurrence: { type: 'weekly', weekdays: [0], duration_minutes: 0 } }, 'recurrence.duration_minutes'],
    ['a duration past a week', { recurrence: { type: 'weekly', weekdays: [0], duration_minutes: 10081 } }, 'recurrence.duration_minutes'],
  ])('%s → 422 naming %s and the index, nothing applied', async (_, over, field) => {
    const res = await put([good, series(over)]);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', index: 1, field });
    expect(res.body.error.message).toMatch(new RegExp(`^events\\[1\\]\\.${field.replace('.', '\\.')}: `));
    expect(await eventCount()).toBe(0);
  });

  it('takes null for an absent rule or lead, as for the rule fields', async () => {
    const res = await put([
      series({ source_ref: 'a', recurrence: null, due_at: '2026-12-01', fire_days_before: null }),
      series({ source_ref: 'b', fire_days_before: null, recurrence: { type: 'weekly', weekdays: [1], timezone: null } }),
    ]);
    expect(res.status).toBe(200);
    expect((await get('a')).body).toMatchObject({ due_at: '2026-12-01', recurrence: null });
    expect((await get('b')).body).toMatchObject({ due_at: '2026-12-01', fire_days_before: 0, recurrence: { type: 'weekly', weekdays: [1] } });
  });
});

describe("the seed's rule as stored (issue 24)", () => {
  const seed = { type: 'weekly', weekdays: [0, 2, 4], anchor_date: '2026-11-30', time_local: '10:00', timezone: 'Europe/Madrid', duration_minutes: 30 };

  it('anchor_date on a weekly, monthly or yearly rule is accepted and ignored; duration_minutes is kept', async () => {
    const res = await put([
      series({ source_ref: 'w', recurrence: seed }),
      series({ source_ref: 'm', recurrence: { type: 'monthly', day_of_month: 31, anchor_date: '2026-11-30', duration_minutes: 45 } }),
      series({ source_ref: 'y', recurrence: { type: 'yearly', month: 3, day: 1, anchor_date: null, duration_minutes: null } }),
    ]);
    expect(res.status).toBe(200);
    const { anchor_date: _, ...kept } = seed;
    expect((await get('w')).body.recurrence).toEqual(kept);
    expect((await get('m')).body.recurrence).toEqual({ type: 'monthly', day_of_month: 31, duration_minutes: 45 });
    expect((await get('y')).body.recurrence).toEqual({ type: 'yearly', month: 3, day: 1 });
  });

  it('a timed occurrence with a duration is today until its end, and an expire event expires at the end', async () => {
    await put([series({ recurrence: seed })]);
    t.clock.set('2026-11-30T09:29:00Z'); // 10:29 in Madrid: the 10:00 session of 30 minutes is still on
    await tick();
    expect((await get()).body).toMatchObject({ state: 'today', due_at: '2026-11-30T10:00+01:00' });
    t.clock.set('2026-11-30T09:30:00Z'); // its end: expired, and the series rolls to Wednesday
    await tick();
    await tick();
    expect((await get()).body).toMatchObject({ due_at: '2026-12-02T10:00+01:00' });
  });

  it('a rule written during a session still on starts with that session', async () => {
    t.clock.set('2026-11-30T09:15:00Z');
    const res = await put([series({ recurrence: seed })]);
    expect(res.body.events[0].state).toBe('today');
    expect((await get()).body.due_at).toBe('2026-11-30T10:00+01:00');
    const without = { ...seed, duration_minutes: undefined };
    await put([series({ source_ref: 'plain', recurrence: without })]);
    expect((await get('plain')).body.due_at).toBe('2026-12-02T10:00+01:00');
  });
});

describe('create', () => {
  it('stores the current occurrence as the due: today’s until its moment, then the next one', async () => {
    const res = await put([series()]);
    expect(res.status).toBe(200);
    expect(res.body.events[0]).toMatchObject({ source_ref: 'call:1', topic: 'standup', state: 'today' });
    const ev = (await get()).body;
    expect(ev).toMatchObject({
      state: 'today',
      due_at: '2026-11-30T10:00',
      fire_at: '2026-11-30',
      recurrence: { type: 'weekly', weekdays: [0, 3], time_local: '10:00' },
      fire_days_before: 0,
      rule_text: 'every Mon and Thu at 10:00',
      next_occurrence: '2026-12-03T10:00',
    });
    // Pushed after today's moment (SPEC Part C): the series starts with the next occurrence.
    t.clock.set('2026-11-30T12:00:00Z');
    await put([series({ source_ref: 'late' })]);
    expect((await get('late')).body).toMatchObject({ state: 'scheduled', due_at: '2026-12-03T10:00' });
  });

  it('applies the lead before each occurrence', async () => {
    await put([series({ recurrence: { type: 'yearly', month: 12, day: 14 }, fire_days_before: 30, after_due: 'keep' })]);
    expect((await get()).body).toMatchObject({
      state: 'preparing',
      due_at: '2026-12-14',
      fire_at: '2026-11-14',
      rule_text: 'yearly on 14 Dec',
      next_occurrence: '2027-12-14',
    });
  });

  it('writes a fixed rule as instants in its zone', async () => {
    await put([series({ recurrence: { type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-12-03', time_local: '10:00', timezone: 'America/New_York' } })]);
    const ev = (await get()).body;
    expect(ev).toMatchObject({
      due_at: '2026-11-30T10:00-05:00',
      rule_text: 'every 2 weeks on Mon and Thu at 10:00 (America/New_York time)',
      next_occurrence: '2026-12-03T10:00-05:00',
    });
    const me = await call(t, 'GET', '/me/events', { user: 'nikita' });
    // 10:00 in New York is 16:00 in Madrid.
    expect(me.body.events).toEqual(expect.arrayContaining([expect.objectContaining({ due_time: '16:00', due_mode: 'fixed', rule_text: ev.rule_text })]));
  });

  it('shows the rule in GET /me/events, and nulls for a one-off event', async () => {
    await put([series({ recurrence: { type: 'yearly', month: 8, day: 14 } }), series({ source_ref: 'once', recurrence: undefined, due_at: '2026-12-24' })]);
    const me = await call(t, 'GET', '/me/events', { user: 'nikita' });
    expect(me.status).toBe(200);
    const list: Array<Record<string, unknown>> = me.body.events;
    const byRef = new Map(list.map((e) => [e.source_ref, e]));
    expect(byRef.get('call:1')).toMatchObject({
      due_at: '2027-08-14',
      recurrence: { type: 'yearly', month: 8, day: 14 },
      rule_text: 'yearly on 14 Aug',
      next_occurrence: '2028-08-14',
    });
    expect(byRef.get('once')).toMatchObject({ recurrence: null, rule_text: null, next_occurrence: null, fire_days_before: null });
    expect((await get('once')).body).toMatchObject({ recurrence: null, rule_text: null, next_occurrence: null });
  });
});

describe('the same rule again', () => {
  async function done(): Promise<void> {
    const id = (await get()).body.id;
    const res = await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
    expect(res.status).toBe(200);
  }

  it('changes nothing about the round: a done occurrence stays done, the payload is updated', async () => {
    await put([series()]);
    await done();
    const before = (await get()).body;
    t.clock.set('2026-11-30T15:00:00Z');
    // The same rule, weekdays in another order.
    const res = await put([series({ recurrence: { type: 'weekly', weekdays: [3, 0], time_local: '10:00' }, payload: { title: 'Daily call' } })]);
    expect(res.body.events[0].state).toBe('done');
    const after = (await get()).body;
    expect(after).toMatchObject({ state: 'done', due_at: before.due_at, done_at: before.done_at, payload: { title: 'Daily call' } });
  });

  it('keeps an ended round past its day until the tick rolls it', async () => {
    await put([series()]);
    await done();
    // Tuesday: the stored occurrence (Monday) is past, the rule's current one is Thursday.
    t.clock.set('2026-12-01T08:00:00Z');
    await put([series()]);
    expect((await get()).body).toMatchObject({ state: 'done', due_at: '2026-11-30T10:00' });
    await tick();
    expect((await get()).body).toMatchObject({ state: 'scheduled', due_at: '2026-12-03T10:00', done_at: null });
  });

  it('leaves an overdue keep round overdue a week later: no re-push trap', async () => {
    await put([series({ after_due: 'keep', recurrence: { type: 'weekly', weekdays: [0] } })]);
    t.clock.set('2026-12-07T10:00:00Z'); // the next Monday, 11:00
    await tick();
    await put([series({ after_due: 'keep', recurrence: { type: 'weekly', weekdays: [0] } })]);
    expect((await get()).body).toMatchObject({ state: 'overdue', due_at: '2026-11-30', next_occurrence: '2026-12-07' });
  });

  it('updates the lead of the stored occurrence', async () => {
    await put([series({ recurrence: { type: 'monthly', day_of_month: 15 }, fire_days_before: 3 })]);
    expect((await get()).body).toMatchObject({ due_at: '2026-12-15', fire_at: '2026-12-12' });
    await put([series({ recurrence: { type: 'monthly', day_of_month: 15 }, fire_days_before: 20 })]);
    expect((await get()).body).toMatchObject({ state: 'preparing', due_at: '2026-12-15', fire_at: '2026-11-25', fire_days_before: 20 });
  });

  it('keeps quiet_until after an Ack', async () => {
    await put([series({ fire_days_before: 3, recurrence: { type: 'weekly', weekdays: [3] } })]);
    const id = (await get()).body.id;
    t.clock.set('2026-11-30T10:00:00Z');
    expect((await call(t, 'POST', `/me/events/${id}/ack`, { user: 'nikita' })).status).toBe(200);
    const quiet = (await get()).body.quiet_until;
    expect(quiet).not.toBe(new Date(0).toISOString());
    await put([series({ fire_days_before: 3, recurrence: { type: 'weekly', weekdays: [3] } })]);
    expect((await get()).body.quiet_until).toBe(quiet);
  });
});

describe('a changed rule', () => {
  it('recomputes the current occurrence from today: a new round when the due changes', async () => {
    await put([series()]);
    const id = (await get()).body.id;
    await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
    const res = await put([series({ recurrence: { type: 'weekly', weekdays: [3], time_local: '10:00' } })]);
    expect(res.body.events[0].state).toBe('scheduled');
    expect((await get()).body).toMatchObject({
      id,
      state: 'scheduled',
      due_at: '2026-12-03T10:00',
      done_at: null,
      rule_text: 'every Thu at 10:00',
    });
  });

  it('keeps the round when the current occurrence stays the same', async () => {
    await put([series()]);
    const id = (await get()).body.id;
    await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
    await put([series({ recurrence: { type: 'weekly', weekdays: [0, 1, 3], time_local: '10:00' } })]);
    expect((await get()).body).toMatchObject({ state: 'done', due_at: '2026-11-30T10:00', next_occurrence: '2026-12-01T10:00' });
  });

  it('turns a one-off event into a series and back', async () => {
    await put([series({ recurrence: undefined, due_at: '2026-12-24' })]);
    await put([series({ recurrence: { type: 'yearly', month: 12, day: 24 } })]);
    expect((await get()).body).toMatchObject({ due_at: '2026-12-24', rule_text: 'yearly on 24 Dec' });
    await put([series({ recurrence: undefined, due_at: '2026-12-24' })]);
    expect((await get()).body).toMatchObject({ due_at: '2026-12-24', recurrence: null, next_occurrence: null });
  });
});

describe('DELETE', () => {
  it('withdraws the whole series: no roll, and the same rule again keeps it withdrawn', async () => {
    await put([series()]);
    const del = await call(t, 'DELETE', '/api/events?source_ref=call:1&topic=standup', { token: docs });
    expect(del.status).toBe(204);
    for (const at of ['2026-12-01T08:00:00Z', '2026-12-04T08:00:00Z', '2026-12-15T08:00:00Z']) {
      t.clock.set(at);
      await tick();
      expect((await get()).body).toMatchObject({ state: 'withdrawn', due_at: '2026-11-30T10:00' });
    }
    await put([series()]);
    expect((await get()).body).toMatchObject({ state: 'withdrawn', due_at: '2026-11-30T10:00' });
    const row = await t.store.db.selectFrom('events').select('next_transition_at').executeTakeFirstOrThrow();
    expect(row.next_transition_at).toBeNull();
  });
});

describe('the tick and ended rounds', () => {
  const row = () => t.store.db.selectFrom('events').select(['state', 'next_transition_at', 'due_at']).executeTakeFirstOrThrow();

  it('rolls a round ended by Done at the next tick, not at midnight', async () => {
    await put([series()]);
    const id = (await get()).body.id;
    await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
    expect(await row()).toMatchObject({ state: 'done', due_at: '2026-11-30T10:00' });
    expect((await row()).next_transition_at?.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    t.clock.set('2026-11-30T08:01:00Z');
    expect(await tick()).toEqual([expect.objectContaining({ id, from: 'done', to: 'scheduled', newRound: '2026-12-03T10:00' })]);
    expect(await row()).toMatchObject({ state: 'scheduled', due_at: '2026-12-03T10:00' });
  });

  it('rolls an expired round in the tick that expires it', async () => {
    await put([series()]);
    const id = (await get()).body.id;
    t.clock.set('2026-11-30T09:00:00Z'); // 10:00 in Madrid: the due moment
    expect(await tick()).toEqual([
      expect.objectContaining({ id, from: 'today', to: 'expired' }),
      expect.objectContaining({ id, from: 'expired', to: 'scheduled', newRound: '2026-12-03T10:00' }),
    ]);
    expect(await row()).toMatchObject({ state: 'scheduled', due_at: '2026-12-03T10:00' });
  });

  it('a PATCH /me before the roll leaves it to the next tick, in the new zone’s calendar', async () => {
    await put([series()]);
    const id = (await get()).body.id;
    await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
    const res = await call(t, 'PATCH', '/me', { user: 'nikita', body: { tz: 'Asia/Tokyo' } });
    expect(res.status).toBe(200);
    expect((await row()).next_transition_at?.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    // Monday 17:00 in Tokyo: the next occurrence after Monday's is Thursday 10:00 Tokyo time.
    expect(await tick()).toEqual([expect.objectContaining({ id, from: 'done', newRound: '2026-12-03T10:00' })]);
    await call(t, 'PATCH', '/me', { user: 'nikita', body: { tz: 'Europe/Madrid' } });
  });
});
