// Small builders for the domain tests: expected values are written as UTC
// instants (`utc('…Z')`) or as wall times in a named zone (`wall(…)`), so a
// table row reads like the SPEC example it pins.
import { type Due, parseDueAt } from '../../src/domain/due.ts';
import type { AfterDue, EventDates } from '../../src/domain/lifecycle.ts';
import { type Instant, type PlainDate, type PlainTime, Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';

export const BERLIN = 'Europe/Berlin';
export const NEW_YORK = 'America/New_York';
export const MONTEVIDEO = 'America/Montevideo';
export const TOKYO = 'Asia/Tokyo';
export const LOS_ANGELES = 'America/Los_Angeles';
export const HAVANA = 'America/Havana';

export const date = (s: string): PlainDate => Temporal.PlainDate.from(s);
export const clock = (s: string): PlainTime => Temporal.PlainTime.from(s);
export const utc = (s: string): Instant => Temporal.Instant.from(s);

/** The instant of a wall time `YYYY-MM-DDTHH:MM` in a zone ('compatible', like the core). */
export const wall = (s: string, tz: string): Instant => Temporal.PlainDateTime.from(s).toZonedDateTime(tz, { disambiguation: 'compatible' }).toInstant();

/** A user with the SPEC defaults: quiet 22:00–09:00. */
export function user(tz: string, quietStart = '22:00', quietEnd = '09:00'): UserSettings {
  return { tz, quietStart: clock(quietStart), quietEnd: clock(quietEnd) };
}

/** A due that must parse; a fixture typo fails loudly instead of testing nothing. */
export function due(dueAt: string): Due {
  const r = parseDueAt(dueAt);
  if (!r.ok) throw new Error(`fixture due_at ${dueAt}: ${r.error}`);
  return r.value;
}

export function event(dueAt: string, fireAt: string, afterDue: AfterDue = 'keep'): EventDates {
  return { due: due(dueAt), fireOn: date(fireAt), afterDue };
}

/** Days relative to a base date, for cascade-style examples ("−28", "−15"). */
export const daysBefore = (base: string, n: number): PlainDate => date(base).subtract({ days: n });

/** An instant or null as an ISO string, so table failures print readably. */
export const show = (i: Instant | null): string | null => (i === null ? null : i.toString());
