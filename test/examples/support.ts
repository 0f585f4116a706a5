// Runs an example as a user would (`node examples/x/y.js`, `python3 …`)
// against a real Hado listening on a random port (embedded PGlite, or the
// suite's PostgreSQL), and collects what it prints.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ExampleHado extends TestApp {
  url: string;
  token: string;
}

/** A Hado on a random port whose clock starts at the real now (the examples compute their dates from it), users in UTC. */
export async function startHado(env: Record<string, string> = {}): Promise<ExampleHado> {
  const t = await createTestApp({ now: new Date().toISOString(), env: { HADO_DEFAULT_TZ: 'UTC', ...env } });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, url, token: await createSource(t, 'examples') };
}

/**
 * How `hado/client` resolves for an example: the built client (dist/, what a
 * package user gets) when there is one, else the TypeScript source through
 * tsx (a checkout that has not been built).
 */
function nodeArgs(): string[] {
  if (existsSync(`${ROOT}dist/client/index.js`)) return [];
  return ['--conditions=hado-source', '--import', 'tsx'];
}

export async function runExample(
  command: 'node' | 'python3',
  file: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const args = command === 'node' ? [...nodeArgs(), file] : [file];
  const child = spawn(command === 'node' ? process.execPath : 'python3', args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/**
 * Skips a test that needs python3 when it is missing — except under CI
 * (`CI` set), where .ci/run installs it: there a missing python3 fails the
 * test rather than letting the Python examples skip silently.
 */
export async function needPython(ctx: { skip: (note?: string) => never }, what: string): Promise<void> {
  if (await hasPython()) return;
  const note = `python3 is not on this machine: ${what}`;
  if (process.env.CI) throw new Error(`${note} (CI is set, so this fails instead of skipping)`);
  ctx.skip(note);
}

/** Whether python3 is on this machine. */
export async function hasPython(): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn('python3', ['--version'], { stdio: 'ignore' });
    p.on('error', () => resolve(false));
    p.on('close', (code) => resolve(code === 0));
  });
}
