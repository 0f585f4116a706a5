// Validation of client events beyond their JSON shape (the schema in
// http/schemas.ts checks types and unknown fields first): real calendar
// dates, fire_at not after the due day, safe links, recurrence rules. Pure: no I/O.
import { daysFromCivil, isoDay, parseEpochDay } from '../domain/epoch.ts';
import type { AfterDue } from '../domain/lifecycle.ts';
import { type EpochDue, parseDueAtEpoch } from '../domain/lifecycle-epoch.ts';
import { parseRecurrence, type RecurrenceRule } from '../domain/recurrence.ts';
import { HadoError, invalid } from '../errors.ts';
import type { EventPayload } from '../db/schema.ts';

/**
 * Years a due_at or fire_at may name. Wider dates are typos, and reach what
 * the stores cannot hold (there is no year 0 in PostgreSQL): a 422, not a 500.
 */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

const FIRST_DAY = daysFromCivil(DATE_YEARS.min, 1, 1);
const LAST_DAY = daysFromCivil(DATE_YEARS.max, 12, 31);

/** Days are epoch days (domain/epoch.ts): the upsert's hot path makes no Temporal objects (issue 28). */
function outOfRange(day: number): string | null {
  if (day >= FIRST_DAY && day <= LAST_DAY) return null;
  return `${isoDay(day)} is not between ${DATE_YEARS.min}-01-01 and ${DATE_YEARS.max}-12-31`;
}

export interface EventInputJson {
  user: string;
  source_ref: string;
  topic?: string;
  /** A one-off event: its due. Exactly one of due_at and recurrence. */
  due_at?: string;
  fire_at?: string;
  /** A recurring event (SPEC Part C): the rule, validated by parseRecurrence. */
  recurrence?: unknown;
  /** With recurrence: the lead of every occurrence in days (fire_at's counterpart), default 0. Checked here. */
  fire_days_before?: unknown;
  after_due?: AfterDue;
  payload: EventPayload;
}

/** A longer lead than ten years is not a reminder anyone means. */
export const MAX_FIRE_DAYS_BEFORE = 3660;

interface CommonInput {
  user: string;
  sourceRef: string;
  topic: string;
  afterDue: AfterDue;
  payload: EventPayload;
}

/** A one-off event: the due is known from the request alone. */
export interface OneOffInput extends CommonInput {
  kind: 'once';
  dueAt: string;
  due: EpochDue;
  /** fire_on as an epoch day. */
  fireDay: number;
}

/** A recurring event: its current occurrence depends on the user's zone and now, known at upsert. */
export interface SeriesInput extends CommonInput {
  kind: 'series';
  rule: RecurrenceRule;
  fireDaysBefore: number;
}

export type EventInput = OneOffInput | SeriesInput;

/** Links in a payload are shown in the inbox: only http(s) URLs and paths, never `javascript:`. */
export function checkLink(link: string): string | null {
  if (link.startsWith('/')) {
    // Browsers read a backslash as "/" and drop tabs and newlines, so "/\host" or "/<tab>/host" would leave the site.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    if (/^\/\/|[\\\u0000-\u001f\u007f]/.test(link)) return 'must be an http(s) URL or a path starting with a single /, without \\ or control characters';
    return null;
  }
  try {
    const u = new URL(link);
    if (u.protocol === 'http:' || u.protocol === 'https:') return null;
  } catch {
    // fall through
  }
  return 'must be an http(s) URL or a path starting with /';
}

/**
 * Parses one event of a batch: exactly one of `due_at` (with `fire_at`) and
 * `recurrence` (with `fire_days_before`). For a fixed due the "due day" used
 * to check fire_at is the day in the offset the client wrote (the client's
 * own calendar).
 */
export function parseEventInput(raw: EventInputJson, index: number): EventInput {
  const input = parseSchedule(raw, index);
  if (raw.payload.deep_link !== undefined) {
    const problem = checkLink(raw.payload.deep_link);
    if (problem) throw invalid('payload.deep_link', problem, index);
  }
  return input;
}

function parseSchedule(raw: EventInputJson, index: number): EventInput {
  const common: CommonInput = {
    user: raw.user,
    sourceRef: raw.source_ref,
    topic: raw.topic ?? '',
    afterDue: raw.after_due ?? 'expire',
    payload: raw.payload,
  };
  // null means absent, as for the rule's own optional fields.
  const lead = raw.fire_days_before ?? undefined;
  if (raw.recurrence !== undefined && raw.recurrence !== null) {
    if (raw.due_at !== undefined) {
      throw invalid('recurrence', 'send either due_at (one event) or recurrence (a series), not both', index);
    }
    if (raw.fire_at !== undefined) {
      throw invalid('fire_at', 'a recurring event takes fire_days_before (days before each occurrence), not fire_at', index);
    }
    const parsed = parseRecurrence(raw.recurrence);
    if (!parsed.ok) {
      const field = parsed.field === 'recurrence' ? 'recurrence' : `recurrence.${parsed.field}`;
      throw invalid(field, parsed.error, index);
    }
    const days = lead ?? 0;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > MAX_FIRE_DAYS_BEFORE) {
      throw invalid('fire_days_before', `must be an integer 0..${MAX_FIRE_DAYS_BEFORE} (days before each occurrence)`, index);
    }
    return { ...common, kind: 'series', rule: parsed.value, fireDaysBefore: days };
  }
  if (raw.due_at === undefined) throw invalid('due_at', 'is required (or send recurrence for a recurring event)', index);
  if (lead !== undefined) {
    throw invalid('fire_days_before', 'only for a recurring event; a one-off event takes fire_at', index);
  }
  const parsed = parseDueAtEpoch(raw.due_at);
  if (!parsed.ok) {
    // "2026-02-30" has the right shape: say what is wrong with it, not which shapes exist.
    const shapeOk = /^\d{4}-\d{2}-\d{2}$/.test(raw.due_at);
    throw invalid('due_at', shapeOk ? `${raw.due_at} is not a calendar date` : parsed.error, index);
  }
  const due = parsed.value;
  const clientDay = due.mode === 'local' ? due.day : parseEpochDay(raw.due_at.slice(0, 10))!;
  const dueRange = outOfRange(clientDay);
  if (dueRange) throw invalid('due_at', dueRange, index);
  let fireDay = clientDay;
  if (raw.fire_at !== undefined) {
    const f = parseEpochDay(raw.fire_at);
    if (f === null) throw invalid('fire_at', `must be a calendar date YYYY-MM-DD, got "${raw.fire_at}"`, index);
    const fireRange = outOfRange(f);
    if (fireRange) throw invalid('fire_at', fireRange, index);
    if (f > clientDay) throw invalid('fire_at', `${raw.fire_at} is after the due day ${isoDay(clientDay)}`, index);
    fireDay = f;
  }
  return { ...common, kind: 'once', dueAt: raw.due_at, due, fireDay };
}

/** Parses a whole batch; one bad record rejects it, naming the index (SPEC A3). */
export function parseBatch(events: EventInputJson[]): EventInput[] {
  const seen = new Map<string, number>();
  return events.map((raw, index) => {
    const key = JSON.stringify([raw.source_ref, raw.topic ?? '']);
    const first = seen.get(key);
    if (first !== undefined) {
      throw new HadoError(422, 'invalid', `events[${index}]: same source_ref and topic as events[${first}]; send each event once per batch`, {
        index,
        field: 'source_ref',
      });
    }
    seen.set(key, index);
    return parseEventInput(raw, index);
  });
}
