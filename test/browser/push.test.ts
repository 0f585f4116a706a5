// The installable inbox in a real headless Chromium (issue 12): the web app
// manifest as the browser parses it, the service worker at /sw.js with the
// scope /, and a push message delivered through the DevTools protocol
// (ServiceWorker.deliverPushMessage) shown as a notification with the
// event's title and both actions, then closed by the "close" message. And
// "Notifications on this device" on a browser profile two people share.
import { createECDH, randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePayload } from '../../src/channels/push/payload.ts';
import { call } from '../support/app.ts';
import { launchBrowser, newPage, push, type Server, screenshot, startServer } from './support.ts';

let s: Server;
let browser: Browser;
let eventId: number;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
  eventId = (await push(s, [{ ref: 'call', due_at: '2026-08-11T14:00', title: 'Call the bank', done_label: 'Called' }])).call!;
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function open(): Promise<{ page: Page; context: BrowserContext; cdp: CDPSession; errors: string[] }> {
  const { page, context, errors } = await newPage(browser);
  await page.goto(s.url);
  await page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  const cdp = await context.newCDPSession(page);
  return { page, context, cdp, errors };
}

/** The service worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      const r = e.registrations.find((x) => x.scopeURL === `${origin}/`);
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as unknown as { actions: Array<{ title: string }> }).actions.map((a) => a.title),
      data: n.data,
    }));
  });

describe('the installable inbox', () => {
  it('links a valid manifest: name, icons (one maskable), standalone, start_url', async () => {
    const { page, cdp, errors } = await open();
    const m = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }>; parsed?: unknown; data?: string };
    expect(m.url).toBe(`${s.url}/manifest.webmanifest`);
    expect(m.errors).toEqual([]);
    const manifest = JSON.parse(m.data!) as { name: string; display: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({ name: 'Hado', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => i.purpose)).toContain('maskable');
    // Every icon is served, as a PNG of the size it claims.
    for (const icon of manifest.icons) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, icon.src);
      expect(size).toBe(icon.sizes);
    }
    expect(errors).toEqual([]);
  });

  it('registers the service worker at /sw.js with the scope /, and asks for no permission on its own', async () => {
    const { page, errors } = await open();
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL, permission: Notification.permission };
    });
    expect(reg).toEqual({ scope: `${s.url}/`, script: `${s.url}/sw.js`, permission: 'default' });
    // Settings say it is off, with the button that asks; nothing else of the section shows.
    await expect.poll(() => page.locator('#push-device').getAttribute('data-state')).toBe('off');
    expect(await page.locator('#push-on').isVisible()).toBe(true);
    expect(await page.locator('#push-off').isVisible()).toBe(false);
    await page.locator('#push-device').scrollIntoViewIfNeeded();
    await screenshot(page, 'push-settings');
    expect(errors).toEqual([]);
  });

  it('a push message shows the reminder with Ack and the done label; the close message removes it', async () => {
    const { page, context, cdp, errors } = await open();
    await context.grantPermissions(['notifications'], { origin: s.url });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const id = await registrationId(cdp, s.url);
    const tag = `hado-event-${eventId}`;
    const reminder = {
      v: 1,
      type: 'reminder',
      tag,
      title: 'Call the bank',
      body: 'before 14:00',
      url: 'https://bank.example/call',
      actions: { ack: `${s.url}/a/tok/ack`, done: `${s.url}/a/tok/done` },
      ack_label: 'Ack',
      done_label: 'Called',
      event_id: eventId,
      notice_id: null,
      delivery_id: 1,
      lang: 'en',
      // The app icon's count (issue 23): headless Chromium has no app badge to set, and the notification still shows.
      badge: 3,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: s.url, registrationId: id, data: JSON.stringify(reminder) });
    await expect.poll(() => notifications(page), { timeout: 10_000 }).toHaveLength(1);
    const [shown] = await notifications(page);
    expect(shown).toMatchObject({ title: 'Call the bank', body: 'before 14:00', tag, actions: ['Ack', 'Called'] });
    expect(shown!.data).toMatchObject({ url: 'https://bank.example/call', actions: reminder.actions });
    // A newer reminder of the same event replaces it (one tag per event).
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: s.url, registrationId: id, data: JSON.stringify({ ...reminder, body: 'now' }) });
    await expect.poll(async () => (await notifications(page)).map((n) => n.body), { timeout: 10_000 }).toEqual(['now']);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: s.url, registrationId: id, data: JSON.stringify(closePayload(eventId)) });
    await expect.poll(() => notifications(page), { timeout: 10_000 }).toHaveLength(0);
    expect(errors).toEqual([]);
  });
});

/**
 * A stand-in for the browser's push service (headless Chromium has none):
 * PushManager answers one fixed subscription, kept in localStorage like the
 * real one is kept by the profile, and counts unsubscribe() calls.
 */
function fakePushManager(subscription: unknown) {
  const KEY = 'test.push.subscription';
  const make = (json: { endpoint: string }) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    toJSON: () => json,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      localStorage.setItem('test.push.unsubscribed', String(Number(localStorage.getItem('test.push.unsubscribed') ?? 0) + 1));
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () => {
    const raw = localStorage.getItem(KEY);
    return (raw ? make(JSON.parse(raw)) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async () => {
    const raw = localStorage.getItem(KEY) ?? JSON.stringify(subscription);
    localStorage.setItem(KEY, raw);
    return make(JSON.parse(raw)) as unknown as PushSubscription;
  };
}

describe('one browser profile, two people', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: 'https://push.example.org/send/shared-profile',
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  const theirs = async (login: string) => (await call(s, 'GET', '/me/push/subscriptions', { user: login })).body.subscriptions as Array<{ id: number }>;
  const unsubscribed = (page: Page) => page.evaluate(() => Number(localStorage.getItem('test.push.unsubscribed') ?? 0));

  it('the second person sees it off for them, the first keeps their push; turning it on moves it; removed by its owner, it is unsubscribed', async () => {
    const { page, context, errors } = await newPage(browser);
    await context.grantPermissions(['notifications'], { origin: s.url });
    await context.addInitScript(fakePushManager, subscription);
    const as = async (login: string) => {
      await context.setExtraHTTPHeaders({ 'X-Remote-User': login });
      await page.goto(s.url);
      await page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
    };
    const state = () => page.locator('#push-device').getAttribute('data-state');

    await as('ana');
    await expect.poll(state).toBe('off');
    await page.click('#push-on');
    await expect.poll(state).toBe('on');
    expect(await theirs('ana')).toHaveLength(1);

    // Boris opens the inbox in the same profile: the subscription is Ana's, and stays so.
    await as('boris');
    await expect.poll(state).toBe('other');
    expect(await page.locator('#push-device [data-when~="other"].push-state').isVisible()).toBe(true);
    expect(await page.locator('#push-on').isVisible()).toBe(true);
    expect(await page.locator('#push-off').isVisible()).toBe(false);
    expect(await unsubscribed(page)).toBe(0);
    expect(await theirs('ana')).toHaveLength(1);
    expect(await theirs('boris')).toHaveLength(0);

    // He turns it on: the same browser subscription, now his.
    await page.click('#push-on');
    await expect.poll(state).toBe('on');
    expect(await theirs('boris')).toHaveLength(1);
    expect(await theirs('ana')).toHaveLength(0);

    // Back to Ana: his now, off for her — still not unsubscribed.
    await as('ana');
    await expect.poll(state).toBe('other');
    expect(await unsubscribed(page)).toBe(0);

    // Boris deletes it from his channel list elsewhere: on his next visit the browser unsubscribes.
    const [mine] = await theirs('boris');
    expect((await call(s, 'DELETE', `/me/push/subscriptions/${mine!.id}`, { user: 'boris' })).status).toBe(204);
    await as('boris');
    await expect.poll(state).toBe('off');
    expect(await unsubscribed(page)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
