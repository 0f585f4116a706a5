// Start-up time of `hado start`: from spawning the process to the first
// `200` from /healthz, on embedded PGlite. "cold" is a fresh data directory
// (PGlite creates the cluster and every migration runs); "warm" is a data
// directory that already holds the schema (an ordinary restart).
//
//   npm run bench:startup                      (node bin/hado.js start)
//   npm run bench:startup -- --runs 7 -- node /path/to/other/bin/hado.js start
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
const command = positionals.length > 0 ? positionals : [process.execPath, path.join(ROOT, 'bin/hado.js'), 'start'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawn to the first 200 on /healthz; the process is stopped (SIGTERM) afterwards. */
async function once(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, HADO_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    while (true) {
      if (child.exitCode !== null) throw new Error(`hado exited with ${child.exitCode} before answering`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

console.log(`hado start → first /healthz 200, ${runs} runs each: ${command.join(' ')}`);
for (const kind of ['cold', 'warm'] as const) {
  const times: number[] = [];
  const warmDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-bench-startup-'));
  if (kind === 'warm') await once(warmDir);
  for (let i = 0; i < runs; i++) {
    const dir = kind === 'warm' ? warmDir : fs.mkdtempSync(path.join(os.tmpdir(), 'hado-bench-startup-'));
    times.push(await once(dir));
    if (kind === 'cold') fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.rmSync(warmDir, { recursive: true, force: true });
  console.log(`  ${kind}: median ${fmt(median(times))}, min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))}`);
}
