// Running `hado` as a user does: `node bin/hado.js …` in a child process,
// on a backend of its own — a temporary HADO_DATA_DIR (embedded PGlite), or
// a fresh database on the server when DATABASE_URL is set.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore, type Store } from '../../src/db/connect.ts';
import { onPostgres } from './store.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/hado.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliBackend {
  /** The embedded data directory (also created on PostgreSQL, for files the test writes). */
  dataDir: string;
  databaseUrl: string | null;
  /** The environment of a child: this backend only, nothing inherited from the developer's shell. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Runs a command to its end. */
  hado(args: string[], extra?: Record<string, string>): Promise<Run>;
  /** Starts a long-running command (start, worker, …). */
  spawn(args: string[], extra?: Record<string, string>): Running;
  /** Opens the backend's store (on PGlite only while no child holds it). */
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

export interface Running {
  child: ChildProcessWithoutNullStreams;
  /** Everything written so far, stdout and stderr. */
  output(): string;
  /** Resolves with the first match of the pattern in the output. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(DATABASE_URL|PORT|HOST|APP_URL|HADO_|TELEGRAM_|LOG_LEVEL)/.test(k)) base[k] = v;
  }
  return { ...base, LOG_LEVEL: 'warn', ...extra };
}

export function runProcess(command: string, args: string[], opts: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd ?? ROOT, env: opts.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts a long-running process. With `group`, it leads a process group of its
 * own and stop() signals the whole group (a wrapper such as npx does not pass
 * signals on to the program it runs).
 */
export function startProcess(command: string, args: string[], opts: { cwd?: string; env: NodeJS.ProcessEnv; group?: boolean }): Running {
  const child = spawn(command, args, { cwd: opts.cwd ?? ROOT, env: opts.env, detached: opts.group === true });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d;
    for (const l of listeners) l();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    waitFor: (pattern, timeoutMs = 90_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) {
            done();
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${out}`));
        }, timeoutMs);
        const onExit = (code: number | null) => {
          done();
          reject(new Error(`exited with ${code} before ${pattern}; output:\n${out}`));
        };
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      }),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        if (opts.group && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      }
      return exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export async function createCliBackend(prefix = 'hado-cli-'): Promise<CliBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let databaseUrl: string | null = null;
  let dbName: string | null = null;
  if (onPostgres) {
    dbName = `hado_cli_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env = (extra: Record<string, string> = {}) => cleanEnv({ ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { HADO_DATA_DIR: dataDir }), ...extra });
  return {
    dataDir,
    databaseUrl,
    env,
    hado: (args, extra) => runProcess(process.execPath, [BIN, ...args], { env: env(extra) }),
    spawn: (args, extra) => startProcess(process.execPath, [BIN, ...args], { env: env(extra) }),
    open: () => openStore(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir }),
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}
