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
import { tickDuration, transitionsTotal } from './metrics.ts';
import { PresenceCache } from './channels/presence.ts';
import { buildChannels } from './channels/registry.ts';
import { recordPresenceHealth } from './db/channels.ts';
import { everyMinute, type Loop } from './scheduler/loop.ts';
import { noticeLoop } from './scheduler/notice-loop.ts';
import { noticeConfigOf, runTick, windowConfigOf } from './scheduler/tick.ts';
import { Worker } from './worker/worker.ts';

export interface Runtime {
  ctx: AppContext;
  log: Logger;
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
      // A channel that keeps timing out is backed off; every process and /me/channels see it on the row.
      onHealth: (id, timeouts, until) => recordPresenceHealth(ctx.db, id, timeouts, until),
    });
    const cfg = windowConfigOf(config);
    loops.push(
      everyMinute(
        ctx.clock,
        async () => {
          const end = tickDuration.startTimer();
          const report = await runTick(ctx.db, ctx.clock.now(), { presence, cfg, ...noticeConfigOf(config) });
          end();
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
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (admin) await admin.close();
      if (app) await app.close();
      await Promise.all([...loops.map((l) => l.stop()), worker?.stop()]);
      await ctx.store.close();
    })();
    return stopping;
  };
  return { ctx, log, stop };
}
