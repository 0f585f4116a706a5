// The HTTP app as a Fastify instance built from its context, so tests drive
// it with inject() and the runtime serves it.
import './request-types.ts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './context.ts';
import { errorHandler } from './error-handler.ts';
import { apiEventsRoutes } from './routes/api-events.ts';
import { actionRoutes } from './routes/actions.ts';
import { mailLinkRoutes } from './routes/mail-links.ts';
import { slackRoutes } from './routes/slack.ts';
import { healthRoutes } from './routes/health.ts';
import { apiNoticesRoutes } from './routes/api-notices.ts';
import { apiTopicsRoutes } from './routes/api-topics.ts';
import { apiUserTokenRoutes } from './routes/api-user-tokens.ts';
import { apiUsersRoutes } from './routes/api-users.ts';
import { apiFrameRoutes } from './routes/api-frames.ts';
import { apiAudienceRoutes, rewriteAudienceUrl } from './routes/api-audiences.ts';
import { telegramHookRoutes } from './routes/telegram.ts';
import { signedInRoutes } from './signed-in.ts';
import { rejectUnstorableText } from './text-guard.ts';
import { forgetUserOfRejected } from './auth.ts';
import { checkSameOrigin } from './cross-origin.ts';
import { privateHeaders } from './private-headers.ts';
import { carriesBearer, registerCors } from './cors.ts';
import { checkHost, hostPolicy } from './host-check.ts';
import { guessedEntry } from './rate-limit.ts';
import { inboxPageRoutes } from './routes/inbox.ts';
import { embedRoutes } from './routes/embed.ts';
import { registerOpenApi, SECURITY } from './openapi.ts';
import { TOKEN_ROUTES } from './user-token-auth.ts';
import { errors } from './response-schemas.ts';
import { DOCUMENTED_AS } from './schemas.ts';

export interface AppOptions {
  /** The process logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Called for every route as it is added (the OpenAPI tests check each one is documented). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Errors Node sees before a request exists (timeouts, malformed HTTP): the
 * catalogue's body, and the connection closed.
 */
function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request did not arrive in time (HADO_REQUEST_TIMEOUT)']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'bad_request', 'Request headers are too large']
        : [400, 'bad_request', 'Malformed HTTP request'];
  const body = JSON.stringify({ error: { code, message } });
  if (!socket.writable) return void socket.destroy();
  // end(), not destroy(): the answer is flushed before the connection closes.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export async function buildApp(ctx: AppContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    bodyLimit: 256 * 1024,
    // DOCUMENTED_AS is an annotation for the OpenAPI document (schemas.ts documentedAs).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: [DOCUMENTED_AS] } },
    // A request (headers and body) must arrive within HADO_REQUEST_TIMEOUT (30 s), or it gets a
    // 408 and its connection is closed: a client that sends headers and then nothing holds no
    // socket for long. Node stops this clock once the request has arrived, so a live stream's
    // long response is not cut.
    requestTimeout: ctx.config.requestTimeoutMs,
    // request.ip is the address a trusted proxy forwards (X-Forwarded-For), else the peer: the rate limits' client.
    trustProxy: ctx.config.trustedProxies,
    // Node checks the clock every 30 s by default: too coarse for a 30 s limit.
    http: { connectionsCheckingInterval: Math.min(1000, ctx.config.requestTimeoutMs) },
    clientErrorHandler: clientError,
    // An audience's name may hold a slash (issue 24): a literal one reads as the documented %2F.
    rewriteUrl: (req) => rewriteAudienceUrl(req.url ?? '/'),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.headersTimeout = ctx.config.requestTimeoutMs;
  // More connections than this are closed at once (live streams count: one per open tab).
  app.server.maxConnections = ctx.config.maxConnections;
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // The answers a route meets whatever it does, documented on each: an unreachable database's 503
  // (with Retry-After, issue 16) on every one; for a body, 413 past the body limit and 408 when it
  // does not arrive within HADO_REQUEST_TIMEOUT; on an entry whose credential can be guessed, 429
  // for an address that keeps guessing (rate-limit.ts).
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<number, unknown> | undefined;
    if (!response) return;
    const shared = [503, ...(route.schema?.body ? [408, 413] : []), ...(guessedEntry(route.url) === null ? [] : [429])];
    const missing = shared.filter((status) => !(status in response));
    if (missing.length > 0) route.schema = { ...route.schema, response: { ...response, ...errors(...missing) } };
  });
  // The routes a signed user token may call (issue 25) say so in the document: forward auth or a Bearer JWT.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.schema && methods.some((m) => TOKEN_ROUTES.has(`${m} ${route.url}`))) {
      route.schema = { ...route.schema, security: route.url === '/me/stream' ? [...SECURITY.userOrTokenOrQuery] : [...SECURITY.userOrToken] };
    }
  });
  app.setErrorHandler(errorHandler);
  // Set by the signed-in scope's hook for its routes (signed-in.ts).
  app.decorateRequest('user', null);
  app.decorateRequest('login', null);
  // Response schemas document the answers (GET /openapi.json); they never reshape them: what a
  // handler returns is sent as it is (the OpenAPI tests check the answers against the schemas).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const hosts = hostPolicy(ctx.config);
  // First of all, before any credential: a request for another name is not for us (host-check.ts).
  const hostCheck = checkHost(hosts);
  app.addHook('onRequest', async (request) => hostCheck(request));
  // Then a client that keeps guessing tokens is turned away before its guess is looked at (rate-limit.ts).
  app.addHook('onRequest', ctx.limits.beforeGuess);
  app.addHook('onSend', ctx.limits.afterGuess);
  // Before any route: strings Postgres cannot store are a 422, not a 500 (text-guard.ts).
  app.addHook('preValidation', rejectUnstorableText);
  // A page on another site must not Ack, Done or change settings with the user's session (cross-origin.ts).
  // A user token (Authorization: Bearer, issue 25) is no ambient credential: that rule is for forward-auth requests.
  app.addHook('onRequest', async (request) => (carriesBearer(request) ? undefined : checkSameOrigin(request, hosts)));
  // The origins of HADO_CORS_ORIGINS may call /me/* with a user token (cors.ts).
  await registerCors(app, ctx.config.corsOrigins);
  // A /me request that created its user and was rejected leaves no user behind (auth.ts).
  app.addHook('onSend', forgetUserOfRejected(ctx));
  // Personal answers (/me, /a/, /inbox/), errors included: never cached, never sniffed (private-headers.ts).
  app.addHook('onSend', privateHeaders);
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` } });
  });
  // First: it collects every route added after it.
  await registerOpenApi(app, { appUrl: ctx.config.appUrl });
  await app.register(healthRoutes(ctx));
  await app.register(apiEventsRoutes(ctx));
  // Every /me/* route and the inbox's fragments: one scope, one hook that signs the request in.
  await app.register(signedInRoutes(ctx));
  await app.register(actionRoutes(ctx));
  await app.register(mailLinkRoutes(ctx));
  await app.register(slackRoutes(ctx));
  await app.register(apiNoticesRoutes(ctx));
  await app.register(apiTopicsRoutes(ctx));
  await app.register(apiUserTokenRoutes(ctx));
  await app.register(apiUsersRoutes(ctx));
  await app.register(apiFrameRoutes(ctx));
  await app.register(apiAudienceRoutes(ctx));
  await app.register(telegramHookRoutes(ctx));
  await app.register(inboxPageRoutes(ctx));
  // <hado-inbox> for sibling web apps (issue 25).
  await app.register(embedRoutes());
  return app;
}
