// Issue 10, item 3: 48 webhook channels of one user whose presence URLs never
// answered took every slot of the shared presence pool for the whole tick, and
// other users' present deliveries waited. Now users take turns for the slots
// (none holds more than its share), and a channel that keeps timing out is
// asked less and less often — a state shown in /me/channels.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import type { ChannelRecord, PresenceUser } from '../../src/channels/types.ts';
import { webhookChannel } from '../../src/channels/webhook/channel.ts';
import { FakeClock } from '../../src/clock.ts';
import { channelsOfUsers } from '../../src/db/channels.ts';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK, loopbackOutbound } from '../support/outbound.ts';

describe('users take turns for the presence slots', () => {
  // Twenty hosts, one per hanging channel: calls to one host share a lane under one slot (presence.ts), so
  // hangs on one host would hold one slot whatever the turns; on twenty they would take every slot.
  let hanging: FakeHa[];
  let home: FakeHa;
  const clock = new FakeClock('2026-08-14T09:00:00Z');
  beforeAll(async () => {
    hanging = await Promise.all(Array.from({ length: 20 }, () => startFakeHa(clock)));
    for (const ha of hanging) ha.presence = 'hang';
    home = await startFakeHa(clock);
    home.presence = true;
  });
  afterAll(async () => {
    await Promise.all(hanging.map((ha) => ha.close()));
    await home.close();
  });

  const user = (id: number): PresenceUser => ({ id, login: `u${id}`, lastHeartbeatAt: null });
  const hook = (id: number, userId: number, url: string): ChannelRecord => ({
    id,
    userId,
    type: 'webhook',
    enabled: true,
    config: { deliver_url: `${url.replace('/presence', '/deliver')}`, presence_url: url },
    secret: null,
    lastSeenAt: null,
  });

  it('twenty hanging endpoints of one user do not keep three other users from their answers', async () => {
    // A 1 s timeout, so a loaded machine still answers the home users in time; without turns they would wait
    // behind the hoarder's twenty hangs, 5 timeouts (20 / 4 slots), well past the 2 s round.
    const registry = new ChannelRegistry().register(webhookChannel({ clock, presenceTimeoutMs: 1000, outbound: loopbackOutbound() }));
    const cache = new PresenceCache(registry, { timeoutMs: 1000, concurrency: 4, roundMs: 2000 });
    const asks = [
      // The hoarder's channels come first in the tick's list.
      ...Array.from({ length: 20 }, (_, i) => ({ channels: [hook(100 + i, 1, hanging[i]!.presenceUrl)], user: user(1) })),
      ...[2, 3, 4].map((u) => ({ channels: [hook(200 + u, u, home.presenceUrl)], user: user(u) })),
    ];
    const started = performance.now();
    const answers = await cache.ask(asks, clock.now());
    expect(performance.now() - started).toBeLessThan(4000);
    expect([202, 203, 204].map((id) => answers.get(id))).toEqual(['present', 'present', 'present']);
    expect(answers.get(100)).toBe('unknown');
  });
});

describe('a channel that keeps timing out is backed off, and /me/channels says so', () => {
  let h: Harness;
  let ha: FakeHa;
  const madrid = (wall: string) => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();
  beforeAll(async () => {
    // Presence gets 1 s (the harness's 0.3 s is for its hanging-endpoint tests): the answer at 09:16 must not
    // count as a timeout on a loaded machine. Five hangs of 1 s in all.
    h = await createHarness({ now: madrid('2026-08-14T09:00'), env: { ...ALLOW_LOOPBACK, HADO_PRESENCE_TIMEOUT: '1' } });
  }, 60_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    ha = await startFakeHa(h.clock);
  });

  it('three timeouts in a row: asked again after 2, then 4 minutes; an answer ends the backoff', async () => {
    ha.presence = 'hang';
    const { id } = await h.addWebhook('slow', ha.deliverUrl, ha.presenceUrl);
    const me = await h.store.db.selectFrom('users').select('id').where('login', '=', 'slow').executeTakeFirstOrThrow();
    const calledAt: number[] = [];
    for (let minute = 0; minute < 12; minute++) {
      if (minute === 10) ha.presence = true;
      const channel = (await channelsOfUsers(h.store.db, [me.id])).get(me.id)!.find((c) => c.id === id)!;
      const before = ha.presenceCalls().length;
      await h.presence.ask([{ channels: [channel], user: { id: me.id, login: 'slow', lastHeartbeatAt: null } }], h.clock.now());
      if (ha.presenceCalls().length > before) calledAt.push(minute);
      if (minute === 2) {
        const view = (await call(h, 'GET', '/me/channels', { user: 'slow' })).body.channels.find((c: { id: number }) => c.id === id);
        expect(view).toMatchObject({ presence_timeouts: 3, presence_backoff_until: new Date(madrid('2026-08-14T09:04')).toISOString() });
      }
      h.clock.advance({ minutes: 1 });
    }
    // 0, 1, 2 time out; backed off until 2 + 2; 4 times out; backed off until 4 + 4; 8 times out (until 16) … until it answers.
    expect(calledAt).toEqual([0, 1, 2, 4, 8]);
    // It answers again at its next turn: the state clears.
    h.clock.set(madrid('2026-08-14T09:16'));
    const channel = (await channelsOfUsers(h.store.db, [me.id])).get(me.id)!.find((c) => c.id === id)!;
    expect(await h.presence.ask([{ channels: [channel], user: { id: me.id, login: 'slow', lastHeartbeatAt: null } }], h.clock.now())).toEqual(
      new Map([[id, 'present']]),
    );
    const view = (await call(h, 'GET', '/me/channels', { user: 'slow' })).body.channels.find((c: { id: number }) => c.id === id);
    expect(view).toMatchObject({ presence_timeouts: 0, presence_backoff_until: null });
    await ha.close();
  }, 60_000);
});
