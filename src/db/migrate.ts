import { Migrator, type MigrationResultSet } from 'kysely';
import { ConfigError } from '../errors.ts';
import type { Db } from './connect.ts';
import { migrations } from './migrations/index.ts';

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Applies pending migrations; returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
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
  return (await migrator(db).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** The app refuses to serve on a schema that is behind. */
export async function assertSchemaCurrent(db: Db): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    throw new ConfigError(
      `The database schema is behind (${pending.length} pending migration(s): ${pending.join(', ')}). Run "hado migrate" first.`,
    );
  }
}
