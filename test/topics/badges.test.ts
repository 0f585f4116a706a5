// The app icon's badge (issue 23): every Expo message and every Web Push
// payload carries the recipient's unread notices at send time, at most 99.
// The whole pipeline (POST /api/notices → outbox → worker) against a fake
// Expo push API and a local push service that decrypts each payload, both on
// loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { call } from '../support/app.ts';
import { expoToken, type FakeExpo, startFakeExpo } from '../support/fake-expo.ts';
import { type FakePush, startFakePush, type TestSubscription } from '../support/fake-push.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';

const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();

describe('badges on the phone and in the browser', () => {
  let h: Harness;
  let expo: FakeExpo;
  let push: FakePush;
  let browser: TestSubscription;
  const phone = expoToken('badge');
  let n = 0;

  beforeAll(async () => {
    expo = await startFakeExpo();
    h = await createHarness({ now: madrid('2026-08-12T10:00'), env: { ...ALLOW_LOOPBACK, HADO_EXPO_API_ROOT: expo.root } });
    const key = await call(h, 'GET', '/me/push/vapid-key', { user: 'mia' });
    expect(key.status).toBe(200);
    push = await startFakePush(h.clock, key.body.public_key);
    browser = push.newSubscription();
    expect((await call(h, 'POST', '/me/devices', { user: 'mia', body: { token: phone, platform: 'ios', device_id: 'mia-phone' } })).status).toBe(201);
    expect((await call(h, 'POST', '/me/push/subscriptions', { user: 'mia', body: browser.json })).status).toBe(201);
  });
  afterAll(async () => {
    await push?.close();
    await h?.close();
    await expo?.close();
  });

  /** Writes `count` notices to mia in one request, and lets the outbox send them (nobody is at the inbox: the fallback). */
  async function notices(count: number): Promise<string[]> {
    const titles = Array.from({ length: count }, () => `Notice ${++n}`);
    const res = await call(h, 'POST', '/api/notices', {
      token: h.token,
      body: { notices: titles.map((title) => ({ recipients: ['mia'], topic: 'comment', source_ref: `c:${title}`, title })) },
    });
    expect(res.status).toBe(200);
    h.clock.advance({ minutes: 15 });
    await h.tick();
    return titles;
  }
  const expoBadges = (titles: string[]) => titles.map((title) => expo.messages.find((m) => m.to === phone && m.title === title)?.badge);
  const pushBadges = (titles: string[]) =>
    titles.map((title) => push.messages.find((m) => m.subscription === browser.id && m.payload.title === title)?.payload.badge);

  it('each message carries the unread count as it is when it goes out', async () => {
    const first = await notices(1);
    expect(expoBadges(first)).toEqual([1]);
    expect(pushBadges(first)).toEqual([1]);
    const next = await notices(2);
    expect(expoBadges(next)).toEqual([3, 3]);
    expect(pushBadges(next)).toEqual([3, 3]);
  });

  it('reading lowers it: what was read is not counted', async () => {
    expect((await call(h, 'POST', '/me/notices/read-all', { user: 'mia' })).status).toBe(200);
    const after = await notices(1);
    expect(expoBadges(after)).toEqual([1]);
    expect(pushBadges(after)).toEqual([1]);
  });

  it('stops at 99, however many are unread', async () => {
    const many = await notices(120);
    const badges = expoBadges(many);
    expect(badges).toHaveLength(120);
    expect(new Set(badges)).toEqual(new Set([99]));
    expect(new Set(pushBadges(many))).toEqual(new Set([99]));
  });

  it('a reminder of an event carries it too', async () => {
    await h.put([{ user: 'mia', source_ref: 'rent', topic: 'bills', due_at: '2026-08-12', fire_at: '2026-08-12', payload: { title: 'Pay rent' } }]);
    for (let i = 0; i < 60 && !expo.messages.some((m) => m.title === 'Pay rent'); i++) {
      h.clock.advance({ minutes: 10 });
      await h.tick();
    }
    expect(expo.messages.find((m) => m.to === phone && m.title === 'Pay rent')?.badge).toBe(99);
    expect(push.messages.find((m) => m.subscription === browser.id && m.payload.title === 'Pay rent')?.payload.badge).toBe(99);
  });
});
