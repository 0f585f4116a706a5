// A fleet of webhook receivers on loopback — healthy ones, ones that hang
// (accept the POST and never answer) and ones that answer 500 — and an
// outbox full of rows for them, to measure what bad receivers do to the
// healthy ones' latency (issue 16). Used by test/delivery/bad-receivers.test.ts
// and bench/receivers.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { webhookChannel } from '../../src/channels/webhook/channel.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import { type Clock, systemClock } from '../../src/clock.ts';
import { parseBatch } from '../../src/core/event-input.ts';
import { upsertBatch } from '../../src/core/events.ts';
import { createSource } from '../../src/core/sources.ts';
import { newWebhookSecret } from '../../src/channels/webhook/channel.ts';
import { insertChannel } from '../../src/db/channels.ts';
import type { Db } from '../../src/db/connect.ts';
import { ensureUsers } from '../../src/db/users.ts';
import { Worker, type WorkerOptions } from '../../src/worker/worker.ts';
import { loopbackOutbound } from './outbound.ts';

export type Kind = 'healthy' | 'hanging' | 'failing';

export interface Receiver {
  kind: Kind;
  url: string;
  /** webhook-id → performance.now() of the POST's arrival. */
  arrivals: Map<string, number>;
  server: http.Server;
  /** Unanswered requests of a hanging receiver. */
  held: http.ServerResponse[];
  /** A hanging receiver cuts requests at once (the measurement is over). */
  cut: boolean;
  /** The most requests a hanging receiver held at once. */
  maxHeld: number;
}

async function startReceiver(kind: Kind): Promise<Receiver> {
  const r: Receiver = { kind, url: '', arrivals: new Map(), server: http.createServer(), held: [], cut: false, maxHeld: 0 };
  r.server.on('request', (req, res) => {
    r.arrivals.set(String(req.headers['webhook-id']), performance.now());
    req.resume();
    if (kind === 'hanging' && r.cut) res.socket?.destroy();
    else if (kind === 'hanging') {
      r.held.push(res);
      r.maxHeld = Math.max(r.maxHeld, r.held.length);
    } else if (kind === 'failing') res.writeHead(500).end('down for maintenance');
    else res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
  return r;
}

export interface Fleet {
  receivers: Receiver[];
  /** Channel ids per receiver, in the order of `receivers`. */
  channels: number[][];
  close(): Promise<void>;
}

/**
 * Starts the receivers (healthy, then hanging, then failing) and gives each
 * `channelsPerReceiver` users with a webhook channel to it and one event.
 */
export async function startFleet(db: Db, counts: Record<Kind, number>, channelsPerReceiver: number, clock: Clock = systemClock): Promise<Fleet> {
  const kinds: Kind[] = [
    ...Array<Kind>(counts.healthy).fill('healthy'),
    ...Array<Kind>(counts.hanging).fill('hanging'),
    ...Array<Kind>(counts.failing).fill('failing'),
  ];
  const receivers = await Promise.all(kinds.map(startReceiver));
  const now = new Date(clock.now().epochMilliseconds);
  const source = await createSource(db, clock, `fleet-${Math.floor(Math.random() * 1e9)}`);
  const logins = receivers.flatMap((_r, i) => Array.from({ length: channelsPerReceiver }, (_x, k) => `fleet-${source.id}-${i}-${k}`));
  const users = await ensureUsers(db, logins, { tz: 'UTC', locale: 'en' }, now);
  const channels: number[][] = receivers.map(() => []);
  // Round-robin over the receivers, so channel ids (and the rows ordered by them) interleave the kinds.
  for (let k = 0; k < channelsPerReceiver; k++) {
    for (const [i, r] of receivers.entries()) {
      const userId = users.get(`fleet-${source.id}-${i}-${k}`)!.id;
      const row = await insertChannel(db, { userId, type: 'webhook', config: { deliver_url: r.url }, secret: newWebhookSecret(), now });
      channels[i]!.push(row.id);
    }
  }
  const due = new Date(now.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < logins.length; i += 500) {
    const batch = logins.slice(i, i + 500).map((user) => ({ user, source_ref: user, due_at: due, payload: { title: 'Fleet check' } }));
    await upsertBatch(db, clock, { tz: 'UTC', locale: 'en' }, source.id, parseBatch(batch));
  }
  return {
    receivers,
    channels,
    close: async () => {
      for (const r of receivers) {
        for (const res of r.held.splice(0)) res.socket?.destroy();
        r.server.closeAllConnections();
        await new Promise<void>((resolve) => r.server.close(() => resolve()));
      }
    },
  };
}

let round = 0;

/**
 * Writes `rowsPerChannel` due rows for each of `channelIds` (each in a window
 * of its own), ordered so consecutive rows go to different receivers.
 * Returns the new rows' ids.
 */
export async function queueRows(db: Db, channelIds: number[], rowsPerChannel: number, now: Date): Promise<number[]> {
  const base = new Date(Date.UTC(2000, 0, 1) + ++round * 86_400_000);
  const res = await sql<{ id: number }>`
    INSERT INTO deliveries (event_id, channel_id, window_start, action_token, action_token_hash, next_attempt_at, round, created_at)
    SELECT event_id, channel_id, window_start, tok, encode(sha256(convert_to(tok, 'UTF8')), 'hex'), ${now}, round, ${now}
    FROM (SELECT e.id AS event_id, c.id AS channel_id, ${base}::timestamptz + k * interval '1 minute' AS window_start,
                 md5(random()::text || c.id || '.' || k) AS tok, e.round, k
          FROM channels c JOIN events e ON e.user_id = c.user_id CROSS JOIN generate_series(1, ${rowsPerChannel}) k
          WHERE c.id = ANY(${channelIds}::bigint[])) t
    ORDER BY k, channel_id
    RETURNING id`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

/** The webhook channel only, sending to loopback with the production timeouts. */
export function loopbackChannels(clock: Clock = systemClock): ChannelRegistry {
  return new ChannelRegistry().register(webhookChannel({ clock, presenceTimeoutMs: 2000, outbound: loopbackOutbound() }));
}

export interface RunResult {
  /** Milliseconds from the start of the drain to each healthy row's arrival, sorted. */
  latencies: number[];
  median: number;
  p95: number;
  /** Time until the last healthy row arrived. */
  totalMs: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/**
 * One worker drains the queue; resolves once every healthy row has arrived
 * (or `timeoutMs` passed), with the healthy rows' latencies. The hanging
 * receivers' requests are then cut, so the drain ends quickly.
 */
export async function measure(db: Db, fleet: Fleet, healthyRows: number, opts: Partial<WorkerOptions> & { timeoutMs?: number } = {}): Promise<RunResult> {
  const healthy = fleet.receivers.filter((r) => r.kind === 'healthy');
  for (const r of fleet.receivers) {
    r.arrivals.clear();
    r.cut = false;
    r.maxHeld = 0;
  }
  const worker = new Worker({ db, clock: systemClock, channels: loopbackChannels(), appUrl: 'https://hado.example.org', ...opts });
  const start = performance.now();
  const draining = worker.drain();
  const deadline = start + (opts.timeoutMs ?? 60_000);
  const arrived = () => healthy.reduce((n, r) => n + r.arrivals.size, 0);
  while (arrived() < healthyRows && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const latencies = healthy.flatMap((r) => [...r.arrivals.values()].map((at) => at - start)).sort((a, b) => a - b);
  // Cut the hanging requests: their deliveries fail fast (and are retried later) and the drain ends.
  for (const r of fleet.receivers) {
    r.cut = true;
    for (const res of r.held.splice(0)) res.socket?.destroy();
  }
  await draining;
  await worker.stop();
  return { latencies, median: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), totalMs: latencies.at(-1) ?? Number.NaN };
}
