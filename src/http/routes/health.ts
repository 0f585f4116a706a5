import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/health.ts';
import { register } from '../../metrics.ts';
import type { AppContext } from '../context.ts';
import { TAGS } from '../openapi.ts';
import { Health } from '../response-schemas.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: [TAGS.ops],
          operationId: 'health',
          summary: 'Liveness: the database answers',
          response: { 200: Health, 503: Health },
        },
      },
      async (_request, reply) => {
      try {
        await ping(ctx.db);
        return { status: 'ok', storage: ctx.store.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', storage: ctx.store.kind });
      }
      },
    );

    // Prometheus text, for scrapers rather than client services: not in the OpenAPI document.
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      return reply.type(register.contentType).send(await register.metrics());
    });
  };
}
