// The composition root: configuration, clock, store, and every long-lived
// object of a process — the Telegram client, the live stream, the hook on
// Done, the channels, the presence cache, the loops, the worker, the HTTP
// app — built here once, handed down, and shut down in order. Background
// work reports to one error sink, wired to the logger.
import type { Logger } from 'pino';
import { startAdminSocket } from './admin/socket.ts';
import { PresenceCache } from './channels/presence.ts';
import { WebPush } from './channels/push/web-push.ts';
import { ExpoPush } from './channels/mobile/expo.ts';
import { buildChannels } from './channels/registry.ts';
import { type TelegramClient, telegramClientOf } from './channels/telegram/api.ts';
import { type Mailer, mailerOf } from './channels/email/mailer.ts';
import { type SlackClient, slackClientOf } from './channels/slack/api.ts';
import { type Clock, systemClock } from './clock.ts';
import { type Config, storageLabel } from './config.ts';
import { openStore, type Store } from './db/connect.ts';
import { assertSchemaCurrent, migrateToLatest } from './db/migrate.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { whileUnavailable } from './db/wait.ts';
import type { ErrorSink } from './errors.ts';
import { buildApp } from './http/app.ts';
import { RateLimits } from './http/rate-limit.ts';
import type { AppContext } from './http/context.ts';
import { Live } from './live/live.ts';
import { deliveryAttempts, deliveryDecisions, observeTick, tickDuration, transitionsTotal } from './metrics.ts';
import { recordPresenceHealth } from './db/channels.ts';
import { startOpsListener } from './ops/listener.ts';
import { processRegistry } from './ops/process-metrics.ts';
import { stopWithin } from './ops/shutdown.ts';
import { everyMinute, type Loop } from './scheduler/loop.ts';
import type { NoticeTickDecision } from './scheduler/notice-delivery-tick.ts';
import { noticeLoop } from './scheduler/notice-loop.ts';
import { noticeConfigOf, runTick, type TickReport, windowConfigOf } from './scheduler/tick.ts';
import { Worker } from './worker/worker.ts';
import { createLogger } from './log.ts';
import { outboundPolicyOf } from './net/outbound.ts';
import { type Binding, binding, probeBind } from './startup-error.ts';

export interface Runtime {
  ctx: AppContext;
  log: Logger;
  /** Where /metrics, /healthz and /readyz are served (HADO_METRICS_ADDR), once bound. */
  metricsAddress: { host: string; port: number } | null;
  /** Stops taking work, finishes or releases what is in flight (HADO_SHUTDOWN_GRACE), closes everything. */
  stop(): Promise<void>;
}

/**
 * The one error sink of a process: everything background work could not do,
 * logged with where it happened. An unreachable database is expected weather
 * (a restart, an outage): one warning line without a stack, and the part that
 * failed retries on its own.
 */
export function errorSink(log: Pick<Logger, 'error' | 'warn'>): ErrorSink {
  return (err, where, detail) => {
    if (isDatabaseUnavailable(err))
      log.warn({ ...detail, reason: err instanceof Error ? err.message : String(err) }, `${where}: database unreachable, will retry`);
    else log.error({ err, ...detail }, `${where} failed`);
  };
}

/** The message of the error's deepest cause ("connect ECONNREFUSED …" rather than "Migrations failed: …"). */
function innermost(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause !== undefined) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/** Says "a database connection was lost" at most once in this many ms (a restart drops every pooled connection at once). */
const LOST_LOG_EVERY_MS = 10_000;

function connectionLostLog(log: Pick<Logger, 'warn'>): (err: Error) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (err) => {
    const now = performance.now();
    if (now - last < LOST_LOG_EVERY_MS) return;
    last = now;
    log.warn({ reason: err.message }, 'database connection lost; queries retry on new connections');
  };
}

/**
 * The long-lived objects every part of a process shares, built once: every
 * channel's client (Telegram's flood limiter and getMe cache, the SMTP pool,
 * Slack's, Web Push's keys, Expo's), the one channel registry over them, the
 * live stream (started by the first stream request), and the hook that runs
 * after a Done. `live` and the clients may be handed in (tests, benches).
 */
export function buildContext(
  store: Store,
  config: Config,
  clock: Clock,
  opts: { log?: Logger; live?: Live; telegram?: TelegramClient | null; mailer?: Mailer | null; slack?: SlackClient | null } = {},
): AppContext {
  const log = opts.log ?? createLogger(config.logLevel);
  const onError = errorSink(log);
  const telegram = opts.telegram !== undefined ? opts.telegram : telegramClientOf(config, { log: log.child({ component: 'telegram' }), onError });
  const mailer = opts.mailer !== undefined ? opts.mailer : mailerOf(config, log.child({ component: 'mail' }));
  const slack = opts.slack !== undefined ? opts.slack : slackClientOf(config, { log: log.child({ component: 'slack' }), onError });
  const live = opts.live ?? new Live(store, { maxPerUser: config.streamMaxPerUser, log: log.child({ part: 'live' }), onError });
  const limits = new RateLimits(config);
  const push = new WebPush({ db: store.db, clock, config, outbound: outboundPolicyOf(config), onError });
  const mobile = new ExpoPush({ db: store.db, clock, config, outbound: outboundPolicyOf(config), log: log.child({ component: 'expo' }), onError });
  const channels = buildChannels({ config, clock, db: store.db, onError, telegram, mailer, slack, push, mobile });
  return {
    store,
    db: store.db,
    config,
    clock,
    live,
    channels,
    telegram,
    push,
    mailer,
    slack,
    mobile,
    onError,
    // After Done by any path, every channel's hook: Telegram's and Slack's messages lose their
    // buttons, browser notifications close (SPEC A7, issues 12 and 17).
    onEventDone: (eventId) => channels.afterDone(eventId),
    limits,
  };
}

/** Stops what buildContext started: the live stream, the channels' background work and pools. The store stays open. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.live.stop();
  await ctx.channels.close();
}

/**
 * The presence cache of a process's ticks (channels/presence.ts) over its
 * registry. `hado scheduler` / `hado start` and `hado tick` ask through the
 * same one, so a one-off tick sees what the scheduler sees. `recordHealth`
 * keeps a channel's timeouts and backoff on its row (off for a dry run,
 * which writes nothing).
 */
export function presenceOf(ctx: AppContext, opts: { recordHealth: boolean }): PresenceCache {
  return new PresenceCache(ctx.channels, {
    timeoutMs: ctx.config.presenceTimeoutMs,
    onError: (err, channel) => ctx.onError(err, 'presence', { channel: channel.id }),
    // A channel that keeps timing out is backed off; every process and /me/channels see it on the row.
    ...(opts.recordHealth ? { onHealth: (id: number, timeouts: number, until: Date | null) => recordPresenceHealth(ctx.db, id, timeouts, until) } : {}),
  });
}

/**
 * Opens the store and migrates it (or checks it is current). A PostgreSQL
 * server that does not answer yet is waited for, up to HADO_DATABASE_WAIT,
 * with a log line per retry (issue 16, item 1), or until `signal` is aborted.
 */
export async function openContext(config: Config, opts: { migrate: boolean; clock?: Clock; log?: Logger; signal?: AbortSignal }): Promise<AppContext> {
  const log = opts.log ?? createLogger(config.logLevel);
  const store: Store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onConnectionLost: connectionLostLog(log) });
  const where = storageLabel(config);
  let waited = false;
  try {
    await whileUnavailable(
      async () => {
        if (opts.migrate) await migrateToLatest(store.db);
        else await assertSchemaCurrent(store.db);
      },
      {
        timeoutMs: config.databaseWaitMs,
        signal: opts.signal,
        onRetry: (err, waitedMs, timeoutMs) => {
          waited = true;
          log.warn(
            { reason: innermost(err), waited_s: Math.round(waitedMs / 1000), max_s: timeoutMs / 1000 },
            `waiting for the database (${where}): not reachable yet, retrying for up to ${timeoutMs / 1000} s (HADO_DATABASE_WAIT)`,
          );
        },
      },
    );
  } catch (e) {
    await store.close();
    throw e;
  }
  if (waited) log.warn(`the database (${where}) is reachable: starting`);
  return buildContext(store, config, opts.clock ?? systemClock, { log });
}

export interface Parts {
  http: boolean;
  scheduler: boolean;
  /** The outbox worker (deliveries); off unless asked for. */
  worker?: boolean;
}

/** A line per delivery decided, for the log. */
function logDeliveries(log: Logger, report: Pick<TickReport, 'decisions' | 'notices'>): void {
  for (const d of report.decisions ?? []) {
    if (d.channels.length > 0) log.info({ event: d.event.id, why: d.why, channels: d.channels.map((c) => c.id) }, 'deliver');
  }
  for (const d of report.notices ?? []) {
    if (d.channels.length > 0) log.info({ notice: d.notice, user: d.user, why: d.why, channels: d.channels.map((c) => c.id) }, 'deliver notice');
  }
}

const delivers = (decisions: ReadonlyArray<{ channels: unknown[] }> | null): boolean => (decisions ?? []).some((d) => d.channels.length > 0);

/**
 * The scheduler's two loops over the process's presence cache: the minute
 * tick (lifecycle, event deliveries, the retention sweep, notice pushes) and
 * the notice tick between them (SPEC B5). A tick that wrote rows wakes this
 * process's worker, if it runs one.
 */
function schedulerLoops(ctx: AppContext, log: Logger, worker: Worker | null): Loop[] {
  const { config, onError } = ctx;
  const presence = presenceOf(ctx, { recordHealth: true });
  const onPreferenceError = (err: unknown) => onError(err, 'preferences read (delivering with the defaults)');
  const cfg = windowConfigOf(config);
  const minute = everyMinute(
    ctx.clock,
    async ({ minuteMs }) => {
      const end = tickDuration.startTimer();
      const startedMs = ctx.clock.now().epochMilliseconds;
      const report = await runTick(ctx.db, ctx.clock.now(), { presence, cfg, ...noticeConfigOf(config), onPreferenceError });
      end();
      observeTick({ startedMs, finishedMs: ctx.clock.now().epochMilliseconds, minuteMs }, report);
      for (const d of report.decisions ?? []) deliveryDecisions.inc({ why: d.why });
      for (const t of report.transitions ?? []) {
        transitionsTotal.inc({ to: t.to });
        log.info({ event: t.id, from: t.from, to: t.to }, 'transition');
      }
      logDeliveries(log, report);
      if (report.swept > 0) log.info({ removed: report.swept }, 'notice retention sweep');
      // Rows were written in this process: no need to wait for the worker's next poll.
      if (delivers(report.decisions) || delivers(report.notices)) worker?.wake();
    },
    (err) => onError(err, 'tick'),
  );
  // Notices between the minute ticks: present channels get them within seconds (SPEC B5).
  const notices = noticeLoop(
    { db: ctx.db, clock: ctx.clock, presence, fallbackMinutes: config.noticeFallbackMinutes, onPreferenceError },
    (decided: NoticeTickDecision[]) => {
      logDeliveries(log, { decisions: null, notices: decided });
      if (delivers(decided)) worker?.wake();
    },
    (err) => onError(err, 'notice tick'),
  );
  return [minute, notices];
}

/**
 * Starts the requested parts in this process; `hado start` runs them all.
 * Aborting `signal` while it starts (a SIGTERM during the migrations or the
 * wait for the database) closes what was opened and rejects with its reason.
 */
export async function run(config: Config, parts: Parts, opts: { migrate: boolean; signal?: AbortSignal; log?: Logger }): Promise<Runtime> {
  const log = opts.log ?? createLogger(config.logLevel);
  if (parts.http) await probeBind(httpBinding(config));
  const ctx = await openContext(config, { migrate: opts.migrate, log, signal: opts.signal });
  const { onError } = ctx;
  // The VAPID key pair is made on first start (and read once), not on the first subscription. It is
  // the first query after the migrations: a blip there is waited out like the start-up's own wait.
  try {
    opts.signal?.throwIfAborted();
    await whileUnavailable(() => ctx.push.keys(), {
      timeoutMs: config.databaseWaitMs,
      signal: opts.signal,
      onRetry: (err) => log.warn({ reason: innermost(err) }, 'reading the Web Push keys: database unreachable, retrying (HADO_DATABASE_WAIT)'),
    });
    // Past here start-up is quick (listeners, loops); a signal from now on is a normal stop.
    opts.signal?.throwIfAborted();
  } catch (e) {
    await closeContext(ctx);
    await ctx.store.close();
    throw e;
  }
  const worker = parts.worker
    ? new Worker({
        db: ctx.db,
        clock: ctx.clock,
        channels: ctx.channels,
        appUrl: config.appUrl,
        perHost: config.deliveryHostConcurrency,
        log: log.child({ part: 'worker' }),
        onError,
        onAttempt: (channel, outcome) => deliveryAttempts.inc({ channel, outcome }),
      })
    : null;
  const opened: Opened = { app: null, loops: [], worker, admin: null, ops: null };
  let stopping: Promise<void> | null = null;
  // Stop taking work, all at once, then close the rest: what `stop` does, and what a failed start-up undoes.
  const stop = (): Promise<void> => {
    stopping ??= closeOpened(ctx, opened);
    return stopping;
  };
  try {
    if (parts.scheduler) opened.loops.push(...schedulerLoops(ctx, log, worker));
    if (parts.http) {
      const app = await buildApp(ctx, { logger: log });
      opened.app = app;
      await binding(httpBinding(config), () => app.listen({ port: config.port, host: config.host }));
    }
    worker?.start();
    // On embedded storage this process holds the database: admin commands come through its socket.
    opened.admin = config.databaseUrl ? null : await startAdminSocket(ctx, config.dataDir);
    opened.ops = config.metricsAddr ? await startOps(ctx, parts, config.metricsAddr) : null;
  } catch (e) {
    // Nothing may stay behind a failed start (issue 26): the process must exit, and the data directory's lock go with it.
    await stop().catch((err) => log.warn({ err }, 'closing after a failed start-up'));
    throw e;
  }
  const ops = opened.ops;
  if (ops) log.info({ address: `${ops.address.host}:${ops.address.port}` }, 'metrics listening');
  return { ctx, log, metricsAddress: ops?.address ?? null, stop };
}

const httpBinding = (config: Config): Binding => ({ what: 'HTTP server', host: config.host, port: config.port, settings: 'PORT, HOST' });

interface Opened {
  app: Awaited<ReturnType<typeof buildApp>> | null;
  loops: Loop[];
  worker: Worker | null;
  admin: Awaited<ReturnType<typeof startAdminSocket>> | null;
  ops: Awaited<ReturnType<typeof startOpsListener>> | null;
}

/** The metrics listener (HADO_METRICS_ADDR). */
function startOps(ctx: AppContext, parts: Parts, addr: { host: string; port: number }) {
  const { config } = ctx;
  const b = { what: 'metrics listener', host: addr.host, port: addr.port, settings: 'HADO_METRICS_ADDR' };
  return binding(b, () =>
    startOpsListener({
      ...addr,
      hosts: config,
      store: ctx.store,
      registry: processRegistry({
        db: ctx.db,
        clock: ctx.clock,
        outbox: parts.scheduler || parts.worker === true,
        liveConnections: () => ctx.live.hub.connections,
      }),
      onError: (err) => ctx.onError(err, 'metrics listener answer'),
    }),
  );
}

/**
 * Stops taking work, all at once: the HTTP listener (its streams end, requests in flight get the
 * grace), the loops (a running tick finishes), the worker (in-flight deliveries get the grace, then go
 * back to the queue for another worker). Then the admin socket, the metrics listener, the context and
 * the store (on embedded storage, the data directory's lock).
 */
async function closeOpened(ctx: AppContext, o: Opened): Promise<void> {
  const grace = ctx.config.shutdownGraceMs;
  const app = o.app;
  await Promise.all([
    app
      ? stopWithin(
          grace,
          () => app.close(),
          () => app.server.closeAllConnections(),
        )
      : null,
    ...o.loops.map((l) => l.stop()),
    o.worker?.stop(grace),
  ]);
  if (o.admin) await o.admin.close();
  if (o.ops) await o.ops.close();
  await closeContext(ctx);
  await ctx.store.close();
}
