// Web Push subscriptions (issue 12): the write flows behind
// /me/push/subscriptions. A browser's PushSubscription is a `push` channel,
// one per endpoint: the browser sends it again on every visit (the keys may
// have been renewed, the row stays), and a browser profile another person
// signs in to moves to them.
import { countUserChannels, deleteChannel, insertChannel, lockUserChannels } from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import { markUserEventsForCheck } from '../db/deliveries.ts';
import { recordTakeover } from '../db/device-takeovers.ts';
import {
  deletePushChannel,
  findPushByEndpoint,
  findUserPushChannel,
  listPushSubscriptions,
  type PushSubscriptionRow,
  updatePushSubscription,
} from '../db/push.ts';
import { conflict, notFound } from '../errors.ts';

export type { PushSubscriptionRow };

/** More browsers than one person has; bounds what one account can ask the worker to send. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

/** Tries of a save whose endpoint another person's save took at the same moment. */
const SAVE_TRIES = 3;

const endpointTaken = (e: unknown): boolean => {
  const err = e as { code?: string; constraint?: string } | null;
  return err?.code === '23505' && (err.constraint === undefined || err.constraint === 'channels_push_endpoint');
};

/**
 * Runs `save` again when another person saved the same endpoint at the same
 * moment (the unique index channels_push_endpoint refused the insert after
 * their commit): the next try finds their row and moves it, as a later POST
 * would. Still taken after SAVE_TRIES: a 409 to send again.
 */
async function saveMovingEndpoint<T>(save: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save();
    } catch (e) {
      if (!endpointTaken(e)) throw e;
      if (attempt >= SAVE_TRIES) throw conflict('This browser was subscribed at the same moment by another request; send it again');
    }
  }
}

export interface SubscriptionSave {
  endpoint: string;
  /** The channel's config: the endpoint, the browser's label, the expiration. */
  config: Record<string, unknown>;
  /** The browser's keys (p256dh, auth) as JSON. */
  secret: string;
}

/**
 * Saves a browser's subscription: `created` is false when its endpoint was
 * the user's already. `takenFrom`: the user whose browser it was, when it
 * moves (finding 6 of issue 27: kept in device_takeovers for their settings
 * page, and logged by the caller).
 */
export async function savePushSubscription(
  db: Db,
  userId: number,
  sub: SubscriptionSave,
  now: Date,
): Promise<{ subscription: PushSubscriptionRow; created: boolean; takenFrom: number | null }> {
  const save = () =>
    db.transaction().execute(async (trx) => {
      await lockUserChannels(trx, userId);
      const existing = await findPushByEndpoint(trx, sub.endpoint);
      if (existing && existing.user_id === userId) {
        // The browser sends it again on every visit: the keys may have been renewed, the row stays.
        await updatePushSubscription(trx, existing.id, { config: sub.config, secret: sub.secret, now });
        return { id: existing.id, created: false, takenFrom: null };
      }
      // One browser profile, another person signed in: the endpoint now reaches them only, and the first one is told.
      // A push row always belongs to a user (only address rows of a source have none).
      if (existing && existing.user_id !== null) {
        await deletePushChannel(trx, existing.id);
        const label = typeof existing.config.user_agent === 'string' && existing.config.user_agent !== '' ? existing.config.user_agent : 'Browser';
        await recordTakeover(trx, { userId: existing.user_id, channelType: 'push', label, now });
      }
      if ((await countUserChannels(trx, userId, 'push')) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER) {
        throw conflict(`At most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers per user receive Web Push; remove one first`);
      }
      const row = await insertChannel(trx, { userId, type: 'push', config: sub.config, secret: sub.secret, now });
      // A new way to reach the user: waiting events may deliver through it at once.
      await markUserEventsForCheck(trx, userId, now);
      return { id: row.id, created: true, takenFrom: existing ? existing.user_id : null };
    });
  const { id, created, takenFrom } = await saveMovingEndpoint(save);
  const subscription = (await listPushSubscriptions(db, userId)).find((r) => r.id === id)!;
  return { subscription, created, takenFrom };
}

/** The user's browsers that receive Web Push, each with its last delivery that went through. */
export function pushSubscriptions(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return listPushSubscriptions(db, userId);
}

/** Stops Web Push to one of the user's browsers. */
export async function deletePushSubscription(db: Db, userId: number, id: number): Promise<void> {
  if (!(await findUserPushChannel(db, userId, id))) throw notFound(`Push subscription ${id} not found`);
  await deleteChannel(db, userId, id);
}
