// Live updates on an open page (SPEC B4, issue 4 item 4): a change made
// through the client API, an action link, another tab or the scheduler
// reaches the page without a reload; after a dropped stream the page
// reconnects by itself and catches up.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { hashToken } from '../../src/core/tokens.ts';
import { call } from '../support/app.ts';
import { launchBrowser, newPage, push, type Server, serverEvent, startServer } from './support.ts';

let s: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
  await push(s, [{ ref: 'seed', due_at: '2026-08-11T20:00', title: 'Water the plants' }]);
  page = (await newPage(browser)).page;
  await page.goto(s.url);
  await page.waitForFunction(() => document.querySelector('#live')?.getAttribute('data-state') === 'live');
  // Set once: if the page ever reloads, this is gone.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const item = (id: number) => page.locator(`li[data-key="${id}"]`);
const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe('live updates', () => {
  it('an event pushed through the client API appears, with the badge and title', async () => {
    const { call_mom: id } = await push(s, [{ ref: 'call_mom', due_at: '2026-08-11T19:00', title: 'Call mom', subtitle: 'It’s her name day' }]);
    await expect.poll(() => item(id!).locator('.title').textContent(), { timeout: 5000 }).toBe('Call mom');
    expect(await item(id!).locator('.due').textContent()).toBe('today 19:00');
    await expect.poll(() => page.title()).toBe('(2) Hado');
    expect(await page.locator('#badge').textContent()).toBe('2 due');
    expect(await sameDocument()).toBe(true);
  });

  it('a Done through a webhook action link removes it', async () => {
    const { link: id } = await push(s, [{ ref: 'link', due_at: '2026-08-11T21:00', title: 'Take out the bins' }]);
    await expect.poll(() => item(id!).count()).toBe(1);
    const web = await s.store.db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .select('channels.id')
      .where('users.login', '=', 'me')
      .where('channels.type', '=', 'web')
      .executeTakeFirstOrThrow();
    const token = 'browser-test-action-token-0123456789abcdef';
    await s.store.db
      .insertInto('deliveries')
      .values({
        event_id: id!,
        channel_id: web.id,
        window_start: new Date('2026-08-11T08:00:00Z'),
        action_token_hash: hashToken(token),
        result: 'ok',
        created_at: new Date(),
      })
      .execute();
    const res = await fetch(`${s.url}/a/${token}/done`, { method: 'POST' });
    expect(res.status).toBe(200);
    await expect.poll(() => item(id!).count(), { timeout: 5000 }).toBe(0);
    expect(await sameDocument()).toBe(true);
  });

  it('an Ack or Done in another tab shows here', async () => {
    const { other: id } = await push(s, [{ ref: 'other', due_at: '2026-08-11T22:00', title: 'Book the table' }]);
    await expect.poll(() => item(id!).count()).toBe(1);
    const second = await newPage(browser);
    await second.page.goto(s.url);
    await second.page.locator(`li[data-key="${id}"] [data-action="ack"]`).click();
    await expect.poll(() => item(id!).locator('.quiet').count(), { timeout: 5000 }).toBe(1);
    await second.page.locator(`li[data-key="${id}"] [data-action="done"]`).click();
    await expect.poll(() => item(id!).count(), { timeout: 5000 }).toBe(0);
    await second.context.close();
  });

  it('a client withdrawing an event and the scheduler moving one are both seen', async () => {
    const ids = await push(s, [
      { ref: 'gone', due_at: '2026-08-12', title: 'Cancelled meeting' },
      { ref: 'tomorrow', due_at: '2026-08-12T10:00', title: 'Dentist' },
    ]);
    await expect.poll(() => item(ids.gone!).count()).toBe(1);
    expect((await call(s, 'DELETE', '/api/events?source_ref=gone', { token: s.token })).status).toBe(204);
    await expect.poll(() => item(ids.gone!).count(), { timeout: 5000 }).toBe(0);

    expect(await item(ids.tomorrow!).getAttribute('data-state')).toBe('scheduled');
    s.clock.set('2026-08-11T22:01:00Z'); // 00:01 on the 12th in Madrid
    await lifecycleTick(s.store.db, s.clock.now());
    await expect.poll(() => item(ids.tomorrow!).getAttribute('data-state'), { timeout: 5000 }).toBe('today');
    expect(await item(ids.tomorrow!).locator('.due').textContent()).toBe('today 10:00');
    s.clock.set('2026-08-11T08:00:00Z');
    expect(await sameDocument()).toBe(true);
  });

  it('reconnects by itself after the stream drops, and catches up on what it missed', async () => {
    // Cut every open connection, as a restart or a flaky network would.
    s.app.server.closeAllConnections();
    await expect.poll(() => page.locator('#live').getAttribute('data-state')).not.toBe('live');
    // Written while the page had no stream: no frame will ever carry it.
    const { missed: id } = await push(s, [{ ref: 'missed', due_at: '2026-08-11T23:00', title: 'Written while offline' }]);
    await expect.poll(() => page.locator('#live').getAttribute('data-state'), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => item(id!).count(), { timeout: 5000 }).toBe(1);
    expect(await sameDocument()).toBe(true);
    // And it is live again.
    await call(s, 'POST', `/me/events/${id}/done`, {});
    await expect.poll(() => item(id!).count(), { timeout: 5000 }).toBe(0);
    expect((await serverEvent(s, id!))?.state).toBe('done');
  });
});
