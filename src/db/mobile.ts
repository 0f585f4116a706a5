// Mobile devices (issue 12, Expo push): a device is a channels row of type
// 'mobile' — config {platform, device_id}, its Expo push token in `secret` —
// and the tickets Expo answered with, kept until their receipts are read.
import { sql } from 'kysely';
import type { ChannelRow } from './channels.ts';
import type { Db } from './connect.ts';

export type MobilePlatform = 'ios' | 'android';

/** The user's devices, in registration order. */
export async function listUserDevices(db: Db, userId: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('type', '=', 'mobile').orderBy('id').execute();
}

export async function findUserDevice(db: Db, userId: number, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('type', '=', 'mobile').where('id', '=', id).executeTakeFirst();
}

/** The user's device registered under `deviceId`, if any. */
export async function findDeviceById(db: Db, userId: number, deviceId: string): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'mobile')
    .where(sql<string>`config->>'device_id'`, '=', deviceId)
    .executeTakeFirst();
}

/**
 * Removes whatever other device holds `token` (another device id of this
 * user, or another user's): a token belongs to one app install, which
 * belongs to whoever registered it last. Returns the devices removed.
 */
export async function releaseToken(db: Db, token: string, keepId: number | null): Promise<Array<Pick<ChannelRow, 'user_id' | 'config'>>> {
  let q = db.deleteFrom('channels').where('type', '=', 'mobile').where('secret', '=', token);
  if (keepId !== null) q = q.where('id', '!=', keepId);
  return q.returning(['user_id', 'config']).execute();
}

/** A device's new token and platform (the same device_id). */
export async function updateDevice(db: Db, id: number, row: { token: string; platform: MobilePlatform; deviceId: string; now: Date }): Promise<ChannelRow> {
  return db
    .updateTable('channels')
    .set({ secret: row.token, config: JSON.stringify({ platform: row.platform, device_id: row.deviceId }), updated_at: row.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Removes a device Expo called DeviceNotRegistered — only while it still has
 * the token Expo spoke of: a device that registered a new token since keeps
 * it. Returns whether a device was removed.
 */
export async function removeDeadDevice(db: Db, channelId: number, token: string): Promise<boolean> {
  const r = await db.deleteFrom('channels').where('id', '=', channelId).where('type', '=', 'mobile').where('secret', '=', token).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface TicketRow {
  ticket_id: string;
  channel_id: number;
  delivery_id: number | null;
  token: string;
  checks: number;
  created_at: Date;
}

/** Keeps the tickets of one send; their receipts are asked for at `checkAfter`. */
export async function insertTickets(
  db: Db,
  tickets: Array<{ ticketId: string; channelId: number; deliveryId: number; token: string }>,
  checkAfter: Date,
  now: Date,
): Promise<void> {
  if (tickets.length === 0) return;
  await db
    .insertInto('mobile_tickets')
    .values(
      tickets.map((t) => ({
        ticket_id: t.ticketId,
        channel_id: t.channelId,
        delivery_id: t.deliveryId,
        token: t.token,
        check_after: checkAfter,
        created_at: now,
      })),
    )
    // The same ticket twice (a repeated answer) is still one ticket.
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .execute();
}

/**
 * Claims up to `limit` tickets whose receipts are due, moving their
 * check_after to `leaseUntil` (another worker skips them meanwhile; a worker
 * that dies leaves them to be asked again then).
 */
export async function claimDueTickets(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<TicketRow[]> {
  const res = await sql<TicketRow>`
    UPDATE mobile_tickets SET check_after = ${leaseUntil}, checks = checks + 1
    WHERE ticket_id IN (
      SELECT ticket_id FROM mobile_tickets WHERE check_after <= ${now}
      ORDER BY check_after LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING ticket_id, channel_id, delivery_id, token, checks, created_at`.execute(db);
  return res.rows.map((r) => ({ ...r, channel_id: Number(r.channel_id), delivery_id: r.delivery_id === null ? null : Number(r.delivery_id) }));
}

export async function deleteTickets(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('mobile_tickets').where('ticket_id', 'in', ids).execute();
}

/** Tickets whose receipts were not there yet (or could not be asked for): asked again at `at`. */
export async function postponeTickets(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('mobile_tickets').set({ check_after: at }).where('ticket_id', 'in', ids).execute();
}

/** How many tickets wait for a receipt (tests, metrics). */
export async function countTickets(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mobile_tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A receipt's error on the delivery it belongs to (the delivery stays sent: Expo took it). */
export async function noteReceiptError(db: Db, deliveryId: number, error: string): Promise<void> {
  await db.updateTable('deliveries').set({ error }).where('id', '=', deliveryId).execute();
}
