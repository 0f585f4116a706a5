// The page's one rendering model in a real Chromium (issue 11): the script
// is ES modules under content-hashed URLs with no globals; a live notice,
// a feed page and the preferences grid show exactly the server's markup
// (fragments), and the words the script shows by itself come from the page
// (#page-text), so a translated page needs no change in the script.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/app.ts';
import { launchBrowser, newPage, type Server, startServer } from './support.ts';

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
  await s.store.db.deleteFrom('preferences').execute();
  await s.store.db.deleteFrom('notice_topics').execute();
});

async function notify(notices: Array<Record<string, unknown>>): Promise<number[]> {
  const body = { notices: notices.map((n) => ({ recipients: ['me'], topic: 'mention', ...n })) };
  const res = await call(s, 'POST', '/api/notices', { token: s.token, body });
  if (res.status !== 200) throw new Error(`POST /api/notices: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.notices.map((n: { id: number }) => n.id);
}

async function openPage(opts: Parameters<typeof newPage>[1] = {}) {
  const p = await newPage(browser, opts);
  const requests: Request[] = [];
  p.page.on('request', (r) => requests.push(r));
  await p.page.goto(s.url);
  await p.page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  const paths = () => requests.map((r) => new URL(r.url()).pathname + new URL(r.url()).search);
  return { ...p, requests, paths };
}

/** The server's markup for this fragment, as the browser parses it (so both sides serialise alike). */
async function serverMarkup(page: Page, url: string, selector: string): Promise<string> {
  const res = await s.app.inject({ method: 'GET', url, headers: { 'x-remote-user': 'me' }, remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return page.evaluate(
    ([body, sel]) => {
      const tpl = document.createElement('template');
      tpl.innerHTML = body!;
      return tpl.content.querySelector(sel!)!.outerHTML;
    },
    [res.body, selector],
  );
}

describe('modules', () => {
  it('load as ES modules under hashed URLs, all found, with no global of their own', async () => {
    const { page, errors, context, requests } = await openPage();
    const statics = requests.filter((r) => new URL(r.url()).pathname.startsWith('/static/'));
    const scripts = statics.filter((r) => r.url().endsWith('.js'));
    expect(scripts.length).toBeGreaterThanOrEqual(8);
    for (const r of statics) {
      expect(new URL(r.url()).pathname).toMatch(/^\/static\/[\w-]+\.[0-9a-f]{12}\.(js|css)$/);
      expect((await r.response())?.status(), r.url()).toBe(200);
    }
    expect(
      await page.evaluate(() =>
        Array.from(document.scripts)
          .filter((x) => x.src)
          .map((x) => x.type),
      ),
    ).toEqual(['module']);
    expect(await page.evaluate(() => ['Hado', 'HadoNotices'].filter((k) => k in window))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('notices are the server’s markup', () => {
  it('a live notice is fetched as a fragment and shown exactly as the server renders it', async () => {
    await notify([{ title: 'Older' }]);
    const { page, errors, context, paths } = await openPage();
    await page.locator('#nt-bell').click();
    await expect.poll(() => page.locator('#nt-list .nt-item').count()).toBe(1);
    const [id] = await notify([{ title: 'Ana <b>mentioned</b> you', body: 'in “Q3”', actor: 'ana', deep_link: '/docs/7' }]);
    const item = page.locator(`#nt-list .nt-item[data-id="${id}"]`);
    await expect.poll(() => item.count()).toBe(1);
    expect(paths()).toContain(`/inbox/notices/items?ids=${id}`);
    expect(await item.evaluate((e) => e.outerHTML)).toBe(await serverMarkup(page, `/inbox/notices/items?ids=${id}`, '.nt-item'));
    // The server's clock and the user's zone, not the browser's.
    expect(await item.locator('time').textContent()).toBe('just now');
    expect(await item.locator('time').getAttribute('title')).toBe('2026-08-11 10:00, Europe/Madrid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the feed reads its pages as fragments (endless scroll), never the JSON list', async () => {
    await notify(Array.from({ length: 65 }, (_, i) => ({ title: `Notice ${i + 1}` })));
    const { page, context, paths } = await openPage();
    await page.locator('#nt-bell').click();
    for (let i = 0; i < 10 && (await page.locator('#nt-list .nt-item').count()) < 65; i++) {
      await page.locator('.nt-scroll').evaluate((e) => e.scrollTo(0, e.scrollHeight));
      await page.waitForTimeout(150);
    }
    await expect.poll(() => page.locator('#nt-list .nt-item').count()).toBe(65);
    const pages = paths().filter((p) => p.startsWith('/inbox/notices?'));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toBe('/inbox/notices?filter=inbox');
    expect(pages.slice(1).every((p) => p.startsWith('/inbox/notices?filter=inbox&cursor='))).toBe(true);
    expect(paths().filter((p) => p.startsWith('/me/notices?filter'))).toEqual([]);
    expect(
      await page
        .locator('#nt-list .nt-item')
        .first()
        .evaluate((e) => e.outerHTML),
    ).toBe(await serverMarkup(page, '/inbox/notices', '.nt-item'));
    await context.close();
  });

  it('archiving from the keyboard hands focus to the next notice', async () => {
    const [a, b] = await notify([{ title: 'First' }, { title: 'Second' }]);
    const { page, context } = await openPage();
    await page.locator('#nt-bell').click();
    await expect.poll(() => page.locator('#nt-list .nt-item').count()).toBe(2);
    await page.locator(`.nt-item[data-id="${b}"] [data-nt-action="archive"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`.nt-item[data-id="${b}"]`).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.closest('.nt-item')?.getAttribute('data-id'))).toBe(String(a));
    await context.close();
  });
});

describe('the preferences grid', () => {
  it('comes with the page; a save re-reads the server’s grid, with a kind that appeared meanwhile', async () => {
    await notify([{ title: 'a', topic: 'mention' }]);
    const { page, errors, context, paths } = await openPage();
    const grid = page.locator('#nt-prefs');
    expect(await grid.locator('tbody tr[data-topic]').count()).toBe(1);
    expect(paths().some((p) => p.startsWith('/me/preferences'))).toBe(false);
    await notify([{ title: 'b', topic: 'export' }]);
    await grid.getByRole('checkbox', { name: 'docs · mention: Webhook', exact: true }).uncheck();
    await grid.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => grid.locator('.form-status').textContent()).toBe('Saved');
    expect(paths()).toContain('/inbox/preferences');
    expect(await grid.locator('tbody tr[data-topic]').count()).toBe(2);
    expect(await grid.locator('.nt-prefs-body').evaluate((e) => e.outerHTML)).toBe(await serverMarkup(page, '/inbox/preferences', '.nt-prefs-body'));
    expect(await grid.getByRole('checkbox', { name: 'docs · mention: Webhook', exact: true }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('words', () => {
  it('the script’s own words come from the page: another table, other words, same script', async () => {
    const { page, context } = await newPage(browser);
    // Stand in for a translated page (issue 13): only the server's JSON block changes.
    await page.route(s.url + '/', async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(
        /(<script type="application\/json" id="page-text">)([^<]*)(<\/script>)/,
        (_m, open: string, json: string, close: string) => {
          const words = JSON.parse(json);
          words['live.live'] = 'En vivo';
          words['toast.summary'] = { one: '{n} aviso nuevo', other: '{n} avisos nuevos' };
          words['bell.some'] = 'Avisos, {label} sin leer';
          return open + JSON.stringify(words) + close;
        },
      );
      await route.fulfill({ response: res, body });
    });
    await page.goto(s.url);
    await expect.poll(() => page.locator('#live .live-text').textContent()).toBe('En vivo');
    await notify(Array.from({ length: 4 }, (_, i) => ({ title: `Burst ${i + 1}` })));
    await expect.poll(() => page.locator('.nt-summary .nt-toast-title').textContent()).toBe('4 avisos nuevos');
    expect(await page.locator('#nt-bell .visually-hidden').textContent()).toBe('Avisos, 4 sin leer');
    await context.close();
  });
});
