// A fresh, migrated store per test file: in-memory PGlite by default, or a
// new database on the PostgreSQL server named by DATABASE_URL (dropped at
// the end), so the same suite runs on both backends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestStore extends Store {
  /** The URL of this test's database (Postgres only), for extra connections or processes. */
  url: string | null;
  dispose(): Promise<void>;
}

export async function createTestStore(opts: { poolSize?: number } = {}): Promise<TestStore> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const store = await openStore({ dataDir: null });
    await migrateToLatest(store.db);
    return { ...store, url: null, dispose: () => store.close() };
  }
  const name = `hado_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), poolSize: opts.poolSize ?? 10 });
  await migrateToLatest(store.db);
  return {
    ...store,
    url: url.toString(),
    dispose: async () => {
      await store.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
