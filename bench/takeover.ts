// bench/takeover (issue 16, item 3): how long a killed worker's rows wait
// before another worker sends them. Real processes on PostgreSQL: `hado
// worker` A claims every row and sends them to a receiver that holds the
// POSTs unanswered; --hold seconds later (A's heartbeat has renewed the
// leases by then; less than the 15 s answer timeout, so they are still in
// flight) A is killed with SIGKILL, the receiver starts answering, and `hado
// worker` B — running all along — takes the rows over. Printed: rows B took
// before the kill (0: they are A's), the takeover time (kill → every row
// delivered again and recorded ok; the lease is 30 s) and the repeats by
// webhook-id.
//
//   DATABASE_URL=postgres://… npx tsx bench/takeover.ts [--rows 32] [--hold 12] [--runs 1]
//
// Needs `npm run build` (bin/hado.js runs dist/).
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { systemClock } from '../src/clock.ts';
import { toDate } from '../src/domain/time.ts';
import { queueRows, startFleet } from '../test/support/receivers.ts';
import { createTestStore } from '../test/support/store.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '32' },
    hold: { type: 'string', default: '12' },
    runs: { type: 'string', default: '1' },
  },
});
const ROWS = Number(args.rows);
const HOLD_MS = Number(args.hold) * 1000;
const BIN = path.resolve(import.meta.dirname, '../bin/hado.js');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function once(run: number): Promise<void> {
  const store = await createTestStore();
  if (!store.url) throw new Error('bench/takeover needs DATABASE_URL (several processes share the queue)');
  // The receiver: holds every POST until `answering`, then answers 200; counts arrivals per webhook-id.
  let answering = false;
  const arrivals = new Map<string, number>();
  const held: http.ServerResponse[] = [];
  const receiver = http.createServer((req, res) => {
    const id = String(req.headers['webhook-id']);
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
    req.resume();
    if (answering) res.writeHead(200).end('ok');
    else held.push(res);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // One user with a webhook channel and an event (a fleet of one), pointed at this receiver.
  const fleet = await startFleet(store.db, { healthy: 1, hanging: 0, failing: 0 }, 1);
  const channelId = fleet.channels[0]![0]!;
  await sql`UPDATE channels SET config = jsonb_build_object('deliver_url', ${url}::text) WHERE id = ${channelId}`.execute(store.db);
  await queueRows(store.db, [channelId], ROWS, toDate(systemClock.now()));
  const env = {
    ...process.env,
    DATABASE_URL: store.url,
    HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
    HADO_LOCAL_USER: '',
    LOG_LEVEL: 'error',
  };
  const worker = (name: string) => {
    const child = spawn(process.execPath, [BIN, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
    return child;
  };
  const a = worker('A');
  try {
    const started = performance.now();
    while (arrivals.size < ROWS) {
      if (performance.now() - started > 60_000) throw new Error(`worker A sent ${arrivals.size} of ${ROWS} rows in 60 s`);
      await sleep(20);
    }
    const b = worker('B');
    try {
      // A holds every row, its POSTs unanswered; its heartbeat renews their leases.
      await sleep(HOLD_MS);
      const before = [...arrivals.values()].filter((n) => n > 1).length;
      const killedAt = performance.now();
      a.kill('SIGKILL');
      answering = true;
      for (const res of held.splice(0)) res.socket?.destroy();
      const ok = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM deliveries WHERE result = 'ok'`.execute(store.db)).rows[0]!.n;
      while ((await ok()) < ROWS) await sleep(100);
      const seconds = (performance.now() - killedAt) / 1000;
      const repeats = [...arrivals.values()].filter((n) => n > 1).length;
      console.log(
        `run ${run}: ${ROWS} rows held by worker A for ${HOLD_MS / 1000} s (lease 30 s, heartbeat 10 s): B took ${before} of them meanwhile; ` +
          `A killed (SIGKILL) → B delivered and recorded all ${ROWS} in ${seconds.toFixed(1)} s; ` +
          `${repeats} delivered twice (same webhook-id: A's POSTs had arrived unanswered)`,
      );
    } finally {
      b.kill('SIGTERM');
    }
  } finally {
    a.kill('SIGKILL');
    receiver.closeAllConnections();
    receiver.close();
    await fleet.close();
    await store.dispose();
  }
}

for (let run = 1; run <= Number(args.runs); run++) await once(run);
