// The probes on the public port. Metrics are not here: they are served only
// on HADO_METRICS_ADDR (src/ops/listener.ts), so /metrics on this port is a 404.
import type { FastifyPluginAsync } from 'fastify';
import { RETRY_AFTER_S } from '../../db/unavailable.ts';
import { liveness, readiness } from '../../ops/health.ts';
import type { AppContext } from '../context.ts';
import { TAGS } from '../openapi.ts';
import type { Static } from 'typebox';
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
        const probe = await liveness(ctx.store);
        if (probe.status === 503) void reply.header('retry-after', String(RETRY_AFTER_S));
        return reply.status(probe.status).send(probe.body as Static<typeof Health>);
      },
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: [TAGS.ops],
          operationId: 'ready',
          summary: 'Readiness: the database answers and the schema is current',
          response: { 200: Health, 503: Health },
        },
      },
      async (_request, reply) => {
        const probe = await readiness(ctx.store);
        if (probe.status === 503) void reply.header('retry-after', String(RETRY_AFTER_S));
        return reply.status(probe.status).send(probe.body as Static<typeof Health>);
      },
    );
  };
}
