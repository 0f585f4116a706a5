// Prometheus metrics (SPEC D: ops). One registry for the process, and every
// counter of it here: the parts that count (the tick, the worker) report to
// the composition root (runtime.ts), which counts; none creates a metric of
// its own.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { CHANNEL_TYPES } from './domain/channels.ts';

export const register = new Registry();
collectDefaultMetrics({ register });

export const tickDuration = new Histogram({
  name: 'hado_tick_duration_seconds',
  help: 'Duration of one scheduler tick',
  buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 2, 5],
  registers: [register],
});

export const transitionsTotal = new Counter({
  name: 'hado_transitions_total',
  help: 'Lifecycle transitions applied by the scheduler',
  labelNames: ['to'],
  registers: [register],
});

export const deliveryDecisions = new Counter({
  name: 'hado_delivery_decisions_total',
  help: 'Events looked at by the delivery tick, by why (present, fallback, waiting, quiet, delivered, no-window, ...)',
  labelNames: ['why'],
  registers: [register],
});

/** A delivery attempt's outcome, as the worker reports it (worker.ts Outcome, without `deferred`: no attempt). */
export type AttemptOutcome = 'ok' | 'retry' | 'failed';

export const deliveryAttempts = new Counter({
  name: 'hado_delivery_attempts_total',
  help: 'Delivery attempts by channel type and outcome (ok, retry, failed)',
  labelNames: ['channel', 'outcome'],
  registers: [register],
});
// Every series exists from the start (at 0), so rates and alerts have a baseline before the first failure.
for (const channel of CHANNEL_TYPES) for (const outcome of ['ok', 'retry', 'failed']) deliveryAttempts.inc({ channel, outcome }, 0);

export const eventsUpsertedTotal = new Counter({
  name: 'hado_events_upserted_total',
  help: 'Events received through PUT /api/events',
  registers: [register],
});

export const tickLag = new Gauge({
  name: 'hado_tick_lag_seconds',
  help: 'How late the last tick of this process started after the start of the minute it was scheduled for',
  registers: [register],
});

export const tickLastSuccess = new Gauge({
  name: 'hado_tick_last_success_timestamp_seconds',
  help: 'When the last tick this process ran finished (Unix seconds); a scheduler that waited for another one keeps its old value',
  registers: [register],
});

export const dueCandidates = new Gauge({
  name: 'hado_tick_due_candidates',
  help: 'What the last tick looked at for delivery: events, and notice pushes',
  labelNames: ['kind'],
  registers: [register],
});

/**
 * Records one tick: its lag behind the minute the loop scheduled it for
 * (`minuteMs`: null for the loop's first run, which starts at once rather than
 * on a minute), and what it looked at unless another scheduler held it. Times
 * are epoch milliseconds of the injected clock; a clock stepped back reads 0.
 */
export function observeTick(
  tick: { startedMs: number; finishedMs: number; minuteMs: number | null },
  report: { decisions: unknown[] | null; notices: unknown[] | null },
): void {
  if (tick.minuteMs !== null) tickLag.set(Math.max(0, tick.startedMs - tick.minuteMs) / 1000);
  if (report.decisions === null) return;
  tickLastSuccess.set(tick.finishedMs / 1000);
  dueCandidates.set({ kind: 'event' }, report.decisions.length);
  dueCandidates.set({ kind: 'notice' }, report.notices?.length ?? 0);
}
