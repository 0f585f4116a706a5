// Ack and Done (SPEC A6) from any path: the inbox, Telegram, webhook links.
// The stored state may lag the clock by up to a tick, so the action first
// brings it up to date, then applies the rule of that state.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { type EventWithUser, selectEventsWithUser, updateEvent } from '../db/events.ts';
import { dateOrNull, eventDates, userSettings } from '../db/rows.ts';
import { ackQuietUntil, doneOutcome } from '../domain/ack.ts';
import { advance, isTerminal, nextTransitionAt } from '../domain/lifecycle.ts';
import { nextCheckAt } from '../domain/next-check.ts';
import { nextLookAt } from '../domain/series.ts';
import { toDate } from '../domain/time.ts';
import { DEFAULT_WINDOW_CONFIG } from '../domain/windows.ts';
import { conflict, notFound } from '../errors.ts';
import { notifyEvents } from '../db/notify.ts';

export type Action = 'ack' | 'done';

export interface ActionResult {
  event: EventWithUser;
  /** False when the action changed nothing (Done on a done event). */
  changed: boolean;
}

/** What an action needs: the store, the clock, and the hook the composition root runs after a Done. */
export interface ActionContext {
  db: Db;
  clock: Clock;
  /**
   * Called after every Done that closes an event, once its transaction has
   * committed (e.g. Telegram removes the buttons of the event's earlier
   * messages). It must return quickly; slow work belongs in the background.
   */
  onEventDone?: (eventId: number) => void;
}

/** A delivery's action token may act only on a live event of its own round (SPEC A6). */
export interface ActionGuard {
  round: number;
}

/**
 * Applies an action to an event, under a row lock. `userId` restricts it to
 * that user's events (the inbox); a foreign event is "not found". With a
 * `guard` (an action token's round), an event that has become terminal or
 * started another round since is "not found" too, checked under the lock.
 */
export async function applyAction(
  ctx: ActionContext,
  eventId: number,
  action: Action,
  userId: number | null,
  guard?: ActionGuard,
): Promise<ActionResult> {
  const { db, clock } = ctx;
  const result = await db.transaction().execute(async (trx) => {
    let q = selectEventsWithUser(trx).select('events.round').where('events.id', '=', eventId);
    if (userId !== null) q = q.where('events.user_id', '=', userId);
    const row = await q.forUpdate('events').executeTakeFirst();
    if (!row) throw notFound(`Event ${eventId} not found`);
    const now = clock.now();
    const nowDate = toDate(now);
    const user = userSettings(row);
    const dates = eventDates(row);
    const state = advance(row.state, dates, user, now);
    if (guard && (row.round !== guard.round || isTerminal(state))) throw notFound(`Event ${eventId} not found`);
    if (action === 'ack') {
      const quiet = ackQuietUntil(state, dates, user, now);
      if (!quiet.ok) throw conflict(quiet.reason);
      const updated = {
        state,
        quiet_until: toDate(quiet.value),
        next_transition_at: dateOrNull(nextTransitionAt(dates, user, now)),
        // The delivery tick need not look before the silence ends (window bounds do not depend on the fallback knobs).
        next_check_at: toDate(
          nextCheckAt({ state, ev: dates, user, quietUntil: quiet.value, now, cfg: DEFAULT_WINDOW_CONFIG, closedWindowStart: null }) ??
            now,
        ),
        updated_at: nowDate,
      };
      await updateEvent(trx, eventId, updated);
      await notifyEvents(trx, [{ id: eventId, user_id: row.user_id, state }]);
      return { event: { ...row, ...updated }, changed: true };
    }
    const done = doneOutcome(state);
    if (!done.ok) throw conflict(done.reason);
    if (done.value === 'already') return { event: row, changed: false };
    // A series' round rolls to the next occurrence after its due day (SPEC Part C): the tick looks again then.
    const rollsAt = dateOrNull(nextLookAt('done', dates, row.recurrence !== null, user, now));
    const updated = { state: 'done' as const, done_at: nowDate, next_transition_at: rollsAt, updated_at: nowDate };
    await updateEvent(trx, eventId, updated);
    await notifyEvents(trx, [{ id: eventId, user_id: row.user_id, state: 'done' }]);
    return { event: { ...row, ...updated }, changed: true };
  });
  if (action === 'done' && result.changed) {
    try {
      ctx.onEventDone?.(eventId);
    } catch {
      // A hook's failure must not turn a committed Done into an error.
    }
  }
  return result;
}
