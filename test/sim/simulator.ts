// A pure simulator of one event's life (issue 9): the scheduler's minute
// tick, with the database replaced by one in-memory row and its delivery
// log. Every decision goes through the functions the real ticks and actions
// run — lifecycleStep (the lifecycle tick), advance, the windows, decide and
// nextCheckAt (the delivery tick), ackAt and doneAt (Ack and Done) — so what
// it returns is what Hado does, minute by minute, with no database at all.
//
// What stands in for the database, and why it is the same:
// - the row: state, dates, round, quiet_until, next_transition_at and
//   next_check_at, written exactly as lifecycle-tick.ts, delivery-tick.ts,
//   db/events.ts (rolls, upsert) and core/actions.ts write them;
// - "delivered in this window": a delivery row of the event whose
//   window_start lies in [window.start, window.end) (delivery-tick.ts's
//   deliveredWindows);
// - a tick looks at the event only when next_transition_at (lifecycle) or
//   next_check_at (delivery, reminding states) has come, as the ticks' queries do.
//
// Three ways to step (SimMode). 'exhaustive' looks at the event every minute
// whatever next_transition_at and next_check_at say — the reference, which
// proves those bounds never skip anything; 'tick' honours them every minute,
// as the scheduler does; 'fast' also jumps over minutes in which no input of
// a decision can change (the property tests prove it equal to 'exhaustive').
import { ackAt, doneAt } from '../../src/domain/ack.ts';
import type { ChannelRef, Presence } from '../../src/domain/channels.ts';
import { type Decision, decide } from '../../src/domain/decide.ts';
import { type Due, dueMoment, parseDueAt } from '../../src/domain/due.ts';
import { type AfterDue, advance, type EventDates, lifecycleAt, nextTransitionAt, REMINDING_STATES, type State } from '../../src/domain/lifecycle.ts';
import { closedWindowStart, nextCheckAt } from '../../src/domain/next-check.ts';
import type { RecurrenceRule } from '../../src/domain/recurrence.ts';
import { currentOccurrenceAt, lifecycleStep, roundFor } from '../../src/domain/series.ts';
import { type Instant, type PlainDate, parseIsoDate, Temporal } from '../../src/domain/time.ts';
import type { UserSettings } from '../../src/domain/user.ts';
import { WindowCache } from '../../src/domain/window-cache.ts';
import { DEFAULT_WINDOW_CONFIG, type WindowConfig, type WindowInfo } from '../../src/domain/windows.ts';

export const MINUTE = 60_000;

/** An event as a client pushes it (SPEC A3, Part C): a due_at with fire_at, or a rule with fire_days_before. */
export type SimEvent =
  | { due_at: string; fire_at?: string; after_due: AfterDue }
  | { recurrence: RecurrenceRule; fire_days_before: number; after_due: AfterDue };

/** A channel's answer over time: `initial`, then each change from its instant on (epoch ms, ascending). */
export interface PresenceModel {
  initial: Presence;
  changes: ReadonlyArray<{ at: number; value: Presence }>;
}

export interface SimChannel extends ChannelRef {
  presence: PresenceModel;
}

export interface SimAction {
  /** Epoch ms; applied before the tick of the first minute at or after it. */
  at: number;
  action: 'ack' | 'done';
}

export type SimMode = 'exhaustive' | 'tick' | 'fast';

export interface SimInput {
  event: SimEvent;
  user: UserSettings;
  /** The user's channels, web included. */
  channels: readonly SimChannel[];
  /** The push (epoch ms, any instant); ticks run on whole minutes from it on. */
  pushAt: number;
  /** The simulation ends before this minute (epoch ms). */
  until: number;
  actions?: readonly SimAction[];
  cfg?: WindowConfig;
  mode?: SimMode;
}

/** One round of the event: a one-off event has one; a series one per occurrence it reached. */
export interface SimRound {
  round: number;
  dueAt: string;
  dates: EventDates;
  /** Epoch ms the round began (the push, or the tick that rolled the series). */
  startedAt: number;
  /** Its state when it began. */
  state: State;
}

export interface SimTransition {
  at: number;
  round: number;
  from: State;
  to: State;
  /** The start of a new round of a series (from the state that ended the previous one). */
  roll?: true;
}

export interface SimDelivery {
  at: number;
  round: number;
  /** The state the tick decided in. */
  state: State;
  window: WindowInfo;
  channelId: number;
  why: 'present' | 'fallback';
}

export interface SimActionResult {
  at: number;
  round: number;
  action: 'ack' | 'done';
  ok: boolean;
  /** For an Ack: the silence it set (epoch ms). */
  quietUntil?: number;
  /** The state it found (brought up to date). */
  state: State;
}

export interface SimResult {
  rounds: SimRound[];
  transitions: SimTransition[];
  deliveries: SimDelivery[];
  actions: SimActionResult[];
  /** Minutes at which the event was looked at (the cost of the run). */
  steps: number;
}

const ms = (i: Instant): number => i.epochMilliseconds;
const instant = (t: number): Instant => Temporal.Instant.fromEpochMilliseconds(t);
const ceilMinute = (t: number): number => Math.ceil(t / MINUTE) * MINUTE;

/** The stored row. */
interface Row {
  state: State;
  dates: EventDates;
  round: number;
  quietUntil: number;
  nextTransitionAt: number | null;
  nextCheckAt: number;
}

function presenceAt(model: PresenceModel, t: number): Presence {
  let value = model.initial;
  for (const c of model.changes) {
    if (c.at > t) break;
    value = c.value;
  }
  return value;
}

function nextPresenceChange(channels: readonly SimChannel[], t: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const c of channels) {
    if (!c.enabled) continue;
    for (const change of c.presence.changes) {
      if (change.at > t) {
        next = Math.min(next, change.at);
        break;
      }
    }
  }
  return next;
}

function parseSimDue(s: string): Due {
  const r = parseDueAt(s);
  if (!r.ok) throw new Error(`simulator: due_at ${s}: ${r.error}`);
  return r.value;
}

/** The row a push writes (core/events.ts scheduleColumns and db/events.ts upsert, for a new event). */
function pushed(input: SimInput, rule: RecurrenceRule | null): { row: Row; dueAt: string } {
  const { event, user } = input;
  const now = instant(input.pushAt);
  if ('recurrence' in event) {
    const round = roundFor(event.recurrence, currentOccurrenceAt(event.recurrence, user, now), event.fire_days_before, event.after_due, user, now);
    return {
      row: { state: round.state, dates: round.dates, round: 1, quietUntil: 0, nextTransitionAt: round.next && ms(round.next), nextCheckAt: input.pushAt },
      dueAt: round.dueAt,
    };
  }
  if (rule !== null) throw new Error('unreachable');
  const due = parseSimDue(event.due_at);
  const fireOn: PlainDate = event.fire_at ? parseIsoDate(event.fire_at)! : due.mode === 'local' ? due.date : parseIsoDate(event.due_at.slice(0, 10))!;
  const dates: EventDates = { due, fireOn, afterDue: event.after_due };
  const { state, next } = lifecycleAt(dates, user, now);
  return { row: { state, dates, round: 1, quietUntil: 0, nextTransitionAt: next && ms(next), nextCheckAt: input.pushAt }, dueAt: event.due_at };
}

export function simulate(input: SimInput): SimResult {
  const { user } = input;
  const cfg = input.cfg ?? DEFAULT_WINDOW_CONFIG;
  const mode = input.mode ?? 'fast';
  const rule = 'recurrence' in input.event ? input.event.recurrence : null;
  const fireDaysBefore = 'recurrence' in input.event ? input.event.fire_days_before : 0;
  const windows = new WindowCache(cfg);
  const actions = [...(input.actions ?? [])].sort((a, b) => a.at - b.at);
  const enabled = input.channels.filter((c) => c.enabled);

  const first = pushed(input, rule);
  const row = first.row;
  const result: SimResult = {
    rounds: [{ round: 1, dueAt: first.dueAt, dates: row.dates, startedAt: input.pushAt, state: row.state }],
    transitions: [],
    deliveries: [],
    actions: [],
    steps: 0,
  };
  // The delivery log's window starts (epoch ms), for "delivered in this window".
  const keys: number[] = [];
  let nextAction = 0;

  /** Ack or Done (core/actions.ts) at t. */
  const applyAction = (a: SimAction, t: number) => {
    const now = instant(t);
    const target = { state: row.state, dates: row.dates, recurring: rule !== null };
    const record: SimActionResult = { at: t, round: row.round, action: a.action, ok: false, state: advance(row.state, row.dates, user, now) };
    if (a.action === 'ack') {
      const ack = ackAt(target, user, now);
      record.ok = ack.ok;
      if (ack.ok) {
        // The stored state catches up with the clock first: that change is the lifecycle's, logged as such.
        if (ack.value.state !== row.state) result.transitions.push({ at: t, round: row.round, from: row.state, to: ack.value.state });
        row.state = ack.value.state;
        row.quietUntil = ms(ack.value.quietUntil);
        row.nextTransitionAt = ack.value.nextTransitionAt && ms(ack.value.nextTransitionAt);
        row.nextCheckAt = ms(ack.value.nextCheckAt);
        record.quietUntil = row.quietUntil;
      }
    } else {
      const done = doneAt(target, user, now);
      record.ok = done.ok;
      if (done.ok && done.value.kind === 'close') {
        if (record.state !== row.state) result.transitions.push({ at: t, round: row.round, from: row.state, to: record.state });
        result.transitions.push({ at: t, round: row.round, from: record.state, to: 'done' });
        row.state = 'done';
        row.nextTransitionAt = done.value.nextTransitionAt && ms(done.value.nextTransitionAt);
      }
    }
    result.actions.push(record);
  };

  /** The lifecycle tick (lifecycle-tick.ts) at minute t. */
  const lifecycle = (t: number) => {
    const now = instant(t);
    const step = lifecycleStep({ state: row.state, dates: row.dates, rule, fireDaysBefore }, user, now);
    if (step.kind === 'state') {
      if (step.state !== row.state) result.transitions.push({ at: t, round: row.round, from: row.state, to: step.state });
      row.state = step.state;
      row.nextTransitionAt = step.next && ms(step.next);
      return;
    }
    // A roll (db/events.ts applyRolls): the new round, quiet_until and done_at reset, looked at by the next delivery tick.
    if (step.ended !== row.state) result.transitions.push({ at: t, round: row.round, from: row.state, to: step.ended });
    const { round } = step;
    row.round += 1;
    result.transitions.push({ at: t, round: row.round, from: step.ended, to: round.state, roll: true });
    result.rounds.push({ round: row.round, dueAt: round.dueAt, dates: round.dates, startedAt: t, state: round.state });
    row.state = round.state;
    row.dates = round.dates;
    row.quietUntil = 0;
    row.nextTransitionAt = round.next && ms(round.next);
    row.nextCheckAt = t;
  };

  /** The delivery tick (delivery-tick.ts) at minute t; returns its decision and window. */
  const delivery = (t: number): { decision: Decision; window: WindowInfo | null } => {
    const now = instant(t);
    // The stored state may lag the clock (another scheduler's lifecycle tick): decide on the real one.
    const state = advance(row.state, row.dates, user, now);
    const window = windows.open(state, row.dates, user, now, cfg);
    const start = window ? ms(window.start) : 0;
    const end = window ? ms(window.end) : 0;
    const delivered = window !== null && keys.some((k) => k >= start && k < end);
    const presence = new Map<number, Presence>();
    for (const c of enabled) presence.set(c.id, presenceAt(c.presence, t));
    const decision = decide({
      state,
      ev: row.dates,
      quietUntil: instant(row.quietUntil),
      now,
      user,
      cfg,
      window,
      deliveredInWindow: delivered,
      channels: input.channels,
      presence,
    });
    if (decision.kind === 'deliver') {
      keys.push(ms(decision.windowStart));
      for (const channelId of decision.channelIds) {
        result.deliveries.push({ at: t, round: row.round, state, window: window!, channelId, why: decision.why });
      }
    }
    const next = nextCheckAt({
      state,
      ev: row.dates,
      user,
      quietUntil: instant(row.quietUntil),
      now,
      cfg,
      closedWindowStart: closedWindowStart(decision, window),
      windows,
    });
    // A waiting event stays due (delivery-tick.ts leaves next_check_at as it is when the answer is now).
    if (next !== null && ms(next) > t) row.nextCheckAt = ms(next);
    return { decision, window };
  };

  let t = ceilMinute(input.pushAt);
  while (t < input.until) {
    while (nextAction < actions.length && actions[nextAction]!.at <= t) applyAction(actions[nextAction++]!, t);
    result.steps++;
    if (mode === 'exhaustive' || (row.nextTransitionAt !== null && row.nextTransitionAt <= t)) lifecycle(t);
    let waiting: { window: WindowInfo | null } | null = null;
    if (REMINDING_STATES.includes(row.state) && (mode === 'exhaustive' || row.nextCheckAt <= t)) {
      const { decision, window } = delivery(t);
      if (decision.kind === 'skip' && decision.why === 'waiting') waiting = { window };
    }
    if (mode !== 'fast') {
      t += MINUTE;
      continue;
    }
    // The next minute at which anything can happen: a phase change or roll, the delivery tick's next look,
    // an action; and while waiting, a change of presence, the fallback moment or the window's end.
    let next = Number.POSITIVE_INFINITY;
    if (row.nextTransitionAt !== null) next = Math.min(next, row.nextTransitionAt);
    if (REMINDING_STATES.includes(row.state)) next = Math.min(next, waiting ? Number.POSITIVE_INFINITY : row.nextCheckAt);
    if (nextAction < actions.length) next = Math.min(next, actions[nextAction]!.at);
    if (waiting) {
      const w = waiting.window!;
      next = Math.min(next, nextPresenceChange(enabled, t), ms(w.end));
      if (w.fallbackAt && ms(w.fallbackAt) > t) next = Math.min(next, ms(w.fallbackAt));
      const transition = nextTransitionAt(row.dates, user, instant(t));
      if (transition) next = Math.min(next, ms(transition));
    }
    t = Math.max(t + MINUTE, ceilMinute(next));
  }
  return result;
}

/** The due moment of a round (epoch ms), in the user's zone. */
export const roundDueAt = (r: SimRound, user: UserSettings): number => ms(dueMoment(r.dates.due, user.tz));
