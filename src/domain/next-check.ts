// When must the delivery tick look at an event again? (SPEC A7: "the tick is
// cheap: one query for events in open windows without a delivery".) The
// answer is stored as events.next_check_at and read through an index, so a
// tick costs the events that need attention now, not the size of the table.
//
// The value is a lower bound: looking at an event earlier than needed only
// costs one decide(); looking later could miss a window. So every rule below
// errs early, and a path that cannot compute it may simply write "now".
import type { Decision } from './decide.ts';
import type { EventDates, State } from './lifecycle.ts';
import { isTerminal, nextTransitionAt, REMINDING_STATES } from './lifecycle.ts';
import { type Instant, maxInstant, minInstant } from './time.ts';
import type { UserSettings } from './user.ts';
import { type WindowConfig, type WindowInfo, nextWindowStart, openWindow } from './windows.ts';

export interface CheckInput {
  state: State;
  ev: EventDates;
  user: UserSettings;
  quietUntil: Instant;
  now: Instant;
  cfg: WindowConfig;
  /**
   * The start of the window open at `now` if that window needs nothing more:
   * its delivery round exists (or was just written), or nothing can deliver
   * in it (no enabled channel). Null when the event may still deliver in it.
   */
  closedWindowStart: Instant | null;
  /** Window lookups, for a caller that caches them (the tick); default: windows.ts. */
  windows?: WindowLookup;
}

export interface WindowLookup {
  open(state: State, ev: EventDates, user: UserSettings, at: Instant, cfg: WindowConfig): WindowInfo | null;
  nextStart(state: State, ev: EventDates, user: UserSettings, at: Instant, cfg: WindowConfig): Instant | null;
}

export const plainWindows: WindowLookup = { open: openWindow, nextStart: nextWindowStart };

/**
 * The next instant at which the tick must look at the event, or null when
 * nothing will ever happen to it by the clock alone (a terminal state):
 * - an open window that may still deliver, and quiet_until passed → now
 *   (presence is asked every tick while it waits);
 * - otherwise the first moment at or after quiet_until inside a window that
 *   is not the closed one;
 * - never later than the next phase change (nextTransitionAt): a new state
 *   has new windows, e.g. overdue opens at the due moment.
 */
export function nextCheckAt(input: CheckInput): Instant | null {
  const { state, ev, user, now, cfg } = input;
  const win = input.windows ?? plainWindows;
  if (isTerminal(state)) return null;
  const transition = nextTransitionAt(ev, user, now);
  if (!REMINDING_STATES.includes(state)) return transition;
  const from = maxInstant(now, input.quietUntil);
  const open = win.open(state, ev, user, from, cfg);
  const closed = input.closedWindowStart;
  const at = open && !(closed && open.start.equals(closed)) ? from : win.nextStart(state, ev, user, from, cfg);
  if (at === null) return transition;
  return transition === null ? at : minInstant(at, transition);
}

/**
 * The start of the window a tick's decision leaves needing nothing more
 * (CheckInput.closedWindowStart): its delivery round was just written or
 * already exists, or nothing could ever deliver in it (no enabled channel).
 */
export function closedWindowStart(decision: Decision, window: WindowInfo | null): Instant | null {
  const closes = decision.kind === 'deliver' || decision.why === 'delivered' || decision.why === 'no-channels';
  return closes ? (window?.start ?? null) : null;
}
