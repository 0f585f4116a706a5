// Ack and Done (SPEC A6) from any path: the inbox, Telegram, webhook links.
// The stored state may lag the clock by up to a tick, so the action first
// brings it up to date, then applies the rule of that state.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { type EventWithUser, selectEventsWithUser, updateEvent } from '../db/events.ts';
import { dateOrNull, eventDates, userSettings } from '../db/rows.ts';
import { ackAt, doneAt } from '../domain/ack.ts';
import { advance, isTerminal } from '../domain/lifecycle.ts';
import { toDate } from '../domain/time.ts';
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
export async function applyAction(ctx: ActionContext, eventId: number, action: Action, userId: number | null, guard?: ActionGuard): Promise<ActionResult> {
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
    const target = { state: row.state, dates, recurring: row.recurrence !== null };
    if (action === 'ack') {
      const ack = ackAt(target, user, now);
      if (!ack.ok) throw conflict(ack.reason);
      const updated = {
        state: ack.value.state,
        quiet_until: toDate(ack.value.quietUntil),
        next_transition_at: dateOrNull(ack.value.nextTransitionAt),
        next_check_at: toDate(ack.value.nextCheckAt),
        updated_at: nowDate,
      };
      await updateEvent(trx, eventId, updated);
      await notifyEvents(trx, [{ id: eventId, user_id: row.user_id, state }]);
      return { event: { ...row, ...updated }, changed: true };
    }
    const done = doneAt(target, user, now);
    if (!done.ok) throw conflict(done.reason);
    if (done.value.kind === 'already') return { event: row, changed: false };
    const updated = { state: 'done' as const, done_at: nowDate, next_transition_at: dateOrNull(done.value.nextTransitionAt), updated_at: nowDate };
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
