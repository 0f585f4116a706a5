// What each kind of NOTIFY message becomes on this process's streams: one
// table, one handler per kind. A handler gets only the users connected here
// (others need no work), loads what those users need, and publishes frames.
// A kind with no handler, or a message whose detail did not fit, resyncs its
// users: a page that re-reads is never wrong, only a little slower.
//
// A new kind adds its handler here and its NOTIFY in src/db/notify.ts.
import type { Db } from '../db/connect.ts';
import { eventChanges, type LiveMessage } from '../db/notify.ts';
import type { Hub } from './hub.ts';
import { noticeIds, publishUnreadOf, resyncNotices } from './notices.ts';

export interface KindContext {
  db: Db;
  hub: Hub;
  /** Sends each user a fresh `badge` frame (coalesced: one query per round). */
  refreshBadges(userIds: number[]): void;
  /** Sends these users the rows of these notices (coalesced: one query per round). */
  noticeFrames(ids: number[], userIds: number[]): void;
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
        // Events are not part of a token stream's view (issue 25): forward-auth streams only.
        if (ctx.hub.hasUser(userId)) ctx.hub.publish([userId], { type: 'event', data: { id, state } }, 'event', 'unscoped');
      }
    }
    ctx.refreshBadges(users);
  },
  /** Zone or quiet hours changed: every due time on the page moves. */
  user: (_msg, users, ctx) => {
    ctx.hub.publish(users, resyncFrame('settings'), 'event');
    ctx.refreshBadges(users);
  },
  /** Notices (re)pushed: the row to each recipient, then their unread count (lane "notice"). Returns at once. */
  notice: (msg, users, ctx) => {
    const ids = noticeIds(msg.d);
    if (ids === null) ctx.hub.publish(users, resyncNotices, 'notice');
    else ctx.noticeFrames(ids, users);
  },
  /** Notices withdrawn by their source (issue 24): each recipient's pages drop them, then the unread count. */
  notice_removed: async (msg, users, ctx) => {
    const d = msg.d as { s?: unknown; ids?: unknown } | undefined;
    const ids = noticeIds(d?.ids);
    if (ids === null || !Number.isSafeInteger(d?.s)) ctx.hub.publish(users, resyncNotices, 'notice');
    else ctx.hub.publish(users, { type: 'notice_removed', data: { ids } }, 'notice', { source: d!.s as number });
    await publishUnreadOf(ctx.db, ctx.hub, users);
  },
  /** Read or archive state changed: the unread count. */
  unread: (_msg, users, ctx) => publishUnreadOf(ctx.db, ctx.hub, users),
};
