// Backup and restore of the embedded store. PGlite's own snapshot is a
// gzipped tarball of its data directory (dumpDataDir), which a new PGlite
// loads with the loadDataDir option. The files are read in one synchronous
// walk, so the snapshot is what a crash at that instant would leave: PGlite,
// like PostgreSQL, replays its WAL when it opens it. A CHECKPOINT first keeps
// that replay short. A PostgreSQL server is backed up with its own tools.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { describeFailure } from '../describe-failure.ts';
import { ConfigError } from '../errors.ts';
import { type Db, openStore, pgDirOf, type Store } from './connect.ts';
import { pendingMigrations } from './migrate.ts';

/** What a snapshot holds, for the commands to report. */
export interface StoreSummary {
  sources: number;
  users: number;
  events: number;
  notices: number;
  channels: number;
  pendingMigrations: number;
}

export async function storeSummary(db: Db): Promise<StoreSummary> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('sources').select(eb.fn.countAll<number>().as('n')).as('sources'),
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('users'),
      eb.selectFrom('events').select(eb.fn.countAll<number>().as('n')).as('events'),
      eb.selectFrom('notices').select(eb.fn.countAll<number>().as('n')).as('notices'),
      eb.selectFrom('channels').select(eb.fn.countAll<number>().as('n')).as('channels'),
    ])
    .executeTakeFirstOrThrow();
  return {
    sources: Number(row.sources),
    users: Number(row.users),
    events: Number(row.events),
    notices: Number(row.notices),
    channels: Number(row.channels),
    pendingMigrations: (await pendingMigrations(db)).length,
  };
}

export function describeSummary(s: StoreSummary): string {
  const schema = s.pendingMigrations === 0 ? 'schema up to date' : `${s.pendingMigrations} migration(s) pending`;
  return `${s.sources} source(s), ${s.users} user(s), ${s.events} event(s), ${s.notices} notice(s), ${s.channels} channel(s); ${schema}`;
}

/** Told as a long step goes on: how many of `total` bytes are done. */
export type Progress = (done: number, total: number) => void;

/**
 * A consistent snapshot of an open embedded store, as plain tar bytes: the
 * data directory is copied in one synchronous walk (quick, in memory). The
 * slow part, compressing it, is `gzipSnapshot`'s, where progress can be told.
 */
export async function snapshotEmbedded(store: Store): Promise<{ tar: Uint8Array; summary: StoreSummary }> {
  if (!store.pglite) throw new ConfigError('Only the embedded store is backed up by Hado; use pg_dump for PostgreSQL.');
  await sql`CHECKPOINT`.execute(store.db);
  const summary = await storeSummary(store.db);
  const blob = await store.pglite.dumpDataDir('none');
  return { tar: new Uint8Array(await blob.arrayBuffer()), summary };
}

/** Slices a long step is cut into, so that it can report as it goes. */
const CHUNK_BYTES = 1024 * 1024;

/** Runs `bytes` through a zlib stream chunk by chunk, telling `onProgress` after each chunk it has taken in. */
async function throughZlib(stream: zlib.Gzip | zlib.Gunzip, bytes: Uint8Array, onProgress?: Progress): Promise<Buffer> {
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  // `on`, not `once`: zlib may report a bad stream twice, and a second unheard 'error' would crash the process.
  const failed = new Promise<never>((_resolve, reject) => stream.on('error', reject));
  failed.catch(() => {}); // raced below; never unhandled
  const ended = new Promise<void>((resolve) => stream.once('end', resolve));
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const chunk = bytes.subarray(at, at + CHUNK_BYTES);
    await Promise.race([new Promise<void>((resolve) => stream.write(chunk, () => resolve())), failed]);
    onProgress?.(at + chunk.length, bytes.length);
  }
  stream.end();
  await Promise.race([ended, failed]);
  return Buffer.concat(out);
}

/** The snapshot file's bytes: the tar, gzipped. */
export const gzipSnapshot = (tar: Uint8Array, onProgress?: Progress): Promise<Buffer> => throughZlib(zlib.createGzip(), tar, onProgress);

export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Whether HADO_DATA_DIR holds an embedded database. */
export const hasEmbeddedDatabase = (dataDir: string): boolean => fs.existsSync(path.join(pgDirOf(dataDir), 'PG_VERSION'));

/** A restore goes only into an empty or missing directory: it never overwrites data. */
export function assertRestorable(dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new ConfigError(
      `${path.resolve(dataDir)} is not empty: a restore goes only into an empty directory. ` +
        'Stop Hado and move the old directory away first, or point HADO_DATA_DIR at a new one.',
    );
  }
}

/** The steps of a restore, for the command to tell: unpacking (with progress), then opening the restored database. */
export interface RestoreProgress {
  unpacking?: Progress;
  opening?: () => void;
}

/**
 * Restores a snapshot into an empty (or missing) data directory and returns
 * what it holds. Refuses a directory with anything in it: a restore never
 * overwrites data. On failure the directory is left as empty as it was found.
 */
export async function restoreEmbedded(dataDir: string, bytes: Uint8Array, progress: RestoreProgress = {}): Promise<StoreSummary> {
  assertRestorable(dataDir);
  const existed = fs.existsSync(dataDir);
  let store: Store | null = null;
  try {
    // Unpacked here, chunk by chunk, so that a large snapshot's progress can be told; PGlite gets the tar.
    const tar = isGzip(bytes) ? await throughZlib(zlib.createGunzip(), bytes, progress.unpacking) : bytes;
    progress.opening?.();
    store = await openStore({ dataDir, restoreFrom: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }) });
    return await storeSummary(store.db);
  } catch (e) {
    await store?.close().catch(() => {});
    store = null;
    // Leave nothing half-restored behind.
    if (existed) for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    else fs.rmSync(dataDir, { recursive: true, force: true });
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(`The file is not a Hado backup PGlite can load: ${describeFailure(e)}`);
  } finally {
    await store?.close();
  }
}
