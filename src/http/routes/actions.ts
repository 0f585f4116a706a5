// Actions from channels (SPEC A6, A9): POST /a/{token}/ack and /a/{token}/done,
// the links in webhook bodies. No forward-auth and no X-Remote-User: the
// delivery's random token is the credential (core/token-actions.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action } from '../../core/actions.ts';
import { actOnToken, tokenRecipientLocale } from '../../core/token-actions.ts';
import { HadoError } from '../../errors.ts';
import { recipientLocale } from '../../i18n/locales.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { type Assets, loadAssets } from '../assets.ts';
import { sendHtml } from '../html-reply.ts';
import { renderLinkPage } from '../views/link-page.ts';
import type { AppContext } from '../context.ts';
import { TAGS } from '../openapi.ts';
import { errors, TokenActionResult } from '../response-schemas.ts';
import { Type } from 'typebox';

export { actOnToken, TOKEN_NOT_FOUND_MESSAGE, tokenNotFound } from '../../core/token-actions.ts';

/** A browser's form post (the page behind a mail's Ack or Done link), not an automation's call. */
const fromPageForm = (request: FastifyRequest): boolean =>
  /^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '') && /text\/html/i.test(request.headers.accept ?? '');

export function actionRoutes(ctx: AppContext, assets: Assets = loadAssets()): FastifyPluginAsyncTypebox {
  const css = [assets.url('inbox.css')];
  const answerPage = async (request: FastifyRequest, token: string, reply: FastifyReply, action: Action) => {
    // The recipient's language; a token that names no delivery gets the request's (see tokenRecipientLocale).
    const l = recipientLocale(await tokenRecipientLocale(ctx.db, token), request.headers['accept-language'], ctx.config.defaultLocale);
    const page = (status: number, key: MessageKey, ok = false) =>
      sendHtml(reply, status, renderLinkPage({ locale: l, title: 'Hado', text: t(l, key), ok, css }));
    try {
      await actOnToken(ctx, token, action);
    } catch (e) {
      if (!(e instanceof HadoError) || e.status >= 500) throw e;
      // 404 stays 404: the failure rate limit counts it like any wrong token.
      return e.status === 404 ? page(404, 'page.action.expired') : page(e.status, 'page.action.refused');
    }
    return page(200, action === 'ack' ? 'page.action.acked' : 'page.action.done', true);
  };
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
        async (request, reply) => {
          // The Confirm-style page of a mail's link (mail-links.ts) posts its form here: it gets a page back.
          if (fromPageForm(request)) return answerPage(request, request.params.token, reply, action);
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
