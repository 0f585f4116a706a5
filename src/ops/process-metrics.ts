// Gauges read at scrape time from this process's own objects: the outbox
// (from processes that run the scheduler or the worker, which own it) and
// the live streams it holds. They live in a registry of their own, built by
// the runtime for this process, beside the module-level counters of
// src/metrics.ts.
import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { type OutboxRow, type OutboxState, outboxStats } from '../db/outbox-stats.ts';
import { toDate } from '../domain/time.ts';
import { register } from '../metrics.ts';
import { CHANNEL_TYPES } from '../domain/channels.ts';

const STATES: OutboxState[] = ['due', 'leased', 'waiting'];
const CHANNELS: readonly string[] = CHANNEL_TYPES;
/** Scrapes of several gauges (and several Prometheus servers) share one query. */
const STATS_TTL_MS = 1000;

export interface ProcessMetricsOptions {
  db: Db;
  clock: Clock;
  /** Report the outbox gauges (processes running the scheduler or the worker). */
  outbox: boolean;
  /** How many live streams the process holds (0 without HTTP). */
  liveConnections: () => number;
}

/** This process's registry: the shared counters plus its own gauges. */
export function processRegistry(opts: ProcessMetricsOptions): Registry {
  const own = new Registry();
  let cached: { at: number; rows: Promise<OutboxRow[]> } | null = null;
  const stats = (): Promise<OutboxRow[]> => {
    const at = performance.now();
    if (!cached || at - cached.at > STATS_TTL_MS) {
      cached = { at, rows: outboxStats(opts.db, toDate(opts.clock.now())) };
      // A failed query is not cached: the next scrape asks again.
      cached.rows.catch(() => {
        cached = null;
      });
    }
    return cached.rows;
  };

  if (opts.outbox) {
    new Gauge({
      name: 'hado_outbox_depth',
      help: 'Pending delivery rows by state (due: claimable now, leased: being sent, waiting: retry backoff) and channel type',
      labelNames: ['state', 'channel'],
      registers: [own],
      async collect() {
        // A database that does not answer must not fail the whole scrape: the gauge keeps its last values.
        const rows = await stats().catch(() => null);
        if (!rows) return;
        // Every combination is reported, 0 included, so a drained queue reads 0 rather than vanishing.
        for (const state of STATES) {
          for (const channel of CHANNELS) {
            this.set({ state, channel }, rows.find((r) => r.state === state && r.channel === channel)?.count ?? 0);
          }
        }
      },
    });
    new Gauge({
      name: 'hado_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending delivery row by channel type (0 when none)',
      labelNames: ['channel'],
      registers: [own],
      async collect() {
        const rows = await stats().catch(() => null);
        if (!rows) return;
        const now = opts.clock.now().epochMilliseconds;
        for (const channel of CHANNELS) {
          const oldest = Math.min(...rows.filter((r) => r.channel === channel).map((r) => r.oldest.getTime()));
          this.set({ channel }, Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0);
        }
      },
    });
  }
  new Gauge({
    name: 'hado_live_connections',
    help: 'Open live streams (GET /me/stream) held by this process',
    registers: [own],
    collect() {
      this.set(opts.liveConnections());
    },
  });
  return Registry.merge([register, own]);
}
