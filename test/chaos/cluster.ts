// A PostgreSQL cluster of the chaos suite's own (pg_createcluster on a free
// port), so it can be restarted and stopped mid-drain without touching the
// shared server on 5432. Needs the Debian/Ubuntu postgresql-common tools and
// root (or password-less sudo); otherwise `ownCluster` says why it cannot.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';

export const CLUSTER_NAME = 'hado_chaos';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The newest modification time under a directory, in ms (as bin/hado.js sees it). */
function newest(dir: string): number {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) max = Math.max(max, fs.statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  }
  return max;
}

/**
 * The chaos runs start dozens of processes: from a stale dist/ each would
 * compile src/ through tsx first (seconds of CPU each). Build once instead.
 */
export function ensureBuilt(): void {
  const stamp = `${ROOT}dist/BUILD`;
  if (fs.existsSync(stamp) && newest(`${ROOT}src`) <= fs.statSync(stamp).mtimeMs) return;
  console.log('chaos: dist/ is older than src/: building it first (npm run build)');
  execFileSync(process.execPath, [`${ROOT}scripts/build.js`], { stdio: 'inherit' });
}

export interface Cluster {
  version: string;
  port: number;
  /** The URL of a database in it (created by `createDatabase`). */
  url(db: string): string;
  createDatabase(db: string): Promise<void>;
  /** `pg_ctlcluster … restart` (fast: every connection is terminated, 57P01). */
  restart(): void;
  stop(): void;
  start(): void;
  /** Stops and removes the cluster. */
  drop(): void;
}

function run(cmd: string[], sudo: boolean): string {
  const [file, ...args] = sudo ? ['sudo', '-n', ...cmd] : cmd;
  return execFileSync(file!, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function waitReady(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (true) {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => {});
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** A fresh cluster on a free port from `preferredPort` up, started; or the reason there cannot be one. */
export async function ownCluster(preferredPort = 55432): Promise<Cluster | { skip: string }> {
  const hasTools = ['/usr/bin/pg_createcluster', '/usr/bin/pg_ctlcluster', '/usr/bin/pg_dropcluster'].every((f) => fs.existsSync(f));
  if (!hasTools) return { skip: 'pg_createcluster/pg_ctlcluster are not installed (Debian postgresql-common)' };
  let sudo = false;
  if (process.getuid?.() !== 0) {
    try {
      run(['true'], true);
      sudo = true;
    } catch {
      return { skip: 'creating a PostgreSQL cluster needs root or password-less sudo' };
    }
  }
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)) : [];
  const version = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!version) return { skip: 'no PostgreSQL server binaries under /usr/lib/postgresql' };
  const ctl = (action: string) => run(['pg_ctlcluster', '--skip-systemctl-redirect', version, CLUSTER_NAME, action], sudo);
  try {
    // A cluster left by an earlier run that was killed: start from scratch.
    if (fs.existsSync(`/etc/postgresql/${version}/${CLUSTER_NAME}`)) run(['pg_dropcluster', '--stop', version, CLUSTER_NAME], sudo);
    let port = preferredPort;
    while (!(await portFree(port))) port++;
    run(['pg_createcluster', version, CLUSTER_NAME, '-p', String(port), '--', '--auth=trust'], sudo);
    ctl('start');
    const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
    await waitReady(url('postgres'));
    return {
      version,
      port,
      url,
      createDatabase: async (db) => {
        const c = new pg.Client({ connectionString: url('postgres') });
        await c.connect();
        await c.query(`CREATE DATABASE ${db}`);
        await c.end();
      },
      restart: () => void ctl('restart'),
      stop: () => void ctl('stop'),
      start: () => void ctl('start'),
      drop: () => {
        try {
          run(['pg_dropcluster', '--stop', version, CLUSTER_NAME], sudo);
        } catch {
          // Already gone.
        }
      },
    };
  } catch (e) {
    return { skip: `could not create a PostgreSQL cluster: ${(e as Error).message.split('\n')[0]}` };
  }
}
