import { DEFAULT_MIGRATION_TABLE, Migrator, type MigrationResultSet, sql } from 'kysely';
import { ConfigError } from '../errors.ts';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/**
 * The migrations not yet applied, read with two plain queries. Kysely's
 * migrator first introspects every table and column to learn whether its own
 * tables exist — most of a second on the embedded store — which a process
 * starting on a current schema, or a command checking it, does not need.
 * Null when the store records a migration this code does not know (a newer
 * version ran it): the migrator then says what is wrong.
 */
async function quickPending(db: Db): Promise<string[] | null> {
  const known = Object.keys(migrations).sort(); // the migrator's order: by name
  const table = await sql<{ t: string | null }>`SELECT to_regclass(${DEFAULT_MIGRATION_TABLE}::text)::text AS t`.execute(db);
  if (!table.rows[0]?.t) return known;
  const done = new Set((await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db)).rows.map((r) => r.name));
  if ([...done].some((name) => !(name in migrations))) return null;
  return known.filter((name) => !done.has(name));
}

/** Applies pending migrations; returns the names applied. On a current schema, only looks. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if ((await quickPending(db))?.length === 0) return [];
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration${failed ? ` ${failed}` : 's'} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Applies pending migrations one at a time (each in its own transaction),
 * reporting each as it is done, for `hado migrate` to show its progress.
 */
export async function migrateStepwise(db: Db, onApplied: (name: string, ms: number) => void): Promise<string[]> {
  const applied: string[] = [];
  const m = migrator(db);
  while (true) {
    const t0 = performance.now();
    const result = await m.migrateUp();
    if (result.error) {
      const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
      throw new Error(`Migration${failed ? ` ${failed}` : 's'} failed: ${String(result.error)}`, { cause: result.error });
    }
    const done = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (done.length === 0) return applied;
    for (const name of done) onApplied(name, performance.now() - t0);
    applied.push(...done);
  }
}

/** Names of the migrations not yet applied, in order. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const quick = await quickPending(db);
  if (quick !== null) return quick;
  return (await migrator(db).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** The app refuses to serve on a schema that is behind. */
export async function assertSchemaCurrent(db: Db): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    throw new ConfigError(`The database schema is behind (${pending.length} pending migration(s): ${pending.join(', ')}). Run "hado migrate" first.`);
  }
}
