// Mobile push through Expo end to end (issue 12): devices registered through
// /me/devices, the one delivery pipeline (tick → outbox → worker → mobile
// channel) over whole days with a fake clock, against a fake Expo push API
// on loopback that answers tickets and receipts — and DeviceNotRegistered,
// errors, garbage and silence.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExpoPush } from '../../src/channels/mobile/expo.ts';
import { mobileChannel } from '../../src/channels/mobile/channel.ts';
import { EVENT_CATEGORY, expoMessage } from '../../src/channels/mobile/message.ts';
import type { OutgoingMessage } from '../../src/channels/types.ts';
import { loadConfig } from '../../src/config.ts';
import { countTickets } from '../../src/db/mobile.ts';
import { Temporal } from '../../src/domain/time.ts';
import { outboundPolicyOf } from '../../src/net/outbound.ts';
import { call, type TestApp } from '../support/app.ts';
import { type ExpoSent, expoToken, type FakeExpo, startFakeExpo } from '../support/fake-expo.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createHarness, type Harness } from './harness.ts';

const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();

const register = (t: TestApp, user: string, body: unknown) => call(t, 'POST', '/me/devices', { user, body });

async function harnessWith(expo: FakeExpo, now: string, env: Record<string, string> = {}): Promise<Harness> {
  return createHarness({ now, env: { ...ALLOW_LOOPBACK, HADO_EXPO_API_ROOT: expo.root, ...env } });
}

const channelExists = async (h: Harness, id: number) =>
  (await h.store.db.selectFrom('channels').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

const birthday = {
  user: 'nikita',
  source_ref: 'person:42',
  topic: 'birthday',
  due_at: '2026-08-14',
  fire_at: '2026-08-12',
  payload: { title: "Vasya's birthday", subtitle: 'turns 34', deep_link: 'https://people.example/42', done_label: 'Congratulated' },
};

describe('the device API', () => {
  let h: Harness;
  let expo: FakeExpo;
  beforeAll(async () => {
    expo = await startFakeExpo();
    h = await harnessWith(expo, madrid('2026-08-12T10:00'));
  });
  afterAll(async () => {
    await h.close();
    await expo.close();
  });

  it('POST: 201 with the device; the same token and device again is 200 and the same device; GET lists it', async () => {
    const body = { token: expoToken(1), platform: 'ios', device_id: 'iphone-15' };
    const first = await register(h, 'nikita', body);
    expect(first.status).toBe(201);
    expect(first.body.device).toMatchObject({ platform: 'ios', device_id: 'iphone-15', token: expoToken(1), enabled: true });
    const again = await register(h, 'nikita', body);
    expect(again.status).toBe(200);
    expect(again.body.device).toEqual(first.body.device);
    const list = await call(h, 'GET', '/me/devices', { user: 'nikita' });
    expect(list.status).toBe(200);
    expect(list.body.devices).toEqual([first.body.device]);
    // It is a channel like any other (its token is not shown there).
    const channels = (await call(h, 'GET', '/me/channels', { user: 'nikita' })).body.channels;
    expect(channels.map((c: { type: string }) => c.type)).toEqual(['web', 'mobile']);
    expect(JSON.stringify(channels)).not.toContain(expoToken(1));
  });

  it('one device per device_id: a new token replaces the old one, the device stays (and stays off if it was)', async () => {
    const first = await register(h, 'ana', { token: expoToken(2), platform: 'android', device_id: 'pixel' });
    const id = first.body.device.id;
    const off = await call(h, 'PATCH', `/me/devices/${id}`, { user: 'ana', body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.device.enabled).toBe(false);
    const renewed = await register(h, 'ana', { token: expoToken(3), platform: 'android', device_id: 'pixel' });
    expect(renewed.status).toBe(200);
    expect(renewed.body.device).toMatchObject({ id, token: expoToken(3), enabled: false });
    const list = (await call(h, 'GET', '/me/devices', { user: 'ana' })).body.devices;
    expect(list).toHaveLength(1);
    // A second device of the same person is its own row.
    const tablet = await register(h, 'ana', { token: expoToken(4), platform: 'android', device_id: 'tablet' });
    expect(tablet.status).toBe(201);
    expect((await call(h, 'GET', '/me/devices', { user: 'ana' })).body.devices).toHaveLength(2);
  });

  it('a token belongs to one app install: registered by someone else, it leaves its old owner', async () => {
    await register(h, 'boris', { token: expoToken(5), platform: 'ios', device_id: 'shared-ipad' });
    const vera = await register(h, 'vera', { token: expoToken(5), platform: 'ios', device_id: 'shared-ipad' });
    expect(vera.status).toBe(201);
    expect((await call(h, 'GET', '/me/devices', { user: 'boris' })).body.devices).toEqual([]);
    // The same token under another device id of the same person: one device keeps it.
    const moved = await register(h, 'vera', { token: expoToken(5), platform: 'ios', device_id: 'ipad-renamed' });
    expect(moved.status).toBe(201);
    expect((await call(h, 'GET', '/me/devices', { user: 'vera' })).body.devices.map((d: { device_id: string }) => d.device_id)).toEqual(['ipad-renamed']);
  });

  it('a token that is not an Expo push token, an unknown platform, a missing field: a 422 naming the field', async () => {
    const good = { token: expoToken(9), platform: 'ios', device_id: 'x' };
    const cases: Array<[unknown, string]> = [
      [{ ...good, token: 'fcm:abc123' }, 'token'],
      [{ ...good, token: 'ExponentPushToken[unclosed' }, 'token'],
      [{ ...good, token: `ExponentPushToken[${'a'.repeat(300)}]` }, 'token'],
      [{ ...good, token: 42 }, 'token'],
      [{ platform: 'ios', device_id: 'x' }, 'token'],
      [{ ...good, platform: 'windows-phone' }, 'platform'],
      [{ ...good, platform: 'IOS' }, 'platform'],
      [{ token: good.token, device_id: 'x' }, 'platform'],
      [{ ...good, device_id: '' }, 'device_id'],
      [{ ...good, device_id: 'd'.repeat(201) }, 'device_id'],
      [{ token: good.token, platform: 'ios' }, 'device_id'],
      [{ ...good, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await register(h, 'nikita', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message.startsWith(`${field}: `)).toBe(true);
    }
  });

  it('DELETE: 204, then gone; another channel type or another user is a 404', async () => {
    const dev = await register(h, 'gleb', { token: expoToken(6), platform: 'android', device_id: 'moto' });
    const id = dev.body.device.id;
    expect((await call(h, 'DELETE', `/me/devices/${id}`, { user: 'nikita' })).status).toBe(404);
    const web = (await call(h, 'GET', '/me/channels', { user: 'gleb' })).body.channels[0].id;
    expect((await call(h, 'DELETE', `/me/devices/${web}`, { user: 'gleb' })).status).toBe(404);
    expect((await call(h, 'PATCH', `/me/devices/${web}`, { user: 'gleb', body: { enabled: false } })).status).toBe(404);
    expect((await call(h, 'DELETE', `/me/devices/${id}`, { user: 'gleb' })).status).toBe(204);
    expect((await call(h, 'DELETE', `/me/devices/${id}`, { user: 'gleb' })).status).toBe(404);
    expect((await call(h, 'GET', '/me/devices', { user: 'gleb' })).body.devices).toEqual([]);
  });

  it('the Expo settings are configuration keys', () => {
    expect(loadConfig({}).expoApiRoot).toBe('https://exp.host');
    expect(loadConfig({ HADO_EXPO_API_ROOT: 'http://expo.lan:8080/' }).expoApiRoot).toBe('http://expo.lan:8080');
    expect(() => loadConfig({ HADO_EXPO_API_ROOT: 'exp.host' })).toThrow(/HADO_EXPO_API_ROOT must be a URL/);
    expect(loadConfig({}).expoAccessToken).toBeNull();
    expect(() => loadConfig({ HADO_EXPO_ACCESS_TOKEN: 'has space' })).toThrow(/HADO_EXPO_ACCESS_TOKEN/);
    expect(loadConfig({}).expoAndroidChannelId).toBe('default');
    expect(() => loadConfig({ HADO_EXPO_ANDROID_CHANNEL: 'a b' })).toThrow(/HADO_EXPO_ANDROID_CHANNEL/);
  });
});

describe('a birthday nobody is home for, on two phones, through whole days', () => {
  let h: Harness;
  let expo: FakeExpo;
  const iphone = expoToken('iphone');
  const pixel = expoToken('pixel');

  beforeAll(async () => {
    expo = await startFakeExpo();
    h = await harnessWith(expo, madrid('2026-08-12T00:00'), { HADO_EXPO_ACCESS_TOKEN: 'expo-secret-token', HADO_EXPO_ANDROID_CHANNEL: 'reminders' });
    expect((await register(h, 'nikita', { token: iphone, platform: 'ios', device_id: 'iphone' })).status).toBe(201);
    expect((await register(h, 'nikita', { token: pixel, platform: 'android', device_id: 'pixel' })).status).toBe(201);
    await h.put([birthday]);
    await h.run(madrid('2026-08-13T23:00'));
  }, 240_000);
  afterAll(async () => {
    await h.close();
    await expo.close();
  });

  it('each window reaches both phones once, through the fallback (presence unknown), in chunks of at most 100', async () => {
    expect(expo.messages.length).toBeGreaterThanOrEqual(4);
    expect(expo.requests.every((r) => r.length <= 100)).toBe(true);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['deliveries.window_start', 'deliveries.result', 'deliveries.external_id', 'channels.type'])
      .where('channels.type', '=', 'mobile')
      .execute();
    expect(rows).toHaveLength(expo.messages.length);
    expect(rows.every((r) => r.result === 'ok' && /^[0-9a-f-]{36}$/.test(r.external_id ?? ''))).toBe(true);
    const perWindow = new Map<string, number>();
    for (const r of rows) perWindow.set(String(r.window_start), (perWindow.get(String(r.window_start)) ?? 0) + 1);
    expect([...perWindow.values()].every((n) => n === 2)).toBe(true);
    expect(expo.lastAuthorization).toBe('Bearer expo-secret-token');
  });

  it("the message: title, body, data with the event, the deep link and the action links; Ack/Done category; Android's channel", async () => {
    const ios = expo.messages.find((m) => m.to === iphone)!;
    const android = expo.messages.find((m) => m.to === pixel)!;
    for (const m of [ios, android]) {
      expect(m).toMatchObject({ title: "Vasya's birthday", body: 'turns 34', categoryId: EVENT_CATEGORY, priority: 'high', sound: 'default', ttl: 6 * 3600 });
      expect(m.data).toMatchObject({ hado: 1, kind: 'event', deep_link: 'https://people.example/42', done_label: 'Congratulated' });
      const actions = m.data!.actions as { ack: string; done: string };
      expect(actions.ack).toMatch(/^https:\/\/hado\.example\.org\/a\/[^/]+\/ack$/);
      expect(actions.done).toMatch(/^https:\/\/hado\.example\.org\/a\/[^/]+\/done$/);
    }
    expect(android.channelId).toBe('reminders');
    expect(android.tag).toBe(`hado-event-${android.data!.event_id}`);
    expect(ios.channelId).toBeUndefined();
    expect(ios.collapseId).toBe(`hado-event-${ios.data!.event_id}`);
  });

  it('tickets are kept until their receipts are read, about 15 minutes later; then forgotten', async () => {
    expect(expo.receiptRequests.length).toBeGreaterThan(0);
    // The last window's tickets wait for their receipts.
    h.clock.advance({ minutes: 16 });
    await h.tick();
    expect(await countTickets(h.store.db)).toBe(0);
    const asked = expo.receiptRequests.flat();
    expect(new Set(asked).size).toBe(expo.messages.length);
    // Both devices are still there: every receipt was ok.
    expect((await call(h, 'GET', '/me/devices', { user: 'nikita' })).body.devices).toHaveLength(2);
  });

  it('Done through the link in data closes the event: no more pushes', async () => {
    const last = expo.messages.at(-1)!;
    const done = new URL((last.data!.actions as { done: string }).done);
    expect((await call(h, 'POST', done.pathname)).status).toBe(200);
    const before = expo.messages.length;
    await h.run(madrid('2026-08-14T23:00'));
    expect(expo.messages.length).toBe(before);
  });
});

describe("a Russian reader's phone", () => {
  let h: Harness;
  let expo: FakeExpo;
  const token = expoToken('masha');
  beforeAll(async () => {
    expo = await startFakeExpo();
    h = await harnessWith(expo, madrid('2026-08-14T08:00'));
    expect((await call(h, 'PATCH', '/me', { user: 'masha', body: { locale: 'ru' } })).status).toBe(200);
    expect((await register(h, 'masha', { token, platform: 'android', device_id: 'masha-phone' })).status).toBe(201);
  });
  afterAll(async () => {
    await h.close();
    await expo.close();
  });

  it("a reminder carries her locale, Ack as «Помню» and Done in Russian — or the client's done_label as given", async () => {
    await h.put([
      { user: 'masha', source_ref: 'rent', due_at: '2026-08-14', payload: { title: 'Оплатить аренду' } },
      { user: 'masha', source_ref: 'gift', due_at: '2026-08-14', payload: { title: 'Подарок', done_label: 'Купила' } },
    ]);
    await h.run(madrid('2026-08-14T10:30'));
    const rent = expo.messages.find((x) => x.to === token && x.title === 'Оплатить аренду');
    expect(rent).toMatchObject({ categoryId: EVENT_CATEGORY, data: { kind: 'event', locale: 'ru', ack_label: 'Помню', done_label: 'Готово' } });
    const gift = expo.messages.find((x) => x.to === token && x.title === 'Подарок');
    expect(gift?.data).toMatchObject({ locale: 'ru', ack_label: 'Помню', done_label: 'Купила' });
  }, 120_000);

  it('a notice carries her locale too', async () => {
    const res = await call(h, 'POST', '/api/notices', {
      token: h.token,
      body: { notices: [{ recipients: ['masha'], topic: 'mention', title: 'Аня упомянула вас', urgent: true }] },
    });
    expect(res.status).toBe(200);
    h.clock.advance({ minutes: 15 });
    await h.tick();
    const m = expo.messages.filter((x) => x.to === token && x.title === 'Аня упомянула вас');
    expect(m).toHaveLength(1);
    expect(m[0]!.data).toMatchObject({ kind: 'notice', locale: 'ru' });
  });
});

describe('DeviceNotRegistered and the other answers of Expo', () => {
  let h: Harness;
  let expo: FakeExpo;
  beforeAll(async () => {
    expo = await startFakeExpo();
    h = await harnessWith(expo, madrid('2026-08-12T00:00'));
  });
  afterAll(async () => {
    await h.close();
    await expo.close();
  });
  afterEach(() => {
    expo.mode = 'ok';
    expo.receiptMode = 'ok';
  });

  let n = 0;
  /** A device and an event due today for `user`; returns the device's id. */
  async function deviceWithEvent(user: string, token: string): Promise<number> {
    const res = await register(h, user, { token, platform: 'android', device_id: `d-${user}` });
    expect(res.status).toBe(201);
    n++;
    const today = Temporal.Instant.from(h.clock.now().toString()).toZonedDateTimeISO(MADRID).toPlainDate().toString();
    await h.put([{ ...birthday, user, source_ref: `ev:${n}`, due_at: today, fire_at: today }]);
    return res.body.device.id;
  }
  /** Ticks every 10 minutes until a push to `token` has been tried (the day's fallback moment). */
  async function untilSent(token: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      await h.tick();
      if (expo.requests.flat().some((m) => m.to === token)) return;
      h.clock.advance({ minutes: 10 });
    }
    throw new Error(`nothing sent to ${token}`);
  }
  const ticketsOf = async (channelId: number) =>
    (await h.store.db.selectFrom('mobile_tickets').select('ticket_id').where('channel_id', '=', channelId).execute()).length;
  const rowsOf = (channelId: number) =>
    h.store.db.selectFrom('deliveries').select(['result', 'error', 'attempts']).where('channel_id', '=', channelId).execute();

  it('in a ticket: the device is removed at once (its delivery goes with it)', async () => {
    const token = expoToken('dead-now');
    expo.deadNow.add(token);
    h.clock.set(Temporal.Instant.from(madrid('2026-08-12T08:00')));
    const id = await deviceWithEvent('dora', token);
    await untilSent(token);
    expect(await channelExists(h, id)).toBe(false);
    expect((await call(h, 'GET', '/me/devices', { user: 'dora' })).body.devices).toEqual([]);
  });

  it('in a receipt: the device stays until the receipt is read, 15 minutes on, then it is removed', async () => {
    const token = expoToken('dead-later');
    expo.deadByReceipt.add(token);
    h.clock.set(Temporal.Instant.from(madrid('2026-08-13T08:00')));
    const id = await deviceWithEvent('emil', token);
    await untilSent(token);
    expect((await rowsOf(id)).map((r) => r.result)).toEqual(['ok']);
    h.clock.advance({ minutes: 10 });
    await h.tick();
    expect(await channelExists(h, id)).toBe(true);
    h.clock.advance({ minutes: 6 });
    await h.tick();
    expect(await channelExists(h, id)).toBe(false);
  });

  it('a receipt about an old token does not remove the device that registered a new one since', async () => {
    const token = expoToken('old-token');
    expo.deadByReceipt.add(token);
    h.clock.set(Temporal.Instant.from(madrid('2026-08-14T08:00')));
    const id = await deviceWithEvent('fedor', token);
    await untilSent(token);
    const renewed = await register(h, 'fedor', { token: expoToken('new-token'), platform: 'android', device_id: 'd-fedor' });
    expect(renewed.body.device.id).toBe(id);
    h.clock.advance({ minutes: 16 });
    await h.tick();
    expect(await channelExists(h, id)).toBe(true);
    expect(await ticketsOf(id)).toBe(0);
  });

  it('receipts Expo has not made yet are asked for again later; a hung or garbled receipts answer removes nothing', async () => {
    const token = expoToken('slow-receipt');
    expo.deadByReceipt.add(token);
    h.clock.set(Temporal.Instant.from(madrid('2026-08-15T08:00')));
    const id = await deviceWithEvent('gala', token);
    await untilSent(token);
    expo.receiptMode = 'not-ready';
    h.clock.advance({ minutes: 16 });
    await h.tick();
    expect(await channelExists(h, id)).toBe(true);
    expect(await ticketsOf(id)).toBe(1);
    expo.receiptMode = 'garbage';
    h.clock.advance({ minutes: 16 });
    const report = await h.ctx.mobile.checkReceipts();
    expect(report.error).toMatch(/no map of receipts/);
    expect(await channelExists(h, id)).toBe(true);
    expo.receiptMode = 'ok';
    h.clock.advance({ minutes: 16 });
    await h.tick();
    expect(await channelExists(h, id)).toBe(false);
  });

  it('Expo hanging is a failed, retried attempt with a clear error, and never a removal', async () => {
    const quick = new ExpoPush({ db: h.store.db, clock: h.clock, config: h.config, outbound: outboundPolicyOf(h.config), timeoutMs: 300 });
    h.channels.register(mobileChannel(quick));
    try {
      h.clock.set(Temporal.Instant.from(madrid('2026-08-16T08:00')));
      const id = await deviceWithEvent('hana', expoToken('hang'));
      expo.mode = 'hang';
      await untilSent(expoToken('hang'));
      expect(await rowsOf(id)).toEqual([{ result: 'pending', error: 'Expo push API: timeout, no answer within 0.3 s', attempts: 1 }]);
      expect(await channelExists(h, id)).toBe(true);
      // Receipts hanging as well: nothing is removed, the tickets wait.
      expo.mode = 'garbage';
      h.clock.advance({ seconds: 30 });
      await h.tick();
      expect((await rowsOf(id))[0]).toMatchObject({ result: 'pending', error: expect.stringMatching(/^Expo push API: answer is not JSON/), attempts: 2 });
      expo.mode = 'ok';
      h.clock.advance({ minutes: 1 });
      await h.tick();
      expect((await rowsOf(id))[0]).toMatchObject({ result: 'ok', attempts: 3 });
      expo.receiptMode = 'hang';
      h.clock.advance({ minutes: 16 });
      const report = await quick.checkReceipts();
      expect(report.error).toBe('Expo push API: timeout, no answer within 0.3 s');
      expect(await channelExists(h, id)).toBe(true);
      expect(await ticketsOf(id)).toBe(1);
    } finally {
      h.channels.register(mobileChannel(h.ctx.mobile));
    }
  });

  it('5xx and 429 are retried (429 after its Retry-After); a refused access token and a wrong ticket count fail clearly', async () => {
    const quick = new ExpoPush({ db: h.store.db, clock: h.clock, config: h.config, outbound: outboundPolicyOf(h.config) });
    const channel = {
      id: 999_999,
      userId: 1,
      type: 'mobile' as const,
      enabled: true,
      config: { platform: 'ios', device_id: 'x' },
      secret: expoToken('answers'),
      lastSeenAt: null,
    };
    const msg = message(1);
    expo.mode = 'http-500';
    expect(await quick.deliver(msg, channel)).toMatchObject({ ok: false, retryable: true, error: 'Expo push API: HTTP 500: INTERNAL_SERVER_ERROR: boom' });
    expo.mode = 'http-429';
    expect(await quick.deliver(msg, channel)).toMatchObject({ ok: false, retryable: true, retryAfterMs: 120_000 });
    expo.mode = 'http-401';
    expect(await quick.deliver(msg, channel)).toMatchObject({ ok: false, retryable: false, error: 'Expo push API: HTTP 401: UNAUTHORIZED: bad access token' });
    expo.mode = 'wrong-count';
    expect(await quick.deliver(msg, channel)).toMatchObject({ ok: false, retryable: true, error: 'Expo push API: expected 1 tickets, got 0 tickets' });
    expo.mode = 'ok';
    expo.ticketErrors.set(channel.secret, 'MessageTooBig');
    expect(await quick.deliver(msg, channel)).toMatchObject({ ok: false, retryable: false, error: expect.stringMatching(/^Expo: MessageTooBig/) });
    expo.ticketErrors.set(channel.secret, 'MessageRateExceeded');
    expect(await quick.deliver(msg, channel)).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/^Expo: MessageRateExceeded/) });
    expo.ticketErrors.clear();
    // A stored row whose token is not an Expo token never reaches Expo.
    expect(await quick.deliver(msg, { ...channel, secret: 'garbage' })).toMatchObject({ ok: false, retryable: false });
  });

  it('deliveries handed over together go to Expo together, in chunks of at most 100', async () => {
    const quick = new ExpoPush({ db: h.store.db, clock: h.clock, config: h.config, outbound: outboundPolicyOf(h.config) });
    const before = expo.requests.length;
    const results = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        quick.deliver(message(10_000 + i), {
          id: 1_000_000 + i,
          userId: 1,
          type: 'mobile',
          enabled: true,
          config: { platform: i % 2 ? 'ios' : 'android', device_id: `bulk-${i}` },
          secret: expoToken(`bulk${i}`),
          lastSeenAt: null,
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(expo.requests.slice(before).map((r) => r.length)).toEqual([100, 100, 50]);
  });

  it('a notice reaches the phone with its id in data, no category, and its own group', async () => {
    const token = expoToken('notice');
    await register(h, 'nora', { token, platform: 'ios', device_id: 'nora-phone' });
    const res = await call(h, 'POST', '/api/notices', {
      token: h.token,
      body: {
        notices: [
          { recipients: ['nora'], topic: 'mention', title: 'Ana mentioned you', body: 'in "Budget"', deep_link: 'https://docs.example/1', urgent: true },
        ],
      },
    });
    expect(res.status).toBe(200);
    h.clock.advance({ minutes: 15 });
    await h.tick();
    const m = expo.messages.filter((x) => x.to === token);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatchObject({ title: 'Ana mentioned you', body: 'in "Budget"', priority: 'high', ttl: 24 * 3600 });
    expect(m[0]!.categoryId).toBeUndefined();
    expect(m[0]!.data).toMatchObject({ hado: 1, kind: 'notice', deep_link: 'https://docs.example/1', urgent: true });
    expect(m[0]!.collapseId).toBe(`hado-notice-${m[0]!.data!.notice_id}`);
  });

  it('the preferences grid has a mobile column: switched off for a kind, the phone gets none of it', async () => {
    const token = expoToken('prefs');
    await register(h, 'olga', { token, platform: 'android', device_id: 'olga-phone' });
    const notice = { recipients: ['olga'], topic: 'digest', title: 'Weekly digest', urgent: true };
    expect((await call(h, 'POST', '/api/notices', { token: h.token, body: { notices: [notice] } })).status).toBe(200);
    const grid = await call(h, 'PUT', '/me/preferences', { user: 'olga', body: { rows: [{ source: 'docs', topic: 'digest', channels: { mobile: false } }] } });
    expect(grid.status).toBe(200);
    expect(grid.body.rows[0].channels).toMatchObject({ mobile: false, web: true });
    expect((await call(h, 'POST', '/api/notices', { token: h.token, body: { notices: [{ ...notice, title: 'Another digest' }] } })).status).toBe(200);
    h.clock.advance({ minutes: 15 });
    await h.tick();
    expect(expo.messages.filter((x) => x.to === token && x.title === 'Another digest')).toEqual([]);
  });
});

function message(id: number): OutgoingMessage {
  return {
    deliveryId: id,
    actionToken: 'tok',
    kind: 'event',
    body: { event: { id: 7 }, actions: { ack: 'https://hado.example.org/a/tok/ack', done: 'https://hado.example.org/a/tok/done' } },
    title: 'Pay rent',
    subtitle: null,
    deepLink: '/rent',
    doneLabel: null,
    locale: 'en',
  };
}

describe('the message builder', () => {
  it('cuts what would pass Expo’s 4 KB and leaves out an empty body', () => {
    const long = { ...message(1), title: 't'.repeat(500), subtitle: 'b'.repeat(5000) };
    const out = expoMessage(long, { token: expoToken(1), platform: 'android' }, 'default');
    expect([...(out.title ?? '')].length).toBe(200);
    expect(Buffer.byteLength(JSON.stringify(out))).toBeLessThan(4096);
    const empty = expoMessage(message(2), { token: expoToken(1), platform: 'ios' }, 'default') as ExpoSent;
    expect(empty.body).toBeUndefined();
    expect(empty.data).toEqual({
      hado: 1,
      kind: 'event',
      event_id: 7,
      delivery_id: 2,
      deep_link: '/rent',
      locale: 'en',
      ack_label: 'Ack',
      done_label: 'Done',
      actions: { ack: 'https://hado.example.org/a/tok/ack', done: 'https://hado.example.org/a/tok/done' },
    });
  });

  it("labels in the reader's language; a client's done_label as given", () => {
    const ru = expoMessage({ ...message(3), locale: 'ru' }, { token: expoToken(1), platform: 'ios' }, 'default') as ExpoSent;
    expect(ru.data).toMatchObject({ locale: 'ru', ack_label: 'Помню', done_label: 'Готово' });
    const uk = expoMessage({ ...message(4), locale: 'uk', doneLabel: 'Оплатив' }, { token: expoToken(1), platform: 'ios' }, 'default') as ExpoSent;
    expect(uk.data).toMatchObject({ locale: 'uk', ack_label: "Пам'ятаю", done_label: 'Оплатив' });
  });
});
