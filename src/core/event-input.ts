// Validation of client events beyond their JSON shape (the schema in
// http/schemas.ts checks types and unknown fields first): real calendar
// dates, fire_at not after the due day, safe links. Pure: no I/O.
import { type Due, parseDueAt } from '../domain/due.ts';
import type { AfterDue } from '../domain/lifecycle.ts';
import { type PlainDate, Temporal, parseIsoDate } from '../domain/time.ts';
import { HadoError, invalid } from '../errors.ts';
import type { EventPayload } from '../db/schema.ts';

export interface EventInputJson {
  user: string;
  source_ref: string;
  topic?: string;
  due_at: string;
  fire_at?: string;
  after_due?: AfterDue;
  payload: EventPayload;
}

export interface EventInput {
  user: string;
  sourceRef: string;
  topic: string;
  dueAt: string;
  due: Due;
  fireOn: PlainDate;
  afterDue: AfterDue;
  payload: EventPayload;
}

/** Links in a payload are shown in the inbox: only http(s) URLs and paths, never `javascript:`. */
export function checkLink(link: string): string | null {
  if (link.startsWith('/') && !link.startsWith('//')) return null;
  try {
    const u = new URL(link);
    if (u.protocol === 'http:' || u.protocol === 'https:') return null;
  } catch {
    // fall through
  }
  return 'must be an http(s) URL or a path starting with /';
}

/**
 * Parses one event of a batch. For a fixed due the "due day" used to check
 * fire_at is the day in the offset the client wrote (the client's own calendar).
 */
export function parseEventInput(raw: EventInputJson, index: number): EventInput {
  const parsed = parseDueAt(raw.due_at);
  if (!parsed.ok) throw invalid('due_at', parsed.error, index);
  const due = parsed.value;
  const clientDay = due.mode === 'local' ? due.date : parseIsoDate(raw.due_at.slice(0, 10))!;
  let fireOn = clientDay;
  if (raw.fire_at !== undefined) {
    const f = parseIsoDate(raw.fire_at);
    if (!f) throw invalid('fire_at', `must be a calendar date YYYY-MM-DD, got "${raw.fire_at}"`, index);
    if (Temporal.PlainDate.compare(f, clientDay) > 0) {
      throw invalid('fire_at', `${raw.fire_at} is after the due day ${clientDay.toString()}`, index);
    }
    fireOn = f;
  }
  if (raw.payload.deep_link !== undefined) {
    const problem = checkLink(raw.payload.deep_link);
    if (problem) throw invalid('payload.deep_link', problem, index);
  }
  return {
    user: raw.user,
    sourceRef: raw.source_ref,
    topic: raw.topic ?? '',
    dueAt: raw.due_at,
    due,
    fireOn,
    afterDue: raw.after_due ?? 'expire',
    payload: raw.payload,
  };
}

/** Parses a whole batch; one bad record rejects it, naming the index (SPEC A3). */
export function parseBatch(events: EventInputJson[]): EventInput[] {
  const seen = new Map<string, number>();
  return events.map((raw, index) => {
    const key = JSON.stringify([raw.source_ref, raw.topic ?? '']);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new HadoError(
        422,
        'invalid',
        `events[${index}]: same source_ref and topic as events[${first}]; send each event once per batch`,
        { index, field: 'source_ref' },
      );
    }
    seen.set(key, index);
    return parseEventInput(raw, index);
  });
}
