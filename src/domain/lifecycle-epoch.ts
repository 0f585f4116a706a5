// The one-off upsert's calendar work on integers (issue 28): due.ts's
// parseDueAt and lifecycle.ts's lifecycleAt over epoch days, seconds of the
// day and epoch milliseconds (epoch.ts), with the same answers — proven
// against the Temporal versions by test/domain/epoch.property.test.ts.
import type { ParseResult } from './due.ts';
import { DAY_SECONDS, dayStartMs, digits, parseEpochDay, wallMs, wallOfMs } from './epoch.ts';
import type { AfterDue, State } from './lifecycle.ts';

/** A due (SPEC A3) on integers: a local day with a second of the day (null = all day), or a fixed instant in ms. */
export type EpochDue = { mode: 'local'; day: number; second: number | null } | { mode: 'fixed'; ms: number };

/** A user's zone and active hours, as seconds of the day. */
export interface EpochUser {
  tz: string;
  quietStart: number;
  quietEnd: number;
}

const SHAPE = 'must be YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM±HH:MM';
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

/** parseDueAt on integers: the same forms, the same errors. */
export function parseDueAtEpoch(s: string): ParseResult<EpochDue> {
  if (s.length === 10) {
    const day = parseEpochDay(s);
    if (day !== null) return { ok: true, value: { mode: 'local', day, second: null } };
  }
  const m = DATE_TIME.exec(s);
  if (!m) return { ok: false, error: SHAPE };
  const day = parseEpochDay(m[1]!);
  if (day === null) return { ok: false, error: `${m[1]} is not a calendar date` };
  const [hour, minute, sec] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hour > 23 || minute > 59 || sec > 59) return { ok: false, error: `${s} has an impossible time of day` };
  const second = hour * 3600 + minute * 60 + sec;
  const offset = m[5];
  if (offset === undefined) return { ok: true, value: { mode: 'local', day, second } };
  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const oh = digits(offset, 1, 3);
    const om = digits(offset, 4, 6);
    if (oh > 14 || om > 59 || (oh === 14 && om > 0)) return { ok: false, error: `offset ${offset} is outside -14:00..+14:00` };
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { ok: true, value: { mode: 'fixed', ms: (day * DAY_SECONDS + second - offsetMinutes * 60) * 1000 } };
}

/** dueDay: the due's calendar day in the user's zone. */
export const dueDayEpoch = (due: EpochDue, tz: string): number => (due.mode === 'local' ? due.day : wallOfMs(due.ms, tz).day);

/** dueMoment: the instant the due passes (an all-day due at 24:00). */
function dueMomentMs(due: EpochDue, tz: string): number {
  if (due.mode === 'fixed') return due.ms;
  if (due.second === null) return dayStartMs(due.day + 1, tz);
  return wallMs(due.day, due.second, tz);
}

/** todayStart: 00:00 of the due day, or for an early due the eve at quiet_start − 2h (due.ts). */
function todayStartMs(due: EpochDue, day: number, moment: number, user: EpochUser): number {
  if (due.mode === 'local' && due.second === null) return dayStartMs(day, user.tz);
  if (moment > wallMs(day, user.quietEnd, user.tz, 'later')) return dayStartMs(day, user.tz);
  const eve = (day - 1) * DAY_SECONDS + user.quietStart - 7200;
  const eveDay = Math.floor(eve / DAY_SECONDS);
  return wallMs(eveDay, eve - eveDay * DAY_SECONDS, user.tz);
}

/** An event's phase milestones in ms; preparing is NaN when it has none. */
function phaseOf(preparing: number, today: number, due: number, afterDue: AfterDue, now: number): State {
  if (now >= due) return afterDue === 'keep' ? 'overdue' : 'expired';
  if (now >= today) return 'today';
  if (now >= preparing) return 'preparing';
  return 'scheduled';
}

/**
 * lifecycleAt for a one-off event (no duration): the state at `now` and the
 * next instant its phase changes by itself, both in epoch ms.
 */
export function lifecycleEpoch(due: EpochDue, fireDay: number, afterDue: AfterDue, user: EpochUser, now: number): { state: State; next: number | null } {
  const day = dueDayEpoch(due, user.tz);
  const dueAt = dueMomentMs(due, user.tz);
  const todayAt = todayStartMs(due, day, dueAt, user);
  const preparingAt = fireDay < day ? dayStartMs(fireDay, user.tz) : Number.NaN;
  const state = phaseOf(preparingAt, todayAt, dueAt, afterDue, now);
  // In time order (they are not always: see lifecycleAt), the first at which the phase really changes.
  let next: number | null = null;
  for (const at of [preparingAt, todayAt, dueAt]) {
    if (at > now && (next === null || at < next) && phaseOf(preparingAt, todayAt, dueAt, afterDue, at) !== state) next = at;
  }
  return { state, next };
}
