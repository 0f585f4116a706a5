// The schema check (src/db/migrate.ts): on a current schema, starting a
// process or a command only looks — two plain queries, not Kysely's migrator,
// which introspects every table first (most of a second on PGlite). A store
// without the migration table has everything pending; a store that records a
// migration this code does not know still gets the migrator's own refusal.
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { migrateToLatest, pendingMigrations } from '../../src/db/migrate.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { createTestStore, type TestStore } from '../support/store.ts';

let store: TestStore;
/** The same store seen through a Kysely that counts the statements it sends. */
let counted: Kysely<Database>;
let statements = 0;

beforeAll(async () => {
  store = await createTestStore({ poolSize: 2 });
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  counted = store.db.withPlugin(counter);
});
afterAll(async () => {
  await store.dispose();
});

describe('on a migrated store', () => {
  it('nothing is pending, and migrateToLatest only looks: two statements, none of them the introspection', async () => {
    statements = 0;
    expect(await pendingMigrations(counted)).toEqual([]);
    expect(statements).toBe(2);
    statements = 0;
    expect(await migrateToLatest(counted)).toEqual([]);
    expect(statements).toBe(2);
  });

  it('a migration this code does not know (a newer version ran it) still meets the migrator', async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('2999-01-01T0000-from-the-future', '2999-01-01T00:00:00.000Z')`.execute(store.db);
    try {
      await expect(migrateToLatest(store.db)).rejects.toThrow(/corrupted migrations|2999-01-01T0000-from-the-future/);
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '2999-01-01T0000-from-the-future'`.execute(store.db);
    }
    expect(await pendingMigrations(store.db)).toEqual([]);
  });

  it("without the migration table, every migration is pending, in the migrator's order", async () => {
    await sql`ALTER TABLE kysely_migration RENAME TO kysely_migration_aside`.execute(store.db);
    try {
      expect(await pendingMigrations(store.db)).toEqual(Object.keys(migrations).sort());
    } finally {
      await sql`ALTER TABLE kysely_migration_aside RENAME TO kysely_migration`.execute(store.db);
    }
    expect(await pendingMigrations(store.db)).toEqual([]);
  });
});
