// Notices on the inbox page in a real Chromium (issue 5, item 7): the bell
// with the unread count ("99+"), the feed with endless scroll by keyset,
// mark read on open and "mark all read", archive, claim, toasts for live
// notices (at most 3 at once, then one summary), the preferences grid, and
// screenshots at desktop and phone widths (test-results/screenshots/).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/app.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, type Server, screenshot, startServer } from './support.ts';

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

beforeEach(async () => {
  await s.store.db.deleteFrom('notices').execute();
});

async function notify(notices: Array<Record<string, unknown>>): Promise<number[]> {
  const body = { notices: notices.map((n) => ({ recipients: ['me'], topic: 'mention', ...n })) };
  const res = await call(s, 'POST', '/api/notices', { token: s.token, body });
  if (res.status !== 200) throw new Error(`POST /api/notices: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.notices.map((n: { id: number }) => n.id);
}

async function openPage(viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light') {
  const p = await newPage(browser, { viewport, colorScheme });
  // Deep links lead to the client services; none exists here.
  await p.context.route(/https:\/\/docs\.example\//, (route) => route.fulfill({ status: 200, body: 'ok' }));
  await p.page.goto(s.url);
  await p.page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  return p;
}

const bellLabel = (page: Page) => page.locator('#nt-bell .nt-bell-count').evaluate((e) => ((e as HTMLElement).hidden ? '' : e.textContent));
const items = (page: Page) => page.locator('#nt-list .nt-item');
const serverNotice = async (id: number) => {
  const res = await call(s, 'GET', '/me/notices?filter=all&limit=100', {});
  return (res.body.notices as Array<{ id: number; read_at: string | null; archived_at: string | null }>).find((n) => n.id === id);
};

describe('the bell and the feed', () => {
  it('shows the unread count, "99+" from 100; the feed pages by keyset as you scroll', async () => {
    await notify(Array.from({ length: 120 }, (_, i) => ({ title: `Notice ${i + 1}` })));
    const { page, errors, context } = await openPage();
    await expect.poll(() => bellLabel(page)).toBe('99+');
    expect(await page.locator('#nt-bell').getAttribute('aria-expanded')).toBe('false');
    await page.locator('#nt-bell').click();
    await expect.poll(() => items(page).count()).toBeGreaterThanOrEqual(30);
    expect(await items(page).first().locator('.nt-item-title').textContent()).toBe('Notice 120');
    // Endless scroll: reaching the end of the list loads the next page, without repeats.
    for (let i = 0; i < 10 && (await items(page).count()) < 120; i++) {
      await page.locator('.nt-scroll').evaluate((e) => e.scrollTo(0, e.scrollHeight));
      await page.waitForTimeout(150);
    }
    await expect.poll(() => items(page).count()).toBe(120);
    const titles = await items(page).locator('.nt-item-title').allTextContents();
    expect(titles).toEqual(Array.from({ length: 120 }, (_, i) => `Notice ${120 - i}`));
    // Mark all read.
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bellLabel(page)).toBe('');
    // The bell is set from the answer; the rows are re-rendered from their fragments a moment later.
    await expect.poll(() => page.locator('#nt-list .nt-item[data-unread="true"]').count()).toBe(0);
    expect((await call(s, 'GET', '/me/notices?limit=1', {})).body.unread).toBe(0);
    // Escape closes the panel and gives focus back to the bell.
    await page.keyboard.press('Escape');
    expect(await page.locator('#nt-panel').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('nt-bell');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opening a notice marks it read; archive and unarchive move it between the filters', async () => {
    const [a, b] = await notify([
      { title: 'Ana mentioned you', body: 'in “Q3 plan”', deep_link: 'https://docs.example/d/7', actor: 'ana' },
      { title: 'Export finished', topic: 'export' },
    ]);
    const { page, errors, context } = await openPage();
    await expect.poll(() => bellLabel(page)).toBe('2');
    await page.locator('#nt-bell').click();
    const itemA = page.locator(`#nt-list .nt-item[data-id="${a}"]`);
    await expect.poll(() => itemA.getAttribute('data-unread')).toBe('true');
    expect(await itemA.locator('.nt-meta').textContent()).toContain('ana');
    const popup = context.waitForEvent('page');
    await itemA.getByRole('link', { name: 'Ana mentioned you' }).click();
    await (await popup).close();
    await expect.poll(() => bellLabel(page)).toBe('1');
    await expect.poll(() => itemA.getAttribute('data-unread')).toBe('false');
    expect((await serverNotice(a!))!.read_at).not.toBeNull();

    const itemB = page.locator(`#nt-list .nt-item[data-id="${b}"]`);
    await itemB.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => itemB.count()).toBe(0);
    await expect.poll(() => bellLabel(page)).toBe('');
    expect((await serverNotice(b!))!.archived_at).not.toBeNull();
    await page.getByRole('button', { name: 'Archived' }).click();
    await expect.poll(() => itemB.count()).toBe(1);
    await itemB.getByRole('button', { name: 'Unarchive' }).click();
    await expect.poll(() => itemB.count()).toBe(0);
    await page.getByRole('button', { name: 'Inbox', exact: true }).click();
    await expect.poll(() => itemB.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows markup in a notice as text', async () => {
    await notify([{ title: '<img src=x onerror="window.__pwned=1"><b>bold</b>', body: '<script>window.__pwned=2</script>' }]);
    const { page, context } = await openPage();
    await page.locator('#nt-bell').click();
    await expect.poll(() => items(page).first().locator('.nt-item-title').textContent()).toBe('<img src=x onerror="window.__pwned=1"><b>bold</b>');
    expect(await items(page).first().locator('.nt-text').textContent()).toBe('<script>window.__pwned=2</script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await context.close();
  });

  it('renders a markdown notice sanitized, on opening and when it arrives live (issue 24)', async () => {
    const md = (n: number) =>
      [
        `## Summary ${n}`,
        '',
        'Thanks **everyone**, see the [slides](https://docs.example/s/1).',
        '',
        `<img src=x onerror="window.__pwned=${n}"> <script>window.__pwned=${n + 10}</script>`,
        '',
        `[bad](javascript:window.__pwned=${n + 20}) and <a href="javascript:window.__pwned=${n + 30}">raw</a>`,
        '',
        '- first `point`',
        '- second',
        '',
        '```',
        'SELECT 1;',
        '```',
      ].join('\n');
    await notify([{ title: 'Session summary 1', body: md(1), body_format: 'markdown' }]);
    const { page, errors, context } = await openPage(PHONE, 'dark');
    await page.locator('#nt-bell').click();
    await expect.poll(() => items(page).count()).toBe(1);
    await notify([{ title: 'Session summary 2', body: md(2), body_format: 'markdown' }]);
    await expect.poll(() => items(page).count()).toBe(2);
    for (const n of [1, 2]) {
      const text = items(page)
        .filter({ hasText: `Session summary ${n}` })
        .locator('.nt-text');
      expect(await text.locator('h2').textContent()).toBe(`Summary ${n}`);
      expect(await text.locator('strong').textContent()).toBe('everyone');
      expect(await text.locator('li').allTextContents()).toEqual(['first point', 'second']);
      expect(await text.locator('pre code').textContent()).toContain('SELECT 1;');
      const hrefs = await text.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      // The javascript: links lose their href and look like the words around them.
      expect(hrefs).toEqual(['https://docs.example/s/1', null, null]);
      const colours = await text.locator('a').evaluateAll((as) => as.map((a) => getComputedStyle(a).color));
      expect(colours[1]).toBe(
        await text
          .locator('p')
          .nth(1)
          .evaluate((p) => getComputedStyle(p).color),
      );
      expect(colours[0]).not.toBe(colours[1]);
      expect(await text.locator('script, img, [onerror]').count()).toBe(0);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'notices-markdown-phone-dark');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('claims: "Take it", then the holder is named', async () => {
    const [id] = await notify([{ title: 'New support request', claim: true, recipients: ['me', 'bob'] }]);
    const { page, context } = await openPage();
    await page.locator('#nt-bell').click();
    const item = page.locator(`#nt-list .nt-item[data-id="${id}"]`);
    await item.getByRole('button', { name: 'Take it' }).click();
    await expect.poll(() => item.locator('.nt-claimed').textContent()).toBe('You took it.');
    // Someone else is told who has it.
    const lost = await call(s, 'POST', `/me/notices/${id}/claim`, { user: 'bob' });
    expect(lost.status).toBe(409);
    expect(lost.body.error.message).toContain('already claimed by me');
    await context.close();
  });
});

describe('live', () => {
  it('a new notice appears at the top of the open feed; a regroup updates it in place', async () => {
    await notify([{ title: 'Older' }]);
    const { page, errors, context } = await openPage();
    await page.locator('#nt-bell').click();
    await expect.poll(() => items(page).count()).toBe(1);
    const g = (n: number) => ({ mode: 'group', source_ref: 'queue', title: `request #${n}`, group: { template: 'New requests' } });
    const [id] = await notify([g(1)]);
    await expect.poll(() => items(page).first().getAttribute('data-id')).toBe(String(id));
    await expect.poll(() => bellLabel(page)).toBe('2');
    s.clock.advance({ seconds: 31 }); // past the 30 s re-push limit
    await notify([g(2)]);
    await expect.poll(() => items(page).first().locator('.nt-item-title').textContent()).toBe('New requests (2): request #2');
    expect(await items(page).count()).toBe(2);
    // The panel is open: no toasts.
    expect(await page.locator('.nt-toast').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toasts: up to 3 at once, more become one summary; a toast opens the feed', async () => {
    const { page, errors, context } = await openPage();
    await notify([{ title: 'First' }, { title: 'Second' }]);
    await expect.poll(() => page.locator('.nt-toast:not(.nt-summary)').count()).toBe(2);
    expect(await page.locator('.nt-toast-title').allTextContents()).toEqual(['First', 'Second']);
    await notify(Array.from({ length: 5 }, (_, i) => ({ title: `Burst ${i + 1}` })));
    await expect.poll(() => page.locator('.nt-summary .nt-toast-title').textContent()).toBe('5 new notifications');
    expect(await page.locator('.nt-toast:not(.nt-summary)').count()).toBe(2);
    await notify([{ title: 'One more' }]);
    await expect.poll(() => page.locator('.nt-summary .nt-toast-title').textContent()).toBe('6 new notifications');
    expect(await page.locator('.nt-toast:not(.nt-summary)').count()).toBeLessThanOrEqual(3);
    await screenshot(page, 'notices-toasts-desktop');
    await page.locator('.nt-summary .nt-toast-open').click();
    expect(await page.locator('#nt-panel').isVisible()).toBe(true);
    expect(await page.locator('.nt-toast').count()).toBe(0);
    await expect.poll(() => items(page).count()).toBe(8);
    await expect.poll(() => bellLabel(page)).toBe('8');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a notice with the web cell off arrives without a toast', async () => {
    await notify([{ title: 'seed', topic: 'digest' }]);
    await call(s, 'PUT', '/me/preferences', { body: { rows: [{ source: 'docs', topic: 'digest', channels: { web: false } }] } });
    const { page, context } = await openPage();
    await expect.poll(() => bellLabel(page)).toBe('1');
    await notify([{ title: 'Weekly digest', topic: 'digest' }]);
    await expect.poll(() => bellLabel(page)).toBe('2');
    await page.waitForTimeout(200);
    expect(await page.locator('.nt-toast').count()).toBe(0);
    await call(s, 'PUT', '/me/preferences', { body: { rows: [] } });
    await context.close();
  });
});

describe('preferences grid', () => {
  it('shows every known kind with defaults on, saves the whole grid, keeps it after a reload', async () => {
    await notify([
      { title: 'a', topic: 'mention' },
      { title: 'b', topic: 'export' },
    ]);
    const { page, errors, context } = await openPage();
    const grid = page.locator('#nt-prefs');
    await expect.poll(() => grid.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    const box = (kind: string, channel: string) => grid.getByRole('checkbox', { name: `${kind}: ${channel}`, exact: true });
    expect(await box('docs · mention', 'Telegram').isChecked()).toBe(true);
    await box('docs · mention', 'Telegram').uncheck();
    await box('docs · export', 'Web').uncheck();
    await grid.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => grid.locator('.form-status').textContent()).toBe('Saved');
    const saved = await call(s, 'GET', '/me/preferences', {});
    const row = (topic: string) => saved.body.rows.find((r: { source: string; topic: string }) => r.source === 'docs' && r.topic === topic);
    expect(row('mention').channels).toEqual({ web: true, telegram: false, webhook: true, push: true, mobile: true, email: true, slack: true });
    expect(row('export').channels).toEqual({ web: false, telegram: true, webhook: true, push: true, mobile: true, email: true, slack: true });
    await page.reload();
    await expect.poll(() => grid.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await box('docs · mention', 'Telegram').isChecked()).toBe(false);
    expect(await box('docs · export', 'Web').isChecked()).toBe(false);
    await call(s, 'PUT', '/me/preferences', { body: { rows: [] } });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('looks', () => {
  it('the open feed at desktop and phone widths, light and dark (screenshots); nothing sticks out on a phone', async () => {
    await notify([
      { title: 'Ana mentioned you', body: 'in “Q3 plan”: can you check the numbers in section 4?', actor: 'ana', deep_link: 'https://docs.example/d/7' },
      {
        mode: 'group',
        source_ref: 'q',
        title: 'request #3',
        group: { template: 'New requests', messages: ['request #1', 'request #2', 'request #3'], step: 3 },
      },
      { title: 'Deploy failed on staging', topic: 'ci', urgent: true, body: 'Step “migrate” exited with 1' },
      { title: 'New support request', claim: true },
    ]);
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context } = await openPage(viewport, scheme);
        await page.locator('#nt-bell').click();
        await expect.poll(() => items(page).count()).toBe(4);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `notices-${name}${scheme === 'dark' ? '-dark' : ''}`);
        await context.close();
      }
    }
  });
});
