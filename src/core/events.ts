// Use cases of the client API (SPEC A3): batch upsert, read, withdraw.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { type EventColumns, type EventWithUser, emptyEventColumns, findEventByIdentity, upsertEvents, withdrawEvent } from '../db/events.ts';
import { ALL_DAY, dateOrNull, dueColumns, settingsMemo, type UserRow } from '../db/rows.ts';
import { ensureUsers, type NewUserDefaults } from '../db/users.ts';
import { isoDay, isoTime, secondOfDay } from '../domain/epoch.ts';
import type { State } from '../domain/lifecycle.ts';
import { type EpochUser, lifecycleEpoch } from '../domain/lifecycle-epoch.ts';
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
    const columns = eventColumns(events, users, sourceId, now);
    const written = await upsertEvents(trx, columns, nowDate);
    // One NOTIFY for the batch: open inboxes of these users pick the changes up (SPEC B4).
    await notifyEvents(trx, written);
    const byKey = new Map(written.map((w) => [`${w.source_ref}\u0000${w.topic}`, w]));
    return events.map((e, i) => {
      const w = byKey.get(`${e.sourceRef}\u0000${e.topic}`)!;
      return { source_ref: w.source_ref, topic: w.topic, id: w.id, state: w.state, ...pushWarnings(w.state, columns.due_at[i]!) };
    });
  });
}

/**
 * The batch as one array per column, in one pass (issue 28: no per-row
 * objects). A one-off event's dates and state are worked out on integers
 * (domain/lifecycle-epoch.ts); a recurring one (SPEC Part C) is written as
 * its current occurrence — the nearest whose day is >= today — so every Part
 * A rule applies to it unchanged.
 */
function eventColumns(events: EventInput[], users: Map<string, UserRow>, sourceId: number, now: Instant): EventColumns {
  const c = emptyEventColumns(sourceId);
  const nowMs = now.epochMilliseconds;
  const settingsOf = settingsMemo();
  const epochUsers = new Map<UserSettings, EpochUser>();
  for (const e of events) {
    const row = users.get(e.user)!;
    const user = settingsOf(row);
    c.user_id.push(row.id);
    c.source_ref.push(e.sourceRef);
    c.topic.push(e.topic);
    c.after_due.push(e.afterDue);
    c.payload.push(JSON.stringify(e.payload));
    if (e.kind === 'once') {
      let eu = epochUsers.get(user);
      if (eu === undefined) {
        eu = { tz: user.tz, quietStart: secondOfDay(user.quietStart), quietEnd: secondOfDay(user.quietEnd) };
        epochUsers.set(user, eu);
      }
      const { state, next } = lifecycleEpoch(e.due, e.fireDay, e.afterDue, eu, nowMs);
      c.due_mode.push(e.due.mode);
      c.due_date.push(e.due.mode === 'local' ? isoDay(e.due.day) : null);
      c.due_time.push(e.due.mode === 'local' ? (e.due.second === null ? ALL_DAY : isoTime(e.due.second)) : null);
      c.due_instant.push(e.due.mode === 'fixed' ? new Date(e.due.ms) : null);
      c.due_at.push(e.dueAt);
      c.fire_on.push(isoDay(e.fireDay));
      c.state.push(state);
      c.next_transition_at.push(next === null ? null : new Date(next));
      c.recurrence.push(null);
      c.fire_days_before.push(null);
    } else {
      const round = roundFor(e.rule, currentOccurrenceAt(e.rule, user, now), e.fireDaysBefore, e.afterDue, user, now);
      const due = dueColumns(round.dates.due);
      c.due_mode.push(due.due_mode);
      c.due_date.push(due.due_date);
      c.due_time.push(due.due_time);
      c.due_instant.push(due.due_instant);
      c.due_at.push(round.dueAt);
      c.fire_on.push(round.dates.fireOn.toString());
      c.state.push(round.state);
      c.next_transition_at.push(dateOrNull(round.next));
      c.recurrence.push(JSON.stringify(e.rule));
      c.fire_days_before.push(e.fireDaysBefore);
    }
  }
  return c;
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
