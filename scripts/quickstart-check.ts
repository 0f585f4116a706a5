// Runs docs/quickstart.md as a reader would: starts Hado on a fresh data
// directory (the page's `hado start`), then every other ```sh block in order
// in one bash session (`npx hado` is this checkout's bin/hado.js, the page's
// http://localhost:8080 this server), and checks each block's output against
// the `<!-- expect: regex -->` line under it. Exit 0 when every check holds.
// The reader's inbox tab stays open from step 4 (its heartbeat is sent as the
// page sends it), and it is noon in the reader's zone, so the reminder the
// page ends with is delivered whatever the hour the check runs at.
//   npx tsx scripts/quickstart-check.ts [docs/quickstart.md]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface Block {
  code: string;
  expect: RegExp | null;
}

/** The page's sh blocks, each with the expectation written under it. */
export function blocksOf(markdown: string): Block[] {
  const out: Block[] = [];
  const re = /```sh\n([\s\S]*?)```\n(?:<!-- expect: (.*?) -->)?/g;
  for (const m of markdown.matchAll(re)) out.push({ code: m[1]!, expect: m[2] ? new RegExp(m[2], 'm') : null });
  return out;
}

/**
 * A zone where it is about noon now (Etc/GMT-N is N hours east of UTC): a
 * reminder's window is open there (active hours are 09:00–22:00 by default),
 * so the page's delivery is checked whatever the hour the check runs at.
 */
export function noonZone(nowMs: number = Date.now()): string {
  const offset = 12 - new Date(nowMs).getUTCHours(); // -11 … +12
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): { done: Promise<{ code: number | null; out: string }>; kill: () => void; out: () => string } {
  const child = spawn(cmd, args, { env, cwd });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { done: new Promise((resolve) => child.on('close', (code) => resolve({ code, out }))), kill: () => child.kill('SIGTERM'), out: () => out };
}

export async function checkQuickstart(file = path.join(ROOT, 'docs/quickstart.md')): Promise<string[]> {
  const blocks = blocksOf(fs.readFileSync(file, 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-quickstart-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(DATABASE_URL|PORT|HOST|APP_URL|HADO_|TELEGRAM_|SLACK_|LOG_LEVEL)/.test(k)) env[k] = v;
  // Noon in the reader's zone (HADO_DEFAULT_TZ for Hado's users, TZ for `date`): the reminder's window is open.
  const zone = noonZone();
  Object.assign(env, { PORT: String(port), HADO_DATA_DIR: path.join(dir, 'hado-data'), LOG_LEVEL: 'warn', HADO_DEFAULT_TZ: zone, TZ: zone });
  const bin = path.join(ROOT, 'bin/hado.js');
  const server = run(process.execPath, [bin, 'start'], env, dir);
  const failures: string[] = [];
  try {
    for (let i = 0; !/Hado is running at/.test(server.out()); i++) {
      if (i > 1200) throw new Error(`hado start did not come up:\n${server.out()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const steps = blocks.filter((b) => !/hado start/.test(b.code));
    const script = [
      'set -eo pipefail',
      `npx() { if [ "$1" = hado ]; then shift; "${process.execPath}" "${bin}" "$@"; else command npx "$@"; fi; }`,
      ...steps.map((b, i) => `echo; echo "@@step ${i}"\n${b.code.replaceAll('http://localhost:8080', base)}`),
      'echo; echo "@@end"',
    ].join('\n');
    // The inbox tab the page has the reader keep open from step 4: its heartbeat, as the page sends it.
    const tab = setInterval(() => void fetch(`http://127.0.0.1:${port}/me/heartbeat`, { method: 'POST' }).catch(() => undefined), 15_000);
    const { code, out } = await run('bash', ['-c', script], env, dir).done.finally(() => clearInterval(tab));
    const parts = out.split(/^@@step (\d+)\n/m);
    const outputs = new Map<number, string>();
    for (let i = 1; i < parts.length; i += 2) outputs.set(Number(parts[i]), parts[i + 1]!.replace(/@@end\n?$/, ''));
    if (code !== 0 || !out.includes('@@end')) failures.push(`the commands stopped with exit code ${code}:\n${out}`);
    steps.forEach((b, i) => {
      const got = outputs.get(i);
      if (b.expect && (got === undefined || !b.expect.test(got))) failures.push(`step ${i + 1} (${b.code.split('\n')[0]}): expected ${b.expect}, got:\n${got ?? '(not run)'}`);
    });
  } finally {
    server.kill();
    await server.done;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return failures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const failures = await checkQuickstart(process.argv[2]);
  for (const f of failures) console.error(f);
  console.log(failures.length === 0 ? 'quickstart: every step answered as the page says' : `quickstart: ${failures.length} step(s) failed`);
  process.exit(failures.length === 0 ? 0 : 1);
}
