// The web inbox as a channel (SPEC A7): present while the page sends
// heartbeats (the page sends them only when visible and recently used), and
// a delivery that sends nothing — the inbox shows every event anyway, so the
// row itself is the delivery: the window is closed, the user saw it there.
// Every user has exactly one, made with the user (db/users.ts); it is
// switched off, never added or deleted.
import { INBOX } from '../../domain/channels.ts';
import { conflict } from '../../errors.ts';
import { t } from '../../i18n/messages.ts';
import { addedElsewhere, nothingToStop } from '../common.ts';
import type { Channel, PresenceUser } from '../types.ts';

/** "The last POST /me/heartbeat was < 90 s ago" (SPEC A7). */
export const HEARTBEAT_FRESH_MS = 90_000;

export function webPresence(user: Pick<PresenceUser, 'lastHeartbeatAt'>, now: Date): 'present' | 'absent' {
  if (user.lastHeartbeatAt === null) return 'absent';
  const age = now.getTime() - user.lastHeartbeatAt.getTime();
  return age >= 0 && age < HEARTBEAT_FRESH_MS ? 'present' : 'absent';
}

export const webChannel: Channel = {
  type: INBOX,
  settings: { keys: [], configured: true },
  addedBy: 'with-user',
  confirms: 'none',
  async presence(user, _channel, now) {
    return webPresence(user, now);
  },
  presenceNow: (user, _channel, now) => webPresence(user, now),
  // The tick writes web rows as `ok` at once; this exists for completeness of the contract.
  async deliver() {
    return { ok: true };
  },
  add: addedElsewhere(() => conflict('Every user has exactly one web channel, made with the user; it cannot be added')),
  describe: (_row, l) => ({ name: t(l, 'settings.channel.web'), details: [t(l, 'settings.channel.webDetail')] }),
  ...nothingToStop,
};
