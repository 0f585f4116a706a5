// A database view whose every write is thrown away: one connection inside a
// transaction that always rolls back, with the transactions of the code run
// in it turned into savepoints. `hado tick --dry-run` runs the real ticks —
// the same code, the same SQL — through it.
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Db, Store } from './connect.ts';
import type { Database } from './schema.ts';

type Run = (text: string, params: readonly unknown[]) => Promise<QueryResult<unknown>>;

class SavepointDriver implements Driver {
  private depth = 0;
  private readonly connection: DatabaseConnection;

  constructor(private readonly run: Run) {
    this.connection = {
      executeQuery: <R>(q: CompiledQuery) => run(q.sql, q.parameters) as Promise<QueryResult<R>>,
      streamQuery: () => {
        throw new Error('streaming is not supported in a dry run');
      },
    };
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    this.depth++;
    await this.run(`SAVEPOINT hado_dry_${this.depth}`, []);
  }
  async commitTransaction(): Promise<void> {
    await this.run(`RELEASE SAVEPOINT hado_dry_${this.depth}`, []);
    this.depth--;
  }
  async rollbackTransaction(): Promise<void> {
    await this.run(`ROLLBACK TO SAVEPOINT hado_dry_${this.depth}`, []);
    this.depth--;
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

const affected = (command: string | undefined, count: number | null | undefined): bigint | undefined =>
  command && /^(INSERT|UPDATE|DELETE|MERGE)$/i.test(command) && typeof count === 'number' ? BigInt(count) : undefined;

/** Runs `fn` on a view of the store where nothing it writes is kept. */
export async function withRollback<T>(store: Store, fn: (db: Db) => Promise<T>): Promise<T> {
  let run: Run;
  let release: () => void;
  if (store.pool) {
    const client = await store.pool.connect();
    run = async (text, params) => {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows, numAffectedRows: affected(r.command, r.rowCount) };
    };
    release = () => client.release();
  } else if (store.pglite) {
    const pg = store.pglite;
    run = async (text, params) => {
      const r = await pg.query(text, params as unknown[]);
      return { rows: r.rows, numAffectedRows: r.affectedRows === undefined ? undefined : BigInt(r.affectedRows) };
    };
    release = () => {};
  } else {
    throw new Error('withRollback: the store has neither a pool nor an embedded database');
  }
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SavepointDriver(run),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  const db = new Kysely<Database>({ dialect });
  await run('BEGIN', []);
  try {
    return await fn(db);
  } finally {
    try {
      await run('ROLLBACK', []);
    } finally {
      release();
    }
  }
}
