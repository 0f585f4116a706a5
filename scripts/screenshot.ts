// Makes docs/img/inbox.png, the README's picture of the inbox: starts a real
// Hado (`hado start`, embedded storage in a temporary directory, a free
// port), registers a client with `hado source:create`, pushes events dated
// relative to today and a few notices over the API, and photographs the
// inbox in headless Chromium (/usr/bin/chromium via playwright-core; nothing
// is downloaded).
//   npx tsx scripts/screenshot.ts [out.png]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const HADO = path.join(ROOT, 'bin/hado.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs/img/inbox.png'));
const ZONE = 'Europe/Madrid';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A local day `days` from today in ZONE, as YYYY-MM-DD. */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Today at 21:30 in ZONE (a "today" event with a time), or the whole of today once that has passed. */
function laterToday(): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  return hour < 21 ? `${day(0)}T21:30` : day(0);
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`hado start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('hado start did not answer /healthz within 3 minutes');
}

async function send(base: string, token: string, method: string, url: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
}

async function pushDemoData(base: string, token: string): Promise<void> {
  const events = [
    { source_ref: 'rent', due_at: laterToday(), title: 'Pay the rent', subtitle: 'Transfer to Ana García', done_label: 'Paid' },
    { source_ref: 'person:42', due_at: day(0), title: 'Vasya’s birthday', subtitle: 'turns 34', done_label: 'Congratulated' },
    { source_ref: 'passport:ana', due_at: day(9), fire_at: day(-3), title: 'Ana’s passport expires', subtitle: 'Book the appointment' },
    { source_ref: 'insurance', due_at: day(-1), after_due: 'keep', title: 'Renew the car insurance', subtitle: 'Policy 77-3021' },
    { source_ref: 'dentist', due_at: `${day(24)}T09:30`, title: 'Dentist check-up', subtitle: 'Dr. Ortega, Calle Mayor 3' },
  ].map(({ source_ref, title, subtitle, done_label, ...dates }) => ({
    user: 'me',
    source_ref,
    ...dates,
    payload: { title, subtitle, ...(done_label ? { done_label } : {}) },
  }));
  await send(base, token, 'PUT', '/api/events', { events });
  await send(base, token, 'POST', '/api/notices', {
    notices: [
      { recipients: ['me'], title: 'Ana mentioned you', body: 'in “Q3 plan”: can you check the numbers?', topic: 'mention' },
      { recipients: ['me'], title: 'Nightly backup finished', body: '14 daily and 8 weekly snapshots kept', topic: 'jobs' },
    ],
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-screenshot-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HADO_DATA_DIR: dataDir, TZ: ZONE, HADO_DEFAULT_TZ: ZONE, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [HADO, 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(base, child);
    const printed = execFileSync(process.execPath, [HADO, 'source:create', 'demo'], { env, encoding: 'utf8' });
    const token = /\b(hado_[A-Za-z0-9_-]+|[A-Za-z0-9_-]{32,})\b/.exec(printed)?.[1];
    if (!token) throw new Error(`no token in: ${printed}`);
    await pushDemoData(base, token);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, timezoneId: ZONE, locale: 'en-GB', colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.waitForLoadState('networkidle');
      fs.mkdirSync(path.dirname(OUT), { recursive: true });
      await page.screenshot({ path: OUT });
      console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
    } finally {
      await browser.close();
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
