// Prometheus metrics (SPEC D: ops). One registry for the process.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

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
