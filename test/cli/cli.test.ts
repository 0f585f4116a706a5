// The `hado` command (issue 2 item 3) as a user runs it: `node bin/hado.js …`
// in a child process, on embedded PGlite in a temporary HADO_DATA_DIR, or on
// a fresh PostgreSQL database when DATABASE_URL is set. Few commands, each
// checked for its output, exit code and effect on the database.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext } from '../../src/runtime.ts';
import { type CliBackend, createCliBackend, freePort } from '../support/cli.ts';
import { onPostgres } from '../support/store.ts';

let backend: CliBackend;
const hado = (args: string[], extra?: Record<string, string>) => backend.hado(args, extra);

beforeAll(async () => {
  backend = await createCliBackend();
});

afterAll(async () => {
  await backend.dispose();
});

describe(`hado on ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  let token = '';

  it('migrate applies every migration once, listing each as it goes, then says the schema is up to date', async () => {
    const first = await hado(['migrate']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines[0]).toMatch(onPostgres ? /^Opening the database: PostgreSQL at postgres:/ : /^Creating the database: embedded PGlite in /);
    expect(lines[1]).toMatch(/^Applying \d+ migration\(s\):$/);
    const listed = lines.filter((l) => /^ {2}2026-\d\d-\d\dT\d{4}-[a-z-]+ \(\d+\.\d\d s\)$/.test(l));
    expect(listed[0]).toMatch(/^ {2}2026-11-29T0000-core /);
    expect(listed.length).toBe(Number(/^Applying (\d+)/.exec(lines[1]!)![1]));
    expect(lines.at(-1)).toBe(`Applied ${listed.length} migration(s); the schema is up to date.`);
    const again = await hado(['migrate']);
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n').at(-1)).toBe('The schema is up to date.');
  }, 120_000);

  it('source:create prints a token of at least 128 random bits once; the database keeps only its SHA-256', async () => {
    const res = await hado(['source:create', 'docs']);
    expect(res.code).toBe(0);
    const m = /^ {2}(hado_([A-Za-z0-9_-]+))$/m.exec(res.stdout);
    expect(m, res.stdout).not.toBeNull();
    token = m![1]!;
    // base64url: 6 bits a character.
    expect(m![2]!.length * 6).toBeGreaterThanOrEqual(128);

    const store = await backend.open();
    try {
      const rows = await store.db.selectFrom('sources').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toBe('docs');
      expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(m![2]!);
      // The printed token works on the client API, and writes one event for the next tests.
      const app = await buildApp(
        buildContext(store, loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '' }), new FakeClock('2026-08-01T10:00:00Z')),
      );
      const put = await app.inject({
        method: 'PUT',
        url: '/api/events',
        headers: { authorization: `Bearer ${token}` },
        payload: { events: [{ user: 'nikita', source_ref: 'person:42', topic: 'birthday', due_at: '2026-08-14', payload: { title: 'Vasya' } }] },
      });
      expect(put.statusCode).toBe(200);
      await app.close();
    } finally {
      await store.close();
    }
  }, 180_000);

  it('source:create with a taken name fails clearly with exit code 1; a bad name is a usage error', async () => {
    const dup = await hado(['source:create', 'docs']);
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('hado source:create: a source named "docs" already exists');
    expect(dup.stdout).not.toMatch(/hado_/);
    const bad = await hado(['source:create', 'Bad Name']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"Bad Name" is not a valid name/);
    const none = await hado(['source:create']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^hado source:create: missing <name>\n\nUsage: hado source:create <name>/);
  }, 180_000);

  it('source:list lists sources with their event counts, never tokens', async () => {
    const res = await hado(['source:list']);
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe('ID\tNAME\tEVENTS\tCREATED\tCAPABILITIES');
    expect(lines[1]).toMatch(/^\d+\tdocs\t1\t\d{4}-\d\d-\d\dT\S+\t-$/);
    expect(res.stdout).not.toContain(token);
  }, 180_000);

  it('source:create --can, source:grant and source:revoke set the capabilities source:list shows (issue 24)', async () => {
    const created = await hado(['source:create', 'jobs', '--can', 'provision,address']);
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/^Created source "jobs" \(id \d+, may address, provision\)/);
    const bad = await hado(['source:create', 'jobs2', '--can', 'provision,spam']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"spam" is not a capability; one of provision, address/);
    expect((await hado(['source:revoke', 'jobs', 'address'])).stdout).toBe('Source "jobs" may now: provision\n');
    expect((await hado(['source:grant', 'docs', 'address'])).stdout).toBe('Source "docs" may now: address\n');
    const unknown = await hado(['source:grant', 'nobody', 'address']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no source named "nobody"/);
    const list = (await hado(['source:list'])).stdout.trim().split('\n');
    expect(list.slice(1).map((l) => [l.split('\t')[1], l.split('\t')[4]])).toEqual([
      ['docs', 'address'],
      ['jobs', 'provision'],
    ]);
  }, 180_000);

  it('tick --at runs one tick as of that instant and prints the transitions', async () => {
    const res = await hado(['tick', '--at', '2026-08-14T00:00:00+02:00']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Tick at 2026-08-13T22:00:00Z: 1 transition\(s\)$/m);
    expect(res.stdout).toMatch(/^ {2}event \d+ \(docs person:42\/birthday, user nikita\): scheduled → today$/m);
    const bad = await hado(['tick', '--at', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--at must be an ISO instant/);
  }, 180_000);

  it('a bad configuration stops start-up with a message naming the key', async () => {
    const res = await hado(['start'], { PORT: 'eighty', HADO_DEFAULT_TZ: 'Mars/Base' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/PORT must be an integer, got "eighty"/);
    expect(res.stderr).toMatch(/HADO_DEFAULT_TZ must be an IANA time zone/);
  }, 180_000);

  it.skipIf(onPostgres)(
    'while a server holds the data directory, source commands go through it and others refuse clearly',
    async () => {
      const dataDir = backend.dataDir;
      const port = await freePort();
      const server = backend.spawn(['start'], { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', HADO_METRICS_ADDR: '127.0.0.1:0' });
      try {
        await server.waitFor(/Hado is running at/);
        const metricsAt = (await server.waitFor(/"address":"(127\.0\.0\.1:\d+)","msg":"metrics listening"/))[1];
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);

        // source:create goes through the running server's admin socket; the token works on its API.
        const created = await hado(['source:create', 'other']);
        expect(created.code).toBe(0);
        const token = /(hado_[A-Za-z0-9_-]{43})/.exec(created.stdout)?.[1];
        expect(token).toBeDefined();
        const api = await fetch(`http://127.0.0.1:${port}/api/events?source_ref=x`, { headers: { authorization: `Bearer ${token}` } });
        expect(api.status).toBe(404); // authenticated; no such event
        const socket = path.join(path.resolve(dataDir), 'hado.sock');
        expect(fs.statSync(socket).mode & 0o777).toBe(0o600);

        const duplicate = await hado(['source:create', 'other']);
        expect(duplicate.code).toBe(1);
        expect(duplicate.stderr).toContain('a source named "other" already exists');
        const listed = await hado(['source:list']);
        expect(listed.code).toBe(0);
        expect(listed.stdout).toMatch(/\tother\t0\t/);

        // Commands that need the database itself refuse with the lock's clear message.
        const res = await hado(['tick']);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(`is in use by another Hado process (pid ${server.child.pid})`);
        expect(res.stderr).toContain(path.resolve(dataDir));

        // SIGTERM closes the open live streams (they end, they are not left hanging) and exits 0.
        const stream = await fetch(`http://127.0.0.1:${port}/me/stream`);
        expect(stream.status).toBe(200);
        const reader = stream.body!.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^retry: \d+/);
        // Metrics of `start` on its own listener, never on the public port.
        const metrics = await (await fetch(`http://${metricsAt}/metrics`)).text();
        expect(metrics).toMatch(/^hado_live_connections 1$/m);
        expect(metrics).toMatch(/^hado_outbox_depth\{state="due",channel="webhook"\} 0$/m);
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
        const ended = (async () => {
          while (!(await reader.read()).done);
          return 'ended';
        })();
        expect(await server.stop('SIGTERM')).toBe(0);
        expect(await ended).toBe('ended');
        expect(server.output()).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
      } finally {
        await server.stop('SIGKILL');
      }
      // A clean shutdown releases the directory and removes the socket.
      expect(fs.existsSync(path.join(dataDir, 'hado.lock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'hado.sock'))).toBe(false);
    },
    120_000,
  );
});
