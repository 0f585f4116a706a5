// One scheduler tick: the lifecycle tick (states by the calendar, A4), then
// the delivery tick (A7) on the states it left, then the notice retention
// sweep (B2) and the notice delivery tick (B5). `hado scheduler`, `hado
// start` and `hado tick` all run exactly this.
import type { PresenceCache } from '../channels/presence.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Instant } from '../domain/time.ts';
import type { WindowConfig } from '../domain/windows.ts';
import { deliveryTick, type PhaseSink, phaseClock, type TickDecision } from './delivery-tick.ts';
import { lifecycleTick, type Transition } from './lifecycle-tick.ts';
import { type NoticeTickDecision, noticeDeliveryTick } from './notice-delivery-tick.ts';
import { noticeRetentionSweep } from './notice-retention.ts';

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
  /** Notice pushes decided (SPEC B5); null when another scheduler holds the notice tick. */
  notices: NoticeTickDecision[] | null;
  /** Notices removed by the retention sweep. */
  swept: number;
}

export interface TickDeps {
  presence: PresenceCache;
  cfg: WindowConfig;
  limit?: number;
  /** HADO_NOTICE_FALLBACK_MINUTES (default 10). */
  noticeFallbackMinutes?: number;
  /** HADO_NOTICE_RETENTION_DAYS (default 30). */
  noticeRetentionDays?: number;
  /** A preferences read that failed (notice delivery then uses the defaults, SPEC B3). */
  onPreferenceError?: (err: unknown) => void;
  /** Told each phase's wall time (bench/tick's breakdown). */
  onPhase?: PhaseSink;
}

/** The notice knobs of B2/B5 from the environment. */
export function noticeConfigOf(config: Config): Pick<TickDeps, 'noticeFallbackMinutes' | 'noticeRetentionDays'> {
  return { noticeFallbackMinutes: config.noticeFallbackMinutes, noticeRetentionDays: config.noticeRetentionDays };
}

export async function runTick(db: Db, now: Instant, deps: TickDeps): Promise<TickReport> {
  const lap = phaseClock(deps.onPhase);
  const transitions = await lifecycleTick(db, now);
  lap('lifecycle tick');
  if (transitions === null) return { at: now, transitions, decisions: null, notices: null, swept: 0 };
  const decisions = await deliveryTick(db, now, deps);
  lap('delivery tick');
  // Expired notices go first: nothing is delivered about a notice that is gone.
  const swept = await noticeRetentionSweep(db, now, deps.noticeRetentionDays ?? 30);
  const notices = await noticeDeliveryTick(db, now, {
    presence: deps.presence,
    fallbackMinutes: deps.noticeFallbackMinutes ?? 10,
    ...(deps.onPreferenceError ? { onPreferenceError: deps.onPreferenceError } : {}),
  });
  lap('notice retention + notice tick');
  return { at: now, transitions, decisions, notices, swept };
}
