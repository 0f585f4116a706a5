// events.next_check_at is kept by every path that changes an event or what
// it can reach (upsert, the tick, Ack, PATCH /me, channels), so the tick —
// which reads only events whose next_check_at has come — never misses one.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { call } from '../support/app.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createHarness, type Harness } from './harness.ts';

const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();
const iso = (at: string): string => new Date(at).toISOString();

let h: Harness;
let ha: FakeHa;
let user: string;
let n = 0;
beforeAll(async () => {
  h = await createHarness({ now: madrid('2026-08-14T08:30'), env: ALLOW_LOOPBACK });
  ha = await startFakeHa(h.clock);
  ha.presence = true;
}, 60_000);
afterAll(async () => {
  await ha.close();
  await h.close();
});
beforeEach(async () => {
  user = `p${++n}`;
  h.clock.set(madrid('2026-08-14T08:30'));
  await sql`UPDATE events SET state = 'withdrawn'`.execute(h.store.db);
});

const event = async () =>
  h.store.db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.user_id')
    .select(['events.id', 'events.state', 'events.next_check_at', 'events.quiet_until'])
    .where('users.login', '=', user)
    .executeTakeFirstOrThrow();
const put = () => h.put([{ user, source_ref: `${user}:e`, due_at: '2026-08-14', payload: { title: 'Today' } }]);

describe('next_check_at', () => {
  it('upsert marks the event now; the tick then sets the next window start; a delivery moves it to the next window', async () => {
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await put();
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T08:30')));
    expect((await h.tick()).decisions).toMatchObject([{ why: 'no-window', nextCheckAt: madrid('2026-08-14T09:00') }]);
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T09:00')));
    // Nothing to look at before 09:00.
    h.clock.set(madrid('2026-08-14T08:59'));
    expect((await h.tick()).decisions).toEqual([]);
    h.clock.set(madrid('2026-08-14T09:00'));
    expect((await h.tick()).decisions).toMatchObject([{ why: 'present', nextCheckAt: madrid('2026-08-14T10:00') }]);
  });

  it('Ack moves it to the end of the silence (the window after next)', async () => {
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await put();
    h.clock.set(madrid('2026-08-14T09:00'));
    await h.tick();
    h.clock.set(madrid('2026-08-14T09:10'));
    const ev = await event();
    expect((await call(h, 'POST', `/me/events/${ev.id}/ack`, { user })).status).toBe(200);
    // In the 09:00 window: the 10:00 one is skipped, 11:00 is the next look.
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T11:00')));
  });

  it('PATCH /me (a new zone) has every live event looked at again at once', async () => {
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await put();
    await h.tick();
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T09:00')));
    // 08:31 in Madrid is 15:31 in Tokyo: inside active hours there.
    h.clock.set(madrid('2026-08-14T08:31'));
    expect((await call(h, 'PATCH', '/me', { user, body: { tz: 'Asia/Tokyo' } })).status).toBe(200);
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T08:31')));
    const report = await h.tick();
    expect(report.decisions).toMatchObject([{ why: 'present', window: { start: '2026-08-14T06:00:00Z' } }]);
  });

  it('a user with every channel off waits for the next window; switching one on has the events looked at again', async () => {
    await put();
    const channels = (await call(h, 'GET', '/me/channels', { user })).body.channels as Array<{ id: number }>;
    for (const c of channels) await call(h, 'PATCH', `/me/channels/${c.id}`, { user, body: { enabled: false } });
    h.clock.set(madrid('2026-08-14T09:55'));
    // The 09:00 window falls back at 09:50, but there is no enabled channel at all.
    expect((await h.tick()).decisions).toMatchObject([{ why: 'no-channels', nextCheckAt: madrid('2026-08-14T10:00') }]);
    h.clock.set(madrid('2026-08-14T09:56'));
    const web = channels[0]!;
    expect((await call(h, 'PATCH', `/me/channels/${web.id}`, { user, body: { enabled: true } })).status).toBe(200);
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T09:56')));
    expect((await h.tick()).decisions).toMatchObject([{ why: 'fallback', channels: [{ type: 'web' }] }]);
  });

  it('a new webhook channel has the events looked at again', async () => {
    await put();
    h.clock.set(madrid('2026-08-14T10:05'));
    expect((await h.tick()).decisions).toMatchObject([{ why: 'waiting' }]);
    await sql`UPDATE events SET next_check_at = ${new Date(madrid('2026-08-14T11:00'))} WHERE id = ${(await event()).id}`.execute(h.store.db);
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    expect((await event()).next_check_at?.toISOString()).toBe(iso(madrid('2026-08-14T10:05')));
    expect((await h.tick()).decisions).toMatchObject([{ why: 'present', channels: [{ type: 'webhook' }] }]);
  });
});
