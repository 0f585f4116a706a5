// Channels as the delivery decisions see them (SPEC A7, B5): the one list of
// channel types, the one presence answer, and the one rule both the event
// tick and the notice tick apply to pick the channels of a delivery. Pure.

/**
 * Every channel type Hado knows, in the order the preferences grid shows
 * them. A new type is added here first (docs/architecture.md, "Adding a
 * channel type"): the compiler then points at everything that must know it.
 */
export const CHANNEL_TYPES = ['web', 'telegram', 'webhook', 'push', 'mobile', 'email', 'slack'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/**
 * The web inbox (SPEC A7, A8): every user has exactly one, made with the
 * user and never deleted, and its outbox row is the delivery itself (the
 * page shows every event anyway): written `ok` at once, never sent.
 */
export const INBOX = 'web' satisfies ChannelType;

/** What a channel answers when asked whether its user is at the device right now. */
export type Presence = 'present' | 'absent' | 'unknown';

/** A channel as a decision needs it. */
export interface ChannelRef {
  id: number;
  type: ChannelType;
  enabled: boolean;
}

/**
 * The channels a delivery goes to, given the eligible ones (enabled, and for
 * a notice of its types and wanted by the preferences):
 * - none eligible → nothing can deliver;
 * - some present → only the present ones, now;
 * - nobody present → all of them, but only once the caller's fallback
 *   moment has come (a window's fallback for events, A6; the notice
 *   fallback wait and quiet hours, B5) — that part differs and stays with it.
 * A channel missing from `presence` is `unknown`: not present.
 */
export type ChannelPick = { why: 'no-channels' } | { why: 'present'; channelIds: number[] } | { why: 'nobody-present'; fallbackIds: number[] };

export function pickChannels(eligible: ReadonlyArray<{ id: number }>, presence: ReadonlyMap<number, Presence>): ChannelPick {
  if (eligible.length === 0) return { why: 'no-channels' };
  const present = eligible.filter((c) => presence.get(c.id) === 'present');
  if (present.length > 0) return { why: 'present', channelIds: present.map((c) => c.id) };
  return { why: 'nobody-present', fallbackIds: eligible.map((c) => c.id) };
}
