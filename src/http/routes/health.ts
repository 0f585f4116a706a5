// The probes on the public port. Metrics are not here: they are served only
// on HADO_METRICS_ADDR (src/ops/listener.ts), so /metrics on this port is a 404.
import type { FastifyPluginAsync } from 'fastify';
import { liveness, readiness } from '../../ops/health.ts';
import type { AppContext } from '../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async (_request, reply) => {
      const probe = await liveness(ctx.store);
      return reply.status(probe.status).send(probe.body);
    });
    app.get('/readyz', async (_request, reply) => {
      const probe = await readiness(ctx.store);
      return reply.status(probe.status).send(probe.body);
    });
  };
}
