// Recurring events end to end (SPEC Part C): a client sends a rule once; a
// fake clock moves across weeks, months and years, the scheduler's ticks
// (lifecycle, then delivery) run every step, the user keeps the inbox open
// now and then and presses Done, and every occurrence is reminded in its
// windows, reaches `today`, ends, and the next one appears — with no client
// re-push.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import { webChannel } from '../../src/channels/web/channel.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import type { WindowConfig } from '../../src/domain/windows.ts';
import { deliveryTick } from '../../src/scheduler/delivery-tick.ts';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

const MADRID = 'Europe/Madrid';

let t: TestApp;
let docs: string;
let presence: PresenceCache;
let cfg: WindowConfig;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-28T11:00:00Z' });
  docs = await createSource(t, 'family');
  // The web inbox is the user's only channel: present while the page sends heartbeats.
  presence = new PresenceCache(new ChannelRegistry().register(webChannel), { timeoutMs: 2000 });
  const { fallbackDayMinutes, fallbackHourMinutes, fallbackHours } = t.config;
  cfg = { fallbackDayMinutes, fallbackHourMinutes, fallbackHours };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.store.db.deleteFrom('events').execute();
});

/** A wall time in Madrid, the user's zone. */
const at = (wall: string): Instant => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant();

/** One scheduler tick: the lifecycle tick, then the delivery tick on the states it left. */
async function tick(now: Instant): Promise<void> {
  expect(await lifecycleTick(t.store.db, now)).not.toBeNull();
  expect(await deliveryTick(t.store.db, now, { presence, cfg })).not.toBeNull();
}

/**
 * Moves the clock to a wall time in steps, ticking at every step as the
 * scheduler would; `present` opens the inbox (a heartbeat) just before the
 * last tick.
 */
async function runTo(wall: string, step: Temporal.DurationLike = { hours: 1 }, opts: { present?: boolean } = {}): Promise<void> {
  const target = at(wall);
  expect(Temporal.Instant.compare(t.clock.now(), target)).toBeLessThanOrEqual(0);
  for (;;) {
    const next = t.clock.now().add(step);
    if (Temporal.Instant.compare(next, target) >= 0) break;
    t.clock.set(next);
    await tick(next);
  }
  t.clock.set(target);
  if (opts.present) expect((await call(t, 'POST', '/me/heartbeat', { user: 'nikita' })).status).toBeLessThan(300);
  await tick(target);
}

/** The delivery rows of an event: the start of each window it was reminded in (Madrid wall time) and its round. */
async function reminders(sourceRef: string): Promise<Array<{ window: string; round: number }>> {
  const res = await sql<{ window_start: Date; round: number }>`
    SELECT d.window_start, d.round FROM deliveries d JOIN events e ON e.id = d.event_id
    WHERE e.source_ref = ${sourceRef} ORDER BY d.window_start`.execute(t.store.db);
  return res.rows.map((r) => ({
    window: Temporal.Instant.fromEpochMilliseconds(r.window_start.getTime()).toZonedDateTimeISO(MADRID).toPlainDateTime().toString({ smallestUnit: 'minute' }),
    round: Number(r.round),
  }));
}

async function create(sourceRef: string, fields: Record<string, unknown>): Promise<void> {
  const res = await call(t, 'PUT', '/api/events', {
    token: docs,
    body: { events: [{ user: 'nikita', source_ref: sourceRef, payload: { title: sourceRef }, ...fields }] },
  });
  expect(res.status).toBe(200);
}

async function show(sourceRef: string): Promise<{ id: number; state: string; due_at: string; fire_at: string; next_occurrence: string }> {
  const res = await call(t, 'GET', `/api/events?source_ref=${encodeURIComponent(sourceRef)}`, { token: docs });
  expect(res.status).toBe(200);
  return res.body;
}

async function badge(): Promise<number> {
  return (await call(t, 'GET', '/me', { user: 'nikita' })).body.badge;
}

async function done(sourceRef: string): Promise<void> {
  const { id } = await show(sourceRef);
  const res = await call(t, 'POST', `/me/events/${id}/done`, { user: 'nikita' });
  expect(res.status).toBe(200);
  expect(res.body.state ?? res.body.event?.state).toBe('done');
}

const dayBefore = (day: string) => Temporal.PlainDate.from(day).subtract({ days: 1 }).toString();
const dayAfter = (day: string) => Temporal.PlainDate.from(day).add({ days: 1 }).toString();

describe('a weekly rule over three weeks', () => {
  it('is reminded in its windows, reaches today, ends by Done or expiry, and rolls to the next occurrence', async () => {
    t.clock.set(at('2026-11-28T12:00')); // Saturday
    await create('call', {
      recurrence: { type: 'weekly', weekdays: [0, 3], time_local: '18:00' },
      fire_days_before: 1,
      after_due: 'expire',
    });
    const occurrences = ['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10', '2026-12-14', '2026-12-17'];
    expect(await show('call')).toMatchObject({ state: 'scheduled', due_at: '2026-11-30T18:00', next_occurrence: '2026-12-03T18:00' });
    const expected: Array<{ window: string; round: number }> = [];
    for (const [i, day] of occurrences.entries()) {
      const next = occurrences[i + 1] ?? '2026-12-21';
      // The day before: preparing, one window a day (09:00–22:00), reminded once while the inbox is open.
      await runTo(`${dayBefore(day)}T12:00`, { hours: 1 }, { present: true });
      expect(await show('call')).toMatchObject({ state: 'preparing', due_at: `${day}T18:00`, fire_at: dayBefore(day) });
      expect(await badge()).toBe(0);
      const round = (await reminders('call')).at(-1)!.round;
      expected.push({ window: `${dayBefore(day)}T09:00`, round });
      await runTo(`${dayBefore(day)}T14:00`, { hours: 1 }, { present: true });
      // Its day: today, hourly windows.
      await runTo(`${day}T09:00`, { hours: 1 }, { present: true });
      expect((await show('call')).state).toBe('today');
      expect(await badge()).toBe(1);
      expected.push({ window: `${day}T09:00`, round });
      if (i === 2) {
        // Nobody pressed Done: reminded again while present, then it expires at its moment and the
        // series rolls in the same tick (SPEC Part C: at once, not at midnight).
        await runTo(`${day}T13:00`, { hours: 1 }, { present: true });
        expected.push({ window: `${day}T13:00`, round });
        await runTo(`${day}T17:59`);
        expect(await show('call')).toMatchObject({ state: 'today', due_at: `${day}T18:00` });
        await runTo(`${day}T18:00`);
        expect(await show('call')).toMatchObject({ state: 'scheduled', due_at: `${next}T18:00` });
        await runTo(`${day}T19:00`, { hours: 1 }, { present: true });
      } else {
        await runTo(`${day}T12:00`);
        await done('call');
        expect((await show('call')).state).toBe('done');
        // Done ends the round: the next tick starts the next one; no reminder today however present the user is.
        await runTo(`${day}T13:00`, { hours: 1 }, { present: true });
        expect(await show('call')).toMatchObject({ state: 'scheduled', due_at: `${next}T18:00` });
        await runTo(`${day}T23:00`);
      }
      expect(await badge()).toBe(0);
      expect(await reminders('call')).toEqual(expected);
      await runTo(`${dayAfter(day)}T00:00`);
      expect(await show('call')).toMatchObject({ due_at: `${next}T18:00`, done_at: null });
      expect((await show('call')).state).toMatch(/^(scheduled|preparing)$/);
    }
    // Every occurrence was its own round (delivery tokens act only on theirs).
    const rounds = [...new Set(expected.map((r) => r.round))];
    expect(rounds).toHaveLength(occurrences.length);
    expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
    // Six rounds, hourly ticks over three weeks: room for a loaded CI machine.
  }, 120_000);
});

describe('a monthly rule on the 31st', () => {
  it('falls on the last day of short months; a keep round stays overdue until Done, then rolls', async () => {
    t.clock.set(at('2026-12-20T12:00'));
    await create('rent', { recurrence: { type: 'monthly', day_of_month: 31 }, after_due: 'keep' });
    const occurrences = ['2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31'];
    for (const [i, day] of occurrences.entries()) {
      expect(await show('rent')).toMatchObject({ state: 'scheduled', due_at: day });
      await runTo(`${day}T10:00`, { hours: 6 });
      expect((await show('rent')).state).toBe('today');
      if (i === 0) {
        // Not done on its day: overdue, and it stays overdue — no roll, however long.
        await runTo(`${dayAfter(day)}T10:00`, { hours: 6 });
        expect(await show('rent')).toMatchObject({ state: 'overdue', due_at: day });
        await runTo('2027-01-04T10:00', { hours: 6 });
        expect(await show('rent')).toMatchObject({ state: 'overdue', due_at: day });
        expect(await badge()).toBe(1);
        await done('rent');
        // Done ends the round: the next tick starts the next one.
        await runTo('2027-01-04T10:01', { minutes: 1 });
      } else {
        await done('rent');
        await runTo(`${dayAfter(day)}T00:00`, { hours: 6 });
      }
      expect((await show('rent')).due_at).toBe(occurrences[i + 1] ?? '2027-04-30');
    }
  });
});

describe('a yearly birthday on 29 February', () => {
  it('is on 28 Feb in common years and on 29 Feb in 2028, across four years', async () => {
    t.clock.set(at('2027-01-10T12:00'));
    await create('birthday', {
      recurrence: { type: 'yearly', month: 2, day: 29 },
      fire_days_before: 7,
      after_due: 'expire',
    });
    const seen: string[] = [];
    for (const year of [2027, 2028, 2029, 2030]) {
      const day = year === 2028 ? '2028-02-29' : `${year}-02-28`;
      const fireOn = Temporal.PlainDate.from(day).subtract({ days: 7 }).toString();
      // Long stretches between birthdays: a tick every week is enough to show nothing moves.
      await runTo(`${year}-02-01T12:00`, { hours: 24 * 7 });
      expect(await show('birthday')).toMatchObject({ state: 'scheduled', due_at: day, fire_at: fireOn });
      seen.push((await show('birthday')).due_at);
      await runTo(`${fireOn}T09:00`, { hours: 24 });
      expect((await show('birthday')).state).toBe('preparing');
      await runTo(`${day}T09:00`, { hours: 12 });
      expect((await show('birthday')).state).toBe('today');
      if (year !== 2028) {
        await runTo(`${day}T20:00`);
        await done('birthday');
      }
      // 2028: not done, it expires at the end of its day; either way the next year comes at 00:00.
      await runTo(`${dayAfter(day)}T00:00`);
      expect((await show('birthday')).due_at).toBe(year === 2027 ? '2028-02-29' : `${year + 1}-02-28`);
      expect((await show('birthday')).state).toBe('scheduled');
    }
    expect(seen).toEqual(['2027-02-28', '2028-02-29', '2029-02-28', '2030-02-28']);
    expect((await show('birthday')).next_occurrence).toBe('2032-02-29');
  });
});

describe('an expire rule with an early due', () => {
  it('starts the eve before, expires at its moment, and rolls at once to the next occurrence', async () => {
    t.clock.set(at('2026-12-01T12:00'));
    // Every 3 days at 07:00: before active hours (09:00), so today starts the eve at 20:00 (SPEC A4).
    await create('pills', {
      recurrence: { type: 'every_n_days', interval_days: 3, anchor_date: '2026-12-02', time_local: '07:00' },
      after_due: 'expire',
    });
    for (const day of ['2026-12-02', '2026-12-05', '2026-12-08']) {
      expect(await show('pills')).toMatchObject({ state: 'scheduled', due_at: `${day}T07:00` });
      await runTo(`${dayBefore(day)}T20:00`);
      expect((await show('pills')).state).toBe('today');
      await runTo(`${day}T06:59`);
      expect(await show('pills')).toMatchObject({ state: 'today', due_at: `${day}T07:00` });
      // Its moment ends the round, and the same tick starts the next one.
      await runTo(`${day}T07:00`);
      const next = Temporal.PlainDate.from(day).add({ days: 3 }).toString();
      expect(await show('pills')).toMatchObject({ state: 'scheduled', due_at: `${next}T07:00` });
      await runTo(`${day}T23:00`);
    }
    expect((await show('pills')).due_at).toBe('2026-12-11T07:00');
  });
});

describe('a keep rule', () => {
  it('stays overdue across later occurrences until Done, then skips to the next one from today', async () => {
    t.clock.set(at('2026-12-01T12:00'));
    await create('report', { recurrence: { type: 'weekly', weekdays: [4], time_local: '15:00' }, after_due: 'keep' });
    expect((await show('report')).due_at).toBe('2026-12-04T15:00');
    await runTo('2026-12-04T16:00', { hours: 2 });
    expect((await show('report')).state).toBe('overdue');
    // Two more Fridays pass: the round waits for Done.
    await runTo('2026-12-19T12:00', { hours: 4 });
    expect(await show('report')).toMatchObject({ state: 'overdue', due_at: '2026-12-04T15:00' });
    expect(await badge()).toBe(1);
    await done('report');
    await runTo('2026-12-19T12:01', { minutes: 1 });
    expect(await show('report')).toMatchObject({ state: 'scheduled', due_at: '2026-12-25T15:00', done_at: null });
    expect(await badge()).toBe(0);
  });
});
