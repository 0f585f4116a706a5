// The user's channels (SPEC A8): the write flows behind /me/channels, one
// transaction each. A channel type checks its own config (channels/); the
// rules every type shares are here: adds of one user queue behind each other
// under the user's row lock, a type has a cap per user, a new way to reach
// the user looks at their waiting events again at once, and a channel its
// owner must confirm first gets its one-time code in the same transaction.
import {
  type ChannelRow,
  countUserChannels,
  deleteChannel,
  findUserChannel,
  findUserChannelByConfig,
  insertChannel,
  listUserChannels,
  lockUserChannels,
  setChannelEnabled,
} from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import { markUserEventsForCheck } from '../db/deliveries.ts';
import { type ChannelType, INBOX } from '../domain/channels.ts';
import { conflict, notFound } from '../errors.ts';
import { type ConfirmTarget, checkConfirmation, recordConfirmation } from './confirmation-limits.ts';
import { createConfirmation, hashConfirmCode } from './confirmations.ts';

export type { ChannelRow };

export interface NewChannel {
  userId: number;
  type: ChannelType;
  config: Record<string, unknown>;
  /** Never shown after the answer that made it (a webhook's signing secret, an unsubscribe key). */
  secret: string | null;
  presenceHeaders?: Record<string, string> | null;
  /** False for a channel its owner must confirm first: it gets a one-time code. Default true. */
  confirmed?: boolean;
  /** At most `max` of this type per user; `message` is the 409 past it. */
  limit: { max: number; message: string };
  /** Refuses a second channel of the type with this config value (an address, a Slack user): 409 `message`. */
  unique?: { key: string; value: string; message: string };
  /** For an unconfirmed channel: whom its confirmation goes to, counted against the limits (issue 27). */
  confirm?: ConfirmTarget;
}

/**
 * Adds a channel. A confirmed one may deliver at once, so the user's waiting
 * events are looked at again; an unconfirmed one comes with the code its
 * owner confirms it with (channels/email, channels/slack send it).
 */
export async function addUserChannel(db: Db, c: NewChannel, now: Date): Promise<{ row: ChannelRow; code: string | null }> {
  return db.transaction().execute(async (trx) => {
    // Under the user's row lock: two adds at once cannot both take the last place.
    await lockUserChannels(trx, c.userId);
    if (c.unique && (await findUserChannelByConfig(trx, c.userId, c.type, c.unique.key, c.unique.value))) {
      throw conflict(c.unique.message);
    }
    if ((await countUserChannels(trx, c.userId, c.type)) >= c.limit.max) throw conflict(c.limit.message);
    const confirmed = c.confirmed ?? true;
    if (!confirmed && c.confirm) await checkConfirmation(trx, c.userId, c.confirm, now);
    const row = await insertChannel(trx, {
      userId: c.userId,
      type: c.type,
      config: c.config,
      secret: c.secret,
      presenceHeaders: c.presenceHeaders ?? null,
      confirmed,
      now,
    });
    if (confirmed) {
      // A new way to reach the user: waiting events may deliver through it at once.
      await markUserEventsForCheck(trx, c.userId, now);
      return { row, code: null };
    }
    const { code } = await createConfirmation(trx, row.id, now);
    if (c.confirm) await recordConfirmation(trx, c.userId, c.confirm, hashConfirmCode(code), now);
    return { row, code };
  });
}

/** Takes back a channel whose add could not finish (its confirmation could not be sent). */
export async function forgetChannel(db: Db, userId: number, id: number): Promise<void> {
  await deleteChannel(db, userId, id);
}

/** The user's channels, web included, in creation order. */
export function listChannels(db: Db, userId: number): Promise<ChannelRow[]> {
  return listUserChannels(db, userId);
}

/**
 * Switches one of the user's channels off or on (the web channel too);
 * switched on, it may deliver at once. `only` narrows which rows count as
 * the user's (a device under /me/devices); anything else is a 404 `what`.
 */
export async function switchChannel(
  db: Db,
  userId: number,
  id: number,
  enabled: boolean,
  now: Date,
  opts: { what: string; only?: (db: Db, userId: number, id: number) => Promise<unknown> } = { what: 'Channel' },
): Promise<ChannelRow> {
  const row = await db.transaction().execute(async (trx) => {
    if (opts.only && !(await opts.only(trx, userId, id))) return undefined;
    const updated = await setChannelEnabled(trx, userId, id, enabled, now);
    if (updated?.enabled) await markUserEventsForCheck(trx, userId, now);
    return updated;
  });
  if (!row) throw notFound(`${opts.what} ${id} not found`);
  return row;
}

/** Deletes one of the user's channels; the inbox itself cannot be (it is switched off instead). */
export async function removeChannel(db: Db, userId: number, id: number): Promise<void> {
  const row = await findUserChannel(db, userId, id);
  if (!row) throw notFound(`Channel ${id} not found`);
  if (row.type === INBOX) throw conflict('The web channel cannot be deleted (it is the inbox); disable it instead');
  await deleteChannel(db, userId, id);
}
