// The notice delivery tick between the minute ticks: "deliver now to present
// channels" (SPEC B5) should not wait up to a minute, and an idle pass is one
// index probe. Each pass takes its "now" from the injected clock.
import type { Clock } from '../clock.ts';
import type { PresenceCache } from '../channels/presence.ts';
import type { Db } from '../db/connect.ts';
import { type Loop, repeat } from './loop.ts';
import { type NoticeTickDecision, noticeDeliveryTick } from './notice-delivery-tick.ts';

export const NOTICE_TICK_MS = 5_000;

export function noticeLoop(
  deps: {
    db: Db;
    clock: Clock;
    presence: PresenceCache;
    fallbackMinutes: number;
    onPreferenceError: (err: unknown) => void;
    intervalMs?: number;
  },
  onDecisions: (decisions: NoticeTickDecision[]) => void,
  onError: (e: unknown) => void,
): Loop {
  const { db, clock, presence, fallbackMinutes, onPreferenceError } = deps;
  return repeat(
    () => deps.intervalMs ?? NOTICE_TICK_MS,
    async () => {
      const decisions = await noticeDeliveryTick(db, clock.now(), { presence, fallbackMinutes, onPreferenceError });
      if (decisions && decisions.length > 0) onDecisions(decisions);
    },
    onError,
    { now: false },
  );
}
