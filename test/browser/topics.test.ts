// The curated preferences grid in a real Chromium (issue 23): a person
// addressed by one source (the team inbox) sees its topics — labelled in
// their language, grouped under the sections as headings, a dash with an
// accessible name where a channel type is not allowed — and nothing of
// another tenant's source that never wrote to them. Screenshots at phone and
// desktop widths, light and dark (test-results/screenshots/topics-*).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource } from '../support/app.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, type Server, screenshot, startServer } from './support.ts';

let s: Server;
let browser: Browser;
let inbox: string;

const comments = { en: 'Comments', uk: 'Коментарі' };
/** The team inbox's kinds (seed 002), as docs/topics.md declares them: Slack for some, a dash for the rest. */
const TEAM_INBOX = [
  { topic: 'mention', labels: { en: 'Mentions', uk: 'Згадки' }, section: comments, channels: ['web', 'slack', 'telegram'], toast: true },
  { topic: 'comment', labels: { en: 'Comments on my tasks', uk: 'Коментарі до моїх задач' }, section: comments, channels: ['web', 'slack'] },
  {
    topic: 'run_awaiting_input',
    labels: { en: 'A run waits for me', uk: 'Ранн чекає на мене' },
    section: { en: 'Runs', uk: 'Ранни' },
    channels: ['web', 'slack', 'telegram'],
    toast: true,
  },
  { topic: 'export_ready', labels: { en: 'Export ready', uk: 'Експорт готовий' }, section: { en: 'Exports', uk: 'Експорти' }, channels: ['web'] },
];
/** Another tenant's source: its names must never reach the team inbox's people. */
const TENANT = [{ topic: 'company-42/requests', labels: { en: 'Requests of company 42', uk: 'Заявки компанії 42' }, section: { en: 'Company 42' } }];

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
  inbox = await createSource(s, 'team-inbox');
  const tenant = await createSource(s, 'company-42');
  expect((await call(s, 'PUT', '/api/topics', { token: inbox, body: { topics: TEAM_INBOX } })).status).toBe(200);
  expect((await call(s, 'PUT', '/api/topics', { token: tenant, body: { topics: TENANT } })).status).toBe(200);
  // Olena reads Ukrainian (her first visit said so); the tenant writes to its own staff only.
  await call(s, 'GET', '/me', { user: 'olena', headers: { 'accept-language': 'uk' } });
  const notices = TEAM_INBOX.map((k) => ({ recipients: ['olena'], topic: k.topic, title: `About ${k.topic}` }));
  expect((await call(s, 'POST', '/api/notices', { token: inbox, body: { notices } })).status).toBe(200);
  expect(
    (await call(s, 'POST', '/api/notices', { token: tenant, body: { recipients: ['boris'], topic: 'company-42/requests', title: 'New request' } })).status,
  ).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

async function openAs(login: string, viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light') {
  const p = await newPage(browser, { viewport, colorScheme, extraHTTPHeaders: { 'x-remote-user': login } });
  await p.page.goto(s.url);
  await p.page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  return p;
}

const rowNames = (page: Page) => page.locator('#nt-prefs tbody tr[data-topic] th[scope="row"]').allTextContents();
const sections = (page: Page) => page.locator('#nt-prefs tr.nt-prefs-section th').allTextContents();

describe('the preferences grid of a person one source writes to', () => {
  it("shows that source's kinds in her language, under their sections, with a dash where a type is not allowed; nothing of the other tenant", async () => {
    const { page, context, errors } = await openAs('olena');
    const grid = page.locator('#nt-prefs');
    expect(await rowNames(page)).toEqual(['Згадки', 'Коментарі до моїх задач', 'Ранн чекає на мене', 'Експорт готовий']);
    expect(await sections(page)).toEqual(['team-inbox · Коментарі', 'team-inbox · Ранни', 'team-inbox · Експорти']);
    // A section heading is a header cell spanning the row: the group the rows below belong to.
    for (const th of await grid.locator('tr.nt-prefs-section th').all()) {
      expect(await th.getAttribute('scope')).toBe('colgroup');
      expect(await th.getAttribute('colspan')).toBe('4');
    }
    // Columns: only the types some kind allows, in her language.
    expect(await grid.locator('thead th').allTextContents()).toEqual(['Вид', 'Веб', 'Telegram', 'Slack']);
    // Exports have Slack and Telegram as dashes, each with a name a screen reader speaks.
    const exportRow = grid.locator('tr[data-topic="export_ready"]');
    expect(await exportRow.getByRole('checkbox').count()).toBe(1);
    const dash = grid.getByRole('img', { name: 'team-inbox · Експорт готовий: Slack — недоступно для цього виду', exact: true });
    expect(await dash.count()).toBe(1);
    expect(await dash.textContent()).toBe('–');
    expect(await grid.getByRole('img', { name: 'team-inbox · Коментарі до моїх задач: Telegram — недоступно для цього виду' }).count()).toBe(1);
    expect(await grid.getByRole('checkbox', { name: 'team-inbox · Згадки: Slack', exact: true }).isChecked()).toBe(true);
    // Nothing of company-42: not its source name, not its topic, not its labels.
    const text = await page.content();
    for (const leak of ['company-42', 'Заявки компанії 42', 'Requests of company 42']) expect(text).not.toContain(leak);
    // A save sends the allowed cells only, and the grid comes back the same, with her choice.
    await grid.getByRole('checkbox', { name: 'team-inbox · Згадки: Telegram', exact: true }).uncheck();
    await grid.getByRole('button', { name: 'Зберегти' }).click();
    await expect.poll(() => grid.locator('.form-status').textContent()).not.toBe('');
    expect(await grid.locator('[data-error-for="_form"]').isHidden()).toBe(true);
    expect(await grid.getByRole('checkbox', { name: 'team-inbox · Згадки: Telegram', exact: true }).isChecked()).toBe(false);
    expect(await rowNames(page)).toEqual(['Згадки', 'Коментарі до моїх задач', 'Ранн чекає на мене', 'Експорт готовий']);
    const stored = await call(s, 'GET', '/me/preferences', { user: 'olena' });
    expect(stored.body.rows.map((r: { topic: string; channels: Record<string, boolean> }) => [r.topic, r.channels])).toEqual([
      ['mention', { web: true, telegram: false, slack: true }],
      ['comment', { web: true, slack: true }],
      ['run_awaiting_input', { web: true, telegram: true, slack: true }],
      ['export_ready', { web: true }],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a live notice raises a toast only when its kind is toasted', async () => {
    const { page, context, errors } = await openAs('olena');
    const bell = () => page.locator('#nt-bell .nt-bell-count').textContent();
    const before = Number(await bell());
    const send = (topic: string, title: string) => call(s, 'POST', '/api/notices', { token: inbox, body: { recipients: ['olena'], topic, title } });
    expect((await send('comment', 'Ana commented on Launch checklist')).status).toBe(200);
    expect((await send('mention', 'Ana mentioned you on Launch checklist')).status).toBe(200);
    // Both arrive (the bell counts them); only the mention is toasted.
    await expect.poll(bell).toBe(String(before + 2));
    await expect.poll(() => page.locator('.nt-toast-title').allTextContents()).toEqual(['Ana mentioned you on Launch checklist']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the other tenant's staff sees only its own kind", async () => {
    const { page, context } = await openAs('boris');
    expect(await rowNames(page)).toEqual(['Requests of company 42']);
    expect(await sections(page)).toEqual(['company-42 · Company 42']);
    const text = await page.content();
    for (const leak of ['team-inbox', 'Mentions', 'run_awaiting_input']) expect(text).not.toContain(leak);
    await context.close();
  });

  it('at phone and desktop widths, light and dark, the grid fits the screen (screenshots)', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context, errors } = await openAs('olena', viewport, scheme);
        const grid = page.locator('#nt-prefs');
        await grid.scrollIntoViewIfNeeded();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${scheme}: the page scrolls sideways`).toBeLessThanOrEqual(0);
        // Every cell of the table is inside the card (the table scrolls inside its wrap if it must).
        const fits = await grid.evaluate((form) => {
          const wrap = form.querySelector('.nt-prefs-wrap')!.getBoundingClientRect();
          const card = form.getBoundingClientRect();
          return wrap.left >= card.left - 0.5 && wrap.right <= card.right + 0.5;
        });
        expect(fits, `${name} ${scheme}`).toBe(true);
        await screenshot(page, `topics-${name}${scheme === 'dark' ? '-dark' : ''}`);
        await grid.screenshot({ path: `test-results/screenshots/topics-grid-${name}${scheme === 'dark' ? '-dark' : ''}.png`, animations: 'disabled' });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
