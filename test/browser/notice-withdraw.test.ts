// A source withdraws a notice (issue 24 point 6) while the inbox is open in
// a real Chromium: DELETE /api/notices takes it out of the open feed at once
// (the `notice_removed` frame), the unread badge drops, and the toast of a
// notice withdrawn while the panel is closed goes too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/app.ts';
import { DESKTOP, launchBrowser, newPage, type Server, startServer } from './support.ts';

let s: Server;
let browser: Browser;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function notify(title: string): Promise<number> {
  const res = await call(s, 'POST', '/api/notices', { token: s.token, body: { recipients: ['me'], topic: 'mention', title } });
  if (res.status !== 200) throw new Error(`POST /api/notices: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.notice.id;
}
const withdraw = async (ids: number[]) => {
  const res = await call(s, 'DELETE', '/api/notices', { token: s.token, body: { ids } });
  expect(res.status).toBe(200);
  expect(res.body.withdrawn).toEqual(ids);
};

const bellLabel = (page: Page) => page.locator('#nt-bell .nt-bell-count').evaluate((e) => ((e as HTMLElement).hidden ? '' : e.textContent));
const titles = (page: Page) => page.locator('#nt-list .nt-item .nt-item-title').allTextContents();

it('a DELETE removes the notice from the open feed and its toast, and the badge drops', async () => {
  await notify('Job 7 needs you');
  const gone = await notify('Job 8 needs you');
  const { page, errors, context } = await newPage(browser, { viewport: DESKTOP });
  await page.goto(s.url);
  await page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  await expect.poll(() => bellLabel(page)).toBe('2');
  await page.locator('#nt-bell').click();
  await expect.poll(() => titles(page)).toEqual(['Job 8 needs you', 'Job 7 needs you']);

  await withdraw([gone]);
  await expect.poll(() => titles(page)).toEqual(['Job 7 needs you']);
  await expect.poll(() => bellLabel(page)).toBe('1');

  // Panel closed: a new notice toasts; withdrawn, its toast goes and the badge is back to 1.
  await page.keyboard.press('Escape');
  const toasted = await notify('Job 9 needs you');
  await expect.poll(() => page.locator(`.nt-toasts .nt-toast[data-id="${toasted}"]`).count()).toBe(1);
  await expect.poll(() => bellLabel(page)).toBe('2');
  await withdraw([toasted]);
  await expect.poll(() => page.locator(`.nt-toasts .nt-toast[data-id="${toasted}"]`).count()).toBe(0);
  await expect.poll(() => bellLabel(page)).toBe('1');
  // Reopened, the feed is what the server has.
  await page.locator('#nt-bell').click();
  await expect.poll(() => titles(page)).toEqual(['Job 7 needs you']);
  expect(errors).toEqual([]);
  await context.close();
});
