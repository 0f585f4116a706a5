// One lifecycle tick (SPEC A4): every event whose next phase change has
// come moves to the state its dates give in its user's zone. The query reads
// only those events (an index on next_transition_at), so the cost follows
// what needs attention now, not the size of the table.
//
// A recurring event (SPEC Part C) whose round has ended (done, expired)
// rolls at once: the tick that sees the round end starts the next round,
// exactly as a client re-push with a new due_at would.
import type { Db } from '../db/connect.ts';
import { applyRolls, applyStateChanges, type Roll, selectEventsWithUser, type StateChange } from '../db/events.ts';
import { exclusively, TICK_LOCKS } from '../db/locks.ts';
import { dateOrNull, dueColumns, eventDates, userSettings } from '../db/rows.ts';
import type { State } from '../domain/lifecycle.ts';
import { lifecycleStep } from '../domain/series.ts';
import { type Instant, toDate } from '../domain/time.ts';
import { notifyEvents } from '../db/notify.ts';

export interface Transition {
  id: number;
  source: string;
  sourceRef: string;
  topic: string;
  user: string;
  from: State;
  to: State;
  /** A series rolled forward: the due_at of its new round. */
  newRound?: string;
}

const BATCH = 2000;

/** Key of the advisory lock that keeps two schedulers from ticking at once. */
export const SCHEDULER_LOCK = TICK_LOCKS.lifecycle;

/**
 * Applies due transitions as of `now`. Returns null when another scheduler
 * holds the tick lock (two schedulers at once are safe: one waits its turn).
 */
export async function lifecycleTick(db: Db, now: Instant): Promise<Transition[] | null> {
  const nowDate = toDate(now);
  return exclusively(db, 'lifecycle', async (trx) => {
    const transitions: Transition[] = [];
    const moved: Array<{ id: number; user_id: number; state: State }> = [];
    let lastId = 0;
    for (;;) {
      const rows = await selectEventsWithUser(trx)
        .where('events.next_transition_at', '<=', nowDate)
        .where('events.id', '>', lastId)
        .orderBy('events.id')
        .limit(BATCH)
        // A row under a Done, Ack, PATCH /me or upsert is left to that writer (which
        // recomputes its state) and to the next tick: writing the state read here
        // would overwrite theirs, and waiting could deadlock.
        .forUpdate('events')
        .skipLocked()
        .execute();
      if (rows.length === 0) break;
      const changes: StateChange[] = [];
      const rolls: Roll[] = [];
      const rolled = new Map<number, { ended: Transition[]; roll: Transition; user_id: number }>();
      for (const row of rows) {
        const user = userSettings(row);
        const dates = eventDates(row);
        const stored = { state: row.state, dates, rule: row.recurrence, fireDaysBefore: row.fire_days_before ?? 0 };
        const step = lifecycleStep(stored, user, now);
        const transition = {
          id: row.id,
          source: row.source,
          sourceRef: row.source_ref,
          topic: row.topic,
          user: row.user_login,
          from: row.state,
        };
        if (step.kind === 'roll') {
          const { round } = step;
          rolls.push({
            id: row.id,
            seen: row.updated_at,
            ...dueColumns(round.dates.due),
            due_at: round.dueAt,
            fire_on: round.dates.fireOn.toString(),
            state: round.state,
            next_transition_at: dateOrNull(round.next),
          });
          // The round's end (today → expired) is a transition of its own, then the new round starts.
          const ended = step.ended !== row.state ? [{ ...transition, to: step.ended }] : [];
          rolled.set(row.id, { ended, roll: { ...transition, from: step.ended, to: round.state, newRound: round.dueAt }, user_id: row.user_id });
          continue;
        }
        const { state } = step;
        changes.push({ id: row.id, state, next_transition_at: dateOrNull(step.next) });
        if (state !== row.state) {
          moved.push({ id: row.id, user_id: row.user_id, state });
          transitions.push({ ...transition, to: state });
        }
      }
      await applyStateChanges(trx, changes, nowDate);
      // A row written since it was read (a re-push, a Done) is left to the next tick.
      for (const id of await applyRolls(trx, rolls, nowDate)) {
        const { user_id, ended, roll } = rolled.get(id)!;
        moved.push({ id, user_id, state: roll.to });
        transitions.push(...ended, roll);
      }
      lastId = rows[rows.length - 1]!.id;
      if (rows.length < BATCH) break;
    }
    // One NOTIFY for the whole tick, delivered when it commits (SPEC B4).
    await notifyEvents(trx, moved);
    return transitions;
  });
}
