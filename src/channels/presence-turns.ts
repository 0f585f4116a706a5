// The order the presence cache asks in (presence.ts): users take turns.
import type { ChannelRecord, PresenceUser } from './types.ts';

/** A user and the channels whose presence a decision about them needs. */
export interface PresenceAsk {
  user: PresenceUser;
  channels: readonly ChannelRecord[];
}

/**
 * Each user's channels with users taking turns (a1 b1 c1 a2 b2 a3 …), so the
 * first slots go one to each user. A user may be asked about in several asks
 * (the tick asks once per due event): a channel is listed once, at its first
 * ask — repeats made the rounds as many as a user's due events times their
 * channels (issue 28: 43 ms of a 1 % tick).
 */
export function takingTurns(asks: Iterable<PresenceAsk>): Array<{ channel: ChannelRecord; user: PresenceUser }> {
  const byUser = new Map<number, Array<{ channel: ChannelRecord; user: PresenceUser }>>();
  const listed = new Set<number>();
  let total = 0;
  for (const { user, channels } of asks) {
    let list = byUser.get(user.id);
    if (list === undefined) {
      list = [];
      byUser.set(user.id, list);
    }
    for (const channel of channels) {
      if (listed.has(channel.id)) continue;
      listed.add(channel.id);
      list.push({ channel, user });
      total++;
    }
  }
  const out: Array<{ channel: ChannelRecord; user: PresenceUser }> = [];
  for (let round = 0; out.length < total; round++) {
    for (const list of byUser.values()) if (round < list.length) out.push(list[round]!);
  }
  return out;
}
