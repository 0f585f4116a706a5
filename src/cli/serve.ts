// The long-running commands: start (everything), serve, scheduler, worker.
import { loadConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { type Parts, run } from '../runtime.ts';
import { defineCommand } from './command.ts';

/** Past the shutdown grace, stopping is stuck: give up with a failure code rather than hang. */
const STUCK_AFTER_MS = 5_000;

/** Runs until SIGINT/SIGTERM, then shuts down in order and exits 0. */
async function runUntilSignal(kind: string, parts: Parts, migrate: boolean): Promise<number> {
  const config = loadConfig();
  const runtime = await run(config, parts, { migrate });
  // The last line of defence of issue 16: a database that went away must never end the process. Every
  // part handles it already (pooled clients have error listeners, loops retry); should one slip
  // through, it is logged and the process goes on. Anything else still ends it, as Node does.
  const survive = (err: unknown): void => {
    if (!isDatabaseUnavailable(err)) {
      // What Node would do without this listener: the error on stderr, exit 1.
      console.error(err);
      process.exit(1);
    }
    runtime.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'database unreachable (not handled where it happened)');
  };
  process.on('unhandledRejection', survive);
  process.on('uncaughtException', survive);
  const storage = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  if (parts.http) {
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
    runtime.log.info({ url, storage }, 'Hado is running');
    console.log(`Hado is running at ${url} (storage: ${storage})`);
    if (config.localUser) console.log(`Local mode: requests from this machine without X-Remote-User sign in as "${config.localUser}".`);
  } else {
    runtime.log.info({ storage }, `Hado ${kind} is running`);
    console.log(`Hado ${kind} is running (storage: ${storage})`);
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  runtime.log.info({ signal }, 'shutting down');
  // A second signal, or a stop that overruns its grace, ends the process at once.
  const force = (why: string) => {
    runtime.log.error(why);
    process.exit(1);
  };
  process.once('SIGINT', () => force('second signal: exiting without a clean shutdown'));
  process.once('SIGTERM', () => force('second signal: exiting without a clean shutdown'));
  const stuck = setTimeout(() => force('shutdown did not finish in time'), config.shutdownGraceMs + STUCK_AFTER_MS);
  stuck.unref();
  await runtime.stop();
  clearTimeout(stuck);
  runtime.log.info('stopped');
  // Everything is closed; a send released to the queue may still hold a socket until its own
  // timeout. It must not hold the process: exit shortly if nothing else does first.
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}

export const startCommand = defineCommand({
  name: 'start',
  summary: 'HTTP, scheduler and worker in one process; migrates first (what npm start runs)',
  description:
    'Runs the HTTP server, the scheduler and the delivery worker in one process, after applying pending migrations.\n' +
    'SIGTERM or SIGINT stops it cleanly: no new requests or deliveries, in-flight deliveries finished or released, streams closed, exit 0.',
  run: () => runUntilSignal('start', { http: true, scheduler: true, worker: true }, true),
});

export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'HTTP only (run "hado migrate" first)',
  description: 'Runs the HTTP server only. Refuses to start on a schema that is behind: run "hado migrate" first.',
  run: () => runUntilSignal('serve', { http: true, scheduler: false }, false),
});

export const schedulerCommand = defineCommand({
  name: 'scheduler',
  summary: 'the one-minute tick only (safe to run twice)',
  description:
    'Runs the scheduler only (the one-minute tick and the notice delivery tick), after applying pending migrations. Two at once are safe: one ticks, one waits.',
  run: () => runUntilSignal('scheduler', { http: false, scheduler: true, worker: false }, true),
});

export const workerCommand = defineCommand({
  name: 'worker',
  summary: 'the delivery worker only (run as many as you like)',
  description:
    'Runs the delivery worker only, after applying pending migrations: it claims due deliveries and sends them. Any number may run; they share the queue.',
  run: () => runUntilSignal('worker', { http: false, scheduler: false, worker: true }, true),
});
