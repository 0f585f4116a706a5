import { sql } from 'kysely';
import type { State } from '../domain/lifecycle.ts';
import type { Db } from './connect.ts';
import type { EventPayload } from './schema.ts';

export interface EventWrite {
  source_id: number;
  user_id: number;
  source_ref: string;
  topic: string;
  due_mode: 'local' | 'fixed';
  due_date: string | null;
  due_time: string | null;
  due_instant: Date | null;
  due_at: string;
  fire_on: string;
  after_due: 'keep' | 'expire';
  payload: EventPayload;
  /** The state recomputed from the incoming dates (SPEC A4). */
  state: State;
  next_transition_at: Date | null;
}

/**
 * Batch upsert with the rules of SPEC A3 in one statement:
 * - same due_at: dates and payload updated; a terminal state is kept, a live one recomputed;
 * - different due_at: a new round — everything updated, quiet_until and done_at reset,
 *   the state recomputed even from a terminal state.
 */
export async function upsertEvents(
  db: Db,
  rows: EventWrite[],
  now: Date,
): Promise<Array<{ id: number; source_ref: string; topic: string; state: State }>> {
  if (rows.length === 0) return [];
  const sameDue = sql`(events.due_mode = excluded.due_mode
    AND events.due_date IS NOT DISTINCT FROM excluded.due_date
    AND events.due_time IS NOT DISTINCT FROM excluded.due_time
    AND events.due_instant IS NOT DISTINCT FROM excluded.due_instant)`;
  const keepsTerminal = sql`(${sameDue} AND events.state IN ('done', 'expired', 'withdrawn'))`;
  return db
    .insertInto('events')
    .values(
      rows.map((r) => ({
        ...r,
        payload: JSON.stringify(r.payload),
        quiet_until: new Date(0),
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['source_id', 'source_ref', 'topic']).doUpdateSet({
        user_id: sql`excluded.user_id`,
        due_mode: sql`excluded.due_mode`,
        due_date: sql`excluded.due_date`,
        due_time: sql`excluded.due_time`,
        due_instant: sql`excluded.due_instant`,
        due_at: sql`excluded.due_at`,
        fire_on: sql`excluded.fire_on`,
        after_due: sql`excluded.after_due`,
        payload: sql`excluded.payload`,
        state: sql`CASE WHEN ${keepsTerminal} THEN events.state ELSE excluded.state END`,
        next_transition_at: sql`CASE WHEN ${keepsTerminal} THEN NULL ELSE excluded.next_transition_at END`,
        quiet_until: sql`CASE WHEN ${sameDue} THEN events.quiet_until ELSE excluded.quiet_until END`,
        done_at: sql`CASE WHEN ${sameDue} THEN events.done_at ELSE NULL END`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .returning(['id', 'source_ref', 'topic', 'state'])
    .execute();
}

export const EVENT_COLUMNS = [
  'events.id',
  'events.source_id',
  'events.user_id',
  'events.source_ref',
  'events.topic',
  'events.due_mode',
  'events.due_date',
  'events.due_time',
  'events.due_instant',
  'events.due_at',
  'events.fire_on',
  'events.after_due',
  'events.payload',
  'events.state',
  'events.quiet_until',
  'events.done_at',
  'events.next_transition_at',
  'events.created_at',
  'events.updated_at',
] as const;

/** An event with its source's name, its user's login and the user's zone and hours. */
export function selectEventsWithUser(db: Db) {
  return db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.user_id')
    .innerJoin('sources', 'sources.id', 'events.source_id')
    .select(EVENT_COLUMNS)
    .select([
      'sources.name as source',
      'users.login as user_login',
      'users.tz',
      'users.quiet_start',
      'users.quiet_end',
    ]);
}

export type EventWithUser = Awaited<ReturnType<ReturnType<typeof selectEventsWithUser>['executeTakeFirstOrThrow']>>;

export async function findEventByIdentity(
  db: Db,
  sourceId: number,
  sourceRef: string,
  topic: string,
): Promise<EventWithUser | undefined> {
  return selectEventsWithUser(db)
    .where('events.source_id', '=', sourceId)
    .where('events.source_ref', '=', sourceRef)
    .where('events.topic', '=', topic)
    .executeTakeFirst();
}

/** DELETE from the client: state withdrawn (SPEC A4: any → withdrawn). */
export async function withdrawEvent(db: Db, sourceId: number, sourceRef: string, topic: string, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('events')
    .set({ state: 'withdrawn', next_transition_at: null, updated_at: now })
    .where('source_id', '=', sourceId)
    .where('source_ref', '=', sourceRef)
    .where('topic', '=', topic)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface StateChange {
  id: number;
  state: State;
  next_transition_at: Date | null;
}

/** Writes many recomputed states in one statement. */
export async function applyStateChanges(db: Db, changes: StateChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    UPDATE events SET state = v.state, next_transition_at = v.next, updated_at = ${now}
    FROM (SELECT unnest(${changes.map((c) => c.id)}::bigint[]) AS id,
                 unnest(${changes.map((c) => c.state)}::text[]) AS state,
                 unnest(${changes.map((c) => c.next_transition_at)}::timestamptz[]) AS next) v
    WHERE events.id = v.id`.execute(db);
}
