// SIGTERM while a process still starts (issue 14's graceful shutdown, issue
// 16's wait for the database): the signal is heard from the first moment, the
// start-up is given up, what it opened is closed, and the exit code is 0 — not
// 143, as when the handler came only once start-up was over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, freePort, startProcess } from '../support/cli.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SIGTERM during start-up', () => {
  it.each(['worker', 'serve', 'start'])(
    'while "hado %s" waits for an unreachable PostgreSQL: exit 0 within seconds',
    async (command) => {
      // Nothing listens there: every connection is refused and the process waits (HADO_DATABASE_WAIT).
      const closed = await freePort();
      const child = startProcess(process.execPath, [BIN, command], {
        env: cleanEnv({ DATABASE_URL: `postgres://hado@127.0.0.1:${closed}/hado`, HADO_DATABASE_WAIT: '600', PORT: String(await freePort()) }),
      });
      try {
        await child.waitFor(/waiting for the database .*not reachable yet/, 60_000);
      } catch (e) {
        await child.stop('SIGKILL');
        throw e;
      }
      const sent = performance.now();
      const code = await child.stop('SIGTERM');
      const tookMs = performance.now() - sent;
      expect(code, child.output()).toBe(0);
      expect(child.child.signalCode).toBeNull();
      expect(tookMs).toBeLessThan(5_000);
      expect(child.output()).toContain('SIGTERM during start-up: stopped cleanly before it had started.');
      expect(child.output()).not.toMatch(/is running|Error|at .*\.ts:\d+/);
    },
    90_000,
  );

  it('while "hado start" creates and migrates a fresh embedded store: exit 0, and the store opens afterwards', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-startup-signal-'));
    dirs.push(dataDir);
    const child = startProcess(process.execPath, [BIN, 'start'], {
      env: cleanEnv({ HADO_DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'info' }),
    });
    // Creating and migrating the store takes seconds: the signal comes while it does.
    await child.waitFor(/"msg":"Hado start starting"/, 60_000);
    const code = await child.stop('SIGTERM');
    expect(code, child.output()).toBe(0);
    expect(child.output()).toContain('SIGTERM during start-up: stopped cleanly before it had started.');
    expect(child.output()).not.toContain('Hado is running');
    expect(child.output()).not.toMatch(/Error|at .*\.ts:\d+/);
    // The directory was left consistent and unlocked: a second start gets to run, and stops cleanly.
    const again = startProcess(process.execPath, [BIN, 'start'], { env: cleanEnv({ HADO_DATA_DIR: dataDir, PORT: String(await freePort()) }) });
    try {
      await again.waitFor(/Hado is running at/, 120_000);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
  }, 240_000);
});
