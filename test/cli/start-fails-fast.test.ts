// A start-up that cannot succeed ends at once (issue 26): `hado start` on a
// busy port, with a busy metrics address, or on a data directory another
// process holds exits non-zero within 5 s with one line naming the cause and
// the setting, and leaves nothing behind — the data directory's lock is
// released, so the next start (or systemd's Restart=on-failure) can go on.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliBackend, createCliBackend, freePort } from '../support/cli.ts';
import { onPostgres } from '../support/store.ts';

let backend: CliBackend;

beforeAll(async () => {
  backend = await createCliBackend('hado-fail-fast-');
  // Migrated once, so each start below measures start-up itself.
  const migrated = await backend.hado(['migrate']);
  expect(migrated.code).toBe(0);
}, 180_000);

afterAll(async () => {
  await backend.dispose();
});

/** A listener that holds a port on 127.0.0.1 until closed. */
async function occupy(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Runs `hado start` to its end. `ms` is the time from its first log line
 * ("Hado start starting", once Node and Hado's modules are loaded, which a
 * busy machine stretches) to its exit: the start-up itself.
 */
async function timedStart(extra: Record<string, string>) {
  const child = backend.spawn(['start'], { HOST: '127.0.0.1', LOG_LEVEL: 'info', ...extra });
  const exited = new Promise<number | null>((resolve) => child.child.once('close', (code) => resolve(code)));
  let stderr = '';
  child.child.stderr.on('data', (d) => {
    stderr += d;
  });
  await child.waitFor(/Hado start starting/).catch(() => null);
  const started = performance.now();
  const code = await exited;
  return { code, ms: performance.now() - started, stdout: child.output(), stderr };
}

/** Within 5 s of the start. */
const FAST = () => 5_000;

const lockFile = () => path.join(backend.dataDir, 'hado.lock');

describe(`start-up that cannot succeed, on ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  it('a busy port: exit 1 within 5 s, one line naming the port and PORT, the data directory free', async () => {
    const busy = await occupy();
    try {
      const res = await timedStart({ PORT: String(busy.port) });
      expect(res.code).toBe(1);
      expect(res.ms).toBeLessThan(FAST());
      const lines = res.stderr.trim().split('\n');
      expect(lines).toEqual([
        `hado start: cannot start the HTTP server: port ${busy.port} on 127.0.0.1 is already in use by another process (PORT, HOST); stop the other process or choose a free port`,
      ]);
      expect(res.stdout).not.toContain('Hado is running');
      expect(fs.existsSync(lockFile())).toBe(false);
    } finally {
      await busy.close();
    }
  }, 60_000);

  it('a busy metrics address (bound after the database is open): exit 1, HADO_METRICS_ADDR named, lock released', async () => {
    const busy = await occupy();
    try {
      const port = await freePort();
      const res = await timedStart({ PORT: String(port), HADO_METRICS_ADDR: `127.0.0.1:${busy.port}` });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`hado start: cannot start the metrics listener: port ${busy.port} on 127.0.0.1 is already in use`);
      expect(res.stderr).toContain('(HADO_METRICS_ADDR)');
      expect(fs.existsSync(lockFile())).toBe(false);
      // The HTTP port it had bound is free again.
      await new Promise<void>((resolve, reject) => {
        const probe = net.createServer();
        probe.once('error', reject);
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
      });
    } finally {
      await busy.close();
    }
    // Nothing stayed behind: a normal start works on the same data directory.
    const port = await freePort();
    const server = backend.spawn(['start'], { PORT: String(port), HOST: '127.0.0.1' });
    try {
      await server.waitFor(/Hado is running at/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it.skipIf(onPostgres)(
    'a data directory another process holds: exit 1 within 5 s naming the directory and HADO_DATA_DIR',
    async () => {
      const port = await freePort();
      const server = backend.spawn(['start'], { PORT: String(port), HOST: '127.0.0.1' });
      try {
        await server.waitFor(/Hado is running at/);
        const res = await timedStart({ PORT: String(await freePort()) });
        expect(res.code).toBe(1);
        expect(res.ms).toBeLessThan(FAST());
        expect(res.stderr.trim().split('\n')).toHaveLength(1);
        expect(res.stderr).toContain(`${path.resolve(backend.dataDir)} (HADO_DATA_DIR) is in use by another Hado process (pid ${server.child.pid})`);
        // The first server still holds its lock and still answers.
        expect(fs.existsSync(lockFile())).toBe(true);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    120_000,
  );

  it('a HOST that is not an address of this machine: exit 1 naming HOST', async () => {
    const res = await timedStart({ PORT: String(await freePort()), HOST: '192.0.2.1' });
    expect(res.code).toBe(1);
    expect(res.ms).toBeLessThan(FAST());
    expect(res.stderr.trim()).toBe(
      `hado start: cannot start the HTTP server: 192.0.2.1 is not an address of this machine (PORT, HOST); use one of this machine’s addresses, 127.0.0.1 or 0.0.0.0`,
    );
    expect(fs.existsSync(lockFile())).toBe(false);
  }, 60_000);
});
