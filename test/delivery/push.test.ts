// Web Push end to end (issue 12): subscriptions saved through /me/push, the
// one delivery pipeline (tick → outbox → worker → push channel) over whole
// days with a fake clock, against a local push service that verifies every
// VAPID JWT and decrypts every payload with the key pair the test made.
import { sql } from 'kysely';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { WebPush } from '../../src/channels/push/web-push.ts';
import { channelRecord } from '../../src/db/channels.ts';
import { Temporal } from '../../src/domain/time.ts';
import type { OutgoingMessage } from '../../src/channels/types.ts';
import { outboundPolicyOf } from '../../src/net/outbound.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { type FakePush, startFakePush, type TestSubscription } from '../support/fake-push.ts';
import { expoToken, type FakeExpo, startFakeExpo } from '../support/fake-expo.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { onPostgres } from '../support/store.ts';
import { createHarness, type Harness } from './harness.ts';

const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function subscribe(t: TestApp, user: string, sub: TestSubscription, ua = ANDROID_CHROME) {
  return call(t, 'POST', '/me/push/subscriptions', { user, body: sub.json, headers: { 'user-agent': ua } });
}

async function vapidKey(t: TestApp): Promise<string> {
  const res = await call(t, 'GET', '/me/push/vapid-key', { user: 'nikita' });
  expect(res.status).toBe(200);
  return res.body.public_key;
}

describe('the subscription API', () => {
  let racerCount = 0;
  let h: Harness;
  let push: FakePush;
  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-12T10:00'), env: ALLOW_LOOPBACK });
    push = await startFakePush(h.clock, await vapidKey(h));
  });
  afterAll(async () => {
    await push.close();
    await h.close();
  });

  it('GET /me/push/vapid-key: a 65-byte P-256 point, made once and kept in the database', async () => {
    const key = await vapidKey(h);
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    const kept = await h.store.db.selectFrom('vapid_keys').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.public_key).toBe(key);
    // Another process on the same database reads the same pair.
    const other = new WebPush({ db: h.store.db, clock: h.clock, config: h.config, outbound: outboundPolicyOf(h.config), onError: () => {} });
    expect(await other.publicKey()).toBe(key);
  });

  it('the operator can give the key pair instead (both keys, one pair), and then nothing is kept', async () => {
    const pair = webpush.generateVAPIDKeys();
    const t = await createTestApp({
      now: '2026-08-12T08:00:00Z',
      env: { LOG_LEVEL: 'silent', HADO_VAPID_PUBLIC_KEY: pair.publicKey, HADO_VAPID_PRIVATE_KEY: pair.privateKey },
    });
    try {
      expect(await vapidKey(t)).toBe(pair.publicKey);
      expect(await t.store.db.selectFrom('vapid_keys').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
    const other = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ HADO_VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/must be set together/);
    expect(() => loadConfig({ HADO_VAPID_PUBLIC_KEY: pair.publicKey, HADO_VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/not the public key/);
    expect(() => loadConfig({ HADO_VAPID_PUBLIC_KEY: 'abc', HADO_VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/HADO_VAPID_PUBLIC_KEY must be 65 bytes/);
    expect(() => loadConfig({ HADO_VAPID_SUBJECT: 'http://example.org' })).toThrow(/HADO_VAPID_SUBJECT must be a mailto: or https: URL/);
    expect(loadConfig({ APP_URL: 'https://hado.example.org/' }).vapidSubject).toBe('https://hado.example.org');
    expect(loadConfig({ APP_URL: 'http://inbox.lan:8080' }).vapidSubject).toBe('mailto:hado@inbox.lan');
  }, 90_000);

  it('POST: 201 with the subscription, the same endpoint again is 200 and the same row; GET lists it without the endpoint path', async () => {
    const sub = push.newSubscription();
    const first = await subscribe(h, 'nikita', sub);
    expect(first.status).toBe(201);
    expect(first.body.subscription).toMatchObject({ endpoint_host: new URL(push.url).host, user_agent: 'Chrome on Android', enabled: true, last_ok_at: null });
    const again = await subscribe(h, 'nikita', sub);
    expect(again.status).toBe(200);
    expect(again.body.subscription.id).toBe(first.body.subscription.id);
    const list = await call(h, 'GET', '/me/push/subscriptions', { user: 'nikita' });
    expect(list.body.subscriptions).toEqual([first.body.subscription]);
    expect(JSON.stringify(list.body)).not.toContain(sub.id);
    // It is a channel like any other: /me/channels shows it and PATCH switches this device off.
    const channels = await call(h, 'GET', '/me/channels', { user: 'nikita' });
    expect(channels.body.channels.map((c: { type: string }) => c.type)).toEqual(['web', 'push']);
    expect(JSON.stringify(channels.body)).not.toContain(sub.json.keys.auth);
  });

  it('the same browser subscribed by another person reaches only that person', async () => {
    const sub = push.newSubscription();
    const a = await subscribe(h, 'ana', sub, IPHONE);
    expect(a.body.subscription.user_agent).toBe('Safari on iOS');
    const b = await subscribe(h, 'boris', sub);
    expect(b.status).toBe(201);
    expect((await call(h, 'GET', '/me/push/subscriptions', { user: 'ana' })).body.subscriptions).toEqual([]);
  });

  // Several connections racing: real PostgreSQL only (PGlite runs one transaction at a time).
  // Several connections racing: real PostgreSQL only (PGlite runs one transaction at a time).
  it.skipIf(!onPostgres)(
    'the same browser posted by several people at the same moment: no 500, one owner',
    async () => {
      const race = async (racers: number) => {
        const sub = push.newSubscription();
        const users = Array.from({ length: racers }, () => `racer-${++racerCount}`);
        // Each person exists first, so the race is over the endpoint alone.
        for (const user of users) expect((await call(h, 'GET', '/me/push/subscriptions', { user })).status).toBe(200);
        const answers = await Promise.all(users.map((user) => subscribe(h, user, sub)));
        const owners = await h.store.db
          .selectFrom('channels')
          .innerJoin('users', 'users.id', 'channels.user_id')
          .select('users.login')
          .where('channels.type', '=', 'push')
          .where(sql<string>`channels.config->>'endpoint'`, '=', sub.json.endpoint)
          .execute();
        expect(owners).toHaveLength(1);
        expect(users).toContain(owners[0]!.login);
        return answers;
      };
      // Two people (one browser profile, two tabs): the later save moves the endpoint, both are answered 2xx.
      for (let round = 0; round < 5; round++) {
        const answers = await race(2);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 201]);
      }
      // A crowd: each is saved or told to send it again; never a 500.
      for (let round = 0; round < 3; round++) {
        for (const a of await race(6)) {
          expect([200, 201, 409]).toContain(a.status);
          if (a.status === 409) expect(a.body.error.message).toMatch(/subscribed at the same moment by another request; send it again/);
        }
      }
    },
    120_000,
  );

  it('a malformed subscription is a 422 naming the field', async () => {
    const good = push.newSubscription().json;
    const cases: Array<[unknown, string]> = [
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 5).toString('base64url') } }, 'keys.p256dh'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, 'keys.auth'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ keys: good.keys }, 'endpoint'],
      [{ ...good, expirationTime: 'soon' }, 'expirationTime'],
      [{ ...good, keys: null }, 'keys'],
      [{ ...good, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await call(h, 'POST', '/me/push/subscriptions', { user: 'nikita', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message.startsWith(`${field}: `)).toBe(true);
    }
  });

  it('an endpoint the outbound policy refuses is a 422 at save time', async () => {
    const t = await createTestApp({ now: '2026-08-12T08:00:00Z', env: { LOG_LEVEL: 'silent' } });
    try {
      const res = await call(t, 'POST', '/me/push/subscriptions', { user: 'nikita', body: push.newSubscription().json });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toMatch(/^endpoint: loopback addresses are not allowed/);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('DELETE: 204, then gone; another channel type or another user is a 404', async () => {
    const sub = await subscribe(h, 'vera', push.newSubscription());
    const id = sub.body.subscription.id;
    expect((await call(h, 'DELETE', `/me/push/subscriptions/${id}`, { user: 'nikita' })).status).toBe(404);
    const web = (await call(h, 'GET', '/me/channels', { user: 'vera' })).body.channels[0].id;
    expect((await call(h, 'DELETE', `/me/push/subscriptions/${web}`, { user: 'vera' })).status).toBe(404);
    expect((await call(h, 'DELETE', `/me/push/subscriptions/${id}`, { user: 'vera' })).status).toBe(204);
    expect((await call(h, 'GET', '/me/push/subscriptions', { user: 'vera' })).body.subscriptions).toEqual([]);
  });
});

describe('a birthday nobody is home for, on two phones, through whole days', () => {
  let h: Harness;
  let push: FakePush;
  let phone: TestSubscription;
  let laptop: TestSubscription;

  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-12T00:00'), env: ALLOW_LOOPBACK });
    push = await startFakePush(h.clock, await vapidKey(h));
    phone = push.newSubscription();
    laptop = push.newSubscription();
    expect((await subscribe(h, 'nikita', phone)).status).toBe(201);
    expect((await subscribe(h, 'nikita', laptop)).status).toBe(201);
    await h.put([
      {
        user: 'nikita',
        source_ref: 'person:42',
        topic: 'birthday',
        due_at: '2026-08-14',
        fire_at: '2026-08-12',
        payload: { title: "Vasya's birthday", subtitle: 'turns 34', deep_link: 'https://people.example/42', done_label: 'Congratulated' },
      },
    ]);
    await h.run(madrid('2026-08-13T23:00'));
  }, 240_000);
  afterAll(async () => {
    await push.close();
    await h.close();
  });

  it('every push verifies (VAPID JWT, aes128gcm) and each window reaches both browsers once', async () => {
    expect(push.rejected).toEqual([]);
    expect(push.messages.length).toBeGreaterThanOrEqual(4);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['deliveries.window_start', 'deliveries.result', 'channels.type', 'deliveries.channel_id'])
      .where('channels.type', '=', 'push')
      .execute();
    expect(rows.every((r) => r.result === 'ok')).toBe(true);
    expect(rows).toHaveLength(push.messages.length);
    // One row per subscription per window.
    const perWindow = new Map<string, number>();
    for (const r of rows) perWindow.set(String(r.window_start), (perWindow.get(String(r.window_start)) ?? 0) + 1);
    expect([...perWindow.values()].every((n) => n === 2)).toBe(true);
    for (const m of push.messages) {
      expect(m.jwt.aud).toBe(push.url);
      expect(m.jwt.sub).toBe('https://hado.example.org');
      expect(m.headers.urgency).toBe('high');
      expect(Number(m.headers.ttl)).toBe(6 * 3600);
    }
  });

  it('the payload: title, subtitle, absolute Ack/Done links, the deep link and a tag per event', async () => {
    const m = push.messages.find((x) => x.subscription === phone.id)!;
    expect(m.payload).toMatchObject({
      v: 1,
      type: 'reminder',
      title: "Vasya's birthday",
      body: 'turns 34',
      url: 'https://people.example/42',
      ack_label: 'Ack',
      done_label: 'Congratulated',
      lang: 'en',
    });
    expect(m.payload.tag).toBe(`hado-event-${m.payload.event_id}`);
    const actions = m.payload.actions as { ack: string; done: string };
    expect(actions.ack).toMatch(/^https:\/\/hado\.example\.org\/a\/[^/]+\/ack$/);
    expect(actions.done).toMatch(/^https:\/\/hado\.example\.org\/a\/[^/]+\/done$/);
    expect(m.headers.topic).toBe(`hado-e${m.payload.event_id}`);
  });

  it('GET /me/push/subscriptions shows when each last got through', async () => {
    const list = (await call(h, 'GET', '/me/push/subscriptions', { user: 'nikita' })).body.subscriptions;
    expect(list).toHaveLength(2);
    for (const s of list) expect(s.last_ok_at).not.toBeNull();
  });

  it('Done through the link in the payload sends a silent close to both browsers', async () => {
    const m = push.messages.at(-1)!;
    const done = new URL((m.payload.actions as { done: string }).done);
    const before = push.messages.length;
    const res = await call(h, 'POST', done.pathname);
    expect(res.status).toBe(200);
    await h.ctx.channels.idle();
    const closes = push.messages.slice(before);
    expect(closes.map((c) => c.subscription).sort()).toEqual([phone.id, laptop.id].sort());
    for (const c of closes) expect(c.payload).toEqual({ v: 1, type: 'close', tag: m.payload.tag, event_id: m.payload.event_id });
    expect(push.rejected).toEqual([]);
  });
});

describe("the push service's answers", () => {
  let h: Harness;
  let push: FakePush;
  beforeAll(async () => {
    h = await createHarness({ now: madrid('2026-08-14T10:00'), env: ALLOW_LOOPBACK });
    push = await startFakePush(h.clock, await vapidKey(h));
  });
  afterAll(async () => {
    await push.close();
    await h.close();
  });

  const message = (id: number): OutgoingMessage => ({
    deliveryId: id,
    actionToken: 'tok',
    kind: 'event',
    body: { event: { id: 7 }, actions: { ack: 'https://hado.example.org/a/tok/ack', done: 'https://hado.example.org/a/tok/done' } },
    title: 'Pay rent',
    subtitle: null,
    deepLink: '/rent',
    doneLabel: null,
    locale: 'ru',
  });

  async function channelOf(user: string, sub: TestSubscription) {
    const id = (await subscribe(h, user, sub)).body.subscription.id as number;
    const row = await h.store.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return channelRecord(row);
  }

  it('404 and 410 remove the subscription at once', async () => {
    for (const status of [404, 410]) {
      const sub = push.newSubscription();
      const channel = await channelOf('gone', sub);
      push.answer.set(sub.id, status);
      const result = await h.ctx.push.deliver(message(1), channel);
      expect(result).toMatchObject({ ok: false, retryable: false });
      expect((result as { error: string }).error).toMatch(new RegExp(`^HTTP ${status}.*removed`));
      expect(await h.store.db.selectFrom('channels').select('id').where('id', '=', channel.id).executeTakeFirst()).toBeUndefined();
    }
  });

  it('through the worker: a 410 removes the subscription and its rows, a 500 is retried and kept', async () => {
    const dead = push.newSubscription();
    const flaky = push.newSubscription();
    const deadId = (await subscribe(h, 'pipeline', dead)).body.subscription.id as number;
    const flakyId = (await subscribe(h, 'pipeline', flaky)).body.subscription.id as number;
    push.answer.set(dead.id, 410);
    push.answer.set(flaky.id, 500);
    await h.put([{ user: 'pipeline', source_ref: 'pipe:1', due_at: '2026-08-14', payload: { title: 'Water the plants' } }]);
    // Past the 14:00 fallback window (nobody is present): both subscriptions get the reminder.
    await h.run(madrid('2026-08-14T15:30'));
    const left = (await call(h, 'GET', '/me/push/subscriptions', { user: 'pipeline' })).body.subscriptions.map((x: { id: number }) => x.id);
    expect(left).toEqual([flakyId]);
    expect(await h.store.db.selectFrom('deliveries').select('id').where('channel_id', '=', deadId).execute()).toEqual([]);
    const rows = await h.store.db.selectFrom('deliveries').select(['result', 'attempts', 'error']).where('channel_id', '=', flakyId).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
    expect(rows.every((r) => r.error === null || r.error.startsWith('HTTP 500'))).toBe(true);
  }, 120_000);

  it('429 and 5xx are retried (429 after its Retry-After), 413 is logged as a bug; the subscription stays', async () => {
    const errors: unknown[] = [];
    const wp = new WebPush({ db: h.store.db, clock: h.clock, config: h.config, outbound: outboundPolicyOf(h.config), onError: (e) => errors.push(e) });
    const sub = push.newSubscription();
    const channel = await channelOf('flaky', sub);
    push.answer.set(sub.id, 429);
    expect(await wp.deliver(message(2), channel)).toMatchObject({ ok: false, retryable: true, retryAfterMs: 120_000 });
    push.answer.set(sub.id, 503);
    expect(await wp.deliver(message(3), channel)).toMatchObject({ ok: false, retryable: true });
    expect(errors).toEqual([]);
    push.answer.set(sub.id, 413);
    expect(await wp.deliver(message(4), channel)).toMatchObject({ ok: false, retryable: false });
    expect(String(errors[0])).toMatch(/too large/);
    push.answer.set(sub.id, 201);
    expect(await wp.deliver(message(5), channel)).toMatchObject({ ok: true });
    expect(push.messages.at(-1)!.payload).toMatchObject({ url: 'https://hado.example.org/', ack_label: 'Помню', done_label: 'Готово' });
    expect(await h.store.db.selectFrom('channels').select('id').where('id', '=', channel.id).executeTakeFirst()).toBeDefined();
  });

  it('a push service that hangs is a retried timeout, never a removal', async () => {
    const wp = new WebPush({ db: h.store.db, clock: h.clock, config: h.config, outbound: outboundPolicyOf(h.config), onError: () => {}, timeoutMs: 300 });
    const sub = push.newSubscription();
    const channel = await channelOf('slow', sub);
    push.answer.set(sub.id, 'hang');
    expect(await wp.deliver(message(6), channel)).toMatchObject({ ok: false, retryable: true, error: 'timeout: no answer within 0.3 s' });
    expect(await h.store.db.selectFrom('channels').select('id').where('id', '=', channel.id).executeTakeFirst()).toBeDefined();
  });

  it('a subscription whose keys cannot be used fails clearly and finally', async () => {
    const sub = push.newSubscription();
    const channel = await channelOf('broken', sub);
    const broken = { ...channel, secret: JSON.stringify({ p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: sub.json.keys.auth }) };
    expect(await h.ctx.push.deliver(message(7), broken)).toMatchObject({ ok: false, retryable: false, error: expect.stringMatching(/^cannot encrypt/) });
  });

  it('a notice reaches the browser with no actions, its own tag, and the notice urgency', async () => {
    const sub = push.newSubscription();
    await subscribe(h, 'nora', sub);
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
    const m = push.messages.filter((x) => x.subscription === sub.id);
    expect(m).toHaveLength(1);
    expect(m[0]!.payload).toMatchObject({
      type: 'notice',
      title: 'Ana mentioned you',
      body: 'in "Budget"',
      url: 'https://docs.example/1',
      actions: null,
      done_label: null,
    });
    expect(m[0]!.payload.tag).toBe(`hado-notice-${m[0]!.payload.notice_id}`);
    expect(m[0]!.headers.urgency).toBe('high');
  });
});

describe('a present channel holds back push and mobile', () => {
  let h: Harness;
  let push: FakePush;
  let expo: FakeExpo;
  let ha: FakeHa;
  let browser: TestSubscription;
  const phone = expoToken('pia-phone');

  beforeAll(async () => {
    expo = await startFakeExpo();
    h = await createHarness({ now: madrid('2026-08-14T08:00'), env: { ...ALLOW_LOOPBACK, HADO_EXPO_API_ROOT: expo.root } });
    push = await startFakePush(h.clock, await vapidKey(h));
    ha = await startFakeHa(h.clock);
    ha.presence = true;
    browser = push.newSubscription();
    expect((await subscribe(h, 'pia', browser)).status).toBe(201);
    expect((await call(h, 'POST', '/me/devices', { user: 'pia', body: { token: phone, platform: 'android', device_id: 'pia-phone' } })).status).toBe(201);
    await h.addWebhook('pia', ha.deliverUrl, ha.presenceUrl);
    await h.put([{ user: 'pia', source_ref: 'plants', due_at: '2026-08-14', payload: { title: 'Water the plants' } }]);
  }, 60_000);
  afterAll(async () => {
    await ha.close();
    await expo.close();
    await push.close();
    await h.close();
  });

  /** Each delivery row: its channel type and the Madrid minute it was written. */
  const rows = async () =>
    (
      await h.store.db
        .selectFrom('deliveries')
        .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
        .select(['channels.type', 'deliveries.created_at', 'deliveries.result'])
        .orderBy('deliveries.id')
        .execute()
    ).map((r) => [
      r.type,
      Temporal.Instant.fromEpochMilliseconds(new Date(r.created_at).getTime()).toZonedDateTimeISO(MADRID).toPlainTime().toString({ smallestUnit: 'minute' }),
      r.result,
    ]);

  it('while the webhook says present, the reminders go to the webhook only', async () => {
    await h.run(madrid('2026-08-14T12:30'));
    // Hourly while present; not one push to the browser or the phone.
    expect(await rows()).toEqual([
      ['webhook', '09:00', 'ok'],
      ['webhook', '10:00', 'ok'],
      ['webhook', '11:00', 'ok'],
      ['webhook', '12:00', 'ok'],
    ]);
    expect(ha.deliveries()).toHaveLength(4);
    expect(push.messages).toEqual([]);
    expect(expo.messages).toEqual([]);
  }, 120_000);

  it('when it says absent, the push and mobile rows are written at the fallback moment', async () => {
    ha.presence = false;
    await h.run(madrid('2026-08-14T15:30'));
    // Nobody present: the afternoon window's fallback (14:50) reaches every channel, push and mobile included.
    expect((await rows()).slice(4).sort()).toEqual([
      ['mobile', '14:50', 'ok'],
      ['push', '14:50', 'ok'],
      ['web', '14:50', 'ok'],
      ['webhook', '14:50', 'ok'],
    ]);
    expect(push.messages.map((m) => [m.subscription, m.payload.title])).toEqual([[browser.id, 'Water the plants']]);
    expect(expo.messages.map((m) => [m.to, m.title])).toEqual([[phone, 'Water the plants']]);
    expect(push.rejected).toEqual([]);
  }, 120_000);
});
