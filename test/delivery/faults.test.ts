// Bad input and faults (issue 3): a presence endpoint that hangs, errs or
// answers garbage is `unknown` and never stalls the tick; a deliver endpoint
// that fails is retried with backoff at the right fake-clock moments, then
// `failed` with the error kept; 3xx and 4xx are final; a worker that dies
// mid-delivery leaves its row to be claimed again after the 30 s lease, and a
// live one renews its lease while it sends (issue 16: the heartbeat).
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../src/net/http-client.ts';
import { webhookChannel, webhookPresence } from '../../src/channels/webhook/channel.ts';
import { Temporal } from '../../src/domain/time.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import type { DeliveryResult } from '../../src/channels/types.ts';
import { Worker } from '../../src/worker/worker.ts';
import { testChannel } from '../support/channels.ts';
import { call } from '../support/app.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK, loopbackOutbound } from '../support/outbound.ts';
import { createHarness, type Harness } from './harness.ts';

const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();
const local = (at: string): string => Temporal.Instant.from(at).toZonedDateTimeISO('Europe/Madrid').toPlainDateTime().toString({ smallestUnit: 'second' });

// source_ref carries the user: events are one per (source, source_ref, topic).
const today = (user: string, ref: string) => ({
  user,
  source_ref: `${user}:${ref}`,
  due_at: '2026-08-14',
  payload: { title: `Today ${ref}` },
});

// One store for the file (a fresh one per test costs seconds); each test has its own user and fake HA.
let h: Harness;
let ha: FakeHa;
let user: string;
let n = 0;
beforeAll(async () => {
  h = await createHarness({ now: madrid('2026-08-14T11:00'), env: ALLOW_LOOPBACK });
}, 60_000);
afterAll(() => h.close());
beforeEach(async () => {
  user = `u${++n}`;
  h.clock.set(madrid('2026-08-14T11:00'));
  ha = await startFakeHa(h.clock);
});
afterEach(async () => {
  await ha.close();
  // What a test left live must not tick in the next one.
  await sql`UPDATE events SET state = 'withdrawn'`.execute(h.store.db);
  await sql`UPDATE deliveries SET result = 'failed', action_token = NULL WHERE result = 'pending'`.execute(h.store.db);
});

/** Waits until `check` passes (a real-time timer is at work). */
async function eventually(check: () => unknown, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

async function rows(h: Harness) {
  return h.store.db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select(['deliveries.id', 'deliveries.result', 'deliveries.error', 'deliveries.attempts', 'deliveries.sent_at', 'channels.type'])
    .where('channels.type', '=', 'webhook')
    .where('users.login', '=', user)
    .orderBy('deliveries.id')
    .execute();
}

describe('presence faults are unknown, never a stuck tick', () => {
  it.each([
    { answer: true, expected: 'present' },
    { answer: false, expected: 'absent' },
    { answer: 'garbage', expected: 'unknown' },
    { answer: 'error', expected: 'unknown' },
    { answer: 'hang', expected: 'unknown' },
  ] as const)('GET presence_url answering $answer → $expected', async ({ answer, expected }) => {
    ha.presence = answer;
    const channel = {
      id: 1,
      userId: 1,
      type: 'webhook' as const,
      enabled: true,
      config: { deliver_url: ha.deliverUrl, presence_url: ha.presenceUrl },
      secret: null,
      lastSeenAt: null,
    };
    const started = performance.now();
    expect(await webhookPresence(httpClient(loopbackOutbound()), channel, 300)).toBe(expected);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('a refused connection and a missing presence_url are unknown', async () => {
    const base = { id: 1, userId: 1, type: 'webhook' as const, enabled: true, secret: null, lastSeenAt: null };
    expect(await webhookPresence(httpClient(loopbackOutbound()), { ...base, config: { deliver_url: 'x', presence_url: 'http://127.0.0.1:1/p' } }, 300)).toBe(
      'unknown',
    );
    expect(await webhookPresence(httpClient(loopbackOutbound()), { ...base, config: { deliver_url: 'x' } }, 300)).toBe('unknown');
  });

  it('one hanging endpoint costs the tick one timeout, and the other users are decided in the same tick', async () => {
    const other = await startFakeHa(h.clock);
    try {
      ha.presence = 'hang';
      other.presence = true;
      await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
      await h.addWebhook(`${user}-ana`, other.deliverUrl, other.presenceUrl);
      await h.put([today(user, 'n1'), today(`${user}-ana`, 'a1')]);
      h.clock.set(madrid('2026-08-14T11:05'));
      const started = performance.now();
      const report = await h.tick();
      // HADO_PRESENCE_TIMEOUT is 0.3 s in the harness.
      expect(performance.now() - started).toBeLessThan(2000);
      const why = Object.fromEntries(report.decisions!.map((d) => [d.event.user, [d.why, d.presence.map((p) => p.presence)]]));
      expect(why).toEqual({ [user]: ['waiting', ['absent', 'unknown']], [`${user}-ana`]: ['present', ['absent', 'present']] });
      expect(other.deliveries()).toHaveLength(1);
      expect(ha.deliveries()).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('a channel is asked at most once a minute however many of its user events wait', async () => {
    ha.presence = false;
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await h.put([today(user, 'a'), today(user, 'b'), today(user, 'c')]);
    await h.run(madrid('2026-08-14T11:10'));
    expect(ha.presenceCalls().map((r) => local(r.at))).toEqual(Array.from({ length: 10 }, (_, i) => `2026-08-14T11:0${i}:00`));
  });
});

describe('deliver faults', () => {
  beforeEach(async () => {
    ha.presence = true;
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await h.put([today(user, 'r1')]);
  });

  it('5xx: three attempts at 0 s, +30 s, +90 s (exponential backoff), then failed with the error kept', async () => {
    ha.deliverStatus = 503;
    await h.tick();
    for (const at of ['11:00:29', '11:00:30', '11:01:29', '11:01:30', '11:05:00']) {
      h.clock.set(madrid(`2026-08-14T${at}`));
      await h.worker.drain();
    }
    expect(ha.deliveries().map((r) => local(r.at))).toEqual(['2026-08-14T11:00:00', '2026-08-14T11:00:30', '2026-08-14T11:01:30']);
    // The same delivery each time: one webhook-id.
    expect(new Set(ha.deliveries().map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(await rows(h)).toMatchObject([{ result: 'failed', attempts: 3, error: 'HTTP 503: failure 503', sent_at: null }]);
    // The window had its round: later ticks in it do not try again; the next window does.
    await h.run(madrid('2026-08-14T12:00'));
    expect(ha.deliveries()).toHaveLength(3);
    ha.deliverStatus = 200;
    await h.tick();
    expect((await rows(h)).map((r) => r.result)).toEqual(['failed', 'ok']);
  });

  it('a retry that succeeds ends ok; the error of the failed attempt is cleared', async () => {
    ha.deliverStatus = 500;
    await h.tick();
    ha.deliverStatus = 200;
    h.clock.set(madrid('2026-08-14T11:00:30'));
    await h.worker.drain();
    expect(await rows(h)).toMatchObject([{ result: 'ok', attempts: 2, error: null }]);
    expect((await rows(h))[0]!.sent_at?.toISOString()).toBe(new Date(madrid('2026-08-14T11:00:30')).toISOString());
  });

  it.each([
    { status: 404, error: 'HTTP 404: failure 404' },
    { status: 410, error: 'HTTP 410: failure 410' },
    { status: 302, error: 'HTTP 302 (redirect to http://127.0.0.1:1/elsewhere not followed)' },
  ])('$status is final: failed after one attempt', async ({ status, error }) => {
    ha.deliverStatus = status;
    await h.tick();
    expect(await rows(h)).toMatchObject([{ result: 'failed', attempts: 1, error }]);
  });

  it('a receiver that does not answer times out and is retried', async () => {
    h.channels.register(webhookChannel({ clock: h.clock, presenceTimeoutMs: 300, deliverTimeoutMs: 300, outbound: loopbackOutbound() }));
    ha.deliverStatus = 'hang';
    await h.tick();
    expect(await rows(h)).toMatchObject([{ result: 'pending', attempts: 1, error: 'timeout: no answer within 0.3 s' }]);
  });

  it('an event closed before its row was sent is not sent', async () => {
    ha.deliverStatus = 500;
    await h.tick();
    const id = (await h.store.db.selectFrom('events').select('id').where('source_ref', '=', `${user}:r1`).executeTakeFirstOrThrow()).id;
    expect((await call(h, 'POST', `/me/events/${id}/done`, { user })).status).toBe(200);
    h.clock.set(madrid('2026-08-14T11:00:30'));
    await h.worker.drain();
    expect(ha.deliveries()).toHaveLength(1);
    expect(await rows(h)).toMatchObject([{ result: 'failed', error: 'not sent: the event is done' }]);
  });

  it('a channel switched off before its row was retried is not sent to again', async () => {
    ha.deliverStatus = 500;
    await h.tick();
    const channel = (await rows(h))[0]!;
    const id = (await h.store.db.selectFrom('deliveries').select('channel_id').where('id', '=', channel.id).executeTakeFirstOrThrow()).channel_id;
    expect((await call(h, 'PATCH', `/me/channels/${id}`, { user, body: { enabled: false } })).status).toBe(200);
    ha.deliverStatus = 200;
    h.clock.set(madrid('2026-08-14T11:00:30'));
    await h.worker.drain();
    expect(ha.deliveries()).toHaveLength(1);
    expect(await rows(h)).toMatchObject([{ result: 'failed', error: 'not sent: the channel is disabled' }]);
  });
});

describe('a worker that dies mid-delivery', () => {
  it('leaves its row leased for at most 30 s; then another worker sends it; the dead one cannot overwrite', async () => {
    ha.presence = true;
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await h.put([today(user, 'r1')]);
    // The tick writes the row; worker A claims it and "dies" before sending.
    const report = await (async () => {
      const { runTick, windowConfigOf } = await import('../../src/scheduler/tick.ts');
      return runTick(h.store.db, h.clock.now(), { presence: h.presence, cfg: windowConfigOf(h.config) });
    })();
    expect(report.decisions).toMatchObject([{ why: 'present' }]);
    const dead = new Worker({ db: h.store.db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl });
    const [claimed] = await dead.claim(10);
    expect(claimed).toBeDefined();
    const b = new Worker({ db: h.store.db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl });
    h.clock.set(madrid('2026-08-14T11:00:29'));
    expect(await b.drain()).toBe(0);
    h.clock.set(madrid('2026-08-14T11:00:30'));
    expect(await b.drain()).toBe(1);
    expect(ha.deliveries().map((r) => local(r.at))).toEqual(['2026-08-14T11:00:30']);
    expect(await rows(h)).toMatchObject([{ result: 'ok', attempts: 2 }]);
    // A comes back and sends late: the receiver sees the same webhook-id again (and drops it); the row keeps B's result.
    h.clock.set(madrid('2026-08-14T11:03:00'));
    ha.deliverStatus = 500;
    expect(await dead.process(claimed!)).toBe('retry');
    expect(ha.deliveries().map((r) => r.headers['webhook-id'])).toEqual([String(claimed!.id), String(claimed!.id)]);
    expect(await rows(h)).toMatchObject([{ result: 'ok', attempts: 2, error: null }]);
    expect((await rows(h))[0]!.sent_at?.toISOString()).toBe(new Date(madrid('2026-08-14T11:00:30')).toISOString());
  });

  it('a live worker renews its lease while it sends (heartbeat): no other worker takes the row, however long it takes', async () => {
    ha.presence = true;
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await h.put([today(user, 'r1')]);
    const { runTick, windowConfigOf } = await import('../../src/scheduler/tick.ts');
    await runTick(h.store.db, h.clock.now(), { presence: h.presence, cfg: windowConfigOf(h.config) });
    // Worker A's receiver takes minutes to answer; its heartbeat runs every 20 ms of real time.
    let answer: ((r: DeliveryResult) => void) | null = null;
    const slow = new ChannelRegistry().register(
      testChannel({
        type: 'webhook',
        presence: async () => 'present',
        deliver: () => new Promise<DeliveryResult>((resolve) => (answer = resolve)),
      }),
    );
    const a = new Worker({ db: h.store.db, clock: h.clock, channels: slow, appUrl: h.config.appUrl, heartbeatMs: 20 });
    const b = new Worker({ db: h.store.db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl });
    const draining = a.drain();
    await eventually(() => expect(answer).not.toBeNull());
    const leasedUntil = async () =>
      (await h.store.db.selectFrom('deliveries').select('locked_until').where('result', '=', 'pending').executeTakeFirstOrThrow()).locked_until;
    for (let s = 20; s <= 180; s += 20) {
      h.clock.set(madrid(`2026-08-14T11:0${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`));
      // The beat moves the lease to the clock's now + 30 s …
      const want = new Date(h.clock.now().epochMilliseconds + 30_000).toISOString();
      await eventually(async () => expect((await leasedUntil())?.toISOString()).toBe(want));
      // … so B, at every moment, finds nothing to take.
      expect(await b.drain()).toBe(0);
    }
    answer!({ ok: true });
    expect(await draining).toBe(1);
    expect(await rows(h)).toMatchObject([{ result: 'ok', attempts: 1 }]);
    expect(ha.deliveries()).toHaveLength(0);
  });

  it('a row whose last attempt was lost is failed after the lease, not sent a fourth time', async () => {
    ha.presence = true;
    await h.addWebhook(user, ha.deliverUrl, ha.presenceUrl);
    await h.put([today(user, 'r1')]);
    ha.deliverStatus = 500;
    await h.tick();
    h.clock.set(madrid('2026-08-14T11:00:30'));
    await h.worker.drain();
    h.clock.set(madrid('2026-08-14T11:01:30'));
    const dead = new Worker({ db: h.store.db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl });
    expect((await dead.claim(10))[0]?.attempts).toBe(3);
    h.clock.set(madrid('2026-08-14T11:03:30'));
    await h.worker.drain();
    expect(ha.deliveries()).toHaveLength(2);
    expect(await rows(h)).toMatchObject([{ result: 'failed', attempts: 4, error: 'gave up: the worker holding attempt 3 was lost (lease expired)' }]);
  });
});
