// The inbox's "Why?" link: each item links to its explanation page, which
// shows the scheduler's answer in words, readable at 360 and 1280 px in light
// and dark, without a script error and without overflowing the phone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE, push, SAMPLE, type Server, screenshot, startServer } from './support.ts';

let s: Server;
let browser: Browser;
let ids: Record<string, number>;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
  ids = await push(s, SAMPLE);
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

describe('Why? page', () => {
  it('opens from the inbox item and explains the state and the next reminder', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(s.url);
    const item = page.locator(`li.item[data-key="${ids['passport:ana']}"]`);
    await item.getByRole('link', { name: /Why\?/ }).click();
    await page.waitForURL(`**/inbox/events/${ids['passport:ana']}/why`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Ana’s passport expires');
    const lines = await page.locator('.why-lines li').allTextContents();
    expect(lines[0]).toMatch(/^Preparing: the fire day \(2026-07-21 00:00 \(Europe\/Madrid\)\) has come/);
    expect(lines.join('\n')).toMatch(/Reminders come only inside the active hours, 09:00–22:00 in Europe\/Madrid\./);
    await expect(page.locator('.why-state').getAttribute('data-state')).resolves.toBe('preparing');
    // Back to the inbox.
    await page.getByRole('link', { name: '← Inbox' }).click();
    await page.waitForURL(`${s.url}/`);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`fits at ${viewport.width} px in ${scheme}`, async () => {
        const { page, errors, context } = await newPage(browser, { viewport, colorScheme: scheme });
        await page.goto(s.url);
        await screenshot(page, `why-inbox-${name}-${scheme}`);
        await page.goto(`${s.url}/inbox/events/${ids['rent:aug']}/why`);
        await expect(page.locator('.why-lines li').first().textContent()).resolves.toMatch(/^Overdue since 2026-08-11 00:00/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `why-${name}-${scheme}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
