import { type Updateable, sql } from 'kysely';
import { type AfterDue, REMINDING_STATES, type State, TERMINAL_STATES, WITHDRAWN } from '../domain/lifecycle.ts';
import type { Db } from './connect.ts';
import type { DueColumns } from './rows.ts';
import { DECIDING_USER_COLUMNS } from './users.ts';
import type { EventPayload, EventsTable } from './schema.ts';

/** A list of states (domain/lifecycle.ts) as SQL literals, for IN (…) where the planner must see the values. */
const stateList = (states: readonly State[]) => sql.join(states.map((s) => sql.lit(s)));

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

const UPSERT_COLUMNS = [
  'source_id',
  'user_id',
  'source_ref',
  'topic',
  'due_mode',
  'due_date',
  'due_time',
  'due_instant',
  'due_at',
  'fire_on',
  'after_due',
  'payload',
  'state',
  'next_transition_at',
  'recurrence',
  'fire_days_before',
  'quiet_until',
  'next_check_at',
  'created_at',
  'updated_at',
] as const;

/**
 * The rows of an upsert as one array per column (UPSERT_COLUMNS' order, the
 * source shared), built in one pass by core/events.ts (issue 28): no object
 * per row. Text travels as text[] and is cast per element, so both drivers
 * serialise it the same way; payload and recurrence are JSON text already.
 */
export interface EventColumns {
  source_id: number;
  user_id: number[];
  source_ref: string[];
  topic: string[];
  due_mode: Array<'local' | 'fixed'>;
  due_date: Array<string | null>;
  due_time: Array<string | null>;
  due_instant: Array<Date | null>;
  due_at: string[];
  fire_on: string[];
  after_due: AfterDue[];
  payload: string[];
  /** The state recomputed from the incoming dates (SPEC A4). */
  state: State[];
  next_transition_at: Array<Date | null>;
  recurrence: Array<string | null>;
  fire_days_before: Array<number | null>;
}

export function emptyEventColumns(sourceId: number): EventColumns {
  return {
    source_id: sourceId,
    user_id: [],
    source_ref: [],
    topic: [],
    due_mode: [],
    due_date: [],
    due_time: [],
    due_instant: [],
    due_at: [],
    fire_on: [],
    after_due: [],
    payload: [],
    state: [],
    next_transition_at: [],
    recurrence: [],
    fire_days_before: [],
  };
}

/**
 * The rows unnested by the database: 16 array parameters in all instead of
 * 20 per row. A 500-row VALUES list costs as much to build, send and plan as
 * the write itself (bench/upsert). The last four columns are quiet_until
 * (none yet), next_check_at (a lower bound for the delivery tick: it looks
 * at a written event once, then knows better), created_at and updated_at.
 */
function upsertRows(c: EventColumns, now: Date) {
  return sql`
    SELECT ${c.source_id}::bigint, user_id, source_ref, topic, due_mode, due_date::date, due_time::time, due_instant, due_at,
      fire_on::date, after_due, payload::jsonb, state, next_transition_at, recurrence::jsonb, fire_days_before,
      ${new Date(0)}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(
      ${c.user_id}::bigint[], ${c.source_ref}::text[], ${c.topic}::text[],
      ${c.due_mode}::text[], ${c.due_date}::text[], ${c.due_time}::text[], ${c.due_instant}::timestamptz[],
      ${c.due_at}::text[], ${c.fire_on}::text[], ${c.after_due}::text[], ${c.payload}::text[],
      ${c.state}::text[], ${c.next_transition_at}::timestamptz[], ${c.recurrence}::text[], ${c.fire_days_before}::int[]
    ) AS v(user_id, source_ref, topic, due_mode, due_date, due_time, due_instant, due_at,
      fire_on, after_due, payload, state, next_transition_at, recurrence, fire_days_before)`;
}

/**
 * Batch upsert with the rules of SPEC A3 in one statement:
 * - same due_at: dates and payload updated; a terminal state is kept, a live one recomputed;
 * - different due_at: a new round — everything updated, quiet_until and done_at reset,
 *   the state recomputed even from a terminal state.
 *
 * A recurring event (SPEC Part C) arrives with the occurrence that is current
 * today. The same rule again is "the same due_at" whatever that occurrence
 * is: the stored round stays (if it has ended, rolling it
 * is the tick's job, and an overdue `keep` round must wait for Done). A
 * changed rule counts by its occurrence: a new round if the due changes.
 */
export async function upsertEvents(
  db: Db,
  rows: EventColumns,
  now: Date,
): Promise<Array<{ id: number; user_id: number; source_ref: string; topic: string; state: State }>> {
  if (rows.user_id.length === 0) return [];
  const sameDue = sql`(events.due_mode = excluded.due_mode
    AND events.due_date IS NOT DISTINCT FROM excluded.due_date
    AND events.due_time IS NOT DISTINCT FROM excluded.due_time
    AND events.due_instant IS NOT DISTINCT FROM excluded.due_instant)`;
  // Rules are stored normalised (known keys, weekdays sorted), so jsonb equality is sameRule.
  const sameRule = sql`(excluded.recurrence IS NOT NULL AND events.recurrence = excluded.recurrence)`;
  const sameRound = sql`(${sameDue} OR ${sameRule})`;
  // The same rule while the stored occurrence is no longer today's: keep the stored round as it is.
  const storedRound = sql`(${sameRule} AND NOT ${sameDue})`;
  const keepsTerminal = sql`(${sameRound} AND events.state IN (${stateList(TERMINAL_STATES)}))`;
  const keep = <T>(column: string) => sql<T>`CASE WHEN ${storedRound} THEN ${sql.ref(`events.${column}`)} ELSE ${sql.ref(`excluded.${column}`)} END`;
  return db
    .insertInto('events')
    .columns(UPSERT_COLUMNS)
    .expression(upsertRows(rows, now))
    .onConflict((oc) =>
      oc.columns(['source_id', 'source_ref', 'topic']).doUpdateSet({
        user_id: sql`excluded.user_id`,
        due_mode: keep('due_mode'),
        due_date: keep('due_date'),
        due_time: keep('due_time'),
        due_instant: keep('due_instant'),
        due_at: keep('due_at'),
        // The stored occurrence with the new lead: its day is the old fire_on plus the old lead.
        fire_on: sql`CASE WHEN ${storedRound}
          THEN events.fire_on + events.fire_days_before - excluded.fire_days_before
          ELSE excluded.fire_on END`,
        after_due: sql`excluded.after_due`,
        payload: sql`excluded.payload`,
        recurrence: sql`excluded.recurrence`,
        fire_days_before: sql`excluded.fire_days_before`,
        state: sql`CASE WHEN ${keepsTerminal} OR ${storedRound} THEN events.state ELSE excluded.state END`,
        // An ended round of a series keeps its roll moment (or gets one from the next tick);
        // a kept round that is still live is brought up to date by the next tick too.
        next_transition_at: sql`CASE
          WHEN ${keepsTerminal} THEN (CASE WHEN excluded.recurrence IS NULL OR events.state = ${sql.lit(WITHDRAWN)} THEN NULL
                                           ELSE COALESCE(events.next_transition_at, excluded.updated_at) END)
          WHEN ${storedRound} THEN excluded.updated_at
          ELSE excluded.next_transition_at END`,
        quiet_until: sql`CASE WHEN ${sameRound} THEN events.quiet_until ELSE excluded.quiet_until END`,
        done_at: sql`CASE WHEN ${sameRound} THEN events.done_at ELSE NULL END`,
        next_check_at: sql`excluded.next_check_at`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .returning(['id', 'user_id', 'source_ref', 'topic', 'state'])
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
  'events.recurrence',
  'events.fire_days_before',
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
    .select(['sources.name as source', 'users.login as user_login', 'users.tz', 'users.quiet_start', 'users.quiet_end', 'users.locale']);
}

export type EventWithUser = Awaited<ReturnType<ReturnType<typeof selectEventsWithUser>['executeTakeFirstOrThrow']>>;

export async function findEventByIdentity(db: Db, sourceId: number, sourceRef: string, topic: string): Promise<EventWithUser | undefined> {
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
    .set({ state: WITHDRAWN, next_transition_at: null, updated_at: now })
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

/** A series moved to its next occurrence by the tick (SPEC Part C). */
export interface Roll extends DueColumns {
  id: number;
  /** The row's updated_at when the tick read it: a row written since is left alone. */
  seen: Date;
  due_at: string;
  fire_on: string;
  state: State;
  next_transition_at: Date | null;
}

/**
 * Starts the new rounds in one statement, exactly as a client re-push with a
 * new due_at would (A3): new due, quiet_until and done_at reset, the state
 * recomputed. The delivery tick's next_check_at is a lower bound, so the new
 * round is looked at by its next tick. Returns the ids actually rolled.
 */
export async function applyRolls(db: Db, rolls: Roll[], now: Date): Promise<number[]> {
  if (rolls.length === 0) return [];
  const col = <K extends keyof Roll>(k: K) => rolls.map((r) => r[k]);
  const res = await sql<{ id: number }>`
    UPDATE events SET
      due_mode = v.due_mode, due_date = v.due_date, due_time = v.due_time, due_instant = v.due_instant,
      due_at = v.due_at, fire_on = v.fire_on, state = v.state, next_transition_at = v.next,
      quiet_until = 'epoch', done_at = NULL, next_check_at = ${now}, updated_at = ${now}
    FROM (SELECT unnest(${col('id')}::bigint[]) AS id,
                 unnest(${col('seen')}::timestamptz[]) AS seen,
                 unnest(${col('due_mode')}::text[]) AS due_mode,
                 unnest(${col('due_date')}::date[]) AS due_date,
                 unnest(${col('due_time')}::time[]) AS due_time,
                 unnest(${col('due_instant')}::timestamptz[]) AS due_instant,
                 unnest(${col('due_at')}::text[]) AS due_at,
                 unnest(${col('fire_on')}::date[]) AS fire_on,
                 unnest(${col('state')}::text[]) AS state,
                 unnest(${col('next_transition_at')}::timestamptz[]) AS next) v
    WHERE events.id = v.id AND date_trunc('milliseconds', events.updated_at) = v.seen
    RETURNING events.id`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

/** An event's row after Ack or Done (SPEC A6). */
export async function updateEvent(db: Db, id: number, set: Updateable<EventsTable>): Promise<void> {
  await db.updateTable('events').set(set).where('id', '=', id).execute();
}

/** The user and state of these events, for a NOTIFY after an update that returned only ids. */
export async function eventUsersAndStates(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('events').select(['id', 'user_id', 'state']).where('id', 'in', ids).execute();
}

// ---------------------------------------------------------------------------
// The delivery tick (SPEC A7)

// A literal state list, not parameters: the planner then matches the partial index events_check_due.
const reminding = sql<boolean>`events.state IN (${stateList(REMINDING_STATES)})`;

/**
 * The versions of the three rows a candidate is read from: xmin changes with
 * every update of a row (not with a lock), so equal text means nothing the
 * tick reads has changed since.
 */
const rowVersions = sql<string>`events.xmin::text || ':' || users.xmin::text || ':' || sources.xmin::text`;

/** Reminding events whose next_check_at has come, with what the tick needs of their user and source. */
function candidates(db: Db, now: Date) {
  return (
    db
      .selectFrom('events')
      .innerJoin('users', 'users.id', 'events.user_id')
      .innerJoin('sources', 'sources.id', 'events.source_id')
      .select([
        'events.id',
        'events.state',
        'events.due_mode',
        'events.due_date',
        'events.due_time',
        'events.due_instant',
        'events.fire_on',
        'events.after_due',
        'events.quiet_until',
        'events.round',
        'events.source_ref',
        'events.topic',
        'sources.name as source',
        ...DECIDING_USER_COLUMNS,
      ])
      .select(rowVersions.as('version'))
      // Only the rule's duration (issue 24): a timed occurrence with one is today until its end.
      .select(
        sql<{ duration_minutes: number } | null>`CASE WHEN events.recurrence->>'duration_minutes' IS NOT NULL
        THEN json_build_object('duration_minutes', (events.recurrence->>'duration_minutes')::int) END`.as('recurrence'),
      )
      .where(reminding)
      .where('events.next_check_at', '<=', now)
  );
}

export type DueCandidate = Awaited<ReturnType<ReturnType<typeof candidates>['execute']>>[number];

/** Up to `limit` candidates, longest-waiting first; no row locks (presence is asked after this). */
export async function dueCandidates(db: Db, now: Date, limit: number): Promise<DueCandidate[]> {
  return candidates(db, now).orderBy('events.next_check_at').orderBy('events.id').limit(limit).execute();
}

/** These candidates again, row-locked (an Ack or Done that landed meanwhile is seen); the ones no longer due drop out. */
export async function lockDueCandidates(db: Db, now: Date, ids: number[]): Promise<DueCandidate[]> {
  return candidates(db, now).where(sql<boolean>`events.id = ANY(${ids}::bigint[])`).orderBy('events.id').forUpdate('events').execute();
}

/**
 * The tick's writes (issue 28), without locking its candidates first: each
 * event's next_check_at (null: kept as it is) is written only where the event,
 * its user and its source are still the versions the tick decided on — the
 * UPDATE locks each row and, under a concurrent commit, compares the row's
 * newest version. Returns the ids written; the others moved since the tick
 * read them (an Ack, a Done, a new date, new quiet hours) and must be read
 * again (lockDueCandidates).
 */
export async function setNextChecksIfUnmoved(db: Db, writes: Array<{ id: number; version: string; next: Date | null }>): Promise<Set<number>> {
  if (writes.length === 0) return new Set();
  const res = await sql<{ id: number }>`
    UPDATE events SET next_check_at = COALESCE(v.next, events.next_check_at)
    FROM (SELECT unnest(${writes.map((w) => w.id)}::bigint[]) AS id,
                 unnest(${writes.map((w) => w.version)}::text[]) AS version,
                 unnest(${writes.map((w) => w.next)}::timestamptz[]) AS next) v,
         users, sources
    WHERE events.id = v.id AND users.id = events.user_id AND sources.id = events.source_id
      AND ${rowVersions} = v.version
    RETURNING events.id`.execute(db);
  return new Set(res.rows.map((r) => Number(r.id)));
}
