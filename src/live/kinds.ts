// What each kind of NOTIFY message becomes on this process's streams: one
// table, one handler per kind. A handler gets only the users connected here
// (others need no work), loads what those users need, and publishes frames.
// A kind with no handler, or a message whose detail did not fit, resyncs its
// users: a page that re-reads is never wrong, only a little slower.
//
// Notices add their kind here: `notice: (msg, users, live) => { load the
// rows for `users`; live.hub.publish([recipient], { type: 'notice', data: row }, 'notice') }`.
import type { Db } from '../db/connect.ts';
import type { Hub } from './hub.ts';
import { eventChanges, type LiveMessage } from './messages.ts';
import { noticeKind, unreadKind } from './notices.ts';

export interface KindContext {
  db: Db;
  hub: Hub;
  /** Sends each user a fresh `badge` frame (coalesced, one query per batch). */
  refreshBadges(userIds: number[]): void;
}

/** `users`: the message's users that have a stream on this process (never empty). */
export type KindHandler = (msg: LiveMessage, users: number[], ctx: KindContext) => void | Promise<void>;

export const resyncFrame = (reason: string) => ({ type: 'resync', data: { reason } });

export const KINDS: Record<string, KindHandler> = {
  /** Events created or changed: `{ id, state }` per event to its user, then the badge. */
  event: (msg, users, ctx) => {
    const changes = eventChanges(msg.d);
    if (changes === null) {
      ctx.hub.publish(users, resyncFrame('events'), 'event');
    } else {
      for (const [id, userId, state] of changes) {
        if (ctx.hub.hasUser(userId)) ctx.hub.publish([userId], { type: 'event', data: { id, state } }, 'event');
      }
    }
    ctx.refreshBadges(users);
  },
  /** Zone or quiet hours changed: every due time on the page moves. */
  user: (_msg, users, ctx) => {
    ctx.hub.publish(users, resyncFrame('settings'), 'event');
    ctx.refreshBadges(users);
  },
  /** Notices (re)pushed: the row to each recipient, then their unread count (lane "notice"). */
  notice: noticeKind,
  /** Read or archive state changed: the unread count. */
  unread: unreadKind,
};
