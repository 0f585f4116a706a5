// Web Push subscriptions (issue 12), signed in like every /me route
// (signed-in.ts): the server's VAPID public key, and the browser's
// PushSubscription saved as a `push` channel (one per browser; switched off
// and on with PATCH /me/channels/{id}, like any channel).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { parseSubscription } from '../../channels/push/subscription.ts';
import { hostOf } from '../../channels/push/web-push.ts';
import { deletePushSubscription, type PushSubscriptionRow, pushSubscriptions, savePushSubscription } from '../../core/push-subscriptions.ts';
import { toDate } from '../../domain/time.ts';
import { outboundPolicyOf } from '../../net/outbound.ts';
import type { AppContext } from '../context.ts';
import { deviceLabel } from '../device-label.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody } from '../response-schemas.ts';
import { documentedAs, IdParam } from '../schemas.ts';
import { signedInUser } from '../auth.ts';

const DateTime = Type.String({ format: 'date-time' });

/** What the browser's PushSubscription.toJSON() gives; checked in the handler, which names the field. */
const SubscriptionDoc = Type.Object(
  {
    endpoint: Type.String({ format: 'uri', maxLength: 2048, description: "The push service's URL for this browser" }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'Milliseconds since the epoch, or null' })),
    keys: Type.Object(
      {
        p256dh: Type.String({ pattern: '^[A-Za-z0-9_-]+=*$', description: "The browser's P-256 public key (65 bytes, base64url)" }),
        auth: Type.String({ pattern: '^[A-Za-z0-9_-]+=*$', description: 'The 16-byte authentication secret (base64url)' }),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/cXk2dD-example:APA91bH',
        expirationTime: null,
        keys: {
          p256dh: 'BGo1jgRnKf7N4Fm01H0i5K6LdVOPW3YndHdWJ94woDmMzjffy62ggYRBwo8OBTb_zi-v905j0oaZVeSl20a7HNw',
          auth: 'gRjffVAtUhczn7THoCZ-_A',
        },
      },
    ],
  },
);

const SubscriptionOut = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Also the id of its channel in /me/channels (PATCH it to switch this device off)' }),
    endpoint_host: Type.String({ description: "The push service's host, e.g. fcm.googleapis.com (the full endpoint is never shown)" }),
    user_agent: Type.String({ description: 'The browser it came from, e.g. "Chrome on Android"' }),
    enabled: Type.Boolean(),
    created_at: DateTime,
    last_ok_at: Type.Union([DateTime, Type.Null()], { description: 'The last push the service accepted' }),
  },
  { additionalProperties: false },
);
const SubscriptionBody = Type.Object({ subscription: SubscriptionOut }, { additionalProperties: false });

const doc = { security: SECURITY.user, tags: [TAGS.channels] };
const ERR = [401, 403] as const;

function subscriptionView(row: PushSubscriptionRow) {
  const endpoint = typeof row.config.endpoint === 'string' ? row.config.endpoint : '';
  return {
    id: row.id,
    endpoint_host: hostOf(endpoint),
    user_agent: typeof row.config.user_agent === 'string' ? row.config.user_agent : 'Browser',
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    last_ok_at: row.last_ok_at ? row.last_ok_at.toISOString() : null,
  };
}

export function pushRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const outbound = outboundPolicyOf(ctx.config);
  return async (app) => {
    app.get(
      '/me/push/vapid-key',
      {
        schema: {
          ...doc,
          operationId: 'getPushKey',
          summary: "The server's VAPID public key: the applicationServerKey of pushManager.subscribe()",
          response: {
            200: Type.Object(
              { public_key: Type.String({ pattern: '^[A-Za-z0-9_-]{87}$', description: 'base64url of the 65-byte P-256 point' }) },
              { additionalProperties: false },
            ),
            ...errors(...ERR),
          },
        },
      },
      async () => ({ public_key: await ctx.push.publicKey() }),
    );

    app.get(
      '/me/push/subscriptions',
      {
        schema: {
          ...doc,
          operationId: 'getPushSubscriptions',
          summary: "The user's browsers that receive Web Push",
          response: { 200: Type.Object({ subscriptions: Type.Array(SubscriptionOut) }, { additionalProperties: false }), ...errors(...ERR) },
        },
      },
      async (request) => ({ subscriptions: (await pushSubscriptions(ctx.db, signedInUser(request).id)).map(subscriptionView) }),
    );

    app.post(
      '/me/push/subscriptions',
      {
        schema: {
          ...doc,
          operationId: 'addPushSubscription',
          summary: "Save this browser's PushSubscription (its toJSON()); the same endpoint again is the same subscription (200)",
          body: documentedAs(SubscriptionDoc, { type: 'object' }),
          response: { 200: SubscriptionBody, 201: SubscriptionBody, ...errors(...ERR, 400, 409, 415, 422) },
        },
      },
      async (request, reply) => {
        const sub = parseSubscription(request.body, outbound);
        const config = { endpoint: sub.endpoint, user_agent: deviceLabel(request.headers['user-agent']), expiration_time: sub.expiration };
        const userId = signedInUser(request).id;
        const saved = await savePushSubscription(ctx.db, userId, { endpoint: sub.endpoint, config, secret: JSON.stringify(sub.keys) }, toDate(ctx.clock.now()));
        const { subscription: row, created, takenFrom } = saved;
        // Issue 27, finding 6: the move stays, but never silently (the first user's settings page says so too).
        if (takenFrom !== null) {
          request.log.warn({ device_takeover: { channel_type: 'push', from_user_id: takenFrom, to_user_id: userId } }, 'device taken over by another user');
        }
        return reply.status(created ? 201 : 200).send({ subscription: subscriptionView(row) });
      },
    );

    app.delete(
      '/me/push/subscriptions/:id',
      {
        schema: {
          ...doc,
          operationId: 'deletePushSubscription',
          summary: 'Stop Web Push to a browser (this device: unsubscribe it in the page too)',
          params: IdParam,
          response: { 204: NoBody('Deleted'), ...errors(...ERR, 404, 422) },
        },
      },
      async (request, reply) => {
        await deletePushSubscription(ctx.db, signedInUser(request).id, Number(request.params.id));
        return reply.status(204).send();
      },
    );
  };
}
