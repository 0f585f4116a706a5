// The tick's brain for one event (SPEC A7, tick algorithm): given the open
// window, the delivery log for it, quiet_until and the channels' presence,
// decide whether to deliver now, to whom, and why — or why not.
import { type ChannelRef, type Presence, pickChannels } from './channels.ts';
import type { EventDates, State } from './lifecycle.ts';
import { REMINDING_STATES } from './lifecycle.ts';
import { type Instant, before } from './time.ts';
import type { UserSettings } from './user.ts';
import { type WindowConfig, type WindowInfo, openWindow } from './windows.ts';

export interface DecideInput {
  state: State;
  ev: EventDates;
  quietUntil: Instant;
  now: Instant;
  user: UserSettings;
  cfg: WindowConfig;
  /** From openWindow(state, ev, user, now, cfg); omitted → computed here from the fields above. */
  window?: WindowInfo | null;
  /**
   * A delivery row of this event already exists with its window_start inside
   * [window.start, window.end) (pending counts: SPEC A7 "no double delivery").
   * Inside, not only at the start: a daily window holds one reminder (A6), so
   * the due day's overdue window counts that day's `today` reminders.
   */
  deliveredInWindow: boolean;
  /** The user's channels, web included. */
  channels: ReadonlyArray<ChannelRef>;
  /** Presence answers by channel id; a channel missing here is `unknown`. */
  presence: ReadonlyMap<number, Presence>;
}

export type Decision =
  | { kind: 'deliver'; windowStart: Instant; channelIds: number[]; why: 'present' | 'fallback' }
  | { kind: 'skip'; why: 'not-reminding' | 'no-window' | 'delivered' | 'quiet' | 'waiting' | 'no-channels' };

/**
 * SPEC A7 tick, for one event:
 * 1. only preparing/today/overdue remind, only inside an open window, at
 *    most one delivery round per window, never before quiet_until (A6);
 * 2. someone present → deliver only to the present channels;
 * 3. nobody present, and not a fallback window or its fallback moment not
 *    reached → wait for a later tick;
 * 4. nobody present, fallback window, fallback moment reached → deliver to
 *    every enabled channel (web too: its delivery only writes the row, so a
 *    web-only user still gets the window closed).
 * Disabled channels are never asked and never delivered to. 'no-channels'
 * (not even an enabled web row) leaves the window open: nothing can close it.
 */
export function decide(input: DecideInput): Decision {
  const { state, now } = input;
  if (!REMINDING_STATES.includes(state)) return { kind: 'skip', why: 'not-reminding' };
  const window = input.window !== undefined ? input.window : openWindow(state, input.ev, input.user, now, input.cfg);
  if (!window) return { kind: 'skip', why: 'no-window' };
  if (input.deliveredInWindow) return { kind: 'skip', why: 'delivered' };
  if (before(now, input.quietUntil)) return { kind: 'skip', why: 'quiet' };

  const pick = pickChannels(
    input.channels.filter((c) => c.enabled),
    input.presence,
  );
  if (pick.why === 'no-channels') return { kind: 'skip', why: 'no-channels' };
  if (pick.why === 'present') return { kind: 'deliver', windowStart: window.start, channelIds: pick.channelIds, why: 'present' };
  if (!window.fallback || window.fallbackAt === null || before(now, window.fallbackAt)) {
    return { kind: 'skip', why: 'waiting' };
  }
  return { kind: 'deliver', windowStart: window.start, channelIds: pick.fallbackIds, why: 'fallback' };
}
