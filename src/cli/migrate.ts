import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, storageLabel } from '../config.ts';
import { openStore } from '../db/connect.ts';
import { migrateStepwise, pendingMigrations } from '../db/migrate.ts';
import { defineCommand } from './command.ts';

export const migrateCommand = defineCommand({
  name: 'migrate',
  summary: 'apply pending database migrations, listing each',
  description: 'Applies pending database migrations, one transaction each, and lists each as it is applied.',
  run: async () => {
    const config = loadConfig();
    const fresh = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'));
    // Creating an embedded database takes seconds: say so before the wait.
    console.log(`${fresh ? 'Creating' : 'Opening'} the database: ${storageLabel(config)}`);
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const pending = await pendingMigrations(store.db);
      if (pending.length === 0) {
        console.log('The schema is up to date.');
        return 0;
      }
      console.log(`Applying ${pending.length} migration(s):`);
      const applied = await migrateStepwise(store.db, (name, ms) => console.log(`  ${name} (${(ms / 1000).toFixed(2)} s)`));
      console.log(`Applied ${applied.length} migration(s); the schema is up to date.`);
      return 0;
    } finally {
      await store.close();
    }
  },
});
