// The user's channels (SPEC A8): GET / POST / DELETE /me/channels, and
// PATCH /me/channels/{id} {enabled} to switch one off and on. Signed in
// (signed-in.ts). Each type adds its own (channels/registry.ts: Channel.add
// checks the config and names the field it refuses); Telegram is linked
// through POST /me/channels/telegram/link (routes/telegram.ts), a browser
// through /me/push/subscriptions, a phone through /me/devices.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type ChannelRow, listChannels, removeChannel, switchChannel } from '../../core/channels.ts';
import { CHANNEL_TYPES, type ChannelType } from '../../domain/channels.ts';
import { toDate } from '../../domain/time.ts';
import { graceSecondsOf, rotateWebhookSecret } from '../../channels/webhook/rotate-secret.ts';
import { invalid } from '../../errors.ts';
import { toLocale } from '../../i18n/locales.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { ChannelBody, ChannelCreated, ChannelList, ChannelOut, errors, NoBody } from '../response-schemas.ts';
import { documentedAs, IdParam } from '../schemas.ts';
import { signedInUser } from '../auth.ts';

/** A webhook's config as documented; checked in the handler (checkUrl, parsePresenceConfig), which names the field. */
const WebhookConfigDoc = Type.Object(
  {
    deliver_url: Type.String({ format: 'uri', description: 'Where reminders are POSTed (signed per Standard Webhooks)' }),
    presence_url: Type.Optional(Type.String({ format: 'uri', description: 'GET before delivering: {"present": true|false}, or the field below' })),
    presence_headers: Type.Optional(
      Type.Record(Type.String(), Type.String({ maxLength: 4096 }), {
        maxProperties: 10,
        description: 'Headers of the presence request, e.g. {"Authorization": "Bearer <Home Assistant token>"}; stored, never shown back (only their names)',
      }),
    ),
    presence_field: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A top-level field of the presence answer, e.g. "state"' })),
    presence_present: Type.Optional(
      Type.Array(Type.Union([Type.String({ maxLength: 256 }), Type.Number(), Type.Boolean()]), {
        minItems: 1,
        maxItems: 20,
        description: 'Values of presence_field that mean present, e.g. ["home"]; any other value is absent, no field unknown',
      }),
    ),
  },
  { additionalProperties: false },
);

const EmailConfigDoc = Type.Object(
  { address: Type.String({ maxLength: 254, description: 'One email address; a confirmation mail goes there first' }) },
  { additionalProperties: false },
);
const SlackConfigDoc = Type.Object(
  { slack_user_id: Type.String({ maxLength: 32, description: 'The Slack member ID (U…/W…); a DM with a Confirm button goes there first' }) },
  { additionalProperties: false },
);

const doc = { security: SECURITY.user, tags: [TAGS.channels] };

const Rotated = Type.Object(
  {
    channel: ChannelOut,
    secret: Type.String({ pattern: '^whsec_', description: 'The new signing secret, shown this once' }),
    previous_secret_valid_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Until when deliveries also carry the previous signature (null: not at all)',
    }),
  },
  { additionalProperties: false },
);
const ERR = [401, 403] as const;

// The config's shape depends on the type, so the type's channel checks it (Channel.add).
const ChannelCreate = Type.Object(
  {
    type: Type.String({
      maxLength: 32,
      description:
        '"webhook", "email" (config {address}: unconfirmed until the link in the confirmation mail is confirmed) or "slack" (config {slack_user_id}: unconfirmed until that user presses Confirm in the DM). Web comes with the user; Telegram is linked with /me/channels/telegram/link',
    }),
    config: Type.Optional(documentedAs(Type.Union([WebhookConfigDoc, EmailConfigDoc, SlackConfigDoc]), Type.Record(Type.String(), Type.Unknown()))),
  },
  {
    additionalProperties: false,
    examples: [
      {
        type: 'webhook',
        config: { deliver_url: 'https://ha.example/api/webhook/hado', presence_url: 'https://ha.example/api/states/person.nikita' },
      },
      { type: 'email', config: { address: 'ana@example.org' } },
      { type: 'slack', config: { slack_user_id: 'U024BE7LH' } },
    ],
  },
);
const ChannelPatch = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false, examples: [{ enabled: false }] });

/** What the user sees of a channel: never its secret, and of its presence headers only their names. */
export function channelView(row: ChannelRow) {
  const headers = row.presence_headers ? { presence_headers: Object.keys(row.presence_headers) } : {};
  return {
    id: row.id,
    type: row.type,
    enabled: row.enabled,
    confirmed: row.confirmed,
    vouched: row.vouched_by !== null,
    config: { ...row.config, ...headers },
    last_seen_at: row.last_seen_at ? row.last_seen_at.toISOString() : null,
    // A presence URL that keeps timing out is asked less often until this moment (channels/presence.ts).
    presence_timeouts: row.presence_timeouts,
    presence_backoff_until: row.presence_backoff_until ? row.presence_backoff_until.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const isChannelType = (type: string): type is ChannelType => (CHANNEL_TYPES as readonly string[]).includes(type);

/** POST /me/channels/{id}/rotate-secret (issue 27): a webhook's new signing secret, the old one signing beside it for the grace. */
function rotateSecretRoute(app: Parameters<FastifyPluginAsyncTypebox>[0], ctx: AppContext): void {
  app.post(
    '/me/channels/:id/rotate-secret',
    {
      schema: {
        ...doc,
        operationId: 'rotateMyWebhookSecret',
        summary:
          'Give a webhook channel a new signing secret (shown this once); during the grace period deliveries carry both signatures in webhook-signature, the new one first',
        description:
          'Optional JSON body {"grace_seconds": n}: how long the previous secret keeps signing beside the new one (default 86400, one day; 0 = stop at once; at most 604800).',
        params: IdParam,
        response: { 200: Rotated, ...errors(...ERR, 400, 404, 409, 415, 422) },
      },
    },
    async (request) => {
      const grace = graceSecondsOf(request.body);
      const r = await rotateWebhookSecret(ctx.db, signedInUser(request).id, Number(request.params.id), grace, toDate(ctx.clock.now()));
      return { channel: channelView(r.row), secret: r.secret, previous_secret_valid_until: r.previousValidUntil?.toISOString() ?? null };
    },
  );
}

export function channelRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  /** The types POST /me/channels makes (the error for another names them). */
  const addable = ctx.channels.all().flatMap((c) => (c.addedBy === 'config' ? [c.type] : []));
  return async (app) => {
    app.get(
      '/me/channels',
      {
        schema: {
          ...doc,
          operationId: 'getMyChannels',
          summary: "The user's channels (never a secret)",
          response: { 200: ChannelList, ...errors(...ERR) },
        },
      },
      async (request) => ({ channels: (await listChannels(ctx.db, signedInUser(request).id)).map(channelView) }),
    );

    app.post(
      '/me/channels',
      {
        schema: {
          ...doc,
          operationId: 'addMyChannel',
          summary: 'Add a webhook (its signing secret is shown this once), an email address or a Slack user (both unconfirmed until their owner confirms)',
          body: ChannelCreate,
          response: { 201: ChannelCreated, ...errors(...ERR, 400, 409, 415, 422, 429, 502) },
        },
      },
      async (request, reply) => {
        const { type } = request.body;
        const channel = isChannelType(type) ? ctx.channels.get(type) : undefined;
        if (!channel)
          throw invalid(
            'type',
            `must be ${addable
              .map((t) => `"${t}"`)
              .join(', ')
              .replace(/, ([^,]*)$/, ' or $1')} (got "${type}")`,
          );
        const user = signedInUser(request);
        const { row, secret } = await channel.add({
          db: ctx.db,
          user: { id: user.id, locale: toLocale(user.locale) },
          config: request.body.config,
          now: toDate(ctx.clock.now()),
          confirmLimits: { perTarget: ctx.config.confirmationsPerTarget, perUser: ctx.config.confirmationsPerUser },
        });
        return reply.status(201).send({ channel: channelView(row), ...(secret === undefined ? {} : { secret }) });
      },
    );

    app.patch(
      '/me/channels/:id',
      {
        schema: {
          ...doc,
          operationId: 'patchMyChannel',
          summary: 'Switch a channel off or on (the web channel too)',
          params: IdParam,
          body: ChannelPatch,
          response: { 200: ChannelBody, ...errors(...ERR, 400, 404, 415, 422) },
        },
      },
      async (request) => {
        const row = await switchChannel(ctx.db, signedInUser(request).id, Number(request.params.id), request.body.enabled, toDate(ctx.clock.now()));
        return { channel: channelView(row) };
      },
    );

    rotateSecretRoute(app, ctx);

    app.delete(
      '/me/channels/:id',
      {
        schema: {
          ...doc,
          operationId: 'deleteMyChannel',
          summary: 'Delete a channel (the web channel cannot be deleted: 409)',
          params: IdParam,
          response: { 204: NoBody('Deleted'), ...errors(...ERR, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        await removeChannel(ctx.db, signedInUser(request).id, Number(request.params.id));
        return reply.status(204).send();
      },
    );
  };
}
