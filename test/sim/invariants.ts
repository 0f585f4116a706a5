// The invariants of issue 9 over one simulated run, each returning what it
// found wrong as readable lines (empty = holds), so a failing property says
// which promise broke, when and in which round.
import type { State } from '../../src/domain/lifecycle.ts';
import { dueMoment } from '../../src/domain/due.ts';
import { Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import { DEFAULT_WINDOW_CONFIG } from '../../src/domain/windows.ts';
import { activeSpan, type Blind, blindSchedule, ceilMinute, dayOf, hourSlots, occurrencesAround, phases, stateAt, wallClockActive } from './oracle.ts';
import { MINUTE, type SimInput, type SimResult } from './simulator.ts';

const RANK: Record<State, number> = { scheduled: 0, preparing: 1, today: 2, overdue: 3, expired: 3, done: 4, withdrawn: 5 };

/** An instant as wall time in the user's zone with its offset, for messages. */
export const wallText = (t: number, tz: string): string =>
  Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(tz).toString({ smallestUnit: 'minute', timeZoneName: 'never' });

function presenceAt(input: SimInput, channelId: number, t: number) {
  const c = input.channels.find((x) => x.id === channelId)!;
  let v = c.presence.initial;
  for (const ch of c.presence.changes) if (ch.at <= t) v = ch.value;
  return v;
}

/** No delivery inside quiet hours by the wall clock of its instant (events are never urgent). */
export function quietHours(input: SimInput, r: SimResult): string[] {
  return r.deliveries
    .filter((d) => !wallClockActive(d.at, input.user))
    .map((d) => `delivery in quiet hours at ${wallText(d.at, input.user.tz)} (round ${d.round}, ${d.state}, channel ${d.channelId})`);
}

/**
 * At most one delivery per channel per window (hourly in today, daily in
 * preparing/overdue), and one reminder per daily window for the event: an
 * overdue or preparing reminder on a day that already had one of the event.
 */
export function onePerWindow(input: SimInput, r: SimResult): string[] {
  const { user } = input;
  const out: string[] = [];
  const seen = new Set<string>();
  for (const d of r.deliveries) {
    const day = dayOf(d.at, user.tz);
    let key: string;
    if (d.state === 'today') {
      const slot = hourSlots(day, user).find((s) => d.at >= s.start && d.at < s.end);
      if (!slot) {
        out.push(`today delivery outside every hourly window at ${wallText(d.at, user.tz)}`);
        continue;
      }
      key = `${d.round}|${d.channelId}|h${slot.start}`;
    } else key = `${d.round}|${d.channelId}|d${day.toString()}|${d.state}`;
    if (seen.has(key)) out.push(`second delivery in one window at ${wallText(d.at, user.tz)} (round ${d.round}, ${d.state}, channel ${d.channelId})`);
    seen.add(key);
    if (d.state === 'overdue' || d.state === 'preparing') {
      const a = activeSpan(day, user);
      const before = r.deliveries.find((e) => e.at < d.at && e.at >= a.start && e.at < a.end);
      if (before) {
        out.push(`${d.state} reminder at ${wallText(d.at, user.tz)} on a day that already had one (${before.state} at ${wallText(before.at, user.tz)})`);
      }
    }
  }
  return out;
}

/**
 * States move only forward, at the instants of §6 (the first tick at or
 * after each), each round starts in the state its dates give, and a round
 * that ends (done, expired) rolls in the same tick.
 */
export function forwardAtA4(input: SimInput, r: SimResult): string[] {
  const { user } = input;
  const out: string[] = [];
  for (const round of r.rounds) {
    const p = phases(round.dates, user);
    const expected = stateAt(p, round.dates.afterDue, round.startedAt);
    if (round.state !== expected) out.push(`round ${round.round} (${round.dueAt}) began ${round.state}, its dates say ${expected}`);
    let state = round.state;
    for (const t of r.transitions.filter((x) => x.round === round.round && !x.roll)) {
      if (t.from !== state) out.push(`round ${round.round}: transition from ${t.from} while ${state}`);
      if (RANK[t.to] <= RANK[t.from]) out.push(`round ${round.round}: ${t.from} → ${t.to} goes backwards at ${wallText(t.at, user.tz)}`);
      if (t.to !== 'done') {
        const milestone = t.to === 'preparing' ? p.preparingAt : t.to === 'today' ? p.todayAt : p.dueAt;
        if (milestone === null || t.at !== ceilMinute(milestone)) {
          out.push(
            `round ${round.round}: ${t.from} → ${t.to} at ${wallText(t.at, user.tz)}, §6 says ${milestone === null ? 'never' : wallText(milestone, user.tz)}`,
          );
        }
      }
      state = t.to;
    }
    const next = r.rounds.find((x) => x.round === round.round + 1);
    if (next && state !== 'done' && state !== 'expired') out.push(`round ${round.round} rolled while ${state}`);
    if (next) {
      const end = r.transitions.find((x) => x.round === round.round && (x.to === 'done' || x.to === 'expired'));
      if (end && end.at !== next.startedAt)
        out.push(`round ${round.round} ended at ${wallText(end.at, user.tz)} but rolled at ${wallText(next.startedAt, user.tz)}`);
    }
    if (!next && (state === 'done' || state === 'expired') && 'recurrence' in input.event) {
      const end = r.transitions.find((x) => x.round === round.round && x.to === state)!;
      if (end.at + MINUTE < input.until) out.push(`round ${round.round} ended ${state} at ${wallText(end.at, user.tz)} and the series never rolled`);
    }
  }
  return out;
}

/**
 * A series visits its occurrences in order, never one twice, and skips one
 * only if its moment passed while the round before it was still live
 * (after_due keep waiting for Done); the first is the first whose moment is
 * after the push.
 */
export function occurrencesInOrder(input: SimInput, r: SimResult): string[] {
  if (!('recurrence' in input.event)) return [];
  const { user } = input;
  // Through the last round's occurrence: after a late Done a series may roll well past the simulated span.
  const last = Math.max(input.until, ...r.rounds.map((x) => dueMoment(x.dates.due, user.tz).epochMilliseconds));
  const moments = occurrencesAround(input.event.recurrence, user, input.pushAt, last).map((d) => dueMoment(d, user.tz).epochMilliseconds);
  const out: string[] = [];
  const firstExpected = moments.find((m) => m > input.pushAt);
  let previous: number | null = null;
  for (const round of r.rounds) {
    const m = dueMoment(round.dates.due, user.tz).epochMilliseconds;
    const index = moments.indexOf(m);
    if (index < 0) {
      out.push(`round ${round.round} (${round.dueAt}) is no occurrence of the rule`);
      continue;
    }
    if (previous === null) {
      if (m !== firstExpected) out.push(`the series starts with ${round.dueAt}, not the first occurrence after the push`);
    } else {
      if (m <= previous) out.push(`round ${round.round} (${round.dueAt}) repeats or goes back`);
      const skipped = moments.filter((x) => x > previous! && x < m && x > round.startedAt);
      if (skipped.length > 0) out.push(`round ${round.round} (${round.dueAt}) skips ${skipped.length} occurrence(s) still ahead when it rolled`);
    }
    previous = m;
  }
  return out;
}

/**
 * Deliveries go out only in reminding states, to present channels when
 * someone is present, to every enabled channel otherwise; never during an
 * Ack's silence; and a blind one only in a window the seed lets fall back,
 * at the first minute its fallback moment allows (§8).
 */
export function deliveryRules(input: SimInput, r: SimResult): string[] {
  const { user } = input;
  const cfg = input.cfg ?? DEFAULT_WINDOW_CONFIG;
  const out: string[] = [];
  const enabled = input.channels.filter((c) => c.enabled).map((c) => c.id);
  const byTick = new Map<number, number[]>();
  for (const d of r.deliveries) byTick.set(d.at, [...(byTick.get(d.at) ?? []), d.channelId]);
  for (const d of r.deliveries) {
    const round = r.rounds.find((x) => x.round === d.round)!;
    const p = phases(round.dates, user);
    const when = wallText(d.at, user.tz);
    if (!['preparing', 'today', 'overdue'].includes(d.state)) out.push(`delivery in ${d.state} at ${when}`);
    if (stateAt(p, round.dates.afterDue, d.at) !== d.state) out.push(`delivery as ${d.state} at ${when}, §6 says ${stateAt(p, round.dates.afterDue, d.at)}`);
    const present = enabled.filter((id) => presenceAt(input, id, d.at) === 'present');
    if (d.why === 'present' && !present.includes(d.channelId)) out.push(`"present" delivery to an absent channel at ${when}`);
    if (d.why === 'fallback' && present.length > 0) out.push(`blind delivery at ${when} while channel ${present[0]} is present`);
    if (d.why === 'fallback' && (byTick.get(d.at) ?? []).length !== enabled.length) out.push(`blind delivery at ${when} not to every enabled channel`);
    const acks = r.actions.filter((a) => a.action === 'ack' && a.ok && a.round === d.round && a.at <= d.at);
    const quiet = acks.length > 0 ? acks[acks.length - 1]!.quietUntil! : 0;
    if (d.at < quiet) out.push(`delivery at ${when} inside an Ack's silence (until ${wallText(quiet, user.tz)})`);
    if (d.why !== 'fallback') continue;
    // Where the seed allows a blind delivery, and from when.
    let fallbackAt: number | null = null;
    const day = dayOf(d.at, user.tz);
    if (d.state === 'today') {
      const all = hourSlots(day, user);
      const slots = all.map((s) => ({ ...s, start: Math.max(s.start, p.todayAt), end: Math.min(s.end, p.dueAt) })).filter((s) => s.start < s.end);
      const inside = cfg.fallbackHours.filter((h) => all.some((s) => s.hour === h));
      let picked = inside.length === 0 ? slots.filter((_, i) => i === 0 || i === slots.length - 1) : slots.filter((s) => inside.includes(s.hour));
      if (picked.length === 0 && slots.length > 0) picked = [slots[slots.length - 1]!];
      const slot = picked.find((s) => d.at >= s.start && d.at < s.end);
      if (slot) fallbackAt = Math.max(slot.start, slot.end - cfg.fallbackHourMinutes * MINUTE);
    } else {
      const a = activeSpan(day, user);
      const f = Math.max(a.start, a.end - cfg.fallbackDayMinutes * MINUTE);
      if (d.state === 'overdue' || f < p.todayAt) fallbackAt = f;
    }
    if (fallbackAt === null) {
      out.push(`blind ${d.state} delivery at ${when} in a window the seed does not let fall back`);
      continue;
    }
    const since = [round.startedAt, ...r.transitions.filter((x) => x.round === d.round && x.to === d.state && x.at <= d.at).map((x) => x.at)];
    const expected = ceilMinute(Math.max(fallbackAt, Math.max(...since), quiet));
    if (d.at !== expected) out.push(`blind ${d.state} delivery at ${when}, the seed's fallback moment is ${wallText(expected, user.tz)}`);
  }
  return out;
}

/**
 * With nobody ever present and no Ack or Done: exactly the seed's blind
 * deliveries (every fallback moment of every round, nothing else), and so at
 * least one reminder for every round whose `today` phase — from its start,
 * eve included — meets the active hours (the eve rule's promise).
 */
export function blindExactly(input: SimInput, r: SimResult): string[] {
  const { user } = input;
  const cfg = input.cfg ?? DEFAULT_WINDOW_CONFIG;
  const out: string[] = [];
  const expected: Blind[] = [];
  for (const [i, round] of r.rounds.entries()) {
    const next = r.rounds[i + 1];
    const enabled = input.channels.filter((c) => c.enabled).length;
    // Without an enabled channel nothing can be delivered (not even the web row).
    const mine = enabled === 0 ? [] : blindSchedule(round.dates, user, cfg, round.startedAt, next ? next.startedAt : input.until, expected);
    expected.push(...mine);
    const actual = r.deliveries.filter((d) => d.round === round.round);
    const got = [...new Set(actual.map((d) => d.at))].sort((a, b) => a - b);
    const want = mine.map((b) => b.at);
    if (got.join() !== want.join()) {
      out.push(
        `round ${round.round} (${round.dueAt}): blind at [${got.map((t) => wallText(t, user.tz)).join(', ')}], the seed says [${want.map((t) => wallText(t, user.tz)).join(', ')}]`,
      );
    }
    if (actual.length !== got.length * enabled) out.push(`round ${round.round}: not every enabled channel got each blind delivery`);
    // The eve rule's promise, stated on its own.
    const p = phases(round.dates, user);
    const end = next ? next.startedAt : input.until;
    if (enabled > 0 && round.startedAt <= p.todayAt && p.dueAt <= end && meetsActiveHours(p.todayAt, p.dueAt, user)) {
      if (!actual.some((d) => d.at >= p.todayAt && d.at < p.dueAt)) {
        out.push(`round ${round.round} (${round.dueAt}) expired or went overdue without a single reminder in its today phase`);
      }
    }
  }
  return out;
}

function meetsActiveHours(from: number, until: number, user: UserSettings): boolean {
  for (let day = dayOf(from, user.tz); Temporal.PlainDate.compare(day, dayOf(until, user.tz)) <= 0; day = day.add({ days: 1 })) {
    const a = activeSpan(day, user);
    if (Math.max(a.start, from) < Math.min(a.end, until)) return true;
  }
  return false;
}

/** Every invariant that holds for any run. */
export function general(input: SimInput, r: SimResult): string[] {
  return [...quietHours(input, r), ...onePerWindow(input, r), ...forwardAtA4(input, r), ...occurrencesInOrder(input, r), ...deliveryRules(input, r)];
}
