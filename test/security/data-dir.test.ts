// Issue 10, item 9: the embedded data directory (webhook secrets, everyone's
// reminders) was world-readable. Now it is created 0700 with files 0600, and
// an existing one is tightened at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/db/connect.ts';
import { onPostgres } from '../support/store.ts';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

function tmp(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-perm-'));
  roots.push(root);
  return root;
}

/** Every path under `dir` whose mode lets anyone but the owner in. */
function looser(dir: string): string[] {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const d = pending.pop()!;
    if ((fs.statSync(d).mode & 0o077) !== 0) out.push(`${d} ${(fs.statSync(d).mode & 0o777).toString(8)}`);
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) pending.push(p);
      else if (e.isFile() && (fs.statSync(p).mode & 0o077) !== 0) out.push(`${p} ${(fs.statSync(p).mode & 0o777).toString(8)}`);
    }
  }
  return out;
}

// Embedded storage only (the same on both backends' runs, so once); POSIX modes only.
describe.skipIf(onPostgres || process.getuid?.() === undefined)('the data directory is its owner’s alone', () => {
  it('a new one is 0700 with files 0600, also after the database has written to it', async () => {
    const dataDir = path.join(tmp(), 'data');
    const store = await openStore({ dataDir });
    try {
      // PGlite's initdb has written the whole cluster by now.
      await sql`SELECT 1`.execute(store.db);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(looser(dataDir)).toEqual([]);
      expect(fs.readdirSync(dataDir)).toContain('hado.lock');
    } finally {
      await store.close();
    }
    expect(looser(dataDir)).toEqual([]);
  }, 180_000);

  it('an existing world-readable one is tightened at start', async () => {
    const dataDir = path.join(tmp(), 'data');
    fs.mkdirSync(path.join(dataDir, 'backup'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'backup'), 0o777);
    fs.writeFileSync(path.join(dataDir, 'backup', 'secrets.sql'), 'whsec_…', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'backup', 'secrets.sql'), 0o644);
    expect(looser(dataDir)).toHaveLength(3);
    const store = await openStore({ dataDir });
    try {
      expect(looser(dataDir)).toEqual([]);
      expect(fs.statSync(path.join(dataDir, 'backup', 'secrets.sql')).mode & 0o777).toBe(0o600);
    } finally {
      await store.close();
    }
  }, 180_000);
});
