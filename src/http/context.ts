import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Store } from '../db/connect.ts';

/** What the HTTP routes are handed: the store, the configuration and the one clock. */
export interface AppContext {
  store: Store;
  db: Db;
  config: Config;
  clock: Clock;
}
