// The one LISTEN per process (SPEC B4): every open tab of this process is
// fed from it, so a thousand tabs cost one database connection, not a
// thousand. On PGlite it is the embedded database's own listen(); on a
// server it is one dedicated pg.Client outside the pool (a pooled client
// would be handed to queries and lose its LISTEN), reconnected with backoff
// when the server goes away.
import pg from 'pg';
import type { Store } from '../db/connect.ts';
import { LIVE_CHANNEL } from '../db/notify.ts';

export interface ListenerHooks {
  onPayload(payload: string): void;
  /** The connection came back after a loss: notifications in between are gone. */
  onReconnect(): void;
  onError(err: unknown): void;
}

export interface Listener {
  stop(): Promise<void>;
}

export async function listen(store: Store, hooks: ListenerHooks): Promise<Listener> {
  if (store.pglite) {
    const unlisten = await store.pglite.listen(LIVE_CHANNEL, hooks.onPayload);
    return {
      stop: async () => {
        try {
          await unlisten();
        } catch {
          // The database is already closed.
        }
      },
    };
  }
  if (!store.pool) throw new Error('The store has neither PGlite nor a pool to listen on');
  const listener = new PgListener(store.pool.options, hooks);
  await listener.connect();
  return listener;
}

const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

class PgListener implements Listener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: pg.ClientConfig,
    private readonly hooks: ListenerHooks,
  ) {}

  async connect(): Promise<void> {
    const client = new pg.Client({ ...this.options, keepAlive: true });
    client.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL && msg.payload !== undefined) this.hooks.onPayload(msg.payload);
    });
    // Both fire when the server restarts or the network drops; reconnect once.
    let lost = false;
    const onLost = (err?: unknown): void => {
      if (lost) return;
      lost = true;
      if (err) this.hooks.onError(err);
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (this.client === client) this.client = null;
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (e) {
      // The caller decides whether to retry; this client is done.
      lost = true;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      throw e;
    }
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    this.attempt = 0;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt++;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => {
          if (!this.stopped) this.hooks.onReconnect();
        },
        (err) => {
          this.hooks.onError(err);
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
