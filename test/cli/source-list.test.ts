// `hado source:list` changes nothing (issue 14's "source:list takes 6 s"): on a
// data directory without a database it says there are no sources at once,
// without creating one; on a schema that is behind it asks for "hado migrate"
// rather than migrating (a shared server's schema is the upgrade's business);
// on a current one it lists.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliBackend, createCliBackend } from '../support/cli.ts';
import { onPostgres } from '../support/store.ts';

let backend: CliBackend;
beforeAll(async () => {
  backend = await createCliBackend('hado-source-list-');
});
afterAll(() => backend.dispose());

async function hasMigrationTable(): Promise<boolean> {
  const store = await backend.open();
  try {
    const row = await sql<{ t: string | null }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(store.db);
    return Boolean(row.rows[0]?.t);
  } finally {
    await store.close();
  }
}

describe(`source:list on ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}`, () => {
  it.skipIf(onPostgres)(
    'a data directory without a database: no sources, and none is created',
    async () => {
      const res = await backend.hado(['source:list']);
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toBe('No sources yet. Create one with: hado source:create <name>\n');
      expect(fs.existsSync(path.join(backend.dataDir, 'pg'))).toBe(false);
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'a database whose schema is behind: asks for "hado migrate", migrates nothing, exit 1',
    async () => {
      const res = await backend.hado(['source:list']);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/The database schema is behind \(\d+ pending migration\(s\): .*\)\. Run "hado migrate" first\./);
      expect(res.stdout).toBe('');
      expect(await hasMigrationTable()).toBe(false);
    },
    60_000,
  );

  it('after "hado migrate": lists (none yet), then the one created', async () => {
    expect((await backend.hado(['migrate'])).code).toBe(0);
    const empty = await backend.hado(['source:list']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toBe('No sources yet. Create one with: hado source:create <name>\n');
    expect((await backend.hado(['source:create', 'docs'])).code).toBe(0);
    const one = await backend.hado(['source:list']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/^ID\tNAME\tEVENTS\tCREATED\tCAPABILITIES\n\d+\tdocs\t0\t\d{4}-\S+\t-\n/);
  }, 240_000);
});
