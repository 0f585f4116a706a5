// A phone as POST /me/devices takes it (issue 12): the app's Expo push
// token, its platform and its own stable id for the device — the mobile
// channel's config, checked field by field (a 422 names the field).
import { invalid } from '../../errors.ts';
import { isExpoToken, PLATFORMS } from './expo.ts';
import type { MobilePlatform } from './message.ts';

export const DEVICE_ID_MAX = 200;

export interface ParsedDevice {
  token: string;
  platform: MobilePlatform;
  deviceId: string;
}

/** The registration as the app sends it. */
export function parseDevice(body: unknown): ParsedDevice {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', 'must be an object {token, platform, device_id}');
  const b = body as Record<string, unknown>;
  const unknownKey = Object.keys(b).find((k) => !['token', 'platform', 'device_id'].includes(k));
  if (unknownKey !== undefined) throw invalid(unknownKey, 'is not a known field (token, platform, device_id)');
  if (b.token === undefined) throw invalid('token', 'is required');
  if (!isExpoToken(b.token)) throw invalid('token', 'must be an Expo push token, "ExponentPushToken[…]" (at most 256 characters)');
  if (b.platform === undefined) throw invalid('platform', 'is required');
  if (typeof b.platform !== 'string' || !(PLATFORMS as readonly string[]).includes(b.platform)) {
    throw invalid('platform', `must be one of ${PLATFORMS.map((p) => `"${p}"`).join(', ')}, got ${JSON.stringify(b.platform)?.slice(0, 40)}`);
  }
  if (b.device_id === undefined) throw invalid('device_id', 'is required');
  if (typeof b.device_id !== 'string' || b.device_id.trim().length === 0) throw invalid('device_id', 'must be a non-empty string');
  if (b.device_id.length > DEVICE_ID_MAX) throw invalid('device_id', `must be at most ${DEVICE_ID_MAX} characters`);
  return { token: b.token, platform: b.platform as MobilePlatform, deviceId: b.device_id };
}
