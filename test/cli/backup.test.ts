// hado backup / hado restore (issue 14): a snapshot of the embedded store,
// taken directly or through the running server that holds the data
// directory, restored into an empty directory with its events, notices and
// channels intact; a non-empty directory is refused; both tell their progress.
// With DATABASE_URL the commands point to pg_dump / pg_restore and print the
// command, without the password (libpq would use it as it is).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressLines, urlWithoutPassword } from '../../src/cli/backup.ts';
import { systemClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { createSource } from '../../src/core/sources.ts';
import type { Store } from '../../src/db/connect.ts';
import { openStore } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { type CliBackend, createCliBackend, freePort } from '../support/cli.ts';
import { onPostgres } from '../support/store.ts';

let backend: CliBackend;
let token = '';

beforeAll(async () => {
  backend = await createCliBackend('hado-backup-');
});
afterAll(() => backend.dispose());

/** Writes through the app, as clients and users would: events, a notice read by one recipient, channels. */
async function seed(store: Store): Promise<void> {
  await migrateToLatest(store.db);
  const config = loadConfig({ HADO_LOCAL_USER: '', HADO_DEFAULT_TZ: 'Europe/Madrid' });
  const ctx = buildContext(store, config, systemClock, { telegram: null });
  const app = await buildApp(ctx);
  const call = async (method: 'PUT' | 'POST', url: string, body: unknown, auth: Record<string, string>) => {
    const res = await app.inject({ method, url, payload: body as object, headers: auth, remoteAddress: '127.0.0.1' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  try {
    token = (await createSource(store.db, systemClock, 'docs')).token;
    const bearer = { authorization: `Bearer ${token}` };
    // Far in the future, so the running server's tick leaves them as they are.
    await call(
      'PUT',
      '/api/events',
      {
        events: [
          { user: 'ana', source_ref: 'person:42', topic: 'birthday', due_at: '2099-08-14', payload: { title: 'Vasya’s birthday', subtitle: 'turns 34' } },
          { user: 'bob', source_ref: 'doc:7', due_at: '2099-09-10T14:00', payload: { title: 'Passport expires' } },
        ],
      },
      bearer,
    );
    const posted = await call('POST', '/api/notices', { recipients: ['ana', 'bob'], title: 'Ana mentioned you', data: { doc: 7 } }, bearer);
    await call('POST', '/me/notices/read', { ids: [posted.notice.id] }, { 'x-remote-user': 'bob' });
    await call(
      'POST',
      '/me/channels',
      { type: 'webhook', config: { deliver_url: 'https://ha.example.org/api/webhook/hado', presence_url: 'https://ha.example.org/presence' } },
      { 'x-remote-user': 'ana' },
    );
  } finally {
    await app.close();
    await closeContext(ctx);
  }
}

/** What must survive a round trip: the rows' content, not what a tick may touch (next checks, states). */
async function content(store: Store) {
  const rows = async (query: string) => (await sql.raw(query).execute(store.db)).rows;
  return {
    sources: await rows('SELECT id, name, token_hash FROM sources ORDER BY id'),
    users: await rows('SELECT id, login, tz FROM users ORDER BY id'),
    events: await rows('SELECT id, user_id, source_ref, topic, due_at, fire_on, payload FROM events ORDER BY id'),
    notices: await rows('SELECT id, title, body, data FROM notices ORDER BY id'),
    recipients: await rows('SELECT notice_id, user_id, read_at FROM notice_recipients ORDER BY notice_id, user_id'),
    channels: await rows('SELECT id, user_id, type, enabled, config, secret FROM channels ORDER BY id'),
  };
}

async function contentOf(dataDir: string) {
  const store = await openStore({ dataDir });
  try {
    return await content(store);
  } finally {
    await store.close();
  }
}

describe.skipIf(onPostgres)('on embedded PGlite', () => {
  let original: Awaited<ReturnType<typeof content>>;
  const file = (name: string) => path.join(backend.dataDir, '..', `${path.basename(backend.dataDir)}-${name}`);
  const restoredDir = (name: string) => `${backend.dataDir}-${name}`;
  afterAll(() => {
    for (const name of ['direct.tar.gz', 'live.tar.gz', 'direct.tar.gz.partial']) fs.rmSync(file(name), { force: true });
    for (const name of ['restored', 'restored-live', 'empty']) fs.rmSync(restoredDir(name), { recursive: true, force: true });
  });

  it('backup of a stopped store, restored into an empty directory: events, notices and channels intact', async () => {
    const store = await backend.open();
    try {
      await seed(store);
      original = await content(store);
    } finally {
      await store.close();
    }
    expect(original.events).toHaveLength(2);
    expect(original.channels.length).toBeGreaterThanOrEqual(2); // web (automatic) and the webhook

    const backup = await backend.hado(['backup', file('direct.tar.gz')]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Taking a snapshot of embedded PGlite in /);
    // Each step, and the compression in 20 % steps up to 100 %.
    expect(backup.stdout).toMatch(/\n {2}copied the data directory \(\d+\.\d MB\): 1 source\(s\), 2 user\(s\), 2 event\(s\)/);
    expect(backup.stdout.match(/^ {2}compressing: \d+% \(\d+\.\d of \d+\.\d MB\)$/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(backup.stdout).toMatch(/\n {2}compressing: 100% \((\d+\.\d) of \1 MB\)\nWrote /);
    expect(backup.stdout).toMatch(
      /Wrote \d+\.\d [KM]B to .*direct\.tar\.gz in \d+\.\d s: 1 source\(s\), 2 user\(s\), 2 event\(s\), 1 notice\(s\), \d+ channel\(s\); schema up to date\.\n$/,
    );
    expect(fs.statSync(file('direct.tar.gz')).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(file('direct.tar.gz.partial'))).toBe(false);

    const restore = await backend.hado(['restore', file('direct.tar.gz')], { HADO_DATA_DIR: restoredDir('restored') });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored in \d+\.\d s: 1 source\(s\), 2 user\(s\), 2 event\(s\), 1 notice\(s\)/);
    expect(restore.stdout).toMatch(/\n {2}unpacking: 100% \((\d+\.\d) of \1 MB\)\n {2}opening the restored database .*\nRestored in /);
    expect(await contentOf(restoredDir('restored'))).toEqual(original);
  }, 180_000);

  it('a restore refuses a directory with anything in it, and a file that is not a backup leaves the directory empty', async () => {
    const again = await backend.hado(['restore', file('direct.tar.gz')], { HADO_DATA_DIR: restoredDir('restored') });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty: a restore goes only into an empty directory/);
    expect(again.stdout).toBe('');

    fs.mkdirSync(restoredDir('empty'));
    fs.writeFileSync(file('live.tar.gz'), 'not a tarball at all');
    const junk = await backend.hado(['restore', file('live.tar.gz')], { HADO_DATA_DIR: restoredDir('empty') });
    expect(junk.code).toBe(1);
    expect(junk.stderr).toMatch(/^hado restore: The file is not a Hado backup PGlite can load/);
    expect(fs.readdirSync(restoredDir('empty'))).toEqual([]);

    const missing = await backend.hado(['restore', file('nothing-here.tar.gz')], { HADO_DATA_DIR: restoredDir('empty') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*nothing-here\.tar\.gz: ENOENT/);
    // An existing backup file is replaced only with --force.
    const exists = await backend.hado(['backup', file('live.tar.gz')]);
    expect(exists.code).toBe(1);
    expect(exists.stderr).toMatch(/already exists: choose another name, or pass --force/);
    fs.rmSync(file('live.tar.gz'));
  }, 120_000);

  it('while the server holds the directory, the backup goes through it and catches what it just wrote', async () => {
    const port = await freePort();
    const server = backend.spawn(['start'], { PORT: String(port), HOST: '127.0.0.1' });
    try {
      await server.waitFor(/Hado is running at/);
      const put = await fetch(`http://127.0.0.1:${port}/api/events`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events: [{ user: 'ana', source_ref: 'trip:9', due_at: '2099-10-01T08:15+02:00', payload: { title: 'Flight' } }] }),
      });
      expect(put.status).toBe(200);

      const backup = await backend.hado(['backup', file('live.tar.gz')]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`through the running Hado (pid ${server.child.pid}), which holds the directory`);
      // The server hands over the tar; this process compresses it and tells how far it is.
      expect(backup.stdout).toMatch(/\n {2}compressing: 100% \((\d+\.\d) of \1 MB\)\nWrote /);
      expect(backup.stdout).toMatch(/: 1 source\(s\), 2 user\(s\), 3 event\(s\), 1 notice\(s\)/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const written = await contentOf(backend.dataDir);
    expect(written.events).toHaveLength(3);
    const restore = await backend.hado(['restore', file('live.tar.gz')], { HADO_DATA_DIR: restoredDir('restored-live') });
    expect(restore.code, restore.stderr).toBe(0);
    expect(await contentOf(restoredDir('restored-live'))).toEqual(written);
  }, 240_000);
});

describe.skipIf(!onPostgres)('with DATABASE_URL', () => {
  it('backup and restore name pg_dump / pg_restore, print the command without the password, write nothing, exit 1', async () => {
    const url = new URL(backend.databaseUrl!);
    url.password = 'hunter2';
    url.searchParams.set('sslmode', 'disable');
    const target = path.join(backend.dataDir, 'hado.dump');
    const backup = await backend.hado(['backup', target], { DATABASE_URL: url.toString() });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/pg_dump is the tool: nothing was written/);
    expect(backup.stderr).toMatch(/supply it through PGPASSWORD or ~\/\.pgpass/);
    // User, host, port, database and parameters kept; no password, not even a masked one.
    const { username, host, pathname } = new URL(backend.databaseUrl!);
    const bare = `postgres://${username}@${host}${pathname}?sslmode=disable`;
    expect(backup.stdout.trim()).toBe(`pg_dump --format=custom --file='${target}' '${bare}'`);
    expect(fs.existsSync(target)).toBe(false);
    const restore = await backend.hado(['restore', target], { DATABASE_URL: url.toString() });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/pg_restore is the tool: nothing was restored/);
    expect(restore.stdout.trim()).toBe(`pg_restore --no-owner --exit-on-error --dbname='${bare}' '${target}'`);
    const all = backup.stdout + backup.stderr + restore.stdout + restore.stderr;
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('****');
  }, 60_000);
});

describe('the pieces', () => {
  it('the URL for pg_dump loses its password (user info and parameter) and keeps the rest', () => {
    expect(urlWithoutPassword('postgres://hado:s3cr%40t@db.example.org:5433/hado?sslmode=require')).toBe(
      'postgres://hado@db.example.org:5433/hado?sslmode=require',
    );
    expect(urlWithoutPassword('postgresql://hado@db/hado?password=s3cret&application_name=x')).toBe('postgresql://hado@db/hado?application_name=x');
    expect(urlWithoutPassword('postgres://db.example.org/hado')).toBe('postgres://db.example.org/hado');
    expect(urlWithoutPassword('not a url')).not.toContain('not a url');
  });

  it('progress is told each 20 % and at the end, once each', () => {
    const lines: string[] = [];
    const tell = progressLines('compressing', (line) => lines.push(line));
    const total = 10 * 1024 * 1024;
    for (let done = 1024 * 1024; done <= total; done += 1024 * 1024) tell(done, total);
    expect(lines).toEqual([20, 40, 60, 80, 100].map((p) => `  compressing: ${p}% (${((p / 10) * 1).toFixed(1)} of 10.0 MB)`));
    const small: string[] = [];
    progressLines('unpacking', (line) => small.push(line))(300, 300);
    expect(small).toEqual(['  unpacking: 100% (0.0 of 0.0 MB)']);
  });
});
