// The user's channels (SPEC A8): GET / POST / DELETE /me/channels, and
// PATCH /me/channels/{id} {enabled} to switch one off and on. Telegram is
// linked through POST /me/channels/telegram/link (routes/telegram.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import { PRESENCE_KEYS, parsePresenceConfig } from '../../channels/webhook/presence-config.ts';
import { addEmailChannel } from '../../channels/email/link.ts';
import { addSlackChannel } from '../../channels/slack/link.ts';
import { newWebhookSecret } from '../../channels/webhook/channel.ts';
import { toLocale } from '../../i18n/locales.ts';
import {
  type ChannelRow,
  countUserChannels,
  deleteChannel,
  findUserChannel,
  insertChannel,
  listUserChannels,
  lockUserChannels,
  setChannelEnabled,
} from '../../db/channels.ts';
import { markUserEventsForCheck } from '../../db/deliveries.ts';
import { toDate } from '../../domain/time.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { ChannelBody, ChannelCreated, ChannelList, errors, NoBody } from '../response-schemas.ts';
import { documentedAs, IdParam } from '../schemas.ts';
import { checkOutboundUrl, outboundPolicyOf } from '../../net/outbound.ts';

/** A webhook's config as documented; checked in the handler (checkUrl, parsePresenceConfig), which names the field. */
const WebhookConfigDoc = Type.Object(
  {
    deliver_url: Type.String({ format: 'uri', description: 'Where reminders are POSTed (signed per Standard Webhooks)' }),
    presence_url: Type.Optional(
      Type.String({ format: 'uri', description: 'GET before delivering: {"present": true|false}, or the field below' }),
    ),
    presence_headers: Type.Optional(
      Type.Record(Type.String(), Type.String({ maxLength: 4096 }), {
        maxProperties: 10,
        description:
          'Headers of the presence request, e.g. {"Authorization": "Bearer <Home Assistant token>"}; stored, never shown back (only their names)',
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
const ERR = [401, 403] as const;

// The config's shape depends on the type, so it is checked after the type (webhookConfigOf).
const ChannelCreate = Type.Object(
  {
    type: Type.String({
      maxLength: 32,
      description:
        '"webhook", "email" (config {address}: unconfirmed until the link in the confirmation mail is confirmed) or "slack" (config {slack_user_id}: unconfirmed until that user presses Confirm in the DM). Web comes with the user; Telegram is linked with /me/channels/telegram/link',
    }),
    config: Type.Optional(
      documentedAs(
        Type.Union([WebhookConfigDoc, EmailConfigDoc, SlackConfigDoc]),
        Type.Record(Type.String(), Type.Unknown()),
      ),
    ),
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
/**
 * Issue 10: 48 webhooks of one user whose presence URLs never answered took
 * the whole shared presence pool. Twenty is more than anyone's homes and
 * devices, and bounds what one account can ask the tick to do.
 */
export const MAX_WEBHOOKS_PER_USER = 20;

const WEBHOOK_KEYS = ['deliver_url', 'presence_url', ...PRESENCE_KEYS];

const ChannelPatch = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false, examples: [{ enabled: false }] });

/** What the user sees of a channel: never its secret, and of its presence headers only their names. */
export function channelView(row: ChannelRow) {
  const headers = row.presence_headers ? { presence_headers: Object.keys(row.presence_headers) } : {};
  return {
    id: row.id,
    type: row.type,
    enabled: row.enabled,
    confirmed: row.confirmed,
    config: { ...row.config, ...headers },
    last_seen_at: row.last_seen_at ? row.last_seen_at.toISOString() : null,
    // A presence URL that keeps timing out is asked less often until this moment (channels/presence.ts).
    presence_timeouts: row.presence_timeouts,
    presence_backoff_until: row.presence_backoff_until ? row.presence_backoff_until.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function channelRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const resolveUser = userResolver(ctx);
  // The same policy the channels connect under (net/outbound.ts): refused here as a 422 naming the field.
  const outbound = outboundPolicyOf(ctx.config);
  const checkUrl = (field: string, raw: unknown) => checkOutboundUrl(outbound, field, raw);
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.user = await resolveUser(request);
    });

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
      async (request) => {
        const rows = await listUserChannels(ctx.db, request.user!.id);
        return { channels: rows.map(channelView) };
      },
    );

    app.post(
      '/me/channels',
      {
        schema: {
          ...doc,
          operationId: 'addMyChannel',
          summary: 'Add a webhook (its signing secret is shown this once), an email address or a Slack user (both unconfirmed until their owner confirms)',
          body: ChannelCreate,
          response: { 201: ChannelCreated, ...errors(...ERR, 400, 409, 415, 422, 502) },
        },
      },
      async (request, reply) => {
      const { type } = request.body;
      // Checked per type below, each naming the field it refuses.
      const config = request.body.config as Static<typeof WebhookConfigDoc> | undefined;
      if (type === 'web') throw conflict('Every user has exactly one web channel, made with the user; it cannot be added');
      if (type === 'telegram') {
        throw invalid('type', 'link Telegram with POST /me/channels/telegram/link, then send "/start <code>" to the bot');
      }
      if (type === 'push') throw invalid('type', 'a browser subscribes with POST /me/push/subscriptions');
      if (type === 'email') {
        const row = await addEmailChannel(
          { db: ctx.db, mailer: ctx.mailer, appUrl: ctx.config.appUrl },
          { id: request.user!.id, locale: toLocale(request.user!.locale) },
          config,
          toDate(ctx.clock.now()),
        );
        // Unconfirmed: nothing is delivered until the link in the confirmation mail is confirmed.
        return reply.status(201).send({ channel: channelView(row) });
      }
      if (type === 'slack') {
        const row = await addSlackChannel(
          { db: ctx.db, slack: ctx.slack, configured: Boolean(ctx.config.slackSigningSecret) },
          { id: request.user!.id, locale: toLocale(request.user!.locale) },
          config,
          toDate(ctx.clock.now()),
        );
        // Unconfirmed: nothing is delivered until that Slack user presses Confirm in the DM.
        return reply.status(201).send({ channel: channelView(row) });
      }
      if (type !== 'webhook') throw invalid('type', `must be "webhook", "email" or "slack" (got "${type}")`);
      const unknown = Object.keys(config ?? {}).find((k) => !WEBHOOK_KEYS.includes(k));
      if (unknown !== undefined) throw invalid(`config.${unknown}`, `is not a known field (${WEBHOOK_KEYS.join(', ')})`);
      if (config?.deliver_url === undefined) throw invalid('config.deliver_url', 'is required');
      const stored: Record<string, unknown> = { deliver_url: checkUrl('config.deliver_url', config.deliver_url) };
      if (config.presence_url !== undefined) stored.presence_url = checkUrl('config.presence_url', config.presence_url);
      const presence = parsePresenceConfig(config, stored.presence_url !== undefined);
      Object.assign(stored, presence.config);
      const secret = newWebhookSecret();
      const now = toDate(ctx.clock.now());
      const row = await ctx.db.transaction().execute(async (trx) => {
        // Under the user's row lock: two adds at once cannot both take the last place.
        await lockUserChannels(trx, request.user!.id);
        if ((await countUserChannels(trx, request.user!.id, 'webhook')) >= MAX_WEBHOOKS_PER_USER) {
          throw conflict(`At most ${MAX_WEBHOOKS_PER_USER} webhook channels per user; delete one before adding another`);
        }
        const created = await insertChannel(trx, {
          userId: request.user!.id,
          type: 'webhook',
          config: stored,
          secret,
          presenceHeaders: presence.headers,
          now,
        });
        // A new way to reach the user: waiting events may deliver through it at once.
        await markUserEventsForCheck(trx, request.user!.id, now);
        return created;
      });
      return reply.status(201).send({
        channel: channelView(row),
        // Shown this once: receivers verify webhook-signature with it (README, "Webhook channel").
        secret,
      });
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
      const now = toDate(ctx.clock.now());
      const row = await ctx.db.transaction().execute(async (trx) => {
        const updated = await setChannelEnabled(trx, request.user!.id, Number(request.params.id), request.body.enabled, now);
        if (updated?.enabled) await markUserEventsForCheck(trx, request.user!.id, now);
        return updated;
      });
      if (!row) throw notFound(`Channel ${request.params.id} not found`);
      return { channel: channelView(row) };
      },
    );

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
      const id = Number(request.params.id);
      const row = await findUserChannel(ctx.db, request.user!.id, id);
      if (!row) throw notFound(`Channel ${id} not found`);
      if (row.type === 'web') throw conflict('The web channel cannot be deleted (it is the inbox); disable it instead');
      await deleteChannel(ctx.db, request.user!.id, id);
      return reply.status(204).send();
      },
    );
  };
}
