// One scheduler tick: the lifecycle tick (states by the calendar, A4), then
// the delivery tick (A7) on the states it left. `hado scheduler`, `hado start`
// and `hado tick` all run exactly this.
import type { PresenceCache } from '../channels/presence.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Instant } from '../domain/time.ts';
import type { WindowConfig } from '../domain/windows.ts';
import { deliveryTick, type TickDecision } from './delivery-tick.ts';
import { lifecycleTick, type Transition } from './lifecycle-tick.ts';

/** The fallback knobs of A6 from the environment (HADO_FALLBACK_DAY, _HOUR, _HOURS). */
export function windowConfigOf(config: Config): WindowConfig {
  return {
    fallbackDayMinutes: config.fallbackDayMinutes,
    fallbackHourMinutes: config.fallbackHourMinutes,
    fallbackHours: config.fallbackHours,
  };
}

export interface TickReport {
  at: Instant;
  /** Null when another scheduler holds the tick: it does this minute's work. */
  transitions: Transition[] | null;
  decisions: TickDecision[] | null;
}

export interface TickDeps {
  presence: PresenceCache;
  cfg: WindowConfig;
  limit?: number;
}

export async function runTick(db: Db, now: Instant, deps: TickDeps): Promise<TickReport> {
  const transitions = await lifecycleTick(db, now);
  if (transitions === null) return { at: now, transitions, decisions: null };
  const decisions = await deliveryTick(db, now, deps);
  return { at: now, transitions, decisions };
}
