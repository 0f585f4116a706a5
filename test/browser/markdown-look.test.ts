// A markdown notice (issue 24) as people see it, in a real Chromium: on
// Hado's inbox page and in <hado-inbox> on a sibling's page, at 1280 and
// 360 px, light and dark. Headings, a list, a link and a code block are
// rendered; a <script> and an <img onerror> in the source run nothing and
// reach neither DOM. Screenshots in test-results/screenshots (md-*).
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateKey } from '../../src/core/user-tokens.ts';
import { call } from '../support/app.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, type Server, screenshot, startServer } from './support.ts';

const BODY = [
  '## Release 2.4 is out',
  '',
  'What changed:',
  '',
  '- the **inbox** loads twice as fast',
  '- a [changelog](https://example.org/changelog) with every detail',
  '- `hado doctor` checks the proxy',
  '',
  '```sh',
  'npm install hado@2.4 && hado migrate --to latest --verbose --with-a-rather-long-option',
  '```',
  '',
  '<script>window.pwned = 1</script>',
  '<img src="x" onerror="window.pwned = 2">',
  '',
  '### Next',
  '',
  '1. mobile push',
  '2. a longer line of text that has to wrap on a narrow phone screen without pushing the popover wider',
].join('\n');

let s: Server;
let browser: Browser;
let sibling: http.Server;
let siblingUrl: string;

beforeAll(async () => {
  const example = '../../examples/embed/server.js';
  const { createSiblingServer } = (await import(example)) as {
    createSiblingServer: (o: Record<string, unknown>) => { server: http.Server };
  };
  const opts: Record<string, unknown> = { hadoUrl: '', source: 'docs', signingKey: '' };
  sibling = createSiblingServer(opts).server;
  await new Promise<void>((resolve) => sibling.listen(0, '127.0.0.1', resolve));
  siblingUrl = `http://127.0.0.1:${(sibling.address() as AddressInfo).port}`;
  s = await startServer({ HADO_CORS_ORIGINS: siblingUrl });
  const { key } = await rotateKey(s.store.db, s.clock, 'docs', 0);
  Object.assign(opts, { hadoUrl: s.url, signingKey: key, now: () => s.clock.now().epochMilliseconds });
  for (const to of ['me', 'vera']) {
    const res = await call(s, 'POST', '/api/notices', {
      token: s.token,
      body: { recipients: [to], title: 'Release notes', body: BODY, body_format: 'markdown' },
    });
    if (res.status !== 200) throw new Error(`POST /api/notices: ${res.status} ${JSON.stringify(res.body)}`);
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (sibling) await new Promise((r) => sibling.close(r));
  await s?.close();
});

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { pwned?: number }).pwned ?? null);

describe('a markdown notice', () => {
  for (const [width, viewport] of [
    [1280, DESKTOP],
    [360, PHONE],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`on the inbox page and in <hado-inbox> at ${width} px, ${scheme}`, async () => {
        const inbox = await newPage(browser, { viewport, colorScheme: scheme });
        await inbox.page.goto(s.url);
        await inbox.page.locator('#nt-bell').click();
        await expect.poll(() => inbox.page.locator('h2, h3', { hasText: 'Release 2.4 is out' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
        await screenshot(inbox.page, `md-inbox-${width}-${scheme}`);
        expect(await inbox.page.locator('script:has-text("pwned"), img[onerror]').count()).toBe(0);
        const wide = await inbox.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(wide).toBe(false);
        expect(await pwned(inbox.page)).toBeNull();
        await inbox.context.close();

        const embed = await newPage(browser, { viewport, colorScheme: scheme });
        await embed.page.goto(`${siblingUrl}/?as=vera`);
        const host = embed.page.locator('hado-inbox');
        await host.locator('.bell').click();
        await expect.poll(() => host.locator('h2, h3', { hasText: 'Release 2.4 is out' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
        await screenshot(embed.page, `md-embed-${width}-${scheme}`);
        expect(await host.locator('script, img[onerror]').count()).toBe(0);
        const overflow = await embed.page.evaluate(() => {
          const pop = document.querySelector('hado-inbox')?.shadowRoot?.querySelector('.pop');
          return pop ? pop.scrollWidth > pop.clientWidth : null;
        });
        expect(overflow).toBe(false);
        expect(await pwned(embed.page)).toBeNull();
        await embed.context.close();
      });
    }
  }
});
