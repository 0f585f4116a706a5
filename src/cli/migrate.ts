import { loadConfig } from '../config.ts';
import { openStore } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';

export async function migrate(): Promise<number> {
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(store.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
    return 0;
  } finally {
    await store.close();
  }
}
