// bench/receivers (issue 16, item 2): what hanging and failing webhook
// receivers do to the healthy ones. Receivers on loopback — healthy ones,
// ones that take the POST and never answer, ones that answer 500 — each with
// a few users' webhook channels, and an outbox of due rows spread over them.
// One worker (production defaults) drains it; measured is each healthy row's
// latency, from the start of the drain to the POST's arrival: once with the
// healthy rows alone (the baseline), once with the bad receivers' rows among
// them. `--legacy` runs the second pass with the old worker's behaviour (no
// per-host limit, no slow lane, no breaker) for comparison.
//
//   DATABASE_URL=postgres://… npx tsx bench/receivers.ts [--receivers 50]
//       [--hanging 0.2] [--failing 0.1] [--channels 4] [--rows 10] [--legacy]
//
// Without DATABASE_URL it runs on in-memory PGlite.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { systemClock } from '../src/clock.ts';
import { toDate } from '../src/domain/time.ts';
import { measure, queueRows, type RunResult, startFleet } from '../test/support/receivers.ts';
import { createTestStore } from '../test/support/store.ts';

const { values: args } = parseArgs({
  options: {
    receivers: { type: 'string', default: '50' },
    hanging: { type: 'string', default: '0.2' },
    failing: { type: 'string', default: '0.1' },
    channels: { type: 'string', default: '4' },
    rows: { type: 'string', default: '10' },
    legacy: { type: 'boolean', default: false },
    timeout: { type: 'string', default: '120' },
  },
});

const total = Number(args.receivers);
const hanging = Math.round(total * Number(args.hanging));
const failing = Math.round(total * Number(args.failing));
const counts = { healthy: total - hanging - failing, hanging, failing };
const CHANNELS = Number(args.channels);
const ROWS = Number(args.rows);
/** The old worker: every delivery holds a place until it ends, nothing per host. */
const LEGACY = { perHost: 1_000_000, slowAfterMs: 1e9, breaker: { threshold: 1e9 } };

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** A quantile over every expected row: one that never arrived counts as later than all. */
const q = (r: RunResult, expected: number, at: number): string => {
  const i = Math.ceil(at * expected) - 1;
  return i < r.latencies.length ? s(r.latencies[i]!) : `> ${args.timeout} s`;
};
const line = (label: string, r: RunResult, expected: number) =>
  `${label.padEnd(44)} median ${q(r, expected, 0.5)}, p95 ${q(r, expected, 0.95)}` +
  (r.latencies.length < expected ? `  (only ${r.latencies.length} of ${expected} arrived within ${args.timeout} s)` : `, last ${s(r.totalMs)}`);

async function main(): Promise<void> {
  const store = await createTestStore();
  const fleet = await startFleet(store.db, counts, CHANNELS);
  try {
    const channelsOf = (kinds: string[]) => fleet.receivers.flatMap((r, i) => (kinds.includes(r.kind) ? fleet.channels[i]! : []));
    const healthyRows = channelsOf(['healthy']).length * ROWS;
    const allRows = channelsOf(['healthy', 'hanging', 'failing']).length * ROWS;
    console.log(
      `${store.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}: ` +
        `${total} receivers (${counts.healthy} healthy, ${hanging} hanging, ${failing} answering 500), ${CHANNELS} channels each, ` +
        `${ROWS} rows per channel: ${healthyRows} healthy rows of ${allRows}`,
    );
    const timeoutMs = Number(args.timeout) * 1000;
    await queueRows(store.db, channelsOf(['healthy']), ROWS, toDate(systemClock.now()));
    const baseline = await measure(store.db, fleet, healthyRows, { timeoutMs });
    console.log(line('healthy rows alone (baseline)', baseline, healthyRows));
    await queueRows(store.db, channelsOf(['healthy', 'hanging', 'failing']), ROWS, toDate(systemClock.now()));
    const mixed = await measure(store.db, fleet, healthyRows, { timeoutMs, ...(args.legacy ? LEGACY : {}) });
    console.log(line(`beside the bad receivers${args.legacy ? ' (legacy worker)' : ''}`, mixed, healthyRows));
    const ratio = mixed.latencies.length < healthyRows ? `> ${(timeoutMs / baseline.p95).toFixed(0)}` : (mixed.p95 / baseline.p95).toFixed(2);
    console.log(`p95 ratio: ${ratio}×; most requests a hanging receiver held at once: ${Math.max(...fleet.receivers.map((r) => r.maxHeld))}`);
  } finally {
    await fleet.close();
    await store.dispose();
  }
}

await main();
