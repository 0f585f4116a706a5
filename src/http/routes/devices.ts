// Mobile devices (issue 12): a phone's app registers its Expo push token,
// signed in like every /me route (signed-in.ts). A device is a `mobile` channel
// (one per device_id; switched off and on with PATCH /me/devices/{id} or
// PATCH /me/channels/{id}, like any channel). Expo's DeviceNotRegistered
// removes it (channels/mobile/expo.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEVICE_ID_MAX, parseDevice } from '../../channels/mobile/device.ts';
import type { ChannelRow } from '../../core/channels.ts';
import { deleteDevice, devices, registerDevice, switchDevice } from '../../core/devices.ts';
import { toDate } from '../../domain/time.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody } from '../response-schemas.ts';
import { documentedAs, IdParam } from '../schemas.ts';
import { signedInUser } from '../auth.ts';

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

export function deviceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
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
      async (request) => ({ devices: (await devices(ctx.db, signedInUser(request).id)).map(deviceView) }),
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
        const userId = signedInUser(request).id;
        const result = await registerDevice(ctx.db, userId, parseDevice(request.body), toDate(ctx.clock.now()));
        // Issue 27, finding 6: the move stays, but never silently (the first user's settings page says so too).
        for (const from of result.takenFrom) {
          request.log.warn({ device_takeover: { channel_type: 'mobile', from_user_id: from, to_user_id: userId } }, 'device taken over by another user');
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
        const row = await switchDevice(ctx.db, signedInUser(request).id, Number(request.params.id), request.body.enabled, toDate(ctx.clock.now()));
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
        await deleteDevice(ctx.db, signedInUser(request).id, Number(request.params.id));
        return reply.status(204).send();
      },
    );
  };
}
