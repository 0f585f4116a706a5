// Delivery windows and fallback (SPEC A6). Windows lie inside the user's
// active hours [quiet_end, quiet_start) in their zone; every wall time goes
// through time.ts, so DST days get the clarified gap/overlap rule.
import type { Due } from './due.ts';
import { dueDay, dueMoment, todayStart } from './due.ts';
import type { EventDates, State } from './lifecycle.ts';
import { milestones } from './lifecycle.ts';
import { type Instant, type PlainDate, Temporal, dayIn, maxInstant, minInstant, timeKey, wallInstant } from './time.ts';
import type { UserSettings } from './user.ts';

export interface Window {
  start: Instant;
  end: Instant;
}

/** The fallback knobs of SPEC A6 / A10 (HADO_FALLBACK_DAY, HADO_FALLBACK_HOUR, HADO_FALLBACK_HOURS). */
export interface WindowConfig {
  /** preparing / overdue: fall back this many minutes before the day window ends. */
  fallbackDayMinutes: number;
  /** today: fall back this many minutes before a fallback hour window ends. */
  fallbackHourMinutes: number;
  /** today: wall-clock hours whose window may fall back (morning, afternoon, evening). */
  fallbackHours: number[];
}

export const DEFAULT_WINDOW_CONFIG: WindowConfig = {
  fallbackDayMinutes: 30,
  fallbackHourMinutes: 10,
  fallbackHours: [9, 14, 20],
};

/** A window of an event's phase, and whether (and from when) it may deliver blindly. */
export interface WindowInfo extends Window {
  /** Nobody present may still get one delivery in this window. */
  fallback: boolean;
  /** max(start, end − margin) for a fallback window (SPEC A6 clarification); null otherwise. */
  fallbackAt: Instant | null;
}

/** An hourly window with the wall-clock hour it was cut at, before DST resolution. */
interface Slot extends Window {
  day: PlainDate;
  hour: number;
}

const lt = (a: Instant, b: Instant): boolean => Temporal.Instant.compare(a, b) < 0;
const contains = (w: Window, at: Instant): boolean => !lt(at, w.start) && lt(at, w.end);

/**
 * The active hours of one calendar day as instants. Where a fall-back change
 * repeats quiet_end, they start at its later instant: the wall clock then never
 * reads a quiet time inside a window (a 02:30 quiet_end would otherwise open
 * the day at the first 02:30 and be followed by a second 02:00–02:30).
 */
export function activeHours(day: PlainDate, user: UserSettings): Window {
  return { start: wallInstant(day, user.quietEnd, user.tz, 'later'), end: wallInstant(day, user.quietStart, user.tz) };
}

/**
 * A day's hourly windows are the same for every event of every user sharing
 * the zone and hours, and every tick asks again: remembered like time.ts's
 * instants (pure, bounded; the arrays are never mutated).
 */
const slotMemo = new Map<string, Slot[]>();
const SLOT_MEMO_LIMIT = 5_000;

function hourlySlots(day: PlainDate, user: UserSettings): Slot[] {
  const key = `${user.tz} ${day.toString()} ${timeKey(user.quietEnd)} ${timeKey(user.quietStart)}`;
  let slots = slotMemo.get(key);
  if (slots === undefined) {
    slots = computeHourlySlots(day, user);
    if (slotMemo.size >= SLOT_MEMO_LIMIT) slotMemo.clear();
    slotMemo.set(key, slots);
  }
  return slots;
}

function computeHourlySlots(day: PlainDate, user: UserSettings): Slot[] {
  const out: Slot[] = [];
  const endWall = day.toPlainDateTime(user.quietStart);
  let wall = day.toPlainDateTime(user.quietEnd);
  while (Temporal.PlainDateTime.compare(wall, endWall) < 0) {
    const nextWall = wall.add({ hours: 1 });
    const capped = Temporal.PlainDateTime.compare(nextWall, endWall) < 0 ? nextWall : endWall;
    // The first window starts with the active hours (activeHours: the later instant of a repeated time).
    const first = wall.equals(day.toPlainDateTime(user.quietEnd));
    const start = wallInstant(wall.toPlainDate(), wall.toPlainTime(), user.tz, first ? 'later' : 'earlier');
    const end = wallInstant(capped.toPlainDate(), capped.toPlainTime(), user.tz);
    // A window that a DST gap swallows whole has no instant in it.
    if (lt(start, end)) out.push({ start, end, day, hour: wall.hour });
    wall = nextWall;
  }
  return out;
}

/**
 * The hourly windows of one day's active hours: 09–10, 10–11, … 21–22 with
 * the defaults; the last one is cut at quiet_start when hours are not whole.
 */
export function hourlyWindows(day: PlainDate, user: UserSettings): Window[] {
  return hourlySlots(day, user).map(({ start, end }) => ({ start, end }));
}

function todaySlots(due: Due, user: UserSettings): Slot[] {
  const from = todayStart(due, user);
  const until = dueMoment(due, user.tz);
  const out: Slot[] = [];
  let day = dayIn(from, user.tz);
  const last = dueDay(due, user.tz);
  while (Temporal.PlainDate.compare(day, last) <= 0) {
    for (const s of hourlySlots(day, user)) {
      const start = maxInstant(s.start, from);
      const end = minInstant(s.end, until);
      if (lt(start, end)) out.push({ ...s, start, end });
    }
    day = day.add({ days: 1 });
  }
  return out;
}

/**
 * All windows of the `today` phase in order: the hourly windows from the
 * start of the phase (the eve for an early due) to the due moment, the last
 * one clipped at the due moment.
 */
export function todayWindows(due: Due, user: UserSettings): Window[] {
  return todaySlots(due, user).map(({ start, end }) => ({ start, end }));
}

function info(w: Window, fallback: boolean, marginMinutes: number): WindowInfo {
  // A window shorter than its margin (clipped by the due moment) falls back at its start.
  const fallbackAt = fallback ? maxInstant(w.start, w.end.subtract({ minutes: marginMinutes })) : null;
  return { start: w.start, end: w.end, fallback, fallbackAt };
}

/**
 * The `today` windows with their fallback flag (SPEC A6 and its clarifications).
 * Each calendar day of the phase is judged on its own — the eve of an early
 * due counts as a day of `today` windows:
 * - a window falls back when the wall-clock hour it starts at is one of
 *   `fallbackHours` (a window clipped at the eve's start keeps the hour of
 *   the hourly window it was cut from);
 * - fallback hours at which none of the user's hourly windows of that day
 *   starts are outside the active hours and ignored; if none is left, the
 *   first and the last window of the day fall back;
 * - if that still leaves the day's windows without a fallback window (the
 *   eve starts after the last fallback hour, or the due moment cuts the day
 *   before the first one), its last window — the last before the due moment —
 *   falls back, so an early due never goes without a single blind delivery.
 */
export function todayWindowInfos(due: Due, user: UserSettings, cfg: WindowConfig): WindowInfo[] {
  const byDay = new Map<string, Slot[]>();
  for (const s of todaySlots(due, user)) {
    const key = s.day.toString();
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  const out: WindowInfo[] = [];
  for (const slots of byDay.values()) {
    const day = slots[0]!.day;
    const dayHours = new Set(hourlySlots(day, user).map((s) => s.hour));
    const inside = cfg.fallbackHours.filter((h) => dayHours.has(h));
    const last = slots.length - 1;
    let picked: boolean[];
    if (inside.length === 0) picked = slots.map((_, i) => i === 0 || i === last);
    else {
      picked = slots.map((s) => inside.includes(s.hour));
      if (!picked.includes(true)) picked[last] = true;
    }
    slots.forEach((s, i) => {
      out.push(info(s, picked[i]!, cfg.fallbackHourMinutes));
    });
  }
  return out;
}

/** The part of time a reminding state holds: [from, until), either side open when null. */
interface Phase {
  from: Instant | null;
  until: Instant | null;
}

const inPhase = (p: Phase, at: Instant): boolean => !(p.from && lt(at, p.from)) && !(p.until && !lt(at, p.until));

/**
 * The one-a-day window of preparing/overdue on `day` (SPEC A6 clarification):
 * always the day's whole active hours — its nominal bounds key it
 * (`window_start`), bound "one reminder per daily window" and place its
 * fallback moment — and it is open only while the phase holds. When the
 * phase ends before the fallback moment (preparing becomes today at 20:00 on
 * an early due's eve) the window has no fallback. Null when the phase holds
 * no instant of it.
 */
function dayWindow(day: PlainDate, phase: Phase, user: UserSettings, cfg: WindowConfig): WindowInfo | null {
  const a = activeHours(day, user);
  const opens = phase.from ? maxInstant(a.start, phase.from) : a.start;
  const closes = phase.until ? minInstant(a.end, phase.until) : a.end;
  if (!lt(opens, closes)) return null;
  const w = info(a, true, cfg.fallbackDayMinutes);
  if (phase.until && w.fallbackAt && !lt(w.fallbackAt, phase.until)) return { ...w, fallback: false, fallbackAt: null };
  return w;
}

/** The part of time a daily window's state holds; null for a state without daily windows. */
function dayPhase(state: State, ev: EventDates, user: UserSettings): Phase | null {
  const m = milestones(ev, user);
  if (state === 'preparing') return { from: m.preparingAt, until: m.todayAt };
  if (state === 'overdue') return { from: m.dueAt, until: null };
  return null;
}

/**
 * The window of the event's current state that contains `now`, or null
 * (outside active hours, between windows, or a state that does not remind).
 * preparing/overdue: one a day, the day's active hours; today: the hourly
 * windows of todayWindows, incl. the eve of an early due.
 */
export function openWindow(state: State, ev: EventDates, user: UserSettings, now: Instant, cfg: WindowConfig = DEFAULT_WINDOW_CONFIG): WindowInfo | null {
  if (state === 'today') return todayWindowInfos(ev.due, user, cfg).find((w) => contains(w, now)) ?? null;
  const phase = dayPhase(state, ev, user);
  if (!phase) return null;
  // Active hours lie inside one calendar day, so only today's window can hold now.
  const w = dayWindow(dayIn(now, user.tz), phase, user, cfg);
  return w && contains(w, now) && inPhase(phase, now) ? w : null;
}

/**
 * The start of the next window of the same state strictly after `now`, or
 * null when the phase has none left (the last `today` window has begun, or
 * preparing ends first). The scheduler combines it with nextTransitionAt to
 * know when to look at the event again.
 */
export function nextWindowStart(state: State, ev: EventDates, user: UserSettings, now: Instant, cfg: WindowConfig = DEFAULT_WINDOW_CONFIG): Instant | null {
  if (state === 'today') return todayWindowInfos(ev.due, user, cfg).find((w) => lt(now, w.start))?.start ?? null;
  const phase = dayPhase(state, ev, user);
  if (!phase) return null;
  let day = dayIn(now, user.tz);
  // Two days always suffice (today's window or tomorrow's); a third covers a day that the phase leaves empty.
  for (let i = 0; i < 3; i++, day = day.add({ days: 1 })) {
    if (phase.until && !lt(activeHours(day, user).start, phase.until)) return null;
    const w = dayWindow(day, phase, user, cfg);
    // The moment it opens for this state: overdue opens at the due moment inside the due day's window.
    const opens = w && phase.from ? maxInstant(w.start, phase.from) : w?.start;
    if (opens && lt(now, opens)) return opens;
  }
  return null;
}
