// hado backup / hado restore: the embedded store's snapshot (src/db/backup.ts),
// taken through the running server when it holds the data directory. Both
// tell each step on stdout, and the long one (compressing, unpacking) in
// steps of PROGRESS_STEP_PERCENT. A PostgreSQL server is backed up with its
// own pg_dump / pg_restore: the commands say so and print the command to run.
import fs from 'node:fs';
import path from 'node:path';
import { adminError, requestAdminSocket } from '../admin/socket.ts';
import { type Config, loadConfig, storageLabel } from '../config.ts';
import {
  assertRestorable,
  describeSummary,
  gzipSnapshot,
  hasEmbeddedDatabase,
  isGzip,
  type Progress,
  restoreEmbedded,
  type StoreSummary,
  snapshotEmbedded,
} from '../db/backup.ts';
import { openStore } from '../db/connect.ts';
import { ConfigError } from '../errors.ts';
import { defineCommand } from './command.ts';
import { viaStoreOrServer } from './via-server.ts';

/** A snapshot of a large store can take a while to read and compress. */
const SNAPSHOT_TIMEOUT_MS = 10 * 60_000;

const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
const size = (n: number): string => (n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
const seconds = (t0: number): string => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const mb = (n: number): string => (n / 1024 / 1024).toFixed(1);

/** A long step is told each time it passes another this many percent (and at its end). */
const PROGRESS_STEP_PERCENT = 20;

/** Prints `  <what>: 40% (16.0 of 40.1 MB)` each time another PROGRESS_STEP_PERCENT of the bytes is done. */
export function progressLines(what: string, print: (line: string) => void = console.log): Progress {
  let told = 0;
  return (done, total) => {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const step = percent >= 100 ? 100 : percent - (percent % PROGRESS_STEP_PERCENT);
    if (step <= told) return;
    told = step;
    print(`  ${what}: ${step}% (${mb(done)} of ${mb(total)} MB)`);
  };
}

/**
 * The database URL as pg_dump / pg_restore should get it: without its password. A password in
 * the URI (even masked) is used as it is, and PGPASSWORD or ~/.pgpass would never be asked;
 * so it goes, from the user info and from a `password` parameter, and everything else stays.
 */
export function urlWithoutPassword(raw: string): string {
  try {
    const u = new URL(raw);
    u.password = '';
    u.searchParams.delete('password');
    return u.toString();
  } catch {
    return 'postgres://USER@HOST:PORT/DATABASE';
  }
}

/** With DATABASE_URL: PostgreSQL's own tools are the way; say so and print the command (stdout), exit 1. */
function explainPostgres(config: Config, tool: 'pg_dump' | 'pg_restore', file: string): number {
  const url = quote(urlWithoutPassword(config.databaseUrl!));
  const command =
    tool === 'pg_dump' ? `pg_dump --format=custom --file=${quote(file)} ${url}` : `pg_restore --no-owner --exit-on-error --dbname=${url} ${quote(file)}`;
  console.error(
    `hado: with DATABASE_URL the data lives in PostgreSQL, and ${tool} is the tool: nothing was ${tool === 'pg_dump' ? 'written' : 'restored'}.\n` +
      (tool === 'pg_restore' ? 'Restore into an empty database, then run "hado migrate". ' : '') +
      'The password is left out of the command below: supply it through PGPASSWORD or ~/.pgpass. The command:',
  );
  console.log(command);
  return 1;
}

async function backup(file: string, force: boolean): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) return explainPostgres(config, 'pg_dump', file);
  if (!hasEmbeddedDatabase(config.dataDir)) {
    throw new ConfigError(`There is no embedded database in ${path.resolve(config.dataDir)} (HADO_DATA_DIR): nothing to back up.`);
  }
  if (fs.existsSync(file) && !force) throw new ConfigError(`${file} already exists: choose another name, or pass --force to replace it.`);
  const t0 = performance.now();
  console.log(`Taking a snapshot of ${storageLabel(config)}…`);
  const snapshot = await viaStoreOrServer(
    async () => ({ store: await openStore({ dataDir: config.dataDir }) }),
    ({ store }) => snapshotEmbedded(store),
    async (socket, busy) => {
      console.log(`  through the running Hado (pid ${busy.owner}), which holds the directory`);
      const answer = await requestAdminSocket(socket, 'POST', '/backup', { timeoutMs: SNAPSHOT_TIMEOUT_MS });
      if (answer.status >= 400) throw adminError(answer);
      return { tar: answer.body, summary: JSON.parse(String(answer.headers['x-hado-summary'])) as StoreSummary };
    },
  );
  console.log(`  copied the data directory (${mb(snapshot.tar.length)} MB): ${describeSummary(snapshot.summary)}`);
  // A server of an older version compressed the snapshot itself.
  const bytes = isGzip(snapshot.tar) ? snapshot.tar : await gzipSnapshot(snapshot.tar, progressLines('compressing'));
  // Written aside and renamed: an interrupted backup never leaves a truncated file under the name.
  // Owner-only: the snapshot holds webhook secrets and token hashes.
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, bytes, { mode: 0o600 });
  fs.renameSync(partial, file);
  console.log(`Wrote ${size(bytes.length)} to ${file} in ${seconds(t0)}: ${describeSummary(snapshot.summary)}.`);
  return 0;
}

async function restore(file: string): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) return explainPostgres(config, 'pg_restore', file);
  assertRestorable(config.dataDir);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    throw new ConfigError(`Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const t0 = performance.now();
  console.log(`Restoring ${file} (${size(bytes.length)}) into ${path.resolve(config.dataDir)}…`);
  const summary = await restoreEmbedded(config.dataDir, bytes, {
    unpacking: progressLines('unpacking'),
    opening: () => console.log('  opening the restored database (it replays its write-ahead log, as after a crash)…'),
  });
  console.log(`Restored in ${seconds(t0)}: ${describeSummary(summary)}.`);
  if (summary.pendingMigrations > 0) console.log('"hado start" (or "hado migrate") brings the schema up to date.');
  return 0;
}

export const backupCommand = defineCommand({
  name: 'backup',
  summary: 'write a consistent snapshot of the embedded database to a file',
  description:
    'Writes a consistent snapshot of the embedded database (HADO_DATA_DIR) to FILE, a gzipped tarball readable by its owner only.\n' +
    'Works whether Hado is running (through its admin socket) or stopped. With DATABASE_URL, prints the pg_dump command instead.',
  args: [{ name: 'file', doc: 'where to write the snapshot, e.g. hado-$(date +%F).tar.gz' }],
  options: { force: { type: 'boolean', doc: 'replace FILE if it exists' } },
  run: ({ args, values }) => backup(args[0]!, values.force),
});

export const restoreCommand = defineCommand({
  name: 'restore',
  summary: 'restore a snapshot into an empty data directory',
  description:
    'Restores a snapshot written by "hado backup" into HADO_DATA_DIR, which must be empty or missing (a restore never overwrites data).\n' +
    'With DATABASE_URL, prints the pg_restore command instead.',
  args: [{ name: 'file', doc: 'a snapshot written by "hado backup"' }],
  run: ({ args }) => restore(args[0]!),
});
