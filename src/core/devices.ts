// Mobile devices (issue 12): the write flows behind /me/devices. A phone is
// a `mobile` channel, one per device_id of the app; its Expo push token
// belongs to one app install, so another device (or another person) that had
// it loses it.
import { type ChannelRow, countUserChannels, deleteChannel, insertChannel, lockUserChannels } from '../db/channels.ts';
import type { Db } from '../db/connect.ts';
import { markUserEventsForCheck } from '../db/deliveries.ts';
import { recentTakeovers, recordTakeover, type TakeoverRow } from '../db/device-takeovers.ts';
import { findDeviceById, findUserDevice, listUserDevices, type MobilePlatform, releaseToken, updateDevice } from '../db/mobile.ts';
import { conflict, notFound } from '../errors.ts';
import { switchChannel } from './channels.ts';

/** More phones and tablets than one person has; bounds what one account can ask the worker to send. */
export const MAX_DEVICES_PER_USER = 20;

export interface DeviceRegistration {
  token: string;
  platform: MobilePlatform;
  deviceId: string;
}

/** Postgres' unique_violation: the same token registered at the same moment elsewhere. */
const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';

/** How the settings page of a user who lost a phone names it. */
export function deviceTakeoverLabel(config: Record<string, unknown>): string {
  const platform = config.platform === 'android' ? 'Android' : 'iOS';
  return typeof config.device_id === 'string' && config.device_id !== '' ? `${platform} · ${config.device_id}` : platform;
}

/**
 * Registers a phone: `created` is false for a device_id the user has already
 * (its token replaced, on or off as it was). `takenFrom`: the users whose
 * device had this token and lost it (finding 6 of issue 27: kept in
 * device_takeovers for their settings page, and logged by the caller).
 */
export async function registerDevice(
  db: Db,
  userId: number,
  device: DeviceRegistration,
  now: Date,
): Promise<{ row: ChannelRow; created: boolean; takenFrom: number[] }> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserChannels(trx, userId);
      const existing = await findDeviceById(trx, userId, device.deviceId);
      // A token belongs to one app install: another device (or another person) that had it loses it.
      const released = await releaseToken(trx, device.token, existing?.id ?? null);
      const takenFrom: number[] = [];
      for (const lost of released) {
        if (Number(lost.user_id) === userId) continue;
        takenFrom.push(Number(lost.user_id));
        await recordTakeover(trx, { userId: Number(lost.user_id), channelType: 'mobile', label: deviceTakeoverLabel(lost.config), now });
      }
      if (existing) {
        if (existing.secret === device.token && existing.config.platform === device.platform) return { row: existing, created: false, takenFrom };
        // A new token for the same device (the app was reinstalled, or Expo renewed it): the device stays, on or off as it was.
        return { row: await updateDevice(trx, existing.id, { ...device, now }), created: false, takenFrom };
      }
      if ((await countUserChannels(trx, userId, 'mobile')) >= MAX_DEVICES_PER_USER) {
        throw conflict(`At most ${MAX_DEVICES_PER_USER} devices per user receive mobile push; remove one first`);
      }
      const row = await insertChannel(trx, {
        userId,
        type: 'mobile',
        config: { platform: device.platform, device_id: device.deviceId },
        secret: device.token,
        now,
      });
      // A new way to reach the user: waiting events may deliver through it at once.
      await markUserEventsForCheck(trx, userId, now);
      return { row, created: true, takenFrom };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('This device or token was registered at the same moment by another request; send it again');
    throw e;
  }
}

/** The user's phones that receive mobile push. */
export function devices(db: Db, userId: number): Promise<ChannelRow[]> {
  return listUserDevices(db, userId);
}

/** Switches mobile push to one of the user's devices off or on. */
export function switchDevice(db: Db, userId: number, id: number, enabled: boolean, now: Date): Promise<ChannelRow> {
  return switchChannel(db, userId, id, enabled, now, { what: 'Device', only: findUserDevice });
}

/** Stops mobile push to one of the user's devices (the app calls it on sign-out). */
export async function deleteDevice(db: Db, userId: number, id: number): Promise<void> {
  if (!(await findUserDevice(db, userId, id))) throw notFound(`Device ${id} not found`);
  await deleteChannel(db, userId, id);
}

/** The user's browsers and phones another account took over since `since`, newest first (finding 6 of issue 27: the settings page names them). */
export function takenOverSince(db: Db, userId: number, since: Date): Promise<TakeoverRow[]> {
  return recentTakeovers(db, userId, since);
}
