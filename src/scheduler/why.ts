// GET /me/events/{id}/why: reads what the tick would read about one event —
// its row, its user's zone and hours, its channels and their presence, the
// delivery log of the window open now — and lets domain/why.ts explain it as
// of the injected clock, with the tick's own window configuration and
// presence cache (hence here, beside the tick). It writes nothing.
import { PresenceCache } from '../channels/presence.ts';
import { channelsOfUsers, presenceUser } from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import { eventsDeliveredInWindow } from '../db/deliveries.ts';
import { selectEventsWithUser } from '../db/events.ts';
import { eventDates, userSettings } from '../db/rows.ts';
import { advance, REMINDING_STATES } from '../domain/lifecycle.ts';
import { fromDate, toDate } from '../domain/time.ts';
import { explainEvent, type WhyAnswer } from '../domain/why.ts';
import { openWindow } from '../domain/windows.ts';
import { notFound } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { ChannelRegistry } from '../channels/registry.ts';
import type { ErrorSink } from '../errors.ts';
import { windowConfigOf } from './tick.ts';

export interface WhyResult extends WhyAnswer {
  event_id: number;
  title: string;
  source: string;
  now: string;
}

async function loadEvent(db: Db, eventId: number, userId: number) {
  const row = await selectEventsWithUser(db)
    .select(['users.last_heartbeat_at', 'users.id as uid'])
    .where('events.id', '=', eventId)
    .where('events.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(`Event ${eventId} not found`);
  return row;
}

/** The explanation of one of the user's events as of ctx.clock's now; 404 for another user's event. */
export async function explainUserEvent(
  ctx: { db: Db; clock: Clock; config: Config; channels: ChannelRegistry; onError: ErrorSink },
  eventId: number,
  userId: number,
): Promise<WhyResult> {
  const now = ctx.clock.now();
  const row = await loadEvent(ctx.db, eventId, userId);
  const user = userSettings(row);
  const ev = eventDates(row);
  const cfg = windowConfigOf(ctx.config);
  const channels = (await channelsOfUsers(ctx.db, [userId])).get(userId) ?? [];
  const state = advance(row.state, ev, user, now);
  const window = REMINDING_STATES.includes(state) ? openWindow(state, ev, user, now, cfg) : null;
  const delivered = window ? await eventsDeliveredInWindow(ctx.db, [{ id: row.id, start: toDate(window.start), end: toDate(window.end) }]) : new Set<number>();
  // Presence is asked exactly as the tick asks it (only when it could matter: an open window).
  const presence = window
    ? await new PresenceCache(ctx.channels, {
        timeoutMs: ctx.config.presenceTimeoutMs,
        onError: (err, channel) => ctx.onError(err, 'presence', { channel: channel.id }),
      }).ask([{ user: presenceUser({ user_id: userId, login: row.user_login, last_heartbeat_at: row.last_heartbeat_at }), channels }], now)
    : new Map();
  const answer = explainEvent({
    storedState: row.state,
    ev,
    user,
    quietUntil: fromDate(row.quiet_until),
    doneAt: row.done_at ? fromDate(row.done_at) : null,
    now,
    cfg,
    deliveredInWindow: delivered.has(row.id),
    channels,
    presence,
  });
  return { event_id: row.id, title: row.payload.title, source: row.source, now: toDate(now).toISOString(), ...answer };
}
