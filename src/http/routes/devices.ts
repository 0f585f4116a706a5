// Mobile devices (issue 12): a phone's app registers its Expo push token,
// behind forward-auth like every /me route. A device is a `mobile` channel
// (one per device_id; switched off and on with PATCH /me/devices/{id} or
// PATCH /me/channels/{id}, like any channel). Expo's DeviceNotRegistered
// removes it (channels/mobile/expo.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isExpoToken, PLATFORMS } from '../../channels/mobile/expo.ts';
import { type ChannelRow, countUserChannels, deleteChannel, insertChannel, lockUserChannels, setChannelEnabled } from '../../db/channels.ts';
import { markUserEventsForCheck } from '../../db/deliveries.ts';
import { findDeviceById, findUserDevice, listUserDevices, type MobilePlatform, releaseToken, updateDevice } from '../../db/mobile.ts';
import { toDate } from '../../domain/time.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody } from '../response-schemas.ts';
import { documentedAs, IdParam } from '../schemas.ts';

/** More phones and tablets than one person has; bounds what one account can ask the worker to send. */
export const MAX_DEVICES_PER_USER = 20;
const DEVICE_ID_MAX = 200;

const DateTime = Type.String({ format: 'date-time' });

const DeviceDoc = Type.Object(
  {
    token: Type.String({
      maxLength: 256,
      description: 'The Expo push token of the app on this device (getExpoPushTokenAsync), "ExponentPushToken[…]"',
    }),
    platform: Type.Union([Type.Literal('ios'), Type.Literal('android')]),
    device_id: Type.String({
      minLength: 1,
      maxLength: DEVICE_ID_MAX,
      description: "The app's own stable id for this device (e.g. a UUID kept in secure storage); one device per id",
    }),
  },
  {
    additionalProperties: false,
    examples: [{ token: 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]', platform: 'ios', device_id: '6c1b5d3e-2f7a-4f0e-9a51-0d8e0c7b9a10' }],
  },
);

const DeviceOut = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Also the id of its channel in /me/channels' }),
    platform: Type.Union([Type.Literal('ios'), Type.Literal('android')]),
    device_id: Type.String(),
    token: Type.String({ description: 'The Expo push token Hado sends to' }),
    enabled: Type.Boolean(),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { additionalProperties: false },
);
const DeviceBody = Type.Object({ device: DeviceOut }, { additionalProperties: false });
const DevicePatch = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false, examples: [{ enabled: false }] });

const doc = { security: SECURITY.user, tags: [TAGS.channels] };
const ERR = [401, 403] as const;

export function deviceView(row: ChannelRow) {
  return {
    id: row.id,
    platform: row.config.platform === 'android' ? ('android' as const) : ('ios' as const),
    device_id: typeof row.config.device_id === 'string' ? row.config.device_id : '',
    token: row.secret ?? '',
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The registration as the app sends it, checked field by field (a 422 names the field). */
export function parseDevice(body: unknown): { token: string; platform: MobilePlatform; deviceId: string } {
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

/** Postgres' unique_violation: the same token registered at the same moment elsewhere. */
const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';

export function deviceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const resolveUser = userResolver(ctx);
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.user = await resolveUser(request);
    });

    app.get(
      '/me/devices',
      {
        schema: {
          ...doc,
          operationId: 'getMyDevices',
          summary: "The user's phones that receive mobile push (Expo)",
          response: { 200: Type.Object({ devices: Type.Array(DeviceOut) }, { additionalProperties: false }), ...errors(...ERR) },
        },
      },
      async (request) => ({ devices: (await listUserDevices(ctx.db, request.user!.id)).map(deviceView) }),
    );

    app.post(
      '/me/devices',
      {
        schema: {
          ...doc,
          operationId: 'addMyDevice',
          summary: "Register this phone's Expo push token: 201 for a new device; the same device_id again is the same device (200), its token replaced",
          body: documentedAs(DeviceDoc, { type: 'object' }),
          response: { 200: DeviceBody, 201: DeviceBody, ...errors(...ERR, 400, 409, 415, 422) },
        },
      },
      async (request, reply) => {
        const device = parseDevice(request.body);
        const userId = request.user!.id;
        const now = toDate(ctx.clock.now());
        let result: { row: ChannelRow; created: boolean };
        try {
          result = await ctx.db.transaction().execute(async (trx) => {
            await lockUserChannels(trx, userId);
            const existing = await findDeviceById(trx, userId, device.deviceId);
            // A token belongs to one app install: another device (or another person) that had it loses it.
            await releaseToken(trx, device.token, existing?.id ?? null);
            if (existing) {
              if (existing.secret === device.token && existing.config.platform === device.platform) return { row: existing, created: false };
              // A new token for the same device (the app was reinstalled, or Expo renewed it): the device stays, on or off as it was.
              return { row: await updateDevice(trx, existing.id, { ...device, now }), created: false };
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
            return { row, created: true };
          });
        } catch (e) {
          if (isUniqueViolation(e)) throw conflict('This device or token was registered at the same moment by another request; send it again');
          throw e;
        }
        return reply.status(result.created ? 201 : 200).send({ device: deviceView(result.row) });
      },
    );

    app.patch(
      '/me/devices/:id',
      {
        schema: {
          ...doc,
          operationId: 'patchMyDevice',
          summary: 'Switch mobile push to a device off or on',
          params: IdParam,
          body: DevicePatch,
          response: { 200: DeviceBody, ...errors(...ERR, 400, 404, 415, 422) },
        },
      },
      async (request) => {
        const id = Number(request.params.id);
        const userId = request.user!.id;
        const now = toDate(ctx.clock.now());
        const row = await ctx.db.transaction().execute(async (trx) => {
          if (!(await findUserDevice(trx, userId, id))) return undefined;
          const updated = await setChannelEnabled(trx, userId, id, request.body.enabled, now);
          if (updated?.enabled) await markUserEventsForCheck(trx, userId, now);
          return updated;
        });
        if (!row) throw notFound(`Device ${id} not found`);
        return { device: deviceView(row) };
      },
    );

    app.delete(
      '/me/devices/:id',
      {
        schema: {
          ...doc,
          operationId: 'deleteMyDevice',
          summary: 'Stop mobile push to a device (the app calls it on sign-out)',
          params: IdParam,
          response: { 204: NoBody('Deleted'), ...errors(...ERR, 404, 422) },
        },
      },
      async (request, reply) => {
        const id = Number(request.params.id);
        if (!(await findUserDevice(ctx.db, request.user!.id, id))) throw notFound(`Device ${id} not found`);
        await deleteChannel(ctx.db, request.user!.id, id);
        return reply.status(204).send();
      },
    );
  };
}
