// Use cases of the client API (SPEC A3): batch upsert, read, withdraw.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { type EventWithUser, findEventByIdentity, upsertEvents, withdrawEvent } from '../db/events.ts';
import { dateOrNull, dueColumns, settingsMemo } from '../db/rows.ts';
import { ensureUsers, type NewUserDefaults } from '../db/users.ts';
import { lifecycleAt, type State } from '../domain/lifecycle.ts';
import { currentOccurrenceAt, roundFor } from '../domain/series.ts';
import { type Instant, toDate } from '../domain/time.ts';
import type { UserSettings } from '../domain/user.ts';
import { notFound } from '../errors.ts';
import { notifyEventIds, notifyEvents } from '../db/notify.ts';
import type { EventInput } from './event-input.ts';

export interface UpsertResult {
  source_ref: string;
  topic: string;
  id: number;
  state: State;
  /** Why the event will not be reminded although the push succeeded; absent when there is nothing to say. */
  warnings?: string[];
}

/**
 * A push is all or nothing, and an event whose due has already passed is
 * still written — but expired, so nobody is ever reminded of it (issue 26:
 * a quick start with a fixed date answered 200 and the inbox stayed empty).
 * The answer says so, per event.
 */
export function pushWarnings(state: State, dueAt: string): { warnings?: string[] } {
  if (state !== 'expired') return {};
  return {
    warnings: [
      `due_at ${dueAt} is in the past: the event is expired and will not be reminded ` +
        '(send a due_at in the future, or after_due "keep" to keep a passed event as overdue)',
    ],
  };
}

/**
 * Applies a validated batch in one transaction — the new users with their web
 * channels, the events and the NOTIFY (delivered at commit) — so a request
 * that fails or is cut off leaves nothing behind. The result lists id and
 * state in input order.
 */
export async function upsertBatch(db: Db, clock: Clock, newUser: NewUserDefaults, sourceId: number, events: EventInput[]): Promise<UpsertResult[]> {
  const now = clock.now();
  const nowDate = toDate(now);
  return db.transaction().execute(async (trx) => {
    const users = await ensureUsers(
      trx,
      events.map((e) => e.user),
      newUser,
      nowDate,
    );
    const settingsOf = settingsMemo();
    const rows = events.map((e) => {
      const row = users.get(e.user)!;
      const user = settingsOf(row);
      return {
        source_id: sourceId,
        user_id: row.id,
        source_ref: e.sourceRef,
        topic: e.topic,
        ...scheduleColumns(e, user, now),
        after_due: e.afterDue,
        payload: e.payload,
      };
    });
    const written = await upsertEvents(trx, rows, nowDate);
    // One NOTIFY for the batch: open inboxes of these users pick the changes up (SPEC B4).
    const userOf = new Map(rows.map((r) => [`${r.source_ref}\u0000${r.topic}`, r.user_id]));
    await notifyEvents(
      trx,
      written.map((w) => ({ id: w.id, user_id: userOf.get(`${w.source_ref}\u0000${w.topic}`)!, state: w.state })),
    );
    const byKey = new Map(written.map((w) => [`${w.source_ref}\u0000${w.topic}`, w]));
    return events.map((e, i) => {
      const w = byKey.get(`${e.sourceRef}\u0000${e.topic}`)!;
      return { source_ref: w.source_ref, topic: w.topic, id: w.id, state: w.state, ...pushWarnings(w.state, rows[i]!.due_at) };
    });
  });
}

/**
 * The dates and state an event is written with. A recurring event (SPEC
 * Part C) is written as its current occurrence — the nearest whose day is
 * >= today — so every Part A rule applies to it unchanged.
 */
function scheduleColumns(e: EventInput, user: UserSettings, now: Instant) {
  if (e.kind === 'once') {
    const { state, next } = lifecycleAt({ due: e.due, fireOn: e.fireOn, afterDue: e.afterDue }, user, now);
    return {
      ...dueColumns(e.due),
      due_at: e.dueAt,
      fire_on: e.fireOn.toString(),
      state,
      next_transition_at: dateOrNull(next),
      recurrence: null,
      fire_days_before: null,
    };
  }
  const round = roundFor(e.rule, currentOccurrenceAt(e.rule, user, now), e.fireDaysBefore, e.afterDue, user, now);
  return {
    ...dueColumns(round.dates.due),
    due_at: round.dueAt,
    fire_on: round.dates.fireOn.toString(),
    state: round.state,
    next_transition_at: dateOrNull(round.next),
    recurrence: e.rule,
    fire_days_before: e.fireDaysBefore,
  };
}

export async function getSourceEvent(db: Db, sourceId: number, sourceRef: string, topic: string): Promise<EventWithUser> {
  const row = await findEventByIdentity(db, sourceId, sourceRef, topic);
  if (!row) throw notFound(`No event with source_ref "${sourceRef}" and topic "${topic}" for this source`);
  return row;
}

export async function withdraw(db: Db, clock: Clock, sourceId: number, sourceRef: string, topic: string): Promise<void> {
  const id = await withdrawEvent(db, sourceId, sourceRef, topic, toDate(clock.now()));
  if (id === null) throw notFound(`No event with source_ref "${sourceRef}" and topic "${topic}" for this source`);
  await notifyEventIds(db, [id]);
}
