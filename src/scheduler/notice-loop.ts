// The notice delivery tick between the minute ticks: "deliver now to present
// channels" (SPEC B5) should not wait up to a minute, and an idle pass is one
// index probe. Runs never overlap; a run that throws is reported and the loop
// goes on. Each pass takes its "now" from the injected clock.
import type { Clock } from '../clock.ts';
import type { PresenceCache } from '../channels/presence.ts';
import type { Db } from '../db/connect.ts';
import type { Loop } from './loop.ts';
import { type NoticeTickDecision, noticeDeliveryTick } from './notice-delivery-tick.ts';

export const NOTICE_TICK_MS = 5_000;

export function noticeLoop(
  deps: { db: Db; clock: Clock; presence: PresenceCache; fallbackMinutes: number; intervalMs?: number },
  onDecisions: (decisions: NoticeTickDecision[]) => void,
  onError: (e: unknown) => void,
): Loop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = (): void => {
    if (!stopped) timer = setTimeout(run, deps.intervalMs ?? NOTICE_TICK_MS);
  };
  const run = (): void => {
    running = noticeDeliveryTick(deps.db, deps.clock.now(), { presence: deps.presence, fallbackMinutes: deps.fallbackMinutes })
      .then((decisions) => {
        if (decisions && decisions.length > 0) onDecisions(decisions);
      })
      .catch(onError)
      .finally(() => {
        running = null;
        schedule();
      });
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
