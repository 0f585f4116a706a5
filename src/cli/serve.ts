import { loadConfig } from '../config.ts';
import { run, type Parts } from '../runtime.ts';

/** Runs until SIGINT/SIGTERM, then shuts down in order. */
async function runUntilSignal(parts: Parts, migrate: boolean): Promise<number> {
  const config = loadConfig();
  const runtime = await run(config, parts, { migrate });
  const storage = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  if (parts.http) {
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
    runtime.log.info({ url, storage }, 'Hado is running');
    console.log(`Hado is running at ${url} (storage: ${storage})`);
    if (config.localUser) console.log(`Local mode: requests from this machine without X-Remote-User sign in as "${config.localUser}".`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  runtime.log.info('shutting down');
  await runtime.stop();
  return 0;
}

export const start = (_args: string[], only?: Partial<Parts>): Promise<number> =>
  runUntilSignal({ http: true, scheduler: true, worker: true, ...only }, true);

export const serve = (): Promise<number> => runUntilSignal({ http: true, scheduler: false }, false);
