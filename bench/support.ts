// Small helpers shared by the benchmarks.
import pg from 'pg';

/** Runs one statement on a fresh connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs one setup step and prints how long it took. */
export async function step<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await f();
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}
