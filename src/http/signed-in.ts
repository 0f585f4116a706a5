// The signed-in part of the app (SPEC A9): every /me/* route and the inbox's
// fragments under /inbox/*, in one encapsulated scope whose one onRequest
// hook signs the request in (auth.ts userResolver) before any route of it
// runs. A route registered here reads its user with signedInUser(request)
// (auth.ts); one registered outside has none.
import type { FastifyPluginAsync } from 'fastify';
import { userResolver } from './auth.ts';
import { userOfToken, userTokenOf } from './user-token-auth.ts';
import type { AppContext } from './context.ts';
import { streamRoutes } from './routes/stream.ts';
import { channelRoutes } from './routes/channels.ts';
import { deviceRoutes } from './routes/devices.ts';
import { inboxFragmentRoutes } from './routes/inbox.ts';
import { meNoticesRoutes } from './routes/me-notices.ts';
import { meRoutes } from './routes/me.ts';
import { pushRoutes } from './routes/push.ts';
import { telegramLinkRoutes } from './routes/telegram.ts';
import { whyRoutes } from './routes/why.ts';

export function signedInRoutes(ctx: AppContext): FastifyPluginAsync {
  const resolveUser = userResolver(ctx);
  return async (scope) => {
    scope.addHook('onRequest', async (request) => {
      // A signed user token (the embedded inbox, user-token-auth.ts), else the forward-auth header.
      const token = userTokenOf(request);
      request.user = token === null ? await resolveUser(request) : await userOfToken(ctx, request, token);
    });
    await scope.register(meRoutes(ctx));
    await scope.register(channelRoutes(ctx));
    await scope.register(telegramLinkRoutes(ctx));
    await scope.register(pushRoutes(ctx));
    await scope.register(deviceRoutes(ctx));
    await scope.register(meNoticesRoutes(ctx));
    await scope.register(streamRoutes(ctx));
    await scope.register(inboxFragmentRoutes(ctx));
    await scope.register(whyRoutes(ctx));
  };
}
