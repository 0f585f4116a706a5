// The web inbox at / (SPEC A8), its two fragments for the page's script,
// and the static files under content-hashed URLs.
//   GET /                 the page (no-cache: always fresh; the assets it names are immutable)
//   GET /inbox/groups     the event groups, as the page shows them
//   GET /inbox/channels   the channel list
//   GET /static/<name>.<hash>.<ext>
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { listUserEvents } from '../../core/users.ts';
import { userEventView } from '../../core/views.ts';
import { listUserChannels } from '../../db/channels.ts';
import { clockTime, type UserRow } from '../../db/rows.ts';
import { dayIn } from '../../domain/time.ts';
import { HadoError } from '../../errors.ts';
import { type Assets, loadAssets } from '../assets.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { type InboxModel, type PageAssets, renderChannels, renderGroups, renderInboxPage, renderSignedOut } from '../views/inbox-page.ts';
import { toLocale } from '../../i18n/locales.ts';

/** No inline script or style anywhere: markup injected into the page could not run. */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .send(body);
}

export function inboxRoutes(ctx: AppContext, assets: Assets = loadAssets()): FastifyPluginAsync {
  const resolveUser = userResolver(ctx);
  // Listed explicitly: the order of scripts matters. Features that add a file add it here.
  const pageAssets: PageAssets = {
    css: [assets.url('inbox.css'), assets.url('notices.css')],
    // notices.js uses window.Hado from inbox.js: it comes second (both deferred, run in order).
    js: [assets.url('inbox.js'), assets.url('notices.js')],
  };

  async function model(user: UserRow): Promise<InboxModel> {
    const now = ctx.clock.now();
    const [rows, channels] = await Promise.all([listUserEvents(ctx.db, user.id, null), listUserChannels(ctx.db, user.id)]);
    const events = rows.map(userEventView);
    return {
      login: user.login,
      tz: user.tz,
      locale: toLocale(user.locale),
      quietStart: clockTime(user.quiet_start),
      quietEnd: clockTime(user.quiet_end),
      badge: events.filter((e) => e.in_badge).length,
      events,
      channels,
      telegramConfigured: Boolean(ctx.config.telegramBotToken && ctx.config.telegramWebhookSecret),
      now,
      today: dayIn(now, user.tz),
    };
  }

  // The page and its parts are for the browser, not client services: not in the OpenAPI document.
  const page = { schema: { hide: true } };
  return async (app) => {
    app.get('/', page, async (request, reply) => {
      let user: UserRow;
      try {
        user = await resolveUser(request);
      } catch (e) {
        if (e instanceof HadoError && e.status === 401) return sendHtml(reply, 401, renderSignedOut(e.message, pageAssets));
        throw e;
      }
      return sendHtml(reply, 200, renderInboxPage(await model(user), pageAssets));
    });

    app.get('/inbox/groups', page, async (request, reply) => {
      const m = await model(await resolveUser(request));
      return sendHtml(reply, 200, renderGroups(m).text);
    });

    app.get('/inbox/channels', page, async (request, reply) => {
      const user = await resolveUser(request);
      return sendHtml(reply, 200, renderChannels({ channels: await listUserChannels(ctx.db, user.id) }).text);
    });

    app.get<{ Params: { file: string } }>('/static/:file', page, async (request, reply) => {
      const asset = assets.get(request.params.file);
      if (!asset) {
        // An old hash after a deploy, or a typo: never serve other content under it.
        return reply.status(404).header('cache-control', 'no-store').send({ error: { code: 'not_found', message: 'No such static file' } });
      }
      if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply
        .header('content-type', asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', asset.etag)
        .header('x-content-type-options', 'nosniff')
        .send(asset.body);
    });
  };
}
