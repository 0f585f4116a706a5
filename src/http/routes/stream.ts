// GET /me/stream (SPEC B4): the live inbox as Server-Sent Events. Frames:
//   event: event   data: { id, state }      an event of this user changed
//   event: badge   data: { badge }          today + overdue, after any change
//   event: resync  data: { reason | lane }  something was missed: re-read the page's data
//   event: notice  data: { …row }           (added by notices, lane "notice")
//   event: expired data: { reason, exp }    a user token's stream, just before it ends (its token expired)
// Every frame carries an `id:`. A reconnecting EventSource sends the last one
// back as Last-Event-ID; frames are not replayed, so the first frame it gets
// is a `resync` and the page catches up by re-reading.
import type { FastifyPluginAsync } from 'fastify';
import { HadoError } from '../../errors.ts';
import { tokenRefusedFromMs } from '../../core/user-tokens.ts';
import { type Connection, resyncBody, type Sink } from '../../live/connection.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors } from '../response-schemas.ts';
import { signedInUser } from '../auth.ts';
import { PRIVATE_HEADERS } from '../private-headers.ts';

/** How long an EventSource waits before reconnecting after a drop. */
const RETRY_MS = 2000;

/**
 * A user token's stream ends when the token would be refused (its exp plus
 * the leeway, as the injected clock sees it when the stream opens): an
 * `expired` frame, then the end. The embed client reopens at once with the
 * fresh token it fetched at three quarters of the lifetime (embed/hado.js).
 */
function closeWhenExpired(ctx: AppContext, conn: Connection, exp: number): NodeJS.Timeout {
  const ms = Math.max(0, tokenRefusedFromMs(exp) - ctx.clock.now().epochMilliseconds);
  const timer = setTimeout(() => conn.finish({ type: 'expired', data: { reason: 'token_expired', exp } }), ms);
  // Never keeps a stopping process alive; shutdown closes the streams (and clears it) anyway.
  timer.unref();
  return timer;
}

/** Signed in (signed-in.ts). */
export function streamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // One Live per process, built by the composition root (runtime.ts) and stopped by it.
    const { live } = ctx;
    // Open streams never end by themselves: close them before the server waits for requests to finish.
    app.addHook('preClose', async () => live.closeStreams());

    const sse = {
      description:
        'Server-Sent Events: `event` {id, state}, `badge` {badge}, `resync` {reason|lane}, `notice` (a feed item), `unread` {unread, unread_label}, on a user token stream `frame` {source, type, data} and, just before it ends as its token expires, `expired` {reason, exp}; `: ping` every 25 s',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
    app.get(
      '/me/stream',
      {
        schema: {
          tags: [TAGS.me],
          security: SECURITY.user,
          operationId: 'stream',
          summary: 'The live inbox: one Server-Sent Events stream per tab',
          response: { 200: sse, ...errors(401, 403, 429) },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        await live.start();
        const raw = reply.raw;
        const sink: Sink = {
          write: (chunk) => raw.write(chunk),
          onceDrain: (callback) => raw.once('drain', callback),
          end: () => raw.end(),
          destroy: () => raw.destroy(),
        };
        // A user token's stream sees its own source only (issue 25).
        const conn = live.hub.attach(user.id, sink, request.tokenSource?.id ?? null);
        if (!conn) {
          throw new HadoError(
            429,
            'too_many_requests',
            `At most ${ctx.config.streamMaxPerUser} live streams per user (HADO_STREAM_MAX_PER_USER); close another tab`,
          );
        }
        reply.hijack();
        const expiry = request.tokenExp === undefined ? undefined : closeWhenExpired(ctx, conn, request.tokenExp);
        raw.on('close', () => {
          clearTimeout(expiry);
          live.hub.detach(conn);
          conn.close();
        });
        raw.statusCode = 200;
        // Headers hooks set on the reply (CORS for an allowed origin, cors.ts) are not sent by a hijacked reply: send them here.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
        raw.setHeader('content-type', 'text/event-stream; charset=utf-8');
        // Personal, like every /me answer (private-headers.ts); no-transform: a proxy must not compress it.
        raw.setHeader('cache-control', `${PRIVATE_HEADERS['cache-control']}, no-transform`);
        // nginx and similar proxies must pass frames through, not buffer them.
        raw.setHeader('x-accel-buffering', 'no');
        raw.setHeader('x-content-type-options', PRIVATE_HEADERS['x-content-type-options']);
        raw.flushHeaders();
        raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
        if (request.headers['last-event-id'] !== undefined) conn.enqueue(resyncBody('event'), 'event');
      },
    );
  };
}
