// The user's channels (SPEC A8): GET / POST / DELETE /me/channels, and
// PATCH /me/channels/{id} {enabled} to switch one off and on. Telegram is
// linked through POST /me/channels/telegram/link (routes/telegram.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { newWebhookSecret } from '../../channels/webhook.ts';
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
import { IdParam } from '../schemas.ts';
import { checkOutboundUrl, outboundPolicyOf } from '../../net/outbound.ts';

// The config's shape depends on the type, so it is checked after the type (webhookConfigOf).
const ChannelCreate = Type.Object(
  {
    type: Type.String({ maxLength: 32 }),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);

const WEBHOOK_KEYS = ['deliver_url', 'presence_url'];

/**
 * Issue 10: 48 webhooks of one user whose presence URLs never answered took
 * the whole shared presence pool. Twenty is more than anyone's homes and
 * devices, and bounds what one account can ask the tick to do.
 */
export const MAX_WEBHOOKS_PER_USER = 20;

const ChannelPatch = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

/** What the user sees of a channel: never its secret. */
export function channelView(row: ChannelRow) {
  return {
    id: row.id,
    type: row.type,
    enabled: row.enabled,
    config: row.config,
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

    app.get('/me/channels', async (request) => {
      const rows = await listUserChannels(ctx.db, request.user!.id);
      return { channels: rows.map(channelView) };
    });

    app.post('/me/channels', { schema: { body: ChannelCreate } }, async (request, reply) => {
      const { type, config } = request.body;
      if (type === 'web') throw conflict('Every user has exactly one web channel, made with the user; it cannot be added');
      if (type === 'telegram') {
        throw invalid('type', 'link Telegram with POST /me/channels/telegram/link, then send "/start <code>" to the bot');
      }
      if (type !== 'webhook') throw invalid('type', `must be "webhook" (got "${type}")`);
      const unknown = Object.keys(config ?? {}).find((k) => !WEBHOOK_KEYS.includes(k));
      if (unknown !== undefined) throw invalid(`config.${unknown}`, 'is not a known field (deliver_url, presence_url)');
      if (config?.deliver_url === undefined) throw invalid('config.deliver_url', 'is required');
      const stored: Record<string, string> = { deliver_url: checkUrl('config.deliver_url', config.deliver_url) };
      if (config.presence_url !== undefined) stored.presence_url = checkUrl('config.presence_url', config.presence_url);
      const secret = newWebhookSecret();
      const now = toDate(ctx.clock.now());
      const row = await ctx.db.transaction().execute(async (trx) => {
        // Under the user's row lock: two adds at once cannot both take the last place.
        await lockUserChannels(trx, request.user!.id);
        if ((await countUserChannels(trx, request.user!.id, 'webhook')) >= MAX_WEBHOOKS_PER_USER) {
          throw conflict(`At most ${MAX_WEBHOOKS_PER_USER} webhook channels per user; delete one before adding another`);
        }
        const created = await insertChannel(trx, { userId: request.user!.id, type: 'webhook', config: stored, secret, now });
        // A new way to reach the user: waiting events may deliver through it at once.
        await markUserEventsForCheck(trx, request.user!.id, now);
        return created;
      });
      return reply.status(201).send({
        channel: channelView(row),
        // Shown this once: receivers verify webhook-signature with it (README, "Webhook channel").
        secret,
      });
    });

    app.patch('/me/channels/:id', { schema: { params: IdParam, body: ChannelPatch } }, async (request) => {
      const now = toDate(ctx.clock.now());
      const row = await ctx.db.transaction().execute(async (trx) => {
        const updated = await setChannelEnabled(trx, request.user!.id, Number(request.params.id), request.body.enabled, now);
        if (updated?.enabled) await markUserEventsForCheck(trx, request.user!.id, now);
        return updated;
      });
      if (!row) throw notFound(`Channel ${request.params.id} not found`);
      return { channel: channelView(row) };
    });

    app.delete('/me/channels/:id', { schema: { params: IdParam } }, async (request, reply) => {
      const id = Number(request.params.id);
      const row = await findUserChannel(ctx.db, request.user!.id, id);
      if (!row) throw notFound(`Channel ${id} not found`);
      if (row.type === 'web') throw conflict('The web channel cannot be deleted (it is the inbox); disable it instead');
      await deleteChannel(ctx.db, request.user!.id, id);
      return reply.status(204).send();
    });
  };
}
