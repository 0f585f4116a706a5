// `hado tick [--at ISO] [--dry-run]` (issue 3, item 6): one lifecycle +
// delivery tick as of an instant, printing each transition and decision;
// --dry-run prints the same and leaves the database exactly as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { insertSource } from '../../src/db/sources.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext } from '../../src/runtime.ts';
import { hashToken } from '../../src/core/tokens.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createTestStore, onPostgres, type TestStore } from '../support/store.ts';

const ENV_KEYS = [
  'HADO_OUTBOUND_ALLOWED_NETWORKS',
  'DATABASE_URL',
  'HADO_DATA_DIR',
  'HADO_DEFAULT_TZ',
  'HADO_LOCAL_USER',
  'LOG_LEVEL',
  'APP_URL',
  'HADO_PRESENCE_TIMEOUT',
];

let ha: FakeHa;
let dataDir: string | null = null;
let pgStore: TestStore | null = null;
const saved = new Map<string, string | undefined>();

/** The store the CLI opens, opened here only while the CLI is not running (PGlite allows one opener). */
async function withStore<T>(f: (s: Store) => Promise<T>): Promise<T> {
  if (pgStore) return f(pgStore);
  const s = await openStore({ dataDir });
  try {
    return await f(s);
  } finally {
    await s.close();
  }
}

async function snapshot() {
  return withStore(async (s) => ({
    events: (await sql`SELECT * FROM events ORDER BY id`.execute(s.db)).rows,
    deliveries: (await sql`SELECT * FROM deliveries ORDER BY id`.execute(s.db)).rows,
  }));
}

async function runTick(args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void out.push(String(line)));
  try {
    const code = await main(['tick', ...args]);
    return { code, out };
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  ha = await startFakeHa(new FakeClock('2026-08-14T07:00:00Z'));
  ha.presence = true;
  for (const k of ENV_KEYS) saved.set(k, process.env[k]);
  const env: Record<string, string> = {
    HADO_DEFAULT_TZ: 'Europe/Madrid',
    HADO_LOCAL_USER: '',
    LOG_LEVEL: 'silent',
    APP_URL: 'https://hado.example.org',
    HADO_PRESENCE_TIMEOUT: '1',
    // The fake Home Assistant listens on loopback.
    ...ALLOW_LOOPBACK,
  };
  if (onPostgres) {
    pgStore = await createTestStore();
    env.DATABASE_URL = pgStore.url!;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-tick-'));
    env.HADO_DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  }
  Object.assign(process.env, env);
  // Seed through the API, the day before.
  await withStore(async (s) => {
    await migrateToLatest(s.db);
    const config = loadConfig(env);
    const app = await buildApp(buildContext(s, config, new FakeClock('2026-08-13T12:00:00Z')));
    try {
      await insertSource(s.db, 'docs', hashToken('hado_cli_tick_token'), new Date());
      const headers = { 'x-remote-user': 'nikita' };
      const hook = await app.inject({
        method: 'POST',
        url: '/me/channels',
        headers,
        payload: { type: 'webhook', config: { deliver_url: ha.deliverUrl, presence_url: ha.presenceUrl } },
        remoteAddress: '127.0.0.1',
      });
      expect(hook.statusCode).toBe(201);
      const put = await app.inject({
        method: 'PUT',
        url: '/api/events',
        headers: { authorization: 'Bearer hado_cli_tick_token' },
        payload: { events: [{ user: 'nikita', source_ref: 'person:42', topic: 'birthday', due_at: '2026-08-14', payload: { title: 'Vasya' } }] },
      });
      expect(put.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
}, 60_000);

afterAll(async () => {
  await ha.close();
  await pgStore?.dispose();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  for (const [k, v] of saved) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('hado tick', () => {
  const decision =
    /^ {2}event \d+ \(docs person:42\/birthday, user nikita\) today, window 2026-08-14T07:00:00Z – 2026-08-14T08:00:00Z: deliver to webhook#\d+ \(present\) \[presence: web#\d+ absent, webhook#\d+ present\]; next look 2026-08-14T08:00:00Z$/m;

  it('--dry-run prints the transition and the decision, and writes nothing', async () => {
    const before = await snapshot();
    const { code, out } = await runTick(['--at', '2026-08-14T09:00:00+02:00', '--dry-run']);
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(out[0]).toMatch(/^Dry run: /);
    expect(text).toMatch(/^Tick at 2026-08-14T07:00:00Z: 1 transition\(s\)$/m);
    expect(text).toMatch(/^ {2}event \d+ \(docs person:42\/birthday, user nikita\): scheduled → today$/m);
    expect(text).toMatch(/^Delivery: 1 event\(s\) looked at$/m);
    expect(text).toMatch(decision);
    expect(text).not.toMatch(/queued/);
    expect(await snapshot()).toEqual(before);
    // Presence was really asked (a read, not a write).
    expect(ha.presenceCalls().length).toBeGreaterThan(0);
  }, 60_000);

  it('without --dry-run the same tick happens: the state moves and the delivery row is queued', async () => {
    const { code, out } = await runTick(['--at', '2026-08-14T09:00:00+02:00']);
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(decision);
    expect(text).toMatch(/^1 delivery row\(s\) queued for the worker/m);
    const after = await snapshot();
    expect(after.events).toMatchObject([{ state: 'today' }]);
    expect(after.deliveries).toMatchObject([{ result: 'pending', attempts: 0 }]);
    // Nothing is sent by the tick itself: the worker does that.
    expect(ha.deliveries()).toHaveLength(0);
  }, 60_000);

  it('a second tick in the same window has nothing to do for the event', async () => {
    const { out } = await runTick(['--at', '2026-08-14T09:01:00+02:00', '--dry-run']);
    expect(out.join('\n')).toMatch(/^Delivery: 0 event\(s\) looked at$/m);
  }, 60_000);
});
