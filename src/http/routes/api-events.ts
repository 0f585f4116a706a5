// The client API (SPEC A3): /api/events under a source's bearer token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseBatch } from '../../core/event-input.ts';
import { getSourceEvent, upsertBatch, withdraw } from '../../core/events.ts';
import { apiEventView } from '../../core/views.ts';
import { authenticateSource, newUserDefaults } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { ApiEvent, errors, NoBody, UpsertResults } from '../response-schemas.ts';
import { EventIdentityQuery, EventsBatch } from '../schemas.ts';

/** A batch of 500 events with full payloads stays well inside this. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

export function apiEventsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });

    const doc = { tags: [TAGS.events], security: SECURITY.source };

    app.put(
      '/api/events',
      {
        schema: {
          ...doc,
          operationId: 'putEvents',
          summary: 'Upsert a batch of events (all or nothing, at most 500)',
          description:
            'Identity is (source, source_ref, topic). The same due_at updates; a different due_at starts a new round. One bad record rejects the whole batch with a 422 naming its index and field.',
          body: EventsBatch,
          response: { 200: UpsertResults, ...errors(400, 401, 413, 415, 422, 429) },
        },
        bodyLimit: BATCH_BODY_LIMIT,
      },
      async (request) => {
        const events = parseBatch(request.body.events);
        const results = await upsertBatch(ctx.db, ctx.clock, newUserDefaults(ctx, request), request.source!.id, events);
        return { events: results };
      },
    );

    app.get(
      '/api/events',
      {
        schema: {
          ...doc,
          operationId: 'getEvent',
          summary: "One of this source's events and its state",
          querystring: EventIdentityQuery,
          response: { 200: ApiEvent, ...errors(401, 404, 422, 429) },
        },
      },
      async (request) => {
        const { source_ref, topic = '' } = request.query;
        return apiEventView(await getSourceEvent(ctx.db, request.source!.id, source_ref, topic));
      },
    );

    app.delete(
      '/api/events',
      {
        schema: {
          ...doc,
          operationId: 'deleteEvent',
          summary: 'Withdraw an event (a whole series for a recurring one)',
          querystring: EventIdentityQuery,
          response: { 204: NoBody('Withdrawn'), ...errors(401, 404, 422, 429) },
        },
      },
      async (request, reply) => {
        const { source_ref, topic = '' } = request.query;
        await withdraw(ctx.db, ctx.clock, request.source!.id, source_ref, topic);
        return reply.status(204).send();
      },
    );
  };
}
