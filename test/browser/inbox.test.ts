// The inbox page in a real Chromium: groups, Ack and Done (page and server),
// markup shown as text, keyboard use, and screenshots at desktop and phone
// widths (test-results/screenshots/).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE, push, SAMPLE, type Server, screenshot, serverEvent, startServer } from './support.ts';

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

describe('the page', () => {
  it('loads with the groups in order, human due words, the badge in the title', async () => {
    const { page, errors, context } = await newPage(browser);
    await page.goto(s.url);
    expect(await page.title()).toBe('(3) Hado');
    const groups = await page.locator('[data-group]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.group));
    expect(groups).toEqual(['today', 'overdue', 'preparing', 'scheduled']);
    const birthday = page.locator(`li[data-key="${ids['person:42']}"]`);
    await expect.poll(() => birthday.locator('.title').textContent()).toBe('Vasya’s birthday');
    expect(await birthday.locator('.due').textContent()).toBe('today');
    expect(await birthday.locator('.source').textContent()).toBe('docs');
    expect(await birthday.locator('[data-action="done"]').textContent()).toBe('Congratulated');
    expect(await birthday.locator('a.btn.link').getAttribute('href')).toBe('https://people.example/42');
    expect(await page.locator(`li[data-key="${ids['flight:IB6011']}"] .due`).textContent()).toBe('today 18:15');
    expect(await page.locator(`li[data-key="${ids['rent:aug']}"] .due`).textContent()).toBe('yesterday');
    expect(await page.locator(`li[data-key="${ids['insurance:car']}"] .due`).textContent()).toBe('in 3 days, 14 Aug');
    expect(await page.locator(`li[data-key="${ids['tax:2026']}"] .due`).textContent()).toBe('in 5 months, 30 Jan 2027');
    expect(await page.locator('#badge').textContent()).toBe('3 due');
    // The live stream connects by itself.
    await expect.poll(() => page.locator('#live').getAttribute('data-state')).toBe('live');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks finished at desktop and phone widths, light and dark (screenshots)', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context } = await newPage(browser, { viewport, colorScheme: scheme });
        await page.goto(s.url);
        await expect.poll(() => page.locator('#live').getAttribute('data-state')).toBe('live');
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `inbox-${name}${scheme === 'dark' ? '-dark' : ''}`);
        await context.close();
      }
    }
  });

  it('says kindly that an empty inbox is empty', async () => {
    const { page, context } = await newPage(browser, { viewport: PHONE, extraHTTPHeaders: { 'x-remote-user': 'newcomer' } });
    await page.goto(s.url);
    await expect.poll(() => page.locator('.empty-title').textContent()).toBe('Nothing here yet');
    expect(await page.title()).toBe('Hado');
    expect(await page.locator('#badge').textContent()).toBe('Nothing due');
    await screenshot(page, 'inbox-empty-phone');
    await context.close();
  });

  it('an empty inbox that has received an event says what became of it, at phone and desktop widths, light and dark', async () => {
    // Due before the server's "now": it arrives expired and is never listed.
    await push(s, [{ user: 'latecomer', ref: 'late:1', due_at: '2026-08-01', title: 'Too late' }]);
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context } = await newPage(browser, { viewport, colorScheme: scheme, extraHTTPHeaders: { 'x-remote-user': 'latecomer' } });
        await page.goto(s.url);
        await expect.poll(() => page.locator('.empty-title').textContent()).toBe('Nothing open right now');
        expect(await page.locator('.empty-received').textContent()).toBe('1 event received, and it is closed:');
        expect(await page.locator('.empty-states li').allTextContents()).toEqual(['1 expired: its due moment had passed']);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await screenshot(page, `inbox-empty-received-${name}${scheme === 'dark' ? '-dark' : ''}`);
        await context.close();
      }
    }
  });
});

describe('Ack and Done', () => {
  it('Ack quiets the event: the page says until when, and the server agrees', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(s.url);
    const id = ids['flight:IB6011']!;
    const item = page.locator(`li[data-key="${id}"]`);
    await item.locator('[data-action="ack"]').click();
    // 10:00 now: the 11:00 window is skipped, quiet until 12:00 (SPEC A6).
    await expect.poll(() => item.locator('.quiet').textContent()).toBe('Quiet until 12:00');
    const ev = await serverEvent(s, id);
    expect(ev?.state).toBe('today');
    expect(ev?.quiet_until).toBe('2026-08-11T10:00:00.000Z');
    await context.close();
  });

  it('Done closes the event: it leaves the page, the badge and title drop, the server says done', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(s.url);
    const id = ids['rent:aug']!;
    await page.locator(`li[data-key="${id}"] [data-action="done"]`).click();
    await expect.poll(() => page.locator(`li[data-key="${id}"]`).count()).toBe(0);
    await expect.poll(() => page.title()).toBe('(2) Hado');
    expect(await page.locator('#badge').textContent()).toBe('2 due');
    expect(await page.locator('[data-group="overdue"]').count()).toBe(0);
    expect((await serverEvent(s, id))?.state).toBe('done');
    await context.close();
  });

  it('shows the server’s message when an action fails, and the button is usable again', async () => {
    const { page, context } = await newPage(browser);
    // The page re-reads its list once its stream is open; change the event only after that.
    const caughtUp = page.waitForResponse((r) => r.url().endsWith('/inbox/groups'));
    await page.goto(s.url);
    await caughtUp;
    const id = ids['passport:ana']!;
    // Closed behind the page's back (no NOTIFY): the page still shows Ack.
    await s.store.db.updateTable('events').set({ state: 'expired' }).where('id', '=', id).execute();
    const item = page.locator(`li[data-key="${id}"]`);
    const ack = item.locator('[data-action="ack"]');
    await ack.click();
    await expect.poll(() => item.locator('.item-error').isVisible()).toBe(true);
    expect(await item.locator('.item-error').textContent()).toMatch(/expired/i);
    expect(await ack.getAttribute('aria-busy')).toBeNull();
    await context.close();
  });

  it('a button shows progress without changing size while the server answers', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(s.url);
    const id = ids['insurance:car']!;
    const ack = page.locator(`li[data-key="${id}"] [data-action="ack"]`);
    const before = await ack.boundingBox();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(`**/me/events/${id}/ack`, async (route) => {
      await held;
      await route.continue();
    });
    await ack.click();
    await expect.poll(() => ack.getAttribute('aria-busy')).toBe('true');
    const during = await ack.boundingBox();
    expect(during?.width).toBe(before?.width);
    expect(during?.height).toBe(before?.height);
    release();
    await expect.poll(() => page.locator(`li[data-key="${id}"] .quiet`).count()).toBe(1);
    await context.close();
  });
});

describe('safety and keyboard', () => {
  it('shows a title with markup as text, running nothing', async () => {
    const [id] = Object.values(
      await push(s, [{ ref: 'xss:1', due_at: '2026-09-01', title: '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' }]),
    );
    const { page, context } = await newPage(browser);
    await page.goto(s.url);
    const title = page.locator(`li[data-key="${id}"] .title`);
    expect(await title.textContent()).toBe('<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>');
    expect(await title.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await context.close();
  });

  it('works from the keyboard with a visible focus ring', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(s.url);
    const id = ids.dentist!;
    const done = page.locator(`li[data-key="${id}"] [data-action="done"]`);
    await done.focus();
    const outline = await done.evaluate((el) => getComputedStyle(el).outlineStyle);
    // Focus came from a script here; Tab to it to get :focus-visible as a keyboard user would.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await done.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    expect(await done.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    expect(outline).toBeDefined();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`li[data-key="${id}"]`).count()).toBe(0);
    expect((await serverEvent(s, id))?.state).toBe('done');
    // Focus stays in the list, not lost on <body>.
    expect(await page.evaluate(() => document.activeElement?.closest('#groups') !== null)).toBe(true);
    await context.close();
  });
});
