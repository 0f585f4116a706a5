// A page on another site cannot act with the user's session: a plain HTML
// form (which needs no CORS preflight) and a no-cors fetch aimed at Hado's
// /me writes both fail in a real Chromium, and nothing changes on the server.
// The page's own requests keep working.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, push, type Server, serverEvent, startServer } from './support.ts';

let s: Server;
let browser: Browser;
let evil: http.Server;
let evilUrl: string;
let id: number;

beforeAll(async () => {
  s = await startServer();
  browser = await launchBrowser();
  ({ target: id } = (await push(s, [{ ref: 'target', due_at: '2026-08-11T15:00', title: 'Renew the domain' }])) as { target: number });
  // Another site: "localhost" is a different site from "127.0.0.1" for the browser.
  evil = http.createServer((req, res) => {
    const target = `${s.url}/me/events/${id}`;
    const page =
      req.url === '/form'
        ? `<!doctype html><form id="f" method="POST" action="${target}/done"><input name="x" value="1"></form><script>document.getElementById('f').submit()</script>`
        : `<!doctype html><script>fetch(${JSON.stringify(`${target}/ack`)}, { method: 'POST', mode: 'no-cors', credentials: 'include' }).then(() => { document.title = 'sent' }, () => { document.title = 'failed' })</script>`;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  if (evil) await new Promise((r) => evil.close(r));
  await s?.close();
});

describe('cross-site requests from a real browser', () => {
  it('a plain HTML form on another site cannot press Done', async () => {
    const { page, context } = await newPage(browser);
    const answer = page.waitForResponse((r) => r.url().endsWith(`/me/events/${id}/done`));
    await page.goto(`${evilUrl}/form`);
    expect((await answer).status()).toBe(403);
    await page.waitForURL(/\/me\/events\//);
    expect(await page.content()).toContain('Cross-site request refused');
    expect((await serverEvent(s, id))?.state).toBe('today');
    await context.close();
  });

  it('a no-cors fetch from another site cannot press Ack', async () => {
    const before = (await serverEvent(s, id))?.quiet_until;
    const { page, context } = await newPage(browser);
    const answer = page.waitForResponse((r) => r.url().endsWith(`/me/events/${id}/ack`));
    await page.goto(`${evilUrl}/fetch`);
    expect((await answer).status()).toBe(403);
    await expect.poll(() => page.title()).toBe('sent');
    expect((await serverEvent(s, id))?.quiet_until).toBe(before);
    await context.close();
  });

  it('the page’s own Done still works', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(s.url);
    const answer = page.waitForResponse((r) => r.url().endsWith(`/me/events/${id}/done`));
    await page.locator(`li[data-key="${id}"] [data-action="done"]`).click();
    expect((await answer).status()).toBe(200);
    await expect.poll(() => page.locator(`li[data-key="${id}"]`).count()).toBe(0);
    expect((await serverEvent(s, id))?.state).toBe('done');
    await context.close();
  });
});
