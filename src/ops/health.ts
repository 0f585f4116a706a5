// Liveness and readiness, for the public port and the metrics listener alike.
// /healthz: the process is up and its database answers. /readyz: it can do
// its work — the database answers and the schema is not behind (a replica
// started before `hado migrate` ran, or a rollback, is not ready).
import { pendingMigrations } from '../db/migrate.ts';
import { ping } from '../db/health.ts';
import type { Store } from '../db/connect.ts';

export interface Probe {
  status: 200 | 503;
  body: Record<string, unknown>;
}

export async function liveness(store: Store): Promise<Probe> {
  try {
    await ping(store.db);
    return { status: 200, body: { status: 'ok', storage: store.kind } };
  } catch {
    return { status: 503, body: { status: 'unavailable', storage: store.kind } };
  }
}

export async function readiness(store: Store): Promise<Probe> {
  let pending: string[];
  try {
    pending = await pendingMigrations(store.db);
  } catch {
    return { status: 503, body: { status: 'not_ready', storage: store.kind, reason: 'the database does not answer' } };
  }
  if (pending.length > 0) {
    return {
      status: 503,
      body: { status: 'not_ready', storage: store.kind, reason: `the schema is behind: ${pending.length} pending migration(s)`, pending },
    };
  }
  return { status: 200, body: { status: 'ready', storage: store.kind } };
}
