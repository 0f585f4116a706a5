// The channels table (SPEC A2, A8): rows as the engine sees them, and the
// writes of /me/channels.
import { type Selectable, sql } from 'kysely';
import type { ChannelType } from '../domain/channels.ts';
import type { Db } from './connect.ts';
import type { ChannelsTable, UsersTable } from './schema.ts';

export type ChannelRow = Selectable<ChannelsTable>;

/** A channel row as the engine sees it. `config` is the channel's own JSON (A2). */
export interface ChannelRecord {
  id: ChannelRow['id'];
  userId: ChannelRow['user_id'];
  type: ChannelRow['type'];
  enabled: ChannelRow['enabled'];
  config: ChannelRow['config'];
  /** Webhook signing secret (never shown after creation). */
  secret: ChannelRow['secret'];
  /** Headers of a webhook's presence request (never shown back). */
  presenceHeaders?: ChannelRow['presence_headers'];
  /** Last interaction seen on the channel (Telegram presence). */
  lastSeenAt: ChannelRow['last_seen_at'];
  /** Consecutive presence timeouts, and when it may be asked again (channels/presence.ts backs off). */
  presenceTimeouts?: ChannelRow['presence_timeouts'];
  presenceBackoffUntil?: ChannelRow['presence_backoff_until'];
  /** A webhook's previous signing secret, still signing until `until` after a rotation (issue 27). */
  previousSecret?: { secret: string; until: Date } | null;
}

/** The previous secret of a row, while it has one. */
export const previousSecretOf = (secret: string | null, until: Date | null): { secret: string; until: Date } | null =>
  secret && until ? { secret, until } : null;

/** The user a channel is asked about or delivers to. */
export interface PresenceUser {
  id: Selectable<UsersTable>['id'];
  login: Selectable<UsersTable>['login'];
  /** Last web heartbeat. */
  lastHeartbeatAt: Selectable<UsersTable>['last_heartbeat_at'];
}

/** The presence user of a row that carries the user's id, login and last heartbeat. */
export function presenceUser(row: { user_id: number; login: string; last_heartbeat_at: Date | null }): PresenceUser {
  return { id: row.user_id, login: row.login, lastHeartbeatAt: row.last_heartbeat_at };
}

/** The columns a ChannelRecord is made of: the tick reads only these (issue 28: no timestamps it never looks at). */
const RECORD_COLUMNS = [
  'id',
  'user_id',
  'type',
  'enabled',
  'confirmed',
  'config',
  'secret',
  'presence_headers',
  'last_seen_at',
  'presence_timeouts',
  'presence_backoff_until',
  'previous_secret',
  'previous_secret_until',
] as const satisfies ReadonlyArray<keyof ChannelRow>;

export function channelRecord(row: Pick<ChannelRow, (typeof RECORD_COLUMNS)[number]>): ChannelRecord {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    // Not confirmed yet (an email address, a Slack user: issue 17) delivers nothing, as if switched off.
    enabled: row.enabled && row.confirmed,
    config: row.config,
    secret: row.secret,
    presenceHeaders: row.presence_headers,
    lastSeenAt: row.last_seen_at,
    presenceTimeouts: row.presence_timeouts,
    presenceBackoffUntil: row.presence_backoff_until,
    previousSecret: previousSecretOf(row.previous_secret, row.previous_secret_until),
  };
}

/** Every channel of these users, web included, in creation order. */
export async function channelsOfUsers(db: Db, userIds: number[]): Promise<Map<number, ChannelRecord[]>> {
  const out = new Map<number, ChannelRecord[]>();
  if (userIds.length === 0) return out;
  // One array parameter, not `IN ($1 … $n)`: a 1 % tick asks for thousands of users (issue 28).
  const rows = await db.selectFrom('channels').select(RECORD_COLUMNS).where(sql<boolean>`user_id = ANY(${userIds}::bigint[])`).orderBy('id').execute();
  for (const row of rows) {
    if (row.user_id === null) continue;
    const list = out.get(row.user_id) ?? [];
    list.push(channelRecord(row));
    out.set(row.user_id, list);
  }
  return out;
}

/**
 * Of these channels, the ones still there and switched on, locked against
 * deletion until commit (FOR KEY SHARE): the tick reads channels once, before
 * presence is asked, and writes its outbox rows after (issue 28).
 */
export async function liveChannelIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const res = await sql<{ id: number }>`
    SELECT id FROM channels WHERE id = ANY(${ids}::bigint[]) AND enabled AND confirmed FOR KEY SHARE`.execute(db);
  return new Set(res.rows.map((r) => Number(r.id)));
}

export async function listUserChannels(db: Db, userId: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findUserChannel(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** A channel's presence health after a call: its consecutive timeouts and its backoff. */
export async function recordPresenceHealth(db: Db, channelId: number, timeouts: number, backoffUntil: Date | null): Promise<void> {
  await db.updateTable('channels').set({ presence_timeouts: timeouts, presence_backoff_until: backoffUntil }).where('id', '=', channelId).execute();
}

/** Locks the user's row for the rest of the transaction: channel adds of one user queue behind each other. */
export async function lockUserChannels(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function countUserChannels(db: Db, userId: number, type: ChannelType): Promise<number> {
  const row = await db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChannel(
  db: Db,
  row: {
    userId: number;
    type: ChannelType;
    config: Record<string, unknown>;
    secret: string | null;
    presenceHeaders?: Record<string, string> | null;
    /** False for a channel its owner must confirm first (email, Slack); default true. */
    confirmed?: boolean;
    now: Date;
  },
): Promise<ChannelRow> {
  return db
    .insertInto('channels')
    .values({
      user_id: row.userId,
      type: row.type,
      config: JSON.stringify(row.config),
      secret: row.secret,
      presence_headers: row.presenceHeaders ? JSON.stringify(row.presenceHeaders) : null,
      enabled: true,
      confirmed: row.confirmed ?? true,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setChannelEnabled(db: Db, userId: number, id: number, enabled: boolean, now: Date): Promise<ChannelRow | undefined> {
  return db.updateTable('channels').set({ enabled, updated_at: now }).where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteChannel(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('channels').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The user's channels of a type with this config value (an address, a Slack user), to refuse adding one twice. */
export async function findUserChannelByConfig(db: Db, userId: number, type: ChannelType, key: string, value: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where(sql<string>`config->>${key}`, '=', value)
    .executeTakeFirst();
}

/** Switches a channel off by its id alone (a one-click unsubscribe carries no user); true when it was on. */
export async function disableChannel(db: Db, id: number, now: Date): Promise<boolean> {
  const r = await db.updateTable('channels').set({ enabled: false, updated_at: now }).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}
