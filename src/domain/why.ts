// Why is an event in its state, and when and where will it next remind?
// (GET /me/events/{id}/why.) Pure: the same functions the tick decides with
// (lifecycle, windows, decide, nextCheckAt) run again as of an injected `now`,
// and their answers are put into words, the way `hado tick --dry-run` does.
import { type ChannelRef, type Presence, pickChannels } from './channels.ts';
import { type Decision, decide } from './decide.ts';
import { advance, type EventDates, isTerminal, milestones, nextTransitionAt, phaseAt, REMINDING_STATES, type State } from './lifecycle.ts';
import { closedWindowStart, nextCheckAt } from './next-check.ts';
import { type Instant, before, dayIn, formatClockTime, Temporal, timeIn } from './time.ts';
import type { UserSettings } from './user.ts';
import { openWindow, type WindowConfig, type WindowInfo } from './windows.ts';

export interface WhyInput {
  /** The stored state (terminal states stay; live ones are recomputed as of `now`). */
  storedState: State;
  ev: EventDates;
  user: UserSettings;
  quietUntil: Instant;
  doneAt: Instant | null;
  now: Instant;
  cfg: WindowConfig;
  /** A delivery round already exists inside the window open now. */
  deliveredInWindow: boolean;
  channels: ReadonlyArray<ChannelRef>;
  presence: ReadonlyMap<number, Presence>;
}

export interface WhyWindow {
  start: string;
  end: string;
  /** Nobody present may still get one delivery, from this moment; null: presence only. */
  fallback_at: string | null;
}

export interface WhyAnswer {
  state: State;
  /** The moments the phase changes at, in the user's zone and hours. */
  checkpoints: { preparing_at: string | null; today_at: string; due_at: string };
  next_transition: { at: string; to: State } | null;
  /** The user's zone and active hours (reminders come only inside them). */
  tz: string;
  active_hours: { from: string; until: string };
  quiet_until: string | null;
  /** The tick's decision as of now: "present", "fallback", "waiting", "quiet", … */
  decision: Decision['why'];
  window: WhyWindow | null;
  channels: Array<{ id: number; type: ChannelRef['type']; enabled: boolean; presence: Presence; chosen: boolean }>;
  /** The next reminder: now (deliver), or the start of the next window that may deliver; null: none will come. */
  next_reminder: { at: string; window: WhyWindow; state: State; to: 'present' | 'present-or-fallback' } | null;
  /** The tick's next look at the event. */
  next_check_at: string | null;
  /** The answer in sentences, first the state, then the reminder. */
  lines: string[];
}

const iso = (i: Instant): string => new Date(i.epochMilliseconds).toISOString().replace('.000Z', 'Z');

/** "Fri 2026-12-04 09:00 (Europe/Berlin)": a moment as the user's clock shows it. */
export function localWords(i: Instant, tz: string): string {
  const day = dayIn(i, tz);
  return `${day.toString()} ${formatClockTime(timeIn(i, tz))} (${tz})`;
}

const windowOf = (w: WindowInfo): WhyWindow => ({
  start: iso(w.start),
  end: iso(w.end),
  fallback_at: w.fallback && w.fallbackAt ? iso(w.fallbackAt) : null,
});

/** Why the event is in `state`, as one sentence. */
function stateLine(input: WhyInput, state: State, tz: string): string {
  const m = milestones(input.ev, input.user);
  const at = (i: Instant) => localWords(i, tz);
  switch (state) {
    case 'done':
      return input.doneAt
        ? `Done: it was marked done at ${at(input.doneAt)}. Nothing more will be sent.`
        : 'Done: it was marked done. Nothing more will be sent.';
    case 'withdrawn':
      return 'Withdrawn: the source that sent it deleted it. Nothing more will be sent.';
    case 'expired':
      return `Expired because its due moment, ${at(m.dueAt)}, has passed and the source asked for after_due "expire" (not "keep"). Nothing more will be sent.`;
    case 'scheduled':
      return `Scheduled: nothing is sent yet. It starts reminding ${m.preparingAt ? `on the fire day, ${at(m.preparingAt)}` : `on the due day, ${at(m.todayAt)}`}.`;
    case 'preparing':
      return `Preparing: the fire day (${at(m.preparingAt ?? m.todayAt)}) has come; it reminds once a day, inside the active hours, until the due day.`;
    case 'today':
      return `Today: it is due at ${at(m.dueAt)}; it reminds in the hourly windows of the due day, inside the active hours.`;
    case 'overdue':
      return `Overdue since ${at(m.dueAt)} (after_due "keep"): it reminds once a day, inside the active hours, until someone presses Done.`;
  }
}

/** What the decision as of now means, in words. */
function decisionLine(d: Decision, w: WindowInfo | null, input: WhyInput, chosen: ChannelRef[], tz: string): string | null {
  const types = (cs: ReadonlyArray<ChannelRef>) => cs.map((c) => `${c.type} #${c.id}`).join(', ');
  switch (d.why) {
    case 'present':
      return `Now: someone is present on ${types(chosen)}, so the next tick delivers there.`;
    case 'fallback':
      return `Now: nobody is present and this window's fallback moment has passed, so the next tick delivers to every enabled channel: ${types(chosen)}.`;
    case 'waiting':
      return w?.fallback && w.fallbackAt
        ? `Now: a window is open until ${localWords(w.end, tz)}; nobody is present, so Hado waits for presence and otherwise delivers to every enabled channel at ${localWords(w.fallbackAt, tz)}.`
        : `Now: a window is open until ${localWords(w!.end, tz)}; this one delivers only to a channel where the user is present, and nobody is.`;
    case 'quiet':
      return `Now: acknowledged (Ack), so quiet until ${localWords(input.quietUntil, tz)}.`;
    case 'delivered':
      return `Now: this window (${localWords(w!.start, tz)} – ${localWords(w!.end, tz)}) already had its reminder; one per window.`;
    case 'no-channels':
      return 'Now: the user has no enabled channel, so nothing can be delivered (enable one in the settings).';
    case 'no-window':
      return 'Now: outside every reminder window (the active hours, and one window per day or hour of this phase).';
    case 'not-reminding':
      return null;
  }
}

/**
 * The first moment after this decision at which a window may deliver: the
 * tick's own next looks, followed until one falls in a window that is not
 * the closed one (a few steps: phase changes and windows are hours apart).
 */
function nextReminder(input: WhyInput, state: State, decision: Decision, window: WindowInfo | null): WhyAnswer['next_reminder'] {
  if (decision.kind === 'deliver' || decision.why === 'waiting') {
    const w = window!;
    return { at: iso(input.now), window: windowOf(w), state, to: w.fallback ? 'present-or-fallback' : 'present' };
  }
  if (decision.why === 'no-channels') return null;
  const closed = closedWindowStart(decision, window);
  let at = input.now;
  let st = state;
  for (let step = 0; step < 64; step++) {
    const next = nextCheckAt({ state: st, ev: input.ev, user: input.user, quietUntil: input.quietUntil, now: at, cfg: input.cfg, closedWindowStart: closed });
    if (next === null) return null;
    st = advance(st, input.ev, input.user, next);
    const w = REMINDING_STATES.includes(st) ? openWindow(st, input.ev, input.user, next, input.cfg) : null;
    const isClosed = w !== null && closed !== null && w.start.equals(closed);
    if (w && !isClosed && !before(next, input.quietUntil)) {
      return { at: iso(next), window: windowOf(w), state: st, to: w.fallback ? 'present-or-fallback' : 'present' };
    }
    // nextCheckAt never answers the same moment twice for a closed or quiet window; step past it if it does.
    at = Temporal.Instant.compare(next, at) > 0 ? next : at.add({ minutes: 1 });
  }
  return null;
}

function reminderLine(r: WhyAnswer['next_reminder'], input: WhyInput, tz: string): string {
  if (r === null) {
    return input.channels.some((c) => c.enabled) ? 'No further reminder will come by the clock.' : 'No reminder can come until a channel is enabled.';
  }
  const enabled = input.channels.filter((c) => c.enabled).map((c) => `${c.type} #${c.id}`);
  const where =
    r.to === 'present'
      ? `to the channels where the user is present (${enabled.join(', ')})`
      : `to the channels where the user is present, or, if nobody is by ${localWords(Temporal.Instant.from(r.window.fallback_at!), tz)}, to every enabled channel (${enabled.join(', ')})`;
  const when = r.at === iso(input.now) ? 'in the window open now' : `in the window from ${localWords(Temporal.Instant.from(r.window.start), tz)}`;
  return `Next reminder: ${when}, until ${localWords(Temporal.Instant.from(r.window.end), tz)}, ${where}.`;
}

/** The whole answer. */
export function explainEvent(input: WhyInput): WhyAnswer {
  const { user, now, ev } = input;
  const tz = user.tz;
  const state = advance(input.storedState, ev, user, now);
  const m = milestones(ev, user);
  const window = REMINDING_STATES.includes(state) ? openWindow(state, ev, user, now, input.cfg) : null;
  const decision = decide({ ...input, state, window });
  const enabled = input.channels.filter((c) => c.enabled);
  const chosenIds = decision.kind === 'deliver' ? decision.channelIds : [];
  const chosen = enabled.filter((c) => chosenIds.includes(c.id));
  const transitionAt = isTerminal(state) ? null : nextTransitionAt(ev, user, now);
  const reminder =
    isTerminal(state) || !REMINDING_STATES.includes(state) ? nextReminderFromScheduled(input, state) : nextReminder(input, state, decision, window);
  const lines = [stateLine(input, state, tz)];
  const now_ = decisionLine(decision, window, input, chosen, tz);
  if (now_) lines.push(now_);
  if (decision.why !== 'quiet' && !isTerminal(state) && before(now, input.quietUntil)) {
    lines.push(`Acknowledged (Ack), so quiet until ${localWords(input.quietUntil, tz)}.`);
  }
  if (!isTerminal(state)) lines.push(reminderLine(reminder, input, tz));
  if (!isTerminal(state) && pickChannels(enabled, input.presence).why === 'no-channels' && decision.why !== 'no-channels') {
    lines.push('The user has no enabled channel, so nothing can be delivered (enable one in the settings).');
  }
  lines.push(`Reminders come only inside the active hours, ${formatClockTime(user.quietEnd)}–${formatClockTime(user.quietStart)} in ${tz}.`);
  return {
    state,
    checkpoints: { preparing_at: m.preparingAt ? iso(m.preparingAt) : null, today_at: iso(m.todayAt), due_at: iso(m.dueAt) },
    next_transition: transitionAt ? { at: iso(transitionAt), to: phaseAt(ev, user, transitionAt) } : null,
    tz,
    active_hours: { from: formatClockTime(user.quietEnd), until: formatClockTime(user.quietStart) },
    quiet_until: before(now, input.quietUntil) ? iso(input.quietUntil) : null,
    decision: decision.why,
    window: window ? windowOf(window) : null,
    channels: input.channels.map((c) => ({
      id: c.id,
      type: c.type,
      enabled: c.enabled,
      presence: input.presence.get(c.id) ?? 'unknown',
      chosen: chosenIds.includes(c.id),
    })),
    next_reminder: reminder,
    next_check_at: nextCheckFor(input, state, decision, window),
    lines,
  };
}

/** A scheduled event: its first window after the phase change (terminal: none). */
function nextReminderFromScheduled(input: WhyInput, state: State): WhyAnswer['next_reminder'] {
  if (isTerminal(state)) return null;
  return nextReminder(input, state, { kind: 'skip', why: 'not-reminding' }, null);
}

function nextCheckFor(input: WhyInput, state: State, decision: Decision, window: WindowInfo | null): string | null {
  if (decision.why === 'waiting') return iso(input.now);
  const next = nextCheckAt({
    state,
    ev: input.ev,
    user: input.user,
    quietUntil: input.quietUntil,
    now: input.now,
    cfg: input.cfg,
    closedWindowStart: closedWindowStart(decision, window),
  });
  return next ? iso(next) : null;
}
