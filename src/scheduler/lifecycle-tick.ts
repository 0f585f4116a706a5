// One lifecycle tick (SPEC A4): every event whose next phase change has
// come moves to the state its dates give in its user's zone. The query reads
// only those events (an index on next_transition_at), so the cost follows
// what needs attention now, not the size of the table.
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { applyStateChanges, selectEventsWithUser, type StateChange } from '../db/events.ts';
import { dateOrNull, eventDates, userSettings } from '../db/rows.ts';
import { advance, isTerminal, nextTransitionAt, type State } from '../domain/lifecycle.ts';
import { type Instant, toDate } from '../domain/time.ts';
import { notifyEvents } from '../live/notify.ts';

export interface Transition {
  id: number;
  source: string;
  sourceRef: string;
  topic: string;
  user: string;
  from: State;
  to: State;
}

const BATCH = 2000;

/** Key of the advisory lock that keeps two schedulers from ticking at once. */
export const SCHEDULER_LOCK = 0x4861646f; // "Hado"

/**
 * Applies due transitions as of `now`. Returns null when another scheduler
 * holds the tick lock (two schedulers at once are safe: one waits its turn).
 */
export async function lifecycleTick(db: Db, now: Instant): Promise<Transition[] | null> {
  const nowDate = toDate(now);
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${SCHEDULER_LOCK}) AS locked`.execute(trx);
    if (!lock.rows[0]?.locked) return null;
    const transitions: Transition[] = [];
    const moved: Array<{ id: number; user_id: number; state: State }> = [];
    let lastId = 0;
    for (;;) {
      const rows = await selectEventsWithUser(trx)
        .where('events.next_transition_at', '<=', nowDate)
        .where('events.id', '>', lastId)
        .orderBy('events.id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      const changes: StateChange[] = [];
      for (const row of rows) {
        const user = userSettings(row);
        const dates = eventDates(row);
        const state = advance(row.state, dates, user, now);
        const next = isTerminal(state) ? null : dateOrNull(nextTransitionAt(dates, user, now));
        changes.push({ id: row.id, state, next_transition_at: next });
        if (state !== row.state) {
          moved.push({ id: row.id, user_id: row.user_id, state });
          transitions.push({
            id: row.id,
            source: row.source,
            sourceRef: row.source_ref,
            topic: row.topic,
            user: row.user_login,
            from: row.state,
            to: state,
          });
        }
      }
      await applyStateChanges(trx, changes, nowDate);
      lastId = rows[rows.length - 1]!.id;
      if (rows.length < BATCH) break;
    }
    // One NOTIFY for the whole tick, delivered when it commits (SPEC B4).
    await notifyEvents(trx, moved);
    return transitions;
  });
}
