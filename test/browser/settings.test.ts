// The settings block in a real Chromium: zone and quiet hours (saved, and
// the server's message next to the field when invalid), the device's zone
// offered, webhooks added/switched/deleted (web cannot be), and Telegram
// linking against a fake Bot API — plus a server without Telegram.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/app.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { messageUpdate, SECRET } from '../telegram/support.ts';
import { launchBrowser, newPage, PHONE, push, type Server, screenshot, startServer } from './support.ts';

let s: Server;
let tg: FakeTelegram;
let browser: Browser;

beforeAll(async () => {
  tg = await startFakeTelegram();
  s = await startServer({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_ROOT: tg.url });
  browser = await launchBrowser();
  await push(s, [{ ref: 'call', due_at: '2026-08-11T14:00', title: 'Call the bank' }]);
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
  await tg?.close();
});

async function open(opts: Parameters<typeof newPage>[1] = {}): Promise<Page> {
  const { page } = await newPage(browser, opts);
  await page.goto(s.url);
  await page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  return page;
}

const me = async () => (await call(s, 'GET', '/me', {})).body as { tz: string; quiet_start: string; quiet_end: string };

describe('zone and quiet hours', () => {
  it('shows the server’s message next to the zone field and saves nothing', async () => {
    const page = await open();
    await page.fill('#tz', 'Mars/Olympus_Mons');
    await page.click('#settings-form button[type="submit"]');
    const error = page.locator('#tz-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.textContent()).toBe('"Mars/Olympus_Mons" is not an IANA time zone (e.g. Europe/Madrid)');
    expect(await page.locator('#tz').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tz');
    expect((await me()).tz).toBe('Europe/Madrid');
    await page.context().close();
  });

  it('shows the quiet-hours rule next to the field it concerns', async () => {
    const page = await open();
    await page.fill('#quiet_start', '08:00');
    await page.fill('#quiet_end', '09:30');
    await page.click('#settings-form button[type="submit"]');
    const error = page.locator('#quiet_end-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.textContent()).toContain('must be earlier than quiet_start');
    expect((await me()).quiet_start).toBe('22:00');
    await screenshot(page, 'settings-error-desktop');
    await page.context().close();
  });

  it('saves a valid zone and hours, and the list follows the new zone', async () => {
    const page = await open();
    await page.fill('#tz', 'America/Montevideo');
    await page.fill('#quiet_start', '23:00');
    await page.fill('#quiet_end', '08:00');
    await page.click('#settings-form button[type="submit"]');
    await expect.poll(() => page.locator('#settings-form .form-status').textContent()).toBe('Saved');
    expect(await me()).toMatchObject({ tz: 'America/Montevideo', quiet_start: '23:00', quiet_end: '08:00' });
    expect(await page.locator('#zone-name').textContent()).toBe('America/Montevideo');
    expect(await page.locator('#tz-error').isVisible()).toBe(false);
    // A local "14:00" follows the user: still 14:00, now in Montevideo.
    expect(await page.locator('li .due').first().textContent()).toBe('today 14:00');
    await page.context().close();
  });

  it('offers the zone list from the browser and the device’s own zone', async () => {
    const page = await open({ timezoneId: 'Asia/Tokyo' });
    const options = await page.locator('#tz-list option').count();
    expect(options).toBeGreaterThan(300);
    const offer = page.locator('#use-device-tz');
    expect(await offer.isVisible()).toBe(true);
    expect(await offer.textContent()).toContain('Asia/Tokyo');
    await offer.click();
    expect(await page.inputValue('#tz')).toBe('Asia/Tokyo');
    await page.click('#settings-form button[type="submit"]');
    await expect.poll(async () => (await me()).tz).toBe('Asia/Tokyo');
    expect(await offer.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('channels', () => {
  it('adds a webhook (server message on a bad URL; the secret shown once), switches it off and deletes it', async () => {
    const page = await open();
    // The web channel is listed and cannot be deleted.
    const web = page.locator('.channel[data-type="web"]');
    expect(await web.locator('.channel-name').textContent()).toBe('Web inbox');
    expect(await web.locator('[data-channel-delete]').count()).toBe(0);

    await page.fill('#deliver_url', 'ftp://home.example/hook');
    await page.click('#webhook-form button[type="submit"]');
    const error = page.locator('#deliver_url-error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.textContent()).toContain('http(s)');

    await page.fill('#deliver_url', 'https://home.example/api/webhook/hado');
    await page.fill('#presence_url', 'https://home.example/api/hado/presence');
    await page.click('#webhook-form button[type="submit"]');
    await expect.poll(() => page.locator('#webhook-secret').isVisible()).toBe(true);
    expect((await page.locator('.secret-value').textContent())?.length).toBeGreaterThan(16);
    expect(await error.isVisible()).toBe(false);
    const hook = page.locator('.channel[data-type="webhook"]');
    await expect.poll(() => hook.count()).toBe(1);
    expect(await hook.locator('.channel-detail').first().textContent()).toContain('home.example/api/webhook/hado');
    await screenshot(page, 'settings-channels-desktop');

    const channels = async () => (await call(s, 'GET', '/me/channels', {})).body.channels as Array<{ id: number; type: string; enabled: boolean }>;
    await hook.locator('.switch').click();
    await expect.poll(async () => (await channels()).find((c) => c.type === 'webhook')?.enabled).toBe(false);
    await expect.poll(() => page.locator('.channel[data-type="webhook"]').getAttribute('data-enabled')).toBe('false');

    // Delete asks once more, then deletes.
    await page.locator('.channel[data-type="webhook"] [data-channel-delete]').click();
    expect(await page.locator('.channel[data-type="webhook"] [data-channel-delete]').textContent()).toContain('Really delete?');
    await page.locator('.channel[data-type="webhook"] [data-channel-delete]').click();
    await expect.poll(() => page.locator('.channel[data-type="webhook"]').count()).toBe(0);
    expect((await channels()).map((c) => c.type)).toEqual(['web']);
    await page.context().close();
  });

  it('the "Home Assistant person" preset makes a channel that asks HA for the person with the token, never shown again', async () => {
    const page = await open();
    await page.fill('#deliver_url', 'http://homeassistant.local:8123/api/webhook/hado_reminder');
    await page.click('#ha-preset summary');
    await page.fill('#ha_url', 'http://homeassistant.local:8123/');
    await page.fill('#ha_person', 'person.nikita');
    await page.fill('#ha_token', 'ha-long-lived-secret');
    await page.click('#webhook-form button[type="submit"]');
    await expect.poll(() => page.locator('#webhook-secret').isVisible()).toBe(true);
    const { channels } = (await call(s, 'GET', '/me/channels', {})).body as { channels: Array<{ type: string; config: Record<string, unknown> }> };
    expect(channels.find((c) => c.type === 'webhook')?.config).toEqual({
      deliver_url: 'http://homeassistant.local:8123/api/webhook/hado_reminder',
      presence_url: 'http://homeassistant.local:8123/api/states/person.nikita',
      presence_field: 'state',
      presence_present: ['home'],
      presence_headers: ['Authorization'],
    });
    expect(await page.locator('#ha_token').inputValue()).toBe('');
    expect(await page.content()).not.toContain('ha-long-lived-secret');
    await page.context().close();
  });

  it('links Telegram: shows the code and the bot link, then the linked state once the bot got /start', async () => {
    // A browser in another zone and language than the user's: the code's expiry is told in the user's (en, their zone).
    const { tz } = await me();
    expect(tz).not.toBe('Pacific/Auckland');
    const page = await open({ viewport: PHONE, timezoneId: 'Pacific/Auckland', locale: 'en-US' });
    const card = page.locator('#telegram');
    expect(await card.locator('.tg-unlinked').isVisible()).toBe(true);
    const answer = page.waitForResponse((r) => r.url().endsWith('/me/channels/telegram/link'));
    await page.click('#telegram-link');
    await expect.poll(() => card.locator('#telegram-code').isVisible()).toBe(true);
    const { expires_at } = (await (await answer).json()) as { expires_at: string };
    const theirTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: tz }).format(new Date(expires_at));
    expect(await card.locator('.tg-expiry').textContent()).toBe(`The code works until ${theirTime}.`);
    const command = (await card.locator('.tg-command').textContent()) ?? '';
    expect(command).toMatch(/^\/start \S{10,}$/);
    const href = await card.locator('.tg-open').getAttribute('href');
    expect(href).toBe(`https://t.me/hado_test_bot?start=${command.slice(7)}`);
    await screenshot(page, 'settings-telegram-code-phone');

    // The person presses Start in Telegram; Telegram posts the update to Hado.
    const res = await call(s, 'POST', '/hooks/telegram', {
      body: messageUpdate(4242, command),
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
    });
    expect(res.status).toBe(200);
    // The page looks for the new channel every few seconds while the code is shown.
    await expect.poll(() => card.locator('.tg-linked').isVisible(), { timeout: 12_000 }).toBe(true);
    expect(await card.locator('#telegram-code').isVisible()).toBe(false);
    expect(await page.locator('.channel[data-type="telegram"]').count()).toBe(1);
    await page.context().close();
  });

  it('degrades kindly on a server without Telegram', async () => {
    const bare = await startServer();
    try {
      const { page, context } = await newPage(browser);
      await page.goto(bare.url);
      expect(await page.locator('#telegram').textContent()).toContain('Telegram is not set up on this server');
      expect(await page.locator('#telegram-link').count()).toBe(0);
      await context.close();
    } finally {
      await bare.close();
    }
  });
});
