// The signed-in part of the app (SPEC A9): every /me/* route and the inbox's
// fragments under /inbox/*, in one encapsulated scope whose one onRequest
// hook signs the request in (auth.ts loginResolver, signInAs) before any
// route of it runs. A route registered here reads its user with
// signedInUser(request) (auth.ts); one registered outside has none. A route
// with `config: { signsIn: true }` gets the checked login instead
// (signedInLogin) and reads the user's row in its own statement: the feed,
// one statement per request (issue 28).
import type { FastifyPluginAsync } from 'fastify';
import { loginResolver, signInAs, signInLater } from './auth.ts';
import { loginOfToken, userTokenOf } from './user-token-auth.ts';
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
  const loginOf = loginResolver(ctx);
  return async (scope) => {
    scope.addHook('onRequest', async (request) => {
      // A signed user token (the embedded inbox, user-token-auth.ts), else the forward-auth header.
      const token = userTokenOf(request);
      const login = token === null ? loginOf(request) : await loginOfToken(ctx, request, token);
      if (request.routeOptions.config.signsIn === true) request.login = login;
      else request.user = await signInAs(ctx, request, login);
    });
    // A route that signs in itself failed, or was refused its input, before it signed in: its error is
    // told in the user's language like every other error of the scope (error-handler.ts), so sign in now.
    scope.addHook('onError', async (request) => {
      if (request.user !== null || request.login === null) return;
      try {
        await signInLater(ctx, request);
      } catch {
        // The database is away (the error says so): the answer goes without the user's text.
      }
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
