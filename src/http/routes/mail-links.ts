// The links in mails (issue 17), under /a/ like the action links: the
// token in the URL is the credential, no forward-auth. Mail scanners open
// every link, so a GET only shows a page with one button, and the button
// POSTs the same URL:
//   /a/confirm/{code}        confirms an email channel (single use, 24 h)
//   /a/unsubscribe/{token}   switches the channel off; also RFC 8058's
//                            one-click POST ("List-Unsubscribe=One-Click")
//   /a/{token}/ack|done      the Ack and Done links of a reminder mail (the
//                            POST is actions.ts, answering this page's form)
// A link that is not valid answers 404, which the failure rate limit counts.
// Each page speaks the recipient's stored language once the link's credential
// names them; a link that names nobody gets the request's Accept-Language,
// so a 404 for a made-up link tells nothing about anyone.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  blockConfirmations,
  confirmationLocale,
  confirmEmail,
  notMeTarget,
  peekEmailConfirmation,
  unsubscribe,
  unsubscribeTarget,
} from '../../channels/email/links.ts';
import { tokenRecipientLocale } from '../../core/token-actions.ts';
import { toDate } from '../../domain/time.ts';
import { type Locale, recipientLocale } from '../../i18n/locales.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { type Assets, loadAssets } from '../assets.ts';
import type { AppContext } from '../context.ts';
import { PAGE_SCHEMA, sendHtml } from '../html-reply.ts';
import { renderLinkPage } from '../views/link-page.ts';

const REASONS: Record<'unknown' | 'expired' | 'used' | 'refused', MessageKey> = {
  unknown: 'page.confirm.unknown',
  refused: 'page.confirm.unknown',
  expired: 'page.confirm.expired',
  used: 'page.confirm.used',
};

export function mailLinkRoutes(ctx: AppContext, assets: Assets = loadAssets()): FastifyPluginAsync {
  const css = [assets.url('inbox.css')];
  /** The recipient's stored language (null: the link names nobody), else the request's, else the default. */
  const localeOf = (request: FastifyRequest, stored: string | null): Locale =>
    recipientLocale(stored, request.headers['accept-language'], ctx.config.defaultLocale);
  const confirmLocale = async (request: FastifyRequest, code: string): Promise<Locale> => localeOf(request, await confirmationLocale(ctx.db, code));
  const page = (reply: FastifyReply, status: number, p: { locale: Locale; title: string; text: string; button?: string; ok?: boolean }) =>
    sendHtml(reply, status, renderLinkPage({ ...p, css }));

  return async (app) => {
    // Forms and one-click POSTs (urlencoded or multipart) carry nothing Hado needs: the URL is everything.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null, undefined));

    app.get<{ Params: { code: string } }>('/a/confirm/:code', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const code = request.params.code;
      const l = await confirmLocale(request, code);
      const title = t(l, 'page.confirm.title');
      const state = await peekEmailConfirmation(ctx.db, code, toDate(ctx.clock.now()));
      if (!state.ok) return page(reply, 404, { locale: l, title, text: t(l, REASONS[state.reason]) });
      return page(reply, 200, { locale: l, title, text: t(l, 'page.confirm.question', { address: state.address }), button: t(l, 'page.confirm.button') });
    });

    app.post<{ Params: { code: string } }>('/a/confirm/:code', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const code = request.params.code;
      const l = await confirmLocale(request, code);
      const title = t(l, 'page.confirm.title');
      const outcome = await confirmEmail(ctx.db, code, toDate(ctx.clock.now()));
      if (!outcome.ok) return page(reply, 404, { locale: l, title, text: t(l, REASONS[outcome.reason]) });
      return page(reply, 200, { locale: l, title, text: t(l, 'page.confirm.done', { address: outcome.address }), ok: true });
    });

    const unsubscribed = (token: string) => unsubscribeTarget(ctx.db, token);

    app.get<{ Params: { token: string } }>('/a/unsubscribe/:token', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const channel = await unsubscribed(request.params.token);
      const l = localeOf(request, channel?.locale ?? null);
      const title = t(l, 'page.unsubscribe.title');
      if (!channel) return page(reply, 404, { locale: l, title, text: t(l, 'page.unsubscribe.bad') });
      return page(reply, 200, {
        locale: l,
        title,
        text: t(l, 'page.unsubscribe.question', { address: channel.address }),
        button: t(l, 'page.unsubscribe.button'),
      });
    });

    // Specs: RFC 8058 §3.1: the one-click POST must work without cookies or any other context; answering 200 is enough.
    app.post<{ Params: { token: string } }>('/a/unsubscribe/:token', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const channel = await unsubscribed(request.params.token);
      const l = localeOf(request, channel?.locale ?? null);
      const title = t(l, 'page.unsubscribe.title');
      if (!channel) return page(reply, 404, { locale: l, title, text: t(l, 'page.unsubscribe.bad') });
      await unsubscribe(ctx.db, channel.id, toDate(ctx.clock.now()));
      const done = channel.guestOf === null ? 'page.unsubscribe.done' : 'page.unsubscribe.guestDone';
      return page(reply, 200, { locale: l, title, text: t(l, done, { address: channel.address }), ok: true });
    });

    // "This wasn't me" (issue 27): the confirmation's own code names the target; the POST blocks it for good.
    for (const method of ['GET', 'POST'] as const) {
      app.route<{ Querystring: { code?: string } }>({
        method,
        url: '/a/not-me',
        schema: PAGE_SCHEMA,
        handler: async (request, reply) => {
          const l = localeOf(request, null);
          const title = t(l, 'page.notMe.title');
          const found = await notMeTarget(ctx.db, typeof request.query.code === 'string' ? request.query.code : '');
          if (!found) return page(reply, 404, { locale: l, title, text: t(l, 'page.notMe.unknown') });
          if (method === 'GET') {
            return page(reply, 200, { locale: l, title, text: t(l, 'page.notMe.question', { target: found.label }), button: t(l, 'page.notMe.button') });
          }
          await blockConfirmations(ctx.db, found.target, toDate(ctx.clock.now()));
          return page(reply, 200, { locale: l, title, text: t(l, 'page.notMe.done', { target: found.label }), ok: true });
        },
      });
    }

    for (const action of ['ack', 'done'] as const) {
      app.get<{ Params: { token: string } }>(`/a/:token/${action}`, { schema: PAGE_SCHEMA }, async (request, reply) => {
        // Only the recipient's language is looked up, nothing is changed: the POST checks the token (and answers 404 for a bad one).
        const l = localeOf(request, await tokenRecipientLocale(ctx.db, request.params.token));
        return page(reply, 200, {
          locale: l,
          title: 'Hado',
          text: t(l, action === 'ack' ? 'page.action.ackQuestion' : 'page.action.doneQuestion'),
          button: t(l, action === 'ack' ? 'mail.ack' : 'mail.done'),
        });
      });
    }
  };
}
