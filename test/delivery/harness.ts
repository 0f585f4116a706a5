// An app, its channels (the context's registry), presence cache, worker and scheduler tick on a test
// store with a fake clock — everything `hado start` runs, driven minute by
// minute by the test.
import { sql } from 'kysely';
import type { PresenceCache } from '../../src/channels/presence.ts';
import type { ChannelRegistry } from '../../src/channels/registry.ts';
import type { Db } from '../../src/db/connect.ts';
import { type Instant, Temporal } from '../../src/domain/time.ts';
import { presenceOf } from '../../src/runtime.ts';
import { runTick, type TickReport, windowConfigOf } from '../../src/scheduler/tick.ts';
import { Worker } from '../../src/worker/worker.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';

export interface Harness extends TestApp {
  channels: ChannelRegistry;
  presence: PresenceCache;
  worker: Worker;
  token: string;
  /** One scheduler tick at the clock's now, then the worker drains what is due. */
  tick(): Promise<TickReport>;
  /**
   * Ticks every minute from now until `until` (exclusive), collecting the
   * reports. By default minutes in which no tick can do anything are skipped:
   * a tick acts only on events whose next_check_at or next_transition_at has
   * come and on rows whose next_attempt_at has, so jumping to the earliest
   * of those is the same as ticking through. `everyMinute` ticks them all.
   */
  run(until: string | Instant, opts?: { everyMinute?: boolean }): Promise<TickReport[]>;
  /** Adds a webhook channel for `user` through the API; returns its id and secret. */
  addWebhook(user: string, deliverUrl: string, presenceUrl?: string): Promise<{ id: number; secret: string }>;
  put(events: unknown[]): Promise<void>;
}

/** The earliest moment any tick could act, or null when nothing is scheduled. */
async function nextActivity(db: Db): Promise<Instant | null> {
  const res = await sql<{ next: Date | null }>`
    SELECT LEAST(
      (SELECT min(next_check_at) FROM events WHERE state IN ('preparing', 'today', 'overdue')),
      (SELECT min(next_transition_at) FROM events),
      (SELECT min(next_attempt_at) FROM deliveries WHERE result = 'pending')) AS next`.execute(db);
  const next = res.rows[0]?.next;
  return next ? Temporal.Instant.fromEpochMilliseconds(new Date(next).getTime()) : null;
}

export async function createHarness(opts: { now: string; env?: Record<string, string> }): Promise<Harness> {
  const t = await createTestApp({
    now: opts.now,
    // The fake receivers listen on loopback, which the outbound policy refuses unless allowed (README, Configuration).
    env: { APP_URL: 'https://hado.example.org', HADO_PRESENCE_TIMEOUT: '0.3', LOG_LEVEL: 'silent', ...ALLOW_LOOPBACK, ...opts.env },
  });
  // The process's one registry and presence cache, as `hado start` builds them.
  const { channels } = t.ctx;
  const presence = presenceOf(t.ctx, { recordHealth: true });
  const worker = new Worker({ db: t.store.db, clock: t.clock, channels, appUrl: t.config.appUrl });
  const cfg = windowConfigOf(t.config);
  const token = await createSource(t, 'docs');
  const h: Harness = {
    ...t,
    channels,
    presence,
    worker,
    token,
    async tick() {
      const report = await runTick(t.store.db, t.clock.now(), { presence, cfg });
      await worker.drain();
      // The channels' upkeep the drain started (Expo's receipts), finished before the clock moves on.
      await worker.maintain();
      return report;
    },
    async run(until, opts = {}) {
      const end = typeof until === 'string' ? Temporal.Instant.from(until) : until;
      const reports: TickReport[] = [];
      while (Temporal.Instant.compare(t.clock.now(), end) < 0) {
        reports.push(await h.tick());
        t.clock.advance({ minutes: 1 });
        if (opts.everyMinute) continue;
        const next = (await nextActivity(t.store.db)) ?? end;
        if (Temporal.Instant.compare(next, t.clock.now()) > 0) {
          // Ticks run on whole minutes: the first one at or after the activity.
          const ms = Math.ceil(next.epochMilliseconds / 60_000) * 60_000;
          const to = Temporal.Instant.fromEpochMilliseconds(Math.min(ms, end.epochMilliseconds));
          if (Temporal.Instant.compare(to, t.clock.now()) > 0) t.clock.set(to);
        }
      }
      return reports;
    },
    async addWebhook(user, deliverUrl, presenceUrl) {
      const config: Record<string, string> = { deliver_url: deliverUrl };
      if (presenceUrl) config.presence_url = presenceUrl;
      const res = await call(t, 'POST', '/me/channels', { user, body: { type: 'webhook', config } });
      if (res.status !== 201) throw new Error(`add webhook: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.channel.id, secret: res.body.secret };
    },
    async put(events) {
      const res = await call(t, 'PUT', '/api/events', { token, body: { events } });
      if (res.status !== 200) throw new Error(`put: ${res.status} ${JSON.stringify(res.body)}`);
    },
  };
  return h;
}
