// The user API (SPEC A8, without channels): /me under forward-auth.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applyAction } from '../../core/actions.ts';
import { heartbeat, listUserEvents, patchUser, userSummary } from '../../core/users.ts';
import { userEventView } from '../../core/views.ts';
import { STATES, type State } from '../../domain/lifecycle.ts';
import { toDate } from '../../domain/time.ts';
import { invalid } from '../../errors.ts';
import type { AppContext } from '../context.ts';
import { signedInUser } from '../auth.ts';
import { tokenSourceId } from '../user-token-auth.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, Me, NoBody, UserEventBody, UserEvents } from '../response-schemas.ts';
import { IdParam, MePatch, StateQuery } from '../schemas.ts';

/** Every /me route: forward-auth, and its failures. */
export const ME_DOC = { security: SECURITY.user } as const;
export const ME_ERRORS = [401, 403] as const;

/** Signed in (signed-in.ts). */
export function meRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const doc = { ...ME_DOC, tags: [TAGS.me] };

    app.get(
      '/me',
      {
        schema: {
          ...doc,
          operationId: 'getMe',
          summary: "The user's zone, quiet hours, language (locale) and badge",
          response: { 200: Me, ...errors(...ME_ERRORS) },
        },
      },
      async (request) => userSummary(ctx.db, signedInUser(request)),
    );

    app.patch(
      '/me',
      {
        schema: {
          ...doc,
          operationId: 'patchMe',
          summary: 'Change the zone, quiet hours or language (locale); quiet_end must be earlier than quiet_start',
          body: MePatch,
          response: { 200: Me, ...errors(...ME_ERRORS, 400, 415, 422) },
        },
      },
      async (request) => {
        return userSummary(ctx.db, await patchUser(ctx.db, ctx.clock, signedInUser(request), request.body));
      },
    );

    app.get(
      '/me/events',
      {
        schema: {
          ...doc,
          operationId: 'getMyEvents',
          summary: "The user's events (default: the live states)",
          querystring: StateQuery,
          response: { 200: UserEvents, ...errors(...ME_ERRORS, 422) },
        },
      },
      async (request) => {
        let states: State[] | null = null;
        if (request.query.state !== undefined) {
          const asked = request.query.state.split(',').map((s) => s.trim());
          const unknown = asked.find((s) => !(STATES as readonly string[]).includes(s));
          if (unknown !== undefined) throw invalid('state', `"${unknown}" is not one of ${STATES.join(', ')}`);
          states = asked as State[];
        }
        const rows = await listUserEvents(ctx.db, signedInUser(request).id, states, tokenSourceId(request));
        return { events: rows.map(userEventView) };
      },
    );

    for (const action of ['ack', 'done'] as const) {
      app.post(
        `/me/events/:id/${action}`,
        {
          schema: {
            ...doc,
            operationId: action === 'ack' ? 'ackMyEvent' : 'doneMyEvent',
            summary:
              action === 'ack'
                ? 'Ack: quiet until the next checkpoint (409 outside preparing/today/overdue)'
                : 'Done: close the event (idempotent on a done event)',
            params: IdParam,
            response: { 200: UserEventBody, ...errors(...ME_ERRORS, 404, 409, 422) },
          },
        },
        async (request) => {
          const result = await applyAction(ctx, Number(request.params.id), action, signedInUser(request).id);
          return { event: userEventView(result.event) };
        },
      );
    }

    app.post(
      '/me/heartbeat',
      {
        schema: {
          ...doc,
          operationId: 'heartbeat',
          summary: 'The web channel is present (the page sends it while visible and used)',
          response: { 204: NoBody('Recorded'), ...errors(...ME_ERRORS) },
        },
      },
      async (request, reply) => {
        await heartbeat(ctx.db, signedInUser(request).id, toDate(ctx.clock.now()));
        return reply.status(204).send();
      },
    );
  };
}
