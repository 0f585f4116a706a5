// Issue 27, finding 6: a Web Push endpoint or an Expo token registered by a
// second user moved to them silently. The move stays (one browser profile,
// one app install, one owner), but it is logged, and the first user's
// settings page says which browser or phone now notifies another account.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { createLogger } from '../../src/log.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { expoToken } from '../support/fake-expo.ts';
import { type FakePush, startFakePush } from '../support/fake-push.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a device taken over by another user', () => {
  const lines: string[] = [];
  const log = createLogger(
    'info',
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  let t: TestApp;
  let app: FastifyInstance;
  let push: FakePush;

  const call = async (method: 'GET' | 'POST', url: string, user: string, body?: unknown, ua?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'x-remote-user': user, ...(ua ? { 'user-agent': ua } : {}) },
      remoteAddress: '127.0.0.1',
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.body, json: () => JSON.parse(res.body) };
  };
  const page = async (user: string) => {
    const res = await call('GET', '/', user);
    expect(res.status).toBe(200);
    return res.body;
  };
  const takeoverLines = () => lines.filter((l) => l.includes('device taken over by another user')).map((l) => JSON.parse(l));
  const userId = async (login: string) => Number((await t.store.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-12T10:00:00Z', env: ALLOW_LOOPBACK });
    app = await buildApp(t.ctx, { logger: log });
    const key = await call('GET', '/me/push/vapid-key', 'nikita');
    push = await startFakePush(t.clock, key.json().public_key);
  }, 60_000);
  afterAll(async () => {
    await push?.close();
    await app?.close();
    await t?.close();
  });

  it('Web Push: the endpoint moves to the second user, is logged, and the first user’s settings page names the browser', async () => {
    const sub = push.newSubscription();
    expect((await call('POST', '/me/push/subscriptions', 'ana', sub.json, IPHONE)).status).toBe(201);
    expect(await page('ana')).not.toContain('id="device-takeovers"');
    // The browser sends its subscription again on every visit: the same user is no takeover.
    expect((await call('POST', '/me/push/subscriptions', 'ana', sub.json, IPHONE)).status).toBe(200);
    expect(takeoverLines()).toEqual([]);

    const boris = await call('POST', '/me/push/subscriptions', 'boris', sub.json, IPHONE);
    expect(boris.status).toBe(201);
    // The move stays: ana has no subscription left, boris has it.
    expect((await call('GET', '/me/push/subscriptions', 'ana')).json().subscriptions).toEqual([]);
    expect((await call('GET', '/me/push/subscriptions', 'boris')).json().subscriptions).toHaveLength(1);

    const logged = takeoverLines();
    expect(logged).toHaveLength(1);
    expect(logged[0].level).toBe(40);
    expect(logged[0].device_takeover).toEqual({ channel_type: 'push', from_user_id: await userId('ana'), to_user_id: await userId('boris') });
    // The log names users by id, never the endpoint or its keys.
    expect(JSON.stringify(logged[0])).not.toContain(sub.json.endpoint);

    const html = await page('ana');
    expect(html).toContain('id="device-takeovers"');
    expect(html).toMatch(/<li data-takeover="push">Safari on iOS \(browser push\): since 12 Aug, another account/);
    expect(await page('boris')).not.toContain('id="device-takeovers"');
  });

  it('Expo: the token moves to the second user, is logged, and the first user’s page names the phone; another device id of the same user is no takeover', async () => {
    const before = takeoverLines().length;
    const token = expoToken('shared');
    expect((await call('POST', '/me/devices', 'vera', { token, platform: 'ios', device_id: 'shared-ipad' })).status).toBe(201);
    // The same person's app under a new device id: one device keeps the token, nobody else is told.
    expect((await call('POST', '/me/devices', 'vera', { token, platform: 'ios', device_id: 'ipad-renamed' })).status).toBe(201);
    expect(takeoverLines()).toHaveLength(before);
    expect(await page('vera')).not.toContain('id="device-takeovers"');

    t.clock.set('2026-08-20T09:00:00Z');
    expect((await call('POST', '/me/devices', 'gleb', { token, platform: 'ios', device_id: 'their-ipad' })).status).toBe(201);
    expect((await call('GET', '/me/devices', 'vera')).json().devices).toEqual([]);
    const logged = takeoverLines().slice(before);
    expect(logged.map((l) => l.device_takeover)).toEqual([{ channel_type: 'mobile', from_user_id: await userId('vera'), to_user_id: await userId('gleb') }]);
    expect(JSON.stringify(logged)).not.toContain(token);

    const html = await page('vera');
    expect(html).toMatch(/<li data-takeover="mobile">iOS · ipad-renamed \(mobile app\): since 20 Aug, another account/);
    const rows = await t.store.db
      .selectFrom('device_takeovers')
      .selectAll()
      .where('user_id', '=', await userId('vera'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('in the user’s language, and said for 30 days', async () => {
    await t.store.db.updateTable('users').set({ locale: 'uk' }).where('login', '=', 'vera').execute();
    expect(await page('vera')).toContain('(мобільний застосунок): з 20 серп');
    t.clock.set('2026-09-18T09:00:00Z');
    expect(await page('vera')).toContain('id="device-takeovers"');
    t.clock.set('2026-09-20T09:00:00Z');
    expect(await page('vera')).not.toContain('id="device-takeovers"');
    expect(await page('ana')).not.toContain('id="device-takeovers"');
  });
});
