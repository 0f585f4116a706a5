// The client API (SPEC A3): /api/events under a source's bearer token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseBatch } from '../../core/event-input.ts';
import { getSourceEvent, upsertBatch, withdraw } from '../../core/events.ts';
import { apiEventView } from '../../core/views.ts';
import { authenticateSource, newUserDefaults } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { EventIdentityQuery, EventsBatch } from '../schemas.ts';

/** A batch of 500 events with full payloads stays well inside this. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

export function apiEventsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });

    app.put('/api/events', { schema: { body: EventsBatch }, bodyLimit: BATCH_BODY_LIMIT }, async (request) => {
      const events = parseBatch(request.body.events);
      const results = await upsertBatch(ctx.db, ctx.clock, newUserDefaults(ctx, request), request.source!.id, events);
      return { events: results };
    });

    app.get('/api/events', { schema: { querystring: EventIdentityQuery } }, async (request) => {
      const { source_ref, topic = '' } = request.query;
      return apiEventView(await getSourceEvent(ctx.db, request.source!.id, source_ref, topic));
    });

    app.delete('/api/events', { schema: { querystring: EventIdentityQuery } }, async (request, reply) => {
      const { source_ref, topic = '' } = request.query;
      await withdraw(ctx.db, ctx.clock, request.source!.id, source_ref, topic);
      return reply.status(204).send();
    });
  };
}
