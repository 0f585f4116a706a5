// Prometheus metrics (SPEC D: ops). One registry for the process.
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

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
