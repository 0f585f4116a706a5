// The presence heartbeat exactly per SPEC A7: POST /me/heartbeat only while
// the tab is visible AND there was mouse or keyboard activity in the last 3
// minutes; about every 30 s while both hold; it stops when either stops.
// The page's clock is Playwright's fake clock, so minutes pass in an instant.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './support.ts';

let s: Server;
let browser: Browser;
let page: Page;
let beats: number[];

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

beforeEach(async () => {
  const opened = await newPage(browser);
  page = opened.page;
  beats = [];
  await page.clock.install({ time: new Date('2026-08-11T08:00:00Z') });
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/me/heartbeat') beats.push(Date.now());
  });
  await page.goto(s.url);
  await page.clock.pauseAt(new Date('2026-08-11T08:00:10Z'));
});

afterEach(async () => {
  await page.context().close();
});

/** Lets requests the page fired reach the test (they are real, not on the fake clock). */
const settle = () => new Promise((r) => setTimeout(r, 150));

async function minutes(n: number, opts: { activeEverySeconds?: number } = {}): Promise<void> {
  const step = (opts.activeEverySeconds ?? n * 60) * 1000;
  for (let t = 0; t < n * 60_000; t += step) {
    if (opts.activeEverySeconds) await page.mouse.move(100 + (t % 300), 200);
    await page.clock.runFor(Math.min(step, n * 60_000 - t));
  }
  await settle();
}

function setVisibility(state: 'visible' | 'hidden') {
  return page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { value: v, configurable: true });
    Object.defineProperty(document, 'hidden', { value: v === 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

describe('heartbeat', () => {
  it('is not sent by an open page nobody touches', async () => {
    await minutes(5);
    expect(beats).toEqual([]);
  });

  it('starts on activity and repeats about every 30 s while the person stays active', async () => {
    await page.mouse.move(200, 200);
    await page.clock.runFor(100);
    await settle();
    expect(beats).toHaveLength(1);
    await minutes(3, { activeEverySeconds: 20 });
    // 1 at the start + one per 30 s over 3 minutes.
    expect(beats.length).toBeGreaterThanOrEqual(6);
    expect(beats.length).toBeLessThanOrEqual(8);
    const row = await s.store.db.selectFrom('users').select('last_heartbeat_at').where('login', '=', 'me').executeTakeFirstOrThrow();
    expect(row.last_heartbeat_at).not.toBeNull();
  });

  it('counts the keyboard as activity too', async () => {
    await page.keyboard.press('Tab');
    await page.clock.runFor(100);
    await settle();
    expect(beats).toHaveLength(1);
  });

  it('stops 3 minutes after the last activity, and resumes with the next one', async () => {
    await page.mouse.move(300, 300);
    await minutes(10);
    // Beats only while the last activity is under 3 minutes old: at 0, 30, … 150 s.
    expect(beats.length).toBeGreaterThanOrEqual(6);
    expect(beats.length).toBeLessThanOrEqual(7);
    const stoppedAt = beats.length;
    await minutes(5);
    expect(beats).toHaveLength(stoppedAt);
    await page.mouse.move(10, 10);
    await page.clock.runFor(100);
    await settle();
    expect(beats).toHaveLength(stoppedAt + 1);
  });

  it('stops at once when the tab is hidden, even with activity, and resumes when it is visible again', async () => {
    await page.mouse.move(50, 50);
    await page.clock.runFor(100);
    await settle();
    expect(beats).toHaveLength(1);
    await setVisibility('hidden');
    await minutes(3, { activeEverySeconds: 10 });
    await page.keyboard.press('Shift');
    await minutes(1);
    expect(beats).toHaveLength(1);
    await setVisibility('visible');
    await page.mouse.move(60, 60);
    await page.clock.runFor(100);
    await settle();
    expect(beats).toHaveLength(2);
    await minutes(1, { activeEverySeconds: 15 });
    expect(beats.length).toBeGreaterThanOrEqual(3);
  });

  it('a tab hidden while idle stays silent when it becomes visible without activity', async () => {
    await setVisibility('hidden');
    await minutes(5);
    await setVisibility('visible');
    await minutes(2);
    expect(beats).toEqual([]);
  });
});
