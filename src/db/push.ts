// Web Push subscriptions (issue 12) and the deployment's VAPID key pair. A
// subscription is a channel row of type `push` — config {endpoint,
// user_agent, expiration_time}, secret the browser's keys as JSON — so the
// outbox, the preferences grid and the on/off switch treat it like any
// channel; these are the queries only a subscription needs.
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import type { ChannelRow } from './channels.ts';

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/** The kept key pair, or null before the first start made one. */
export async function loadVapidKeys(db: Db): Promise<VapidKeyPair | null> {
  const row = await db.selectFrom('vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/** Keeps `keys` unless a pair is already kept (another process was first); answers the pair in force. */
export async function saveVapidKeys(db: Db, keys: VapidKeyPair, now: Date): Promise<VapidKeyPair> {
  await db
    .insertInto('vapid_keys')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await loadVapidKeys(db))!;
}

/** The push channel with this endpoint, whoever it belongs to. */
export async function findPushByEndpoint(db: Db, endpoint: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('type', '=', 'push').where(sql<string>`config->>'endpoint'`, '=', endpoint).executeTakeFirst();
}

/** A subscription's keys and label after the browser sent it again (keys may have been renewed). */
export async function updatePushSubscription(db: Db, id: number, change: { config: Record<string, unknown>; secret: string; now: Date }): Promise<ChannelRow> {
  return db
    .updateTable('channels')
    .set({ config: JSON.stringify(change.config), secret: change.secret, updated_at: change.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type PushSubscriptionRow = ChannelRow & { last_ok_at: Date | null };

/** The user's subscriptions, each with its last delivery that went through. */
export async function listPushSubscriptions(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  const rows = await db
    .selectFrom('channels')
    .selectAll('channels')
    .select((eb) =>
      eb
        .selectFrom('deliveries')
        .select((d) => d.fn.max('deliveries.sent_at').as('m'))
        .whereRef('deliveries.channel_id', '=', 'channels.id')
        .where('deliveries.result', '=', 'ok')
        .as('last_ok_at'),
    )
    .where('user_id', '=', userId)
    .where('type', '=', 'push')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, last_ok_at: r.last_ok_at ? new Date(r.last_ok_at as Date | string) : null }));
}

/** One of the user's push subscriptions, by its channel id. */
export async function findUserPushChannel(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('id', '=', id).where('type', '=', 'push').executeTakeFirst();
}

/** Removes a subscription the push service says is gone (404/410); its outbox rows go with it. */
export async function deletePushChannel(db: Db, channelId: number): Promise<boolean> {
  const r = await db.deleteFrom('channels').where('id', '=', channelId).where('type', '=', 'push').executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The push channels that showed a reminder of this event (a delivery went through): those get the close message. */
export async function pushChannelsOfEvent(db: Db, eventId: number): Promise<ChannelRow[]> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('type', '=', 'push')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('deliveries')
          .select('deliveries.id')
          .whereRef('deliveries.channel_id', '=', 'channels.id')
          .where('deliveries.event_id', '=', eventId)
          .where('deliveries.result', '=', 'ok'),
      ),
    )
    .orderBy('id')
    .execute();
}
