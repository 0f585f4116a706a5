// The lifecycle tick (SPEC A4, issue 2 item 5) on a real store, driven by a
// FakeClock: events created through the client API move
// scheduled → preparing → today → expired/overdue at exactly the right
// minute, including the early-due eve and DST days, and a tick reads only
// the events whose next transition has come.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { lifecycleTick, SCHEDULER_LOCK } from '../../src/scheduler/lifecycle-tick.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { onPostgres } from '../support/store.ts';
import { birthday, type EventJson, put } from './helpers.ts';

let t: TestApp;
let docs: string;

beforeAll(async () => {
  t = await createTestApp();
  docs = await createSource(t, 'docs');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.store.db.deleteFrom('events').execute();
});

async function setZone(user: string, tz: string): Promise<void> {
  expect((await call(t, 'PATCH', '/me', { user, body: { tz } })).status).toBe(200);
}

async function create(now: string, events: EventJson[]): Promise<number[]> {
  t.clock.set(now);
  const res = await put(t, docs, events);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events.map((e: { id: number }) => e.id);
}

interface Seen {
  at: string;
  id: number;
  change: string;
}

/**
 * Ticks from `from` to `to`: every hour on the hour, and every minute in the
 * five minutes around each expected instant, so a transition that comes a
 * minute early or late shows up at the wrong tick.
 */
async function walk(from: string, to: string, expected: Seen[]): Promise<Seen[]> {
  const ticks = new Set<number>();
  const end = Temporal.Instant.from(to).epochMilliseconds;
  for (let ms = Temporal.Instant.from(from).epochMilliseconds; ms <= end; ms += 3_600_000) ticks.add(ms);
  for (const e of expected) {
    const at = Temporal.Instant.from(e.at).epochMilliseconds;
    for (let d = -2; d <= 2; d++) ticks.add(at + d * 60_000);
  }
  const seen: Seen[] = [];
  for (const ms of [...ticks].sort((a, b) => a - b)) {
    const now = Temporal.Instant.fromEpochMilliseconds(ms);
    t.clock.set(now);
    const changes = await lifecycleTick(t.store.db, t.clock.now());
    expect(changes).not.toBeNull();
    for (const c of changes!) seen.push({ at: now.toString(), id: c.id, change: `${c.from}→${c.to}` });
  }
  return seen;
}

describe('transitions at exactly the right minute', () => {
  it('all-day birthday in Madrid with preparation: scheduled → preparing → today → expired', async () => {
    const [id] = await create('2026-08-01T10:00:00Z', [birthday({ due_at: '2026-08-14', fire_at: '2026-08-10', after_due: 'expire' })]);
    const expected = [
      { at: '2026-08-09T22:00:00Z', id: id!, change: 'scheduled→preparing' }, // 10 Aug 00:00 CEST
      { at: '2026-08-13T22:00:00Z', id: id!, change: 'preparing→today' }, // 14 Aug 00:00
      { at: '2026-08-14T22:00:00Z', id: id!, change: 'today→expired' }, // 15 Aug 00:00
    ];
    expect(await walk('2026-08-01T11:00:00Z', '2026-08-17T00:00:00Z', expected)).toEqual(expected);
    const row = await t.store.db.selectFrom('events').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'expired', next_transition_at: null });
  });

  it('a due moment inside the day: today → overdue at 14:37 sharp, then the event is left alone', async () => {
    const [id] = await create('2026-08-01T10:00:00Z', [birthday({ due_at: '2026-08-14T14:37', fire_at: '2026-08-13', after_due: 'keep' })]);
    const expected = [
      { at: '2026-08-12T22:00:00Z', id: id!, change: 'scheduled→preparing' },
      { at: '2026-08-13T22:00:00Z', id: id!, change: 'preparing→today' },
      { at: '2026-08-14T12:37:00Z', id: id!, change: 'today→overdue' },
    ];
    expect(await walk('2026-08-12T00:00:00Z', '2026-08-20T00:00:00Z', expected)).toEqual(expected);
    const row = await t.store.db.selectFrom('events').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'overdue', next_transition_at: null });
  });

  it('early due: a 07:00 flight is today from 20:00 on the eve (quiet_start 22:00 − 2h)', async () => {
    const [id] = await create('2026-08-01T10:00:00Z', [birthday({ due_at: '2026-08-14T07:00', fire_at: '2026-08-12', after_due: 'expire' })]);
    const expected = [
      { at: '2026-08-11T22:00:00Z', id: id!, change: 'scheduled→preparing' },
      { at: '2026-08-13T18:00:00Z', id: id!, change: 'preparing→today' }, // 13 Aug 20:00 CEST
      { at: '2026-08-14T05:00:00Z', id: id!, change: 'today→expired' }, // 14 Aug 07:00 CEST
    ];
    expect(await walk('2026-08-11T00:00:00Z', '2026-08-15T00:00:00Z', expected)).toEqual(expected);
  });

  it('a due at 09:00 sharp (= quiet_end) takes the eve rule too; all-day never does', async () => {
    const ids = await create('2026-08-01T10:00:00Z', [
      birthday({ source_ref: 'nine', due_at: '2026-08-14T09:00', fire_at: '2026-08-14' }),
      birthday({ source_ref: 'nine-01', due_at: '2026-08-14T09:01', fire_at: '2026-08-14' }),
    ]);
    const expected = [
      { at: '2026-08-13T18:00:00Z', id: ids[0]!, change: 'scheduled→today' },
      { at: '2026-08-13T22:00:00Z', id: ids[1]!, change: 'scheduled→today' },
      { at: '2026-08-14T07:00:00Z', id: ids[0]!, change: 'today→expired' },
      { at: '2026-08-14T07:01:00Z', id: ids[1]!, change: 'today→expired' },
    ];
    expect(await walk('2026-08-13T00:00:00Z', '2026-08-15T00:00:00Z', expected)).toEqual(expected);
  });

  it('fixed mode: 08:15+02:00 for a user in Montevideo is today from 20:00 on the eve, overdue at 03:15', async () => {
    await setZone('uy', 'America/Montevideo');
    const [id] = await create('2026-09-01T10:00:00Z', [birthday({ user: 'uy', due_at: '2026-09-10T08:15+02:00', fire_at: '2026-09-10', after_due: 'keep' })]);
    const expected = [
      { at: '2026-09-09T23:00:00Z', id: id!, change: 'scheduled→today' },
      { at: '2026-09-10T06:15:00Z', id: id!, change: 'today→overdue' },
    ];
    expect(await walk('2026-09-09T00:00:00Z', '2026-09-11T00:00:00Z', expected)).toEqual(expected);
  });

  it('DST in Madrid: the 23-hour spring-forward day and the 25-hour fall-back day', async () => {
    const ids = await create('2026-03-01T10:00:00Z', [
      birthday({ source_ref: 'spring', due_at: '2026-03-29', fire_at: '2026-03-28' }),
      birthday({ source_ref: 'spring-prep', due_at: '2026-03-30', fire_at: '2026-03-29', after_due: 'keep' }),
    ]);
    const spring = [
      { at: '2026-03-27T23:00:00Z', id: ids[0]!, change: 'scheduled→preparing' }, // 28 Mar 00:00 CET
      { at: '2026-03-28T23:00:00Z', id: ids[0]!, change: 'preparing→today' }, // 29 Mar 00:00 CET
      { at: '2026-03-28T23:00:00Z', id: ids[1]!, change: 'scheduled→preparing' },
      { at: '2026-03-29T22:00:00Z', id: ids[0]!, change: 'today→expired' }, // 30 Mar 00:00 CEST: 23 hours later
      { at: '2026-03-29T22:00:00Z', id: ids[1]!, change: 'preparing→today' },
      { at: '2026-03-30T22:00:00Z', id: ids[1]!, change: 'today→overdue' },
    ];
    expect(await walk('2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z', spring)).toEqual(spring);

    const [fall] = await create('2026-10-01T10:00:00Z', [birthday({ source_ref: 'fall', due_at: '2026-10-25', fire_at: '2026-10-25' })]);
    const autumn = [
      { at: '2026-10-24T22:00:00Z', id: fall!, change: 'scheduled→today' }, // 25 Oct 00:00 CEST
      { at: '2026-10-25T23:00:00Z', id: fall!, change: 'today→expired' }, // 26 Oct 00:00 CET: 25 hours later
    ];
    expect(await walk('2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z', autumn)).toEqual(autumn);
  });

  it('DST in New York: a due in the skipped hour moves forward, one in the repeated hour takes the earlier', async () => {
    await setZone('ny', 'America/New_York');
    const ids = await create('2026-03-01T10:00:00Z', [
      // 02:30 does not exist on 8 March: it moves forward to the first valid instant,
      // 03:00 EDT (07:00Z), as the domain pins it (test/domain/due.test.ts). Early: the eve at 20:00 EST.
      birthday({ user: 'ny', source_ref: 'gap', due_at: '2026-03-08T02:30', fire_at: '2026-03-08', after_due: 'keep' }),
      // 01:30 happens twice on 1 November: the earlier one, EDT (05:30Z). Eve 20:00 EDT.
      birthday({ user: 'ny', source_ref: 'overlap', due_at: '2026-11-01T01:30', fire_at: '2026-11-01' }),
      // An all-day due on the fall-back day lasts 25 hours.
      birthday({ user: 'ny', source_ref: 'long-day', due_at: '2026-11-01', fire_at: '2026-10-31' }),
    ]);
    const march = [
      { at: '2026-03-08T01:00:00Z', id: ids[0]!, change: 'scheduled→today' },
      { at: '2026-03-08T07:00:00Z', id: ids[0]!, change: 'today→overdue' },
    ];
    expect(await walk('2026-03-07T00:00:00Z', '2026-03-09T12:00:00Z', march)).toEqual(march);
    const november = [
      { at: '2026-10-31T04:00:00Z', id: ids[2]!, change: 'scheduled→preparing' }, // 31 Oct 00:00 EDT
      { at: '2026-11-01T00:00:00Z', id: ids[1]!, change: 'scheduled→today' }, // 31 Oct 20:00 EDT
      { at: '2026-11-01T04:00:00Z', id: ids[2]!, change: 'preparing→today' }, // 1 Nov 00:00 EDT
      { at: '2026-11-01T05:30:00Z', id: ids[1]!, change: 'today→expired' },
      { at: '2026-11-02T05:00:00Z', id: ids[2]!, change: 'today→expired' }, // 2 Nov 00:00 EST
    ];
    expect(await walk('2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z', november)).toEqual(november);
  });

  it('a done or withdrawn event is never moved by the tick', async () => {
    const ids = await create('2026-08-01T10:00:00Z', [
      birthday({ source_ref: 'done', due_at: '2026-08-02', fire_at: '2026-08-01' }),
      birthday({ source_ref: 'gone', due_at: '2026-08-02', fire_at: '2026-08-01' }),
    ]);
    expect((await call(t, 'POST', `/me/events/${ids[0]}/done`, { user: 'nikita' })).status).toBe(200);
    expect((await call(t, 'DELETE', '/api/events?source_ref=gone&topic=birthday', { token: docs })).status).toBe(204);
    expect(await walk('2026-08-01T11:00:00Z', '2026-08-04T00:00:00Z', [])).toEqual([]);
  });
});

describe('the cost of a tick', () => {
  it('reads and writes only the events whose next transition has come, not the whole table', async () => {
    // 297 events far ahead, 200 already finished (expired, overdue), and 3 that change at 14 Aug 00:00.
    const far = Array.from({ length: 297 }, (_, i) => birthday({ source_ref: `far:${i}`, due_at: '2027-01-01', fire_at: '2026-12-01' }));
    const past = Array.from({ length: 200 }, (_, i) =>
      birthday({ source_ref: `past:${i}`, due_at: '2026-07-01', fire_at: '2026-07-01', after_due: i % 2 ? 'keep' : 'expire' }),
    );
    const soon = Array.from({ length: 3 }, (_, i) => birthday({ source_ref: `soon:${i}`, due_at: '2026-08-14', fire_at: '2026-08-14' }));
    await create('2026-08-01T10:00:00Z', [...far, ...past, ...soon]);

    const touchedAt = async (at: Date) =>
      (await t.store.db.selectFrom('events').select('source_ref').where('updated_at', '=', at).execute()).map((r) => r.source_ref).sort();
    const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE next_transition_at IS NOT NULL`.execute(t.store.db);
    expect(waiting.rows[0]!.n).toBe(300);

    // A tick before anything is due reads nothing.
    t.clock.set('2026-08-13T21:59:00Z');
    expect(await lifecycleTick(t.store.db, t.clock.now())).toEqual([]);
    expect(await touchedAt(new Date('2026-08-13T21:59:00Z'))).toEqual([]);

    t.clock.set('2026-08-13T22:00:00Z');
    const changes = await lifecycleTick(t.store.db, t.clock.now());
    expect(changes!.map((c) => `${c.sourceRef} ${c.from}→${c.to}`).sort()).toEqual([
      'soon:0 scheduled→today',
      'soon:1 scheduled→today',
      'soon:2 scheduled→today',
    ]);
    expect(changes![0]).toMatchObject({ source: 'docs', topic: 'birthday', user: 'nikita' });
    expect(await touchedAt(new Date('2026-08-13T22:00:00Z'))).toEqual(['soon:0', 'soon:1', 'soon:2']);

    // The same minute again: nothing left to read.
    t.clock.set('2026-08-13T22:00:30Z');
    expect(await lifecycleTick(t.store.db, t.clock.now())).toEqual([]);
    expect(await touchedAt(new Date('2026-08-13T22:00:30Z'))).toEqual([]);
  });

  it('a tick long after several milestones jumps straight to the current state', async () => {
    const [id] = await create('2026-08-01T10:00:00Z', [birthday({ due_at: '2026-08-14', fire_at: '2026-08-10', after_due: 'keep' })]);
    t.clock.set('2026-08-20T00:00:00Z');
    const changes = await lifecycleTick(t.store.db, t.clock.now());
    expect(changes).toEqual([expect.objectContaining({ id, from: 'scheduled', to: 'overdue' })]);
  });

  it.skipIf(!onPostgres)('a second scheduler ticking at the same time does nothing (Postgres)', async () => {
    await create('2026-08-01T10:00:00Z', [birthday({ due_at: '2026-08-14', fire_at: '2026-08-14' })]);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const other = t.store.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${SCHEDULER_LOCK})`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    expect(await lifecycleTick(t.store.db, Temporal.Instant.from('2026-08-14T12:00:00Z'))).toBeNull();
    release();
    await other;
    expect(await lifecycleTick(t.store.db, Temporal.Instant.from('2026-08-14T12:00:00Z'))).toHaveLength(1);
  });

  it.skipIf(!onPostgres)('a Done that commits while the tick runs is not overwritten (Postgres)', async () => {
    const [id] = await create('2026-08-01T10:00:00Z', [birthday({ due_at: '2026-08-14', fire_at: '2026-08-14' })]);
    t.clock.set('2026-08-13T22:00:00Z');
    expect(await lifecycleTick(t.store.db, t.clock.now())).toHaveLength(1); // today
    // The user presses Done at 23:59:59 on the due day; the row stays locked
    // while the midnight tick starts.
    let commit!: () => void;
    const held = new Promise<void>((r) => {
      commit = r;
    });
    let updated!: () => void;
    const isUpdated = new Promise<void>((r) => {
      updated = r;
    });
    const done = t.store.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('events')
        .set({ state: 'done', done_at: new Date('2026-08-14T21:59:59Z'), next_transition_at: null })
        .where('id', '=', id!)
        .execute();
      updated();
      await held;
    });
    await isUpdated;
    // The tick leaves the locked row to its writer instead of overwriting it afterwards.
    const tick = await lifecycleTick(t.store.db, Temporal.Instant.from('2026-08-14T22:00:00Z'));
    expect(tick).toEqual([]);
    commit();
    await done;
    const row = await t.store.db.selectFrom('events').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.state).toBe('done');
  });
});
