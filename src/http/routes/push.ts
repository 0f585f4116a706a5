// Web Push subscriptions (issue 12), behind forward-auth like every /me
// route: the server's VAPID public key, and the browser's PushSubscription
// saved as a `push` channel (one per browser; switched off and on with
// PATCH /me/channels/{id}, like any channel).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hostOf } from '../../channels/push/web-push.ts';
import { deleteChannel, findUserChannel, insertChannel, lockUserChannels, countUserChannels } from '../../db/channels.ts';
import { markUserEventsForCheck } from '../../db/deliveries.ts';
import { deletePushChannel, findPushByEndpoint, listPushSubscriptions, type PushSubscriptionRow, updatePushSubscription } from '../../db/push.ts';
import { toDate } from '../../domain/time.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { checkOutboundUrl, outboundPolicyOf } from '../../net/outbound.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { deviceLabel } from '../device-label.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody } from '../response-schemas.ts';
import { documentedAs, IdParam } from '../schemas.ts';

/** More browsers than one person has; bounds what one account can ask the worker to send. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;

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

/** Unpadded or padded base64url of exactly `bytes` bytes; the key as stored (unpadded). */
function base64urlKey(field: string, raw: unknown, bytes: number, what: string): string {
  if (typeof raw !== 'string' || raw.length === 0) throw invalid(field, `must be a base64url string (${what})`);
  const bare = raw.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(bare)) throw invalid(field, 'must be base64url (A-Z, a-z, 0-9, - and _)');
  const decoded = Buffer.from(bare, 'base64url');
  if (decoded.length !== bytes) throw invalid(field, `must be ${bytes} bytes (${what}), got ${decoded.length}`);
  return bare;
}

/** The subscription as the browser sends it, checked field by field; the endpoint also by the outbound policy. */
function parseSubscription(body: unknown, checkUrl: (field: string, raw: unknown) => string) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', 'must be a PushSubscription object');
  const b = body as Record<string, unknown>;
  const unknownKey = Object.keys(b).find((k) => !['endpoint', 'expirationTime', 'keys'].includes(k));
  if (unknownKey !== undefined) throw invalid(unknownKey, 'is not a field of a PushSubscription (endpoint, expirationTime, keys)');
  const endpoint = checkUrl('endpoint', b.endpoint);
  const expiration = b.expirationTime ?? null;
  if (expiration !== null && (typeof expiration !== 'number' || !Number.isFinite(expiration) || expiration < 0)) {
    throw invalid('expirationTime', 'must be null or milliseconds since the epoch');
  }
  if (typeof b.keys !== 'object' || b.keys === null || Array.isArray(b.keys)) throw invalid('keys', 'must be an object with p256dh and auth');
  const keys = b.keys as Record<string, unknown>;
  const extra = Object.keys(keys).find((k) => k !== 'p256dh' && k !== 'auth');
  if (extra !== undefined) throw invalid(`keys.${extra}`, 'is not a key of a PushSubscription (p256dh, auth)');
  const p256dh = base64urlKey('keys.p256dh', keys.p256dh, 65, 'an uncompressed P-256 point');
  if (Buffer.from(p256dh, 'base64url')[0] !== 0x04) throw invalid('keys.p256dh', 'must be an uncompressed P-256 point (starting with 0x04)');
  const auth = base64urlKey('keys.auth', keys.auth, 16, 'the authentication secret');
  return { endpoint, expiration: expiration as number | null, keys: { p256dh, auth } };
}

/** Tries of a save whose endpoint another person's save took at the same moment. */
const SAVE_TRIES = 3;

const endpointTaken = (e: unknown): boolean => {
  const err = e as { code?: string; constraint?: string } | null;
  return err?.code === '23505' && (err.constraint === undefined || err.constraint === 'channels_push_endpoint');
};

/**
 * Runs `save` again when another person saved the same endpoint at the same
 * moment (the unique index channels_push_endpoint refused the insert after
 * their commit): the next try finds their row and moves it, as a later POST
 * would. Still taken after SAVE_TRIES: a 409 to send again.
 */
async function saveMovingEndpoint<T>(save: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save();
    } catch (e) {
      if (!endpointTaken(e)) throw e;
      if (attempt >= SAVE_TRIES) throw conflict('This browser was subscribed at the same moment by another request; send it again');
    }
  }
}

export function pushRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const resolveUser = userResolver(ctx);
  // Push services are on the public internet; the same policy the channel connects under (net/outbound.ts).
  const outbound = outboundPolicyOf(ctx.config);
  const checkUrl = (field: string, raw: unknown) => checkOutboundUrl(outbound, field, raw);
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.user = await resolveUser(request);
    });

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
      async (request) => ({ subscriptions: (await listPushSubscriptions(ctx.db, request.user!.id)).map(subscriptionView) }),
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
        const sub = parseSubscription(request.body, checkUrl);
        const userId = request.user!.id;
        const config = { endpoint: sub.endpoint, user_agent: deviceLabel(request.headers['user-agent']), expiration_time: sub.expiration };
        const secret = JSON.stringify(sub.keys);
        const now = toDate(ctx.clock.now());
        const save = () =>
          ctx.db.transaction().execute(async (trx) => {
            await lockUserChannels(trx, userId);
            const existing = await findPushByEndpoint(trx, sub.endpoint);
            if (existing && existing.user_id === userId) {
              // The browser sends it again on every visit: the keys may have been renewed, the row stays.
              await updatePushSubscription(trx, existing.id, { config, secret, now });
              return { id: existing.id, created: false };
            }
            // One browser profile, another person signed in: the endpoint now reaches them only.
            if (existing) await deletePushChannel(trx, existing.id);
            if ((await countUserChannels(trx, userId, 'push')) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER) {
              throw conflict(`At most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers per user receive Web Push; remove one first`);
            }
            const row = await insertChannel(trx, { userId, type: 'push', config, secret, now });
            // A new way to reach the user: waiting events may deliver through it at once.
            await markUserEventsForCheck(trx, userId, now);
            return { id: row.id, created: true };
          });
        const { id, created } = await saveMovingEndpoint(save);        const row = (await listPushSubscriptions(ctx.db, userId)).find((r) => r.id === id)!;
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
        const id = Number(request.params.id);
        const row = await findUserChannel(ctx.db, request.user!.id, id);
        if (row?.type !== 'push') throw notFound(`Push subscription ${id} not found`);
        await deleteChannel(ctx.db, request.user!.id, id);
        return reply.status(204).send();
      },
    );
  };
}
