// The HTTP app as a Fastify instance built from its context, so tests drive
// it with inject() and the runtime serves it.
import './request-types.ts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context.ts';
import { errorHandler } from './error-handler.ts';
import { apiEventsRoutes } from './routes/api-events.ts';
import { actionRoutes } from './routes/actions.ts';
import { channelRoutes } from './routes/channels.ts';
import { healthRoutes } from './routes/health.ts';
import { meRoutes } from './routes/me.ts';
import { apiNoticesRoutes } from './routes/api-notices.ts';
import { meNoticesRoutes } from './routes/me-notices.ts';
import { streamRoutes } from './routes/stream.ts';
import { telegramRoutes } from './routes/telegram.ts';
import { rejectUnstorableText } from './text-guard.ts';
import { checkSameOrigin } from './cross-origin.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { registerOpenApi } from './openapi.ts';
import { DOCUMENTED_AS } from './schemas.ts';

export interface AppOptions {
  /** The process logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Called for every route as it is added (the OpenAPI tests check each one is documented). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(ctx: AppContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    bodyLimit: 256 * 1024,
    // DOCUMENTED_AS is an annotation for the OpenAPI document (schemas.ts documentedAs).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: [DOCUMENTED_AS] } },
    // Long-lived streams must not be cut by the request timeout.
    requestTimeout: 0,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setErrorHandler(errorHandler);
  // Response schemas document the answers (GET /openapi.json); they never reshape them: what a
  // handler returns is sent as it is (the OpenAPI tests check the answers against the schemas).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Before any route: strings Postgres cannot store are a 422, not a 500 (text-guard.ts).
  app.addHook('preValidation', rejectUnstorableText);
  // A page on another site must not Ack, Done or change settings with the user's session (cross-origin.ts).
  app.addHook('onRequest', async (request) => checkSameOrigin(request, ctx.config.appUrl));
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } });
  });
  // First: it collects every route added after it.
  await registerOpenApi(app, { appUrl: ctx.config.appUrl });
  await app.register(healthRoutes(ctx));
  await app.register(apiEventsRoutes(ctx));
  await app.register(meRoutes(ctx));
  await app.register(channelRoutes(ctx));
  await app.register(actionRoutes(ctx));
  await app.register(apiNoticesRoutes(ctx));
  await app.register(meNoticesRoutes(ctx));
  await app.register(streamRoutes(ctx));
  await app.register(telegramRoutes(ctx));
  await app.register(inboxRoutes(ctx));
  return app;
}
