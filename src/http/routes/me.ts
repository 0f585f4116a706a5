// The user API (SPEC A8, without channels): /me under forward-auth.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applyAction } from '../../core/actions.ts';
import { listUserEvents, patchUser } from '../../core/users.ts';
import { userEventView } from '../../core/views.ts';
import { clockTime, type UserRow } from '../../db/rows.ts';
import { badgeCount, recordHeartbeat } from '../../db/users.ts';
import { STATES, type State } from '../../domain/lifecycle.ts';
import { toDate } from '../../domain/time.ts';
import { invalid } from '../../errors.ts';
import { toLocale } from '../../i18n/locales.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { IdParam, MePatch, StateQuery } from '../schemas.ts';

export function meRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const resolveUser = userResolver(ctx);
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.user = await resolveUser(request);
    });

    const meView = async (user: UserRow) => ({
      login: user.login,
      tz: user.tz,
      locale: toLocale(user.locale),
      quiet_start: clockTime(user.quiet_start),
      quiet_end: clockTime(user.quiet_end),
      badge: await badgeCount(ctx.db, user.id),
    });

    app.get('/me', async (request) => meView(request.user!));

    app.patch('/me', { schema: { body: MePatch } }, async (request) => {
      return meView(await patchUser(ctx.db, ctx.clock, request.user!, request.body));
    });

    app.get('/me/events', { schema: { querystring: StateQuery } }, async (request) => {
      let states: State[] | null = null;
      if (request.query.state !== undefined) {
        const asked = request.query.state.split(',').map((s) => s.trim());
        const unknown = asked.find((s) => !(STATES as readonly string[]).includes(s));
        if (unknown !== undefined) throw invalid('state', `"${unknown}" is not one of ${STATES.join(', ')}`);
        states = asked as State[];
      }
      const rows = await listUserEvents(ctx.db, request.user!.id, states);
      return { events: rows.map(userEventView) };
    });

    for (const action of ['ack', 'done'] as const) {
      app.post(`/me/events/:id/${action}`, { schema: { params: IdParam } }, async (request) => {
        const result = await applyAction(ctx, Number(request.params.id), action, request.user!.id);
        return { event: userEventView(result.event) };
      });
    }

    app.post('/me/heartbeat', async (request, reply) => {
      await recordHeartbeat(ctx.db, request.user!.id, toDate(ctx.clock.now()));
      return reply.status(204).send();
    });
  };
}
