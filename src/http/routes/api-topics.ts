// A source's topics (issue 23): PUT /api/topics declares the whole set
// (replacing the earlier one), GET /api/topics answers it; source token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getTopics, putTopics } from '../../core/topics.ts';
import { authenticateSource } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors } from '../response-schemas.ts';
import { TopicsBody, TopicsOut } from '../topic-schemas.ts';

export function apiTopicsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });

    app.put(
      '/api/topics',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'putTopics',
          summary: "Declare the source's whole set of topics (replaces the earlier set)",
          description:
            'Labels, section, allowed channel types, defaults and the delivery, toast and regroup policies of each kind of notice. Once a source has declared topics, a notice with an undeclared topic is a 422; an empty set goes back to no contract. At most 500.',
          body: TopicsBody,
          response: { 200: TopicsOut, ...errors(400, 401, 415, 422, 429) },
        },
      },
      async (request) => ({ topics: await putTopics(ctx.db, ctx.clock, request.source!.id, request.body.topics) }),
    );

    app.get(
      '/api/topics',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'getTopics',
          summary: "The source's declared topics, every default filled in",
          response: { 200: TopicsOut, ...errors(401, 429) },
        },
      },
      async (request) => ({ topics: await getTopics(ctx.db, request.source!.id) }),
    );
  };
}
