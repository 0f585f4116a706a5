// Opens the store: embedded PGlite by default (data in HADO_DATA_DIR, or in
// memory for tests), a PostgreSQL server when DATABASE_URL is set. Both sit
// behind the same Kysely instance, so every query and migration is shared.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { ConfigError } from '../errors.ts';
import type { Database } from './schema.ts';
import { secureDataDir } from './data-dir.ts';
import { acquireLockFile } from './lock-file.ts';

export type Db = Kysely<Database>;

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database, for features that need its own API (LISTEN). */
  pglite: PGlite | null;
  /** The server pool, for features that need a dedicated connection (LISTEN). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

const INT8 = 20;
const DATE = 1082;
const identity = (v: string): string => v;

export interface OpenOptions {
  databaseUrl?: string | null;
  /** Directory for embedded storage; null = in memory. */
  dataDir?: string | null;
  poolSize?: number;
  /** A snapshot to load into a new embedded directory (hado restore; src/db/backup.ts). */
  restoreFrom?: Blob;
  /** A server connection was lost (restart, outage): told once per connection; the pool replaces it. */
  onConnectionLost?: (err: Error) => void;
}

/** How long a query waits for a server connection before failing (then: 503, a loop's backoff). */
const CONNECT_TIMEOUT_MS = 10_000;

export async function openStore(opts: OpenOptions): Promise<Store> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.onConnectionLost ?? (() => {}));
  return openPglite(opts.dataDir ?? null, opts.restoreFrom);
}

function openPostgres(url: string, max: number, onLost: (err: Error) => void): Store {
  const parsers: Record<number, (v: string) => unknown> = { [INT8]: Number, [DATE]: identity };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A server restart or a dropped connection must never crash the process (issue 16, item 1). The pool
  // listens on idle clients only ('error' below); a client checked out by a query or a transaction
  // gets a listener of its own for life: its query fails (the caller retries or answers 503), and the
  // pool drops the broken client when it comes back.
  pool.on('connect', (client) => {
    let told = false;
    client.on('error', (err) => {
      if (!told) onLost(err);
      told = true;
    });
  });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', pglite: null, pool, close: () => db.destroy() };
}

/** The embedded database's own directory inside HADO_DATA_DIR (beside hado.lock and hado.sock). */
export const pgDirOf = (dataDir: string): string => path.join(dataDir, 'pg');

async function openPglite(dataDir: string | null, restoreFrom?: Blob): Promise<Store> {
  let release = (): void => {};
  let pgDir: string | undefined;
  if (dataDir !== null) {
    secureDataDir(dataDir);
    release = lockDataDir(dataDir);
    pgDir = pgDirOf(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = new PGlite({
      dataDir: pgDir,
      parsers: { [INT8]: Number, [DATE]: identity },
      ...(restoreFrom ? { loadDataDir: restoreFrom } : {}),
    });
    await pglite.waitReady;
  } catch (e) {
    release();
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    pglite,
    pool: null,
    close: async () => {
      await db.destroy();
      release();
    },
  };
}

/** The embedded database is held by another live Hado process. */
export class DataDirBusyError extends ConfigError {
  constructor(
    readonly dataDir: string,
    readonly owner: number,
  ) {
    super(
      `The embedded database in ${dataDir} (HADO_DATA_DIR) is in use by another Hado process (pid ${owner}). ` +
        'Stop it first, or run Hado against a PostgreSQL server (DATABASE_URL) to use several processes.',
    );
    this.name = 'DataDirBusyError';
  }
}

/**
 * PGlite is single-process: two processes writing one directory corrupt it.
 * `hado.lock` names its owner (src/db/lock-file.ts); a second starter
 * refuses clearly, and a lock left by a crash is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const result = acquireLockFile(path.join(dataDir, 'hado.lock'));
  if (!result.ok) throw new DataDirBusyError(path.resolve(dataDir), result.owner.pid);
  return result.release;
}
