// The zones the simulation covers (issue 9), computed at test time from the
// runtime's own time zone data (Intl + Temporal), so a tzdata update moves
// the list with it: every IANA zone with a UTC offset change between 2020
// and 2035, plus the extremes without one.
import { Temporal } from '../../src/domain/time.ts';

/** UTC+14, UTC−12, +12:45/+13:45 with DST, +05:45, and a half-hour DST. */
export const EXTREME_ZONES = ['Pacific/Kiritimati', 'Etc/GMT+12', 'Pacific/Chatham', 'Asia/Kathmandu', 'Australia/Lord_Howe'] as const;

export const FROM = Temporal.Instant.from('2020-01-01T00:00:00Z');
export const UNTIL = Temporal.Instant.from('2036-01-01T00:00:00Z');

/** The first offset change of a zone at or after `from`, before UNTIL; null when none. */
export function nextTransition(zone: string, from: Temporal.Instant): Temporal.Instant | null {
  const next = from.toZonedDateTimeISO(zone).getTimeZoneTransition('next');
  if (!next) return null;
  const at = next.toInstant();
  return Temporal.Instant.compare(at, UNTIL) < 0 ? at : null;
}

/** Every canonical IANA zone with at least one offset change in 2020–2035, sorted. */
export function dstZones(): string[] {
  return Intl.supportedValuesOf('timeZone')
    .filter((zone) => nextTransition(zone, FROM) !== null)
    .sort();
}

/** Every offset change of a zone in 2020–2035 (for the deep run and the coverage count). */
export function allTransitions(zone: string): Temporal.Instant[] {
  const out: Temporal.Instant[] = [];
  for (let at = nextTransition(zone, FROM); at !== null; at = nextTransition(zone, at)) out.push(at);
  return out;
}
