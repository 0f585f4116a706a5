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
    throw new Error(`Migration ${failed ?? ''} failed: ${String(result.error)}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The app refuses to serve on a schema that is behind. */
export async function assertSchemaCurrent(db: Db): Promise<void> {
  const pending = (await migrator(db).getMigrations()).filter((m) => m.executedAt === undefined);
  if (pending.length > 0) {
    throw new ConfigError(
      `The database schema is behind (${pending.length} pending migration(s): ${pending.map((m) => m.name).join(', ')}). Run "hado migrate" first.`,
    );
  }
}
