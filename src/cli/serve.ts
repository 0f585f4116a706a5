// The long-running commands: start (everything), serve, scheduler, worker.
import { loadConfig, storageLabel } from '../config.ts';
import { trialBanner, trialOutboundLine } from '../config/trial.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { createLogger } from '../log.ts';
import { type Parts, type Runtime, run } from '../runtime.ts';
import { defineCommand } from './command.ts';

/** Past the shutdown grace, stopping is stuck: give up with a failure code rather than hang. */
const STUCK_AFTER_MS = 5_000;
/** A start-up that failed exits by then at the latest, even if something it opened still holds the event loop. */
const FAILED_START_EXIT_MS = 1_000;

/**
 * Runs until SIGINT/SIGTERM, then shuts down in order and exits 0. The signals
 * are heard from the first moment: one that comes while the process still
 * starts (migrations, the wait for the database) stops the start-up, closes
 * what it opened, and exits 0 too.
 */
async function runUntilSignal(kind: string, parts: Parts, migrate: boolean): Promise<number> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // A second signal, or a stop that overruns its grace, ends the process at once.
  const force = (why: string) => {
    log.error(why);
    process.exit(1);
  };
  const startup = new AbortController();
  let stuck: NodeJS.Timeout | undefined;
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    const first = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', first);
      process.off('SIGTERM', first);
      process.once('SIGINT', () => force('second signal: exiting without a clean shutdown'));
      process.once('SIGTERM', () => force('second signal: exiting without a clean shutdown'));
      stuck = setTimeout(() => force('shutdown did not finish in time'), config.shutdownGraceMs + STUCK_AFTER_MS);
      stuck.unref();
      resolve(signal);
      startup.abort(new Error(`${signal} during start-up`));
    };
    process.on('SIGINT', first);
    process.on('SIGTERM', first);
  });
  log.info({ storage: storageLabel(config), migrate }, `Hado ${kind} starting`);
  let runtime: Runtime;
  try {
    runtime = await run(config, parts, { migrate, log, signal: startup.signal });
  } catch (e) {
    // Only the abort itself is a clean stop; a start-up that failed on its own says why, as ever.
    if (!startup.signal.aborted || e !== startup.signal.reason) {
      // main() prints the one line and returns 1. Whatever a failed start left open must not keep
      // the process up after that (issue 26: systemd's Restart=on-failure needs the exit).
      setTimeout(() => process.exit(1), FAILED_START_EXIT_MS).unref();
      throw e;
    }
    clearTimeout(stuck);
    const signal = await signalled;
    log.info({ signal }, 'stopped during start-up');
    console.log(`${signal} during start-up: stopped cleanly before it had started.`);
    exitSoon();
    return 0;
  }
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
    if (config.trial) {
      console.log(trialBanner(config));
      runtime.log.warn({ user: config.localUser }, 'TRIAL MODE (HADO_TRIAL=1): every request signs in as the trial user, with no password');
      runtime.log.warn({ outbound: config.outboundAllowedNetworks }, `TRIAL MODE outbound policy: ${trialOutboundLine(config)}`);
    } else if (config.localUser) console.log(`Local mode: requests from this machine without X-Remote-User sign in as "${config.localUser}".`);
  } else {
    runtime.log.info({ storage }, `Hado ${kind} is running`);
    console.log(`Hado ${kind} is running (storage: ${storage})`);
  }
  const signal = await signalled;
  runtime.log.info({ signal }, 'shutting down');
  await runtime.stop();
  clearTimeout(stuck);
  runtime.log.info('stopped');
  exitSoon();
  return 0;
}

/**
 * Everything is closed; a send released to the queue may still hold a socket until its own
 * timeout. It must not hold the process: exit shortly if nothing else does first.
 */
function exitSoon(): void {
  setTimeout(() => process.exit(0), 500).unref();
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
