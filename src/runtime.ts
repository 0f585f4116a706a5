// The composition root: configuration, clock, store, HTTP app and loops,
// wired once and shut down in order.
import pino, { type Logger } from 'pino';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { startAdminSocket } from './admin/socket.ts';
import { openStore, type Store } from './db/connect.ts';
import { assertSchemaCurrent, migrateToLatest } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import type { AppContext } from './http/context.ts';
import { observeTick, tickDuration, transitionsTotal } from './metrics.ts';
import { startOpsListener } from './ops/listener.ts';
import { processRegistry } from './ops/process-metrics.ts';
import { stopWithin } from './ops/shutdown.ts';
import { PresenceCache } from './channels/presence.ts';
import { buildChannels } from './channels/registry.ts';
import { everyMinute, type Loop } from './scheduler/loop.ts';
import { noticeLoop } from './scheduler/notice-loop.ts';
import { noticeConfigOf, runTick, windowConfigOf } from './scheduler/tick.ts';
import { Worker } from './worker/worker.ts';

export interface Runtime {
  ctx: AppContext;
  log: Logger;
  /** Where /metrics, /healthz and /readyz are served (HADO_METRICS_ADDR), once bound. */
  metricsAddress: { host: string; port: number } | null;
  /** Stops taking work, finishes or releases what is in flight (HADO_SHUTDOWN_GRACE), closes everything. */
  stop(): Promise<void>;
}

export async function openContext(
  config: Config,
  opts: { migrate: boolean; clock?: Clock },
): Promise<AppContext> {
  const store: Store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (opts.migrate) await migrateToLatest(store.db);
    else await assertSchemaCurrent(store.db);
  } catch (e) {
    await store.close();
    throw e;
  }
  return { store, db: store.db, config, clock: opts.clock ?? systemClock };
}

export interface Parts {
  http: boolean;
  scheduler: boolean;
  /** The outbox worker (deliveries); off unless asked for. */
  worker?: boolean;
}

/** Starts the requested parts in this process; `hado start` runs them all. */
export async function run(config: Config, parts: Parts, opts: { migrate: boolean }): Promise<Runtime> {
  const log = pino({ level: config.logLevel });
  const ctx = await openContext(config, opts);
  const loops: Loop[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const channels = parts.scheduler || parts.worker ? buildChannels({ config, clock: ctx.clock }) : null;
  const worker = parts.worker
    ? new Worker({ db: ctx.db, clock: ctx.clock, channels: channels!, appUrl: config.appUrl, log: log.child({ part: 'worker' }) })
    : null;
  if (parts.scheduler) {
    const presence = new PresenceCache(channels!, {
      timeoutMs: config.presenceTimeoutMs,
      onError: (err, channel) => log.warn({ err, channel: channel.id }, 'presence failed'),
    });
    const cfg = windowConfigOf(config);
    let onTheMinute = false;
    loops.push(
      everyMinute(
        ctx.clock,
        async () => {
          const end = tickDuration.startTimer();
          const startedMs = ctx.clock.now().epochMilliseconds;
          const report = await runTick(ctx.db, ctx.clock.now(), { presence, cfg, ...noticeConfigOf(config) });
          end();
          observeTick({ startedMs, finishedMs: ctx.clock.now().epochMilliseconds, onTheMinute }, report);
          // The loop's first run starts at once; the later ones on the minute.
          onTheMinute = true;
          for (const t of report.transitions ?? []) {
            transitionsTotal.inc({ to: t.to });
            log.info({ event: t.id, from: t.from, to: t.to }, 'transition');
          }
          for (const d of report.decisions ?? []) {
            if (d.channels.length > 0) log.info({ event: d.event.id, why: d.why, channels: d.channels.map((c) => c.id) }, 'deliver');
          }
          for (const d of report.notices ?? []) {
            if (d.channels.length > 0) log.info({ notice: d.notice, user: d.user, why: d.why, channels: d.channels.map((c) => c.id) }, 'deliver notice');
          }
          if (report.swept > 0) log.info({ removed: report.swept }, 'notice retention sweep');
          // Rows were written in this process: no need to wait for the worker's next poll.
          if ([...(report.decisions ?? []), ...(report.notices ?? [])].some((d) => d.channels.length > 0)) worker?.wake();
        },
        (err) => log.error({ err }, 'tick failed'),
      ),
    );
    // Notices between the minute ticks: present channels get them within seconds (SPEC B5).
    loops.push(
      noticeLoop(
        { db: ctx.db, clock: ctx.clock, presence, fallbackMinutes: config.noticeFallbackMinutes },
        (decisions) => {
          for (const d of decisions) {
            if (d.channels.length > 0) log.info({ notice: d.notice, user: d.user, why: d.why, channels: d.channels.map((c) => c.id) }, 'deliver notice');
          }
          if (decisions.some((d) => d.channels.length > 0)) worker?.wake();
        },
        (err) => log.error({ err }, 'notice tick failed'),
      ),
    );
  }
  if (parts.http) {
    app = await buildApp(ctx, { logger: log });
    await app.listen({ port: config.port, host: config.host });
  }
  worker?.start();
  // On embedded storage this process holds the database: admin commands come through its socket.
  const admin = config.databaseUrl ? null : await startAdminSocket(ctx, config.dataDir);
  const ops = config.metricsAddr
    ? await startOpsListener({
        ...config.metricsAddr,
        store: ctx.store,
        registry: processRegistry({ db: ctx.db, clock: ctx.clock, outbox: parts.scheduler || parts.worker === true, live: () => ctx.live }),
        onError: (err) => log.error({ err }, 'metrics listener failed to answer'),
      })
    : null;
  if (ops) log.info({ address: `${ops.address.host}:${ops.address.port}` }, 'metrics listening');
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      // Stop taking work, all at once: the HTTP listener (its streams end, requests in flight get the
      // grace), the loops (a running tick finishes), the worker (in-flight deliveries get the grace,
      // then go back to the queue for another worker).
      await Promise.all([
        app ? stopWithin(config.shutdownGraceMs, () => app!.close(), () => app!.server.closeAllConnections()) : null,
        ...loops.map((l) => l.stop()),
        worker?.stop(config.shutdownGraceMs),
      ]);
      if (admin) await admin.close();
      if (ops) await ops.close();
      await ctx.store.close();
    })();
    return stopping;
  };
  return { ctx, log, metricsAddress: ops?.address ?? null, stop };
}
