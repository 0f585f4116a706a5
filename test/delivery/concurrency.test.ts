// Races that need several connections, on real PostgreSQL only (skipped on
// PGlite, which has one): two schedulers ticking at once, three workers
// draining one queue, and a worker killed with deliveries in flight. In
// every case: no duplicate delivery row, no lost one, and the receiver
// accepts each webhook-id exactly once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { openStore, type Store } from '../../src/db/connect.ts';
import { Temporal } from '../../src/domain/time.ts';
import { runTick, windowConfigOf } from '../../src/scheduler/tick.ts';
import { Worker } from '../../src/worker/worker.ts';
import { onPostgres } from '../support/store.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { createHarness, type Harness } from './harness.ts';

const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();

const USERS = 150;
const EVENTS_PER_USER = 4;
/** Rows the killed worker holds (fewer than the 64 sockets a process keeps per receiver). */
const DOOMED = 50;

interface Sink {
  url: string;
  /** webhook-ids answered 200, in order. */
  accepted: string[];
  /** Every POST that arrived, answered or not. */
  arrived: string[];
  /** While true, POSTs get no answer (a worker's requests in flight when it dies). */
  hold: boolean;
  /** Drops the held requests as a dead process's sockets would be. */
  dropHeld(): void;
  close(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const held: http.ServerResponse[] = [];
  const sink: Sink = {
    url: '',
    accepted: [],
    arrived: [],
    hold: false,
    dropHeld: () => {
      for (const res of held.splice(0)) res.socket?.destroy();
    },
    close: async () => {
      sink.dropHeld();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"present":true}');
      const id = String(req.headers['webhook-id']);
      sink.arrived.push(id);
      if (sink.hold) {
        held.push(res);
        return;
      }
      sink.accepted.push(id);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sink;
}

describe.skipIf(!onPostgres)('concurrency on PostgreSQL', () => {
  let h: Harness;
  let sink: Sink;
  const extra: Store[] = [];
  const connect = async () => {
    const s = await openStore({ databaseUrl: h.store.url!, poolSize: 5 });
    extra.push(s);
    return s;
  };

  beforeAll(async () => {
    // The harness's 0.3 s presence timeout is for tests of a hanging endpoint; here 150 asks to one
    // local receiver under a loaded CI machine can take longer, and a late answer is `unknown` (waiting).
    h = await createHarness({ now: madrid('2026-08-14T10:00'), env: { ...ALLOW_LOOPBACK, HADO_PRESENCE_TIMEOUT: '5' } });
    sink = await startSink();
    const events = [];
    for (let u = 0; u < USERS; u++) {
      await h.addWebhook(`user${u}`, `${sink.url}/deliver`, `${sink.url}/presence`);
      for (let e = 0; e < EVENTS_PER_USER; e++) {
        events.push({ user: `user${u}`, source_ref: `u${u}:e${e}`, due_at: '2026-08-14', payload: { title: `event ${e}` } });
      }
    }
    for (let i = 0; i < events.length; i += 500) await h.put(events.slice(i, i + 500));
  }, 120_000);

  afterAll(async () => {
    for (const s of extra) await s.close();
    await sink.close();
    await h.close();
  });

  const webhookRows = () =>
    h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['deliveries.id', 'deliveries.event_id', 'deliveries.window_start', 'deliveries.result', 'deliveries.attempts', 'deliveries.created_at'])
      .where('channels.type', '=', 'webhook')
      .orderBy('deliveries.id')
      .execute();

  it('two schedulers ticking at the same moments: one delivery round per event and window', async () => {
    const schedulers = await Promise.all(
      [0, 1].map(async () => ({
        store: await connect(),
        presence: new PresenceCache(h.channels, { timeoutMs: 2000 }),
      })),
    );
    const cfg = windowConfigOf(h.config);
    for (const at of ['11:00', '11:01', '11:02', '12:00', '12:01']) {
      h.clock.set(madrid(`2026-08-14T${at}`));
      const reports = await Promise.all(schedulers.map((s) => runTick(s.store.db, h.clock.now(), { presence: s.presence, cfg })));
      const delivered = reports.flatMap((r) => r.decisions ?? []).filter((d) => d.why === 'present');
      expect(delivered).toHaveLength(at.endsWith(':00') ? USERS * EVENTS_PER_USER : 0);
    }
    const rows = await webhookRows();
    expect(rows).toHaveLength(2 * USERS * EVENTS_PER_USER);
    const rounds = new Map<string, Set<number>>();
    for (const r of rows) {
      const key = `${r.event_id}@${r.window_start.toISOString()}`;
      rounds.set(key, (rounds.get(key) ?? new Set()).add(r.created_at.getTime()));
    }
    expect(rounds.size).toBe(2 * USERS * EVENTS_PER_USER);
    expect([...rounds.values()].every((s) => s.size === 1)).toBe(true);
  }, 120_000);

  it('three workers drain one queue: every row sent once and recorded ok', async () => {
    const workers = await Promise.all(
      [0, 1, 2].map(async () => new Worker({ db: (await connect()).db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl, concurrency: 16 })),
    );
    const handled = await Promise.all(workers.map((w) => w.drain()));
    const rows = await webhookRows();
    expect(handled.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(rows.every((r) => r.result === 'ok' && r.attempts === 1)).toBe(true);
    expect(sink.accepted).toHaveLength(rows.length);
    expect(new Set(sink.accepted)).toEqual(new Set(rows.map((r) => String(r.id))));
  }, 120_000);

  it('a worker killed with deliveries in flight: after the lease the others send its rows; nothing lost, nothing twice', async () => {
    sink.accepted.length = 0;
    sink.arrived.length = 0;
    h.clock.set(madrid('2026-08-14T13:00'));
    const report = await runTick(h.store.db, h.clock.now(), {
      presence: new PresenceCache(h.channels, { timeoutMs: 2000 }),
      cfg: windowConfigOf(h.config),
    });
    expect(report.decisions?.filter((d) => d.why === 'present')).toHaveLength(USERS * EVENTS_PER_USER);
    // The doomed worker claims a batch and sends it; the receiver holds the requests unanswered.
    const doomed = new Worker({ db: (await connect()).db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl });
    sink.hold = true;
    const claimed = await doomed.claim(DOOMED);
    expect(claimed).toHaveLength(DOOMED);
    const inFlight = claimed.map((row) => doomed.process(row));
    while (sink.arrived.length < DOOMED) await new Promise((r) => setTimeout(r, 20));
    // It dies: its requests are never answered. Two workers carry on.
    sink.hold = false;
    const others = await Promise.all(
      [0, 1].map(async () => new Worker({ db: (await connect()).db, clock: h.clock, channels: h.channels, appUrl: h.config.appUrl })),
    );
    const first = await Promise.all(others.map((w) => w.drain()));
    expect(first.reduce((a, b) => a + b, 0)).toBe(USERS * EVENTS_PER_USER - DOOMED);
    // Its rows are leased: nothing happens to them before the lease ends (30 s; nobody renews it now).
    h.clock.set(madrid('2026-08-14T13:00:29'));
    expect((await Promise.all(others.map((w) => w.drain()))).reduce((a, b) => a + b, 0)).toBe(0);
    h.clock.set(madrid('2026-08-14T13:00:30'));
    expect((await Promise.all(others.map((w) => w.drain()))).reduce((a, b) => a + b, 0)).toBe(DOOMED);
    // The dead worker's sockets go away; its late results are fenced off.
    sink.dropHeld();
    await Promise.all(inFlight);
    const rows = (await webhookRows()).filter((r) => r.window_start.toISOString() === new Date(madrid('2026-08-14T13:00')).toISOString());
    expect(rows).toHaveLength(USERS * EVENTS_PER_USER);
    expect(rows.every((r) => r.result === 'ok')).toBe(true);
    const reclaimed = new Set(claimed.map((c) => c.id));
    expect(rows.filter((r) => reclaimed.has(r.id)).every((r) => r.attempts === 2)).toBe(true);
    // The receiver accepted every webhook-id exactly once (the dead worker's copies were never answered).
    expect(sink.accepted).toHaveLength(rows.length);
    expect(new Set(sink.accepted)).toEqual(new Set(rows.map((r) => String(r.id))));
    const stillPending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM deliveries WHERE result = 'pending'`.execute(h.store.db);
    expect(stillPending.rows[0]!.n).toBe(0);
  }, 120_000);
});
