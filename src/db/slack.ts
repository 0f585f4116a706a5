// Storage of the Slack channel (issue 17): a button's delivery, found only
// within the channels of the Slack user who pressed it, and the messages of
// an event whose buttons go after Done.
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import type { EventPayload } from './schema.ts';

export interface SlackMessageRow {
  id: number;
  /** Only while the row is pending (issue 10 item 7); a sent message's buttons carry the token itself. */
  action_token: string | null;
  external_id: string | null;
  payload: EventPayload;
  locale: string;
}

const slackRows = (db: Db) =>
  db
    .selectFrom('deliveries')
    .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .innerJoin('events', 'events.id', 'deliveries.event_id')
    .select(['deliveries.id', 'deliveries.action_token', 'deliveries.external_id', 'events.payload', 'users.locale'])
    .where('channels.type', '=', 'slack');

/**
 * The event delivery a button's token belongs to (by the token's hash), only if it was sent to a
 * slack channel of this very Slack user: a token pressed by anyone else (or
 * forged into a payload) finds nothing.
 */
export async function findSlackDelivery(db: Db, tokenHash: string, slackUserId: string): Promise<SlackMessageRow | null> {
  const row = await slackRows(db)
    .where('deliveries.action_token_hash', '=', tokenHash)
    .where(sql<string>`channels.config->>'slack_user_id'`, '=', slackUserId)
    .executeTakeFirst();
  return row ?? null;
}

/** The event's Slack messages that went out (their external_id is "channel:ts"). */
export async function sentSlackMessages(db: Db, eventId: number): Promise<SlackMessageRow[]> {
  return slackRows(db)
    .where('deliveries.event_id', '=', eventId)
    .where('deliveries.result', '=', 'ok')
    .where('deliveries.external_id', 'is not', null)
    .orderBy('deliveries.id')
    .execute();
}
