// The seed's rules restated on their own (seed 000 §6–§8, SPEC A4–A6 and
// Part C), for checking the simulator's output: when each phase begins,
// which windows fall back and when, and which occurrences a series visits.
// Written from the text, not from src/domain's code — only the calendar
// primitives are shared (time.ts's wall-time conversion with the DST rule of
// A6, the due moment of A2, and recurrence.ts's calendar, each tested on its
// own) — so a rule broken in the domain shows up as a disagreement here.
import { type Due, dueDay, dueMoment } from '../../src/domain/due.ts';
import type { EventDates, State } from '../../src/domain/lifecycle.ts';
import { expandOccurrences, type RecurrenceRule } from '../../src/domain/recurrence.ts';
import { occurrenceZone } from '../../src/domain/series.ts';
import { dayIn, type PlainDate, startOfDay, Temporal, timeIn, wallInstant } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import type { WindowConfig } from '../../src/domain/windows.ts';
import { MINUTE } from './simulator.ts';

export const ceilMinute = (t: number): number => Math.ceil(t / MINUTE) * MINUTE;
const at = (day: PlainDate, time: Temporal.PlainTime, tz: string, overlap: 'earlier' | 'later' = 'earlier'): number =>
  wallInstant(day, time, tz, overlap).epochMilliseconds;
export const dayOf = (t: number, tz: string): PlainDate => dayIn(Temporal.Instant.fromEpochMilliseconds(t), tz);

/** Is the wall clock of `t` inside the user's active hours [quiet_end, quiet_start)? */
export function wallClockActive(t: number, user: UserSettings): boolean {
  const time = timeIn(Temporal.Instant.fromEpochMilliseconds(t), user.tz);
  return Temporal.PlainTime.compare(time, user.quietEnd) >= 0 && Temporal.PlainTime.compare(time, user.quietStart) < 0;
}

/**
 * A day's active hours: from quiet_end (its later instant where a fall-back
 * repeats it, so the clock never reads a quiet time inside) to quiet_start.
 */
export function activeSpan(day: PlainDate, user: UserSettings): { start: number; end: number } {
  return { start: at(day, user.quietEnd, user.tz, 'later'), end: at(day, user.quietStart, user.tz) };
}

type Slot = { start: number; end: number; hour: number };
/** Pure and asked for the same days over and over: remembered (bounded). */
const slotMemo = new Map<string, Slot[]>();

/** §8: the hourly windows of a day's active hours, each with the wall hour it starts at. */
export function hourSlots(day: PlainDate, user: UserSettings): Slot[] {
  const key = `${user.tz} ${day.toString()} ${user.quietEnd.toString()} ${user.quietStart.toString()}`;
  let slots = slotMemo.get(key);
  if (!slots) {
    if (slotMemo.size > 50_000) slotMemo.clear();
    slots = computeSlots(day, user);
    slotMemo.set(key, slots);
  }
  return slots;
}

function computeSlots(day: PlainDate, user: UserSettings): Slot[] {
  const out: Slot[] = [];
  const last = day.toPlainDateTime(user.quietStart);
  for (let wall = day.toPlainDateTime(user.quietEnd); Temporal.PlainDateTime.compare(wall, last) < 0; wall = wall.add({ hours: 1 })) {
    const next = Temporal.PlainDateTime.compare(wall.add({ hours: 1 }), last) < 0 ? wall.add({ hours: 1 }) : last;
    const start =
      out.length === 0 && wall.toPlainTime().equals(user.quietEnd) ? activeSpan(day, user).start : at(wall.toPlainDate(), wall.toPlainTime(), user.tz);
    const end = at(next.toPlainDate(), next.toPlainTime(), user.tz);
    if (start < end) out.push({ start, end, hour: wall.hour });
  }
  return out;
}

/** §6: the instants a round's phase changes at. */
export interface Phases {
  preparingAt: number | null;
  todayAt: number;
  dueAt: number;
}

export function phases(dates: EventDates, user: UserSettings): Phases {
  const day = dueDay(dates.due, user.tz);
  const dueAt = dueMoment(dates.due, user.tz).epochMilliseconds;
  const allDay = dates.due.mode === 'local' && dates.due.time === null;
  // §6 (and A4's clarification, compared as instants): a due at or before the start of the due day's
  // active hours starts `today` on the eve, at quiet_start − 2h.
  const early = !allDay && dueAt <= activeSpan(day, user).start;
  const eve = day.subtract({ days: 1 }).toPlainDateTime(user.quietStart).subtract({ hours: 2 });
  return {
    preparingAt: Temporal.PlainDate.compare(dates.fireOn, day) < 0 ? startOfDay(dates.fireOn, user.tz).epochMilliseconds : null,
    todayAt: early ? at(eve.toPlainDate(), eve.toPlainTime(), user.tz) : startOfDay(day, user.tz).epochMilliseconds,
    dueAt,
  };
}

/** §6: the state of a round at `t` by its phases (ignoring Done and DELETE). */
export function stateAt(p: Phases, afterDue: 'keep' | 'expire', t: number): State {
  if (t >= p.dueAt) return afterDue === 'keep' ? 'overdue' : 'expired';
  if (t >= p.todayAt) return 'today';
  if (p.preparingAt !== null && t >= p.preparingAt) return 'preparing';
  return 'scheduled';
}

/** A blind delivery the seed calls for, and the window it closes ([start, end): its one reminder). */
export interface Blind {
  at: number;
  state: State;
  start: number;
  end: number;
}

/**
 * §8 with nobody present, no Ack and no Done: every blind delivery of one
 * round that starts at `from` (epoch ms) and lasts until `until` (its end or
 * the simulation's), in time order. `earlier` are the blind deliveries of the
 * event's earlier rounds: a window holds one reminder of the event.
 */
export function blindSchedule(dates: EventDates, user: UserSettings, cfg: WindowConfig, from: number, until: number, earlier: Blind[]): Blind[] {
  const p = phases(dates, user);
  const out: Blind[] = [];
  const taken = (start: number, end: number) => [...earlier, ...out].some((b) => b.start >= start && b.start < end);
  const offer = (state: State, w: { start: number; end: number }, fallbackAt: number, phaseFrom: number, phaseUntil: number) => {
    const opens = Math.max(w.start, phaseFrom, from);
    const closes = Math.min(w.end, phaseUntil, until);
    const when = ceilMinute(Math.max(fallbackAt, opens));
    if (when < closes && !taken(w.start, w.end)) out.push({ at: when, state, start: w.start, end: w.end });
  };
  const firstDay = dayOf(Math.max(from, p.preparingAt ?? p.todayAt), user.tz).subtract({ days: 1 });
  const lastDay = dayOf(until, user.tz);
  for (let day = firstDay; Temporal.PlainDate.compare(day, lastDay) <= 0; day = day.add({ days: 1 })) {
    const a = activeSpan(day, user);
    const dayFallback = Math.max(a.start, a.end - cfg.fallbackDayMinutes * MINUTE);
    // preparing: one window a day, nominal bounds; no fallback if today begins first.
    if (p.preparingAt !== null && dayFallback < p.todayAt) offer('preparing', a, dayFallback, p.preparingAt, p.todayAt);
    // today: hourly windows from todayAt to the due moment, the last one clipped; fallback in the 9/14/20 windows.
    const all = hourSlots(day, user);
    const slots = all.map((s) => ({ ...s, start: Math.max(s.start, p.todayAt), end: Math.min(s.end, p.dueAt) })).filter((s) => s.start < s.end);
    if (slots.length > 0) {
      const inside = cfg.fallbackHours.filter((h) => all.some((s) => s.hour === h));
      let picked = inside.length === 0 ? slots.filter((_, i) => i === 0 || i === slots.length - 1) : slots.filter((s) => inside.includes(s.hour));
      if (picked.length === 0) picked = [slots[slots.length - 1]!];
      for (const s of picked) offer('today', s, Math.max(s.start, s.end - cfg.fallbackHourMinutes * MINUTE), p.todayAt, p.dueAt);
    }
    // overdue (keep): one window a day from the due moment; the due day's window holds its today reminders.
    if (dates.afterDue === 'keep') offer('overdue', a, dayFallback, p.dueAt, Number.POSITIVE_INFINITY);
  }
  return out.sort((x, y) => x.at - y.at);
}

/** Part C: the occurrences of a rule over a span of user days, in order. */
export function occurrencesAround(rule: RecurrenceRule, user: UserSettings, from: number, until: number): Due[] {
  const zone = occurrenceZone(rule, user.tz);
  const first = dayOf(from, zone).subtract({ days: 2 });
  const last = dayOf(until, zone).add({ days: 2 });
  return expandOccurrences(rule, first, last).map((o) => o.due);
}
