// The composition root: configuration, clock, store, HTTP app and loops,
// wired once and shut down in order.
import pino, { type Logger } from 'pino';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { openStore, type Store } from './db/connect.ts';
import { assertSchemaCurrent, migrateToLatest } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import type { AppContext } from './http/context.ts';
import { tickDuration, transitionsTotal } from './metrics.ts';
import { lifecycleTick } from './scheduler/lifecycle-tick.ts';
import { everyMinute, type Loop } from './scheduler/loop.ts';

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
}

/** Starts the requested parts in this process; `hado start` runs them all. */
export async function run(config: Config, parts: Parts, opts: { migrate: boolean }): Promise<Runtime> {
  const log = pino({ level: config.logLevel });
  const ctx = await openContext(config, opts);
  const loops: Loop[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  if (parts.scheduler) {
    loops.push(
      everyMinute(
        ctx.clock,
        async () => {
          const end = tickDuration.startTimer();
          const changed = await lifecycleTick(ctx.db, ctx.clock.now());
          end();
          for (const t of changed ?? []) {
            transitionsTotal.inc({ to: t.to });
            log.info({ event: t.id, from: t.from, to: t.to }, 'transition');
          }
        },
        (err) => log.error({ err }, 'tick failed'),
      ),
    );
  }
  if (parts.http) {
    app = await buildApp(ctx, { logger: log });
    await app.listen({ port: config.port, host: config.host });
  }
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (app) await app.close();
      await Promise.all(loops.map((l) => l.stop()));
      await ctx.store.close();
    })();
    return stopping;
  };
  return { ctx, log, stop };
}
