import type { FastifyPluginAsync } from 'fastify';
import { ping } from '../../db/health.ts';
import { register } from '../../metrics.ts';
import type { AppContext } from '../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async (_request, reply) => {
      try {
        await ping(ctx.db);
        return { status: 'ok', storage: ctx.store.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', storage: ctx.store.kind });
      }
    });

    app.get('/metrics', async (_request, reply) => {
      return reply.type(register.contentType).send(await register.metrics());
    });
  };
}
