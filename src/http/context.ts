import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Store } from '../db/connect.ts';
import type { Live } from '../live/live.ts';
import type { RateLimits } from './rate-limit.ts';

/** What the HTTP routes are handed: the store, the configuration and the one clock. */
export interface AppContext {
  store: Store;
  db: Db;
  config: Config;
  clock: Clock;
  /** The process's live stream; created by the stream route on first use when absent. */
  live?: Live;
  /** The process's rate-limit counters; made by buildApp when absent. */
  limits?: RateLimits;
}
