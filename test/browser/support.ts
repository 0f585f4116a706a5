// The browser tests' world: a real Hado listening on 127.0.0.1 (fake clock,
// in-memory PGlite or a fresh PostgreSQL database with DATABASE_URL), signed
// in by local mode as "me", and Debian's headless Chromium driven by
// playwright-core. No browser is ever downloaded.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { call, createSource, type TestApp } from '../support/app.ts';
import { createTestStore } from '../support/store.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve('test-results/screenshots');

/** 10:00 on Tuesday 11 August 2026 in Madrid, the user's zone. */
export const NOW = '2026-08-11T08:00:00Z';

export interface Server extends TestApp {
  url: string;
  token: string;
}

export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const store = await createTestStore();
  const clock = new FakeClock(NOW);
  const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: 'me', LOG_LEVEL: 'silent', ...env });
  const ctx = buildContext(store, config, clock);
  const app = await buildApp(ctx);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const server: Server = {
    app,
    store,
    clock,
    config,
    ctx,
    url,
    token: '',
    close: async () => {
      await app.close();
      await closeContext(ctx);
      await store.dispose();
    },
  };
  server.token = await createSource(server, 'docs');
  return server;
}

export interface EventSpec {
  ref: string;
  due_at: string;
  fire_at?: string;
  after_due?: 'keep' | 'expire';
  title: string;
  subtitle?: string;
  deep_link?: string;
  done_label?: string;
  user?: string;
}

/** Pushes events through the client API, as a source would. Returns id by source_ref. */
export async function push(s: Server, events: EventSpec[]): Promise<Record<string, number>> {
  const body = {
    events: events.map((e) => ({
      user: e.user ?? 'me',
      source_ref: e.ref,
      due_at: e.due_at,
      ...(e.fire_at ? { fire_at: e.fire_at } : {}),
      ...(e.after_due ? { after_due: e.after_due } : {}),
      payload: {
        title: e.title,
        ...(e.subtitle ? { subtitle: e.subtitle } : {}),
        ...(e.deep_link ? { deep_link: e.deep_link } : {}),
        ...(e.done_label ? { done_label: e.done_label } : {}),
      },
    })),
  };
  const res = await call(s, 'PUT', '/api/events', { token: s.token, body });
  if (res.status !== 200) throw new Error(`PUT /api/events: ${res.status} ${JSON.stringify(res.body)}`);
  return Object.fromEntries((res.body.events as Array<{ source_ref: string; id: number }>).map((e) => [e.source_ref, e.id]));
}

/** A calm, realistic inbox: something in every group. */
export const SAMPLE: EventSpec[] = [
  {
    ref: 'person:42',
    due_at: '2026-08-11',
    after_due: 'expire',
    title: 'Vasya’s birthday',
    subtitle: 'Turns 34 · likes jazz and long walks',
    deep_link: 'https://people.example/42',
    done_label: 'Congratulated',
  },
  {
    ref: 'flight:IB6011',
    due_at: '2026-08-11T18:15+02:00',
    title: 'Flight IB6011 Madrid → Montevideo',
    subtitle: 'Terminal 4S · check in closes 17:15',
    deep_link: 'https://trips.example/ib6011',
  },
  { ref: 'rent:aug', due_at: '2026-08-10', after_due: 'keep', title: 'Pay the August rent', subtitle: '1 250 € to Casa Lúa', done_label: 'Paid' },
  {
    ref: 'insurance:car',
    due_at: '2026-08-14',
    fire_at: '2026-08-04',
    after_due: 'keep',
    title: 'Car insurance renewal',
    subtitle: 'Policy 77-3021 expires',
    deep_link: 'https://docs.example/insurance',
  },
  { ref: 'passport:ana', due_at: '2026-08-20', fire_at: '2026-07-21', title: 'Ana’s passport expires', subtitle: 'Book the appointment' },
  { ref: 'dentist', due_at: '2026-10-06T09:30', title: 'Dentist check-up', subtitle: 'Dr. Ortega, Calle Mayor 3' },
  { ref: 'tax:2026', due_at: '2027-01-30', title: 'Tax return', deep_link: '/taxes/2026' },
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (the tests never download a browser)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 760 };

export async function newPage(browser: Browser, opts: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Europe/Madrid', locale: 'en-GB', ...opts });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** An event as the server has it now (through the user API). */
export async function serverEvent(s: Server, id: number) {
  const res = await call(s, 'GET', '/me/events?state=scheduled,preparing,today,overdue,done,expired,withdrawn', {});
  return (res.body.events as Array<{ id: number; state: string; quiet_until: string | null }>).find((e) => e.id === id);
}
