// Actions from channels (SPEC A6, A9): POST /a/{token}/ack and /a/{token}/done,
// the links in webhook bodies. No forward-auth and no X-Remote-User: the
// delivery's random token is the credential (core/token-actions.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actOnToken } from '../../core/token-actions.ts';
import type { AppContext } from '../context.ts';
import { TAGS } from '../openapi.ts';
import { errors, TokenActionResult } from '../response-schemas.ts';
import { Type } from 'typebox';

export { actOnToken, TOKEN_NOT_FOUND_MESSAGE, tokenNotFound } from '../../core/token-actions.ts';

export function actionRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The links are called by home automations and scripts with any body or none: ignore it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, undefined));
    for (const action of ['ack', 'done'] as const) {
      app.post(
        `/a/:token/${action}`,
        {
          schema: {
            tags: [TAGS.actions],
            operationId: action === 'ack' ? 'ackByLink' : 'doneByLink',
            summary:
              action === 'ack'
                ? "Ack the delivery's event (the link in a webhook body; the token is the credential)"
                : "Done the delivery's event (the link in a webhook body; the token is the credential)",
            description: 'Any body or none is accepted and ignored. An unknown or spent token is a 404.',
            security: [],
            // Any string: a malformed token must get the same 404 as an unknown one, not a 422.
            params: Type.Object({ token: Type.String({ description: "The delivery's action token" }) }),
            response: { 200: TokenActionResult, ...errors(404, 409, 429) },
          },
        },
        async (request) => {
        const { event } = await actOnToken(ctx, request.params.token, action);
        return {
          action,
          event: {
            id: event.id,
            state: event.state,
            quiet_until: event.quiet_until.toISOString(),
            done_at: event.done_at ? event.done_at.toISOString() : null,
          },
        };
        },
      );
    }
  };
}
