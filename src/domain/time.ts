// Calendar helpers over Temporal. Every wall-clock conversion goes through
// here so the DST rule of SPEC A6 holds everywhere: a wall time that does not
// exist (spring forward) moves forward to the first valid instant, the end of
// the gap; an ambiguous one (fall back) takes the earlier instant.
import { Temporal } from 'temporal-polyfill';
import { civilFromDays, DAY_MS, daysFromCivil, zoneDay } from './civil.ts';

export { Temporal };
export type Instant = Temporal.Instant;
export type PlainDate = Temporal.PlainDate;
export type PlainTime = Temporal.PlainTime;

/**
 * Zone arithmetic is most of the CPU of a batch upsert or a tick. On a day
 * through which its zone keeps one offset (civil.ts's zoneDay: every day but
 * a transition's), wallInstant, startOfDay, endOfDay and dayIn/timeIn are
 * integer arithmetic (issue 28: Temporal's own zone conversions were a third
 * of the 1 % tick's Node time). On the other days, where gaps and overlaps
 * live, Temporal answers, and the same days and zones recur from event to
 * event, so those answers are remembered. They are pure (one answer per input
 * for the life of the process), so the memo changes nothing but the cost.
 * Bounded: it starts over when full.
 */
const MEMO_LIMIT = 20_000;

/** A bounded memo of instants by key; the key must determine the instant. */
export function instantMemo(): (key: string, compute: () => Instant) => Instant {
  const memo = new Map<string, Instant>();
  return (key, compute) => {
    let value = memo.get(key);
    if (value === undefined) {
      value = compute();
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(key, value);
    }
    return value;
  };
}

const wallMemo = instantMemo();
const dayStartMemo = instantMemo();
const dayEndMemo = instantMemo();

/** A memo key for a wall time; PlainTime's toString costs more than the conversions it would save. */
export const timeKey = (t: PlainTime): string => `${t.hour}:${t.minute}:${t.second}.${t.millisecond}.${t.microsecond}.${t.nanosecond}`;

/**
 * The instant of a wall-clock time on a calendar day in a zone (SPEC A6
 * clarification): in a gap the first valid instant, in an overlap the earlier
 * one — or the later one when asked (the start of active hours, so that the
 * wall clock never reads a quiet time again inside a window).
 */
export function wallInstant(date: PlainDate, time: PlainTime, tz: string, overlap: 'earlier' | 'later' = 'earlier'): Instant {
  if (time.microsecond === 0 && time.nanosecond === 0) {
    const day = epochDayOf(date);
    const { offsetMs } = zoneDay(tz, day);
    if (offsetMs !== null) {
      const msOfDay = ((time.hour * 60 + time.minute) * 60 + time.second) * 1000 + time.millisecond;
      return Temporal.Instant.fromEpochMilliseconds(day * DAY_MS + msOfDay - offsetMs);
    }
  }
  return wallMemo(`${tz} ${date.toString()}T${timeKey(time)} ${overlap}`, () => {
    const wall = date.toPlainDateTime(time);
    const zoned = wall.toZonedDateTime(tz, { disambiguation: 'earlier' });
    if (zoned.toPlainDateTime().equals(wall)) {
      return overlap === 'earlier' ? zoned.toInstant() : wall.toZonedDateTime(tz, { disambiguation: 'later' }).toInstant();
    }
    // In a gap: 'earlier' lands before it; the first valid instant is the transition itself.
    return (zoned.getTimeZoneTransition('next') ?? wall.toZonedDateTime(tz, { disambiguation: 'later' })).toInstant();
  });
}

/** 00:00 of a day in a zone (or the first instant of the day where midnight is skipped). */
export function startOfDay(date: PlainDate, tz: string): Instant {
  const steady = steadyMidnight(epochDayOf(date), tz);
  if (steady !== null) return steady;
  return dayStartMemo(`${tz} ${date.toString()}`, () => date.toZonedDateTime({ timeZone: tz }).toInstant());
}

/** 24:00 of a day in a zone: the start of the next day (the moment an all-day due passes). */
export function endOfDay(date: PlainDate, tz: string): Instant {
  const steady = steadyMidnight(epochDayOf(date) + 1, tz);
  if (steady !== null) return steady;
  return dayEndMemo(`${tz} ${date.toString()}`, () => startOfDay(date.add({ days: 1 }), tz));
}

const epochDayOf = (date: PlainDate): number => daysFromCivil(date.year, date.month, date.day);

/** 00:00 of an epoch day in a zone, when the zone keeps one offset through that day; else null. */
function steadyMidnight(day: number, tz: string): Instant | null {
  const { offsetMs } = zoneDay(tz, day);
  return offsetMs === null ? null : Temporal.Instant.fromEpochMilliseconds(day * DAY_MS - offsetMs);
}

/** The calendar day of an instant in a zone. */
export function dayIn(instant: Instant, tz: string): PlainDate {
  return wallOf(instant, tz).day;
}

/** The wall-clock time of an instant in a zone. */
export function timeIn(instant: Instant, tz: string): PlainTime {
  return wallOf(instant, tz).time;
}

/**
 * The wall day and time of an instant in a zone. The lifecycle asks for the
 * day and time of the same fixed due several times in a row, so the last
 * answer is kept (instants are immutable: the same object, the same answer).
 */
let lastWall: { instant: Instant; tz: string; day: PlainDate; time: PlainTime } | null = null;

function wallOf(instant: Instant, tz: string): { day: PlainDate; time: PlainTime } {
  if (lastWall === null || lastWall.instant !== instant || lastWall.tz !== tz) {
    lastWall = { instant, tz, ...(steadyWall(instant, tz) ?? zonedWall(instant, tz)) };
  }
  return lastWall;
}

function zonedWall(instant: Instant, tz: string): { day: PlainDate; time: PlainTime } {
  const zoned = instant.toZonedDateTimeISO(tz);
  return { day: zoned.toPlainDate(), time: zoned.toPlainTime() };
}

/** wallOf on integers: an instant of whole milliseconds, on a day its zone keeps one offset through. */
function steadyWall(instant: Instant, tz: string): { day: PlainDate; time: PlainTime } | null {
  const at = instant.epochMilliseconds;
  const { offsetMs } = zoneDay(tz, Math.floor(at / DAY_MS));
  if (offsetMs === null || instant.epochNanoseconds !== BigInt(at) * 1_000_000n) return null;
  const local = at + offsetMs;
  const days = Math.floor(local / DAY_MS);
  const ms = local - days * DAY_MS;
  const { year, month, day } = civilFromDays(days);
  const seconds = Math.floor(ms / 1000);
  return {
    day: new Temporal.PlainDate(year, month, day),
    time: new Temporal.PlainTime(Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60, ms % 1000),
  };
}

export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64) return false;
  try {
    // Temporal accepts offsets like "+02:00" as zones; users need a named IANA zone.
    if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
    Temporal.Now.instant().toZonedDateTimeISO(tz);
    return true;
  } catch {
    return false;
  }
}

export function maxInstant(a: Instant, b: Instant): Instant {
  return Temporal.Instant.compare(a, b) >= 0 ? a : b;
}

export function minInstant(a: Instant, b: Instant): Instant {
  return Temporal.Instant.compare(a, b) <= 0 ? a : b;
}

export const before = (a: Instant, b: Instant): boolean => Temporal.Instant.compare(a, b) < 0;
export const atOrAfter = (a: Instant, b: Instant): boolean => Temporal.Instant.compare(a, b) >= 0;

export function toDate(i: Instant): Date {
  return new Date(i.epochMilliseconds);
}

export function fromDate(d: Date): Instant {
  return Temporal.Instant.fromEpochMilliseconds(d.getTime());
}

/** "HH:MM" (or "HH:MM:SS") → PlainTime; null when malformed. */
export function parseClockTime(s: string): PlainTime | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(s);
  if (!m) return null;
  return new Temporal.PlainTime(Number(m[1]), Number(m[2]), Number(m[3] ?? 0));
}

/** "HH:MM" for display; seconds are dropped when zero. */
export function formatClockTime(t: PlainTime): string {
  const hm = `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  return t.second === 0 ? hm : `${hm}:${String(t.second).padStart(2, '0')}`;
}

/** Strict YYYY-MM-DD that exists on the calendar (2026-02-30 is rejected). */
export function parseIsoDate(s: string): PlainDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  try {
    return Temporal.PlainDate.from({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, { overflow: 'reject' });
  } catch {
    return null;
  }
}
