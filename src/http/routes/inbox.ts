// The web inbox at / (SPEC A8), its fragments for the page's script, and the
// static files under content-hashed URLs.
//   GET /                 the page (no-cache: always fresh; the assets it names are immutable)
//   GET /inbox/groups     the event groups, as the page shows them
//   GET /inbox/channels   the channel list
//   GET /inbox/notices…, /inbox/preferences   notices and preferences (inbox-notices.ts)
//   GET /static/<name>.<hash>.<ext>
import type { FastifyPluginAsync } from 'fastify';
import { unreadSummary } from '../../core/notices.ts';
import { getGrid } from '../../core/preferences.ts';
import { listUserEvents } from '../../core/users.ts';
import { userEventView } from '../../core/views.ts';
import { listUserChannels } from '../../db/channels.ts';
import { clockTime, type UserRow } from '../../db/rows.ts';
import { dayIn } from '../../domain/time.ts';
import { HadoError } from '../../errors.ts';
import { type Assets, loadAssets } from '../assets.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { PAGE_SCHEMA, sendHtml } from '../html-reply.ts';
import { type InboxModel, type PageAssets, renderChannels, renderGroups, renderInboxPage, renderSignedOut } from '../views/inbox-page.ts';
import { localeFromAcceptLanguage, toLocale } from '../../i18n/locales.ts';
import { inboxNoticeRoutes } from './inbox-notices.ts';
import { pwaRoutes } from './pwa.ts';

export function inboxRoutes(ctx: AppContext, assets: Assets = loadAssets()): FastifyPluginAsync {
  const resolveUser = userResolver(ctx);
  const pageAssets: PageAssets = {
    css: [assets.url('inbox.css'), assets.url('notices.css')],
    // One entry module; it imports the others, each preloaded so they load side by side.
    module: assets.url('inbox.js'),
    preload: assets.imports('inbox.js'),
    appIcon: assets.url('icon-192.png'),
  };

  async function model(user: UserRow): Promise<InboxModel> {
    const now = ctx.clock.now();
    const [rows, channels, unread, grid] = await Promise.all([
      listUserEvents(ctx.db, user.id, null),
      listUserChannels(ctx.db, user.id),
      unreadSummary(ctx.db, user.id),
      getGrid(ctx.db, user.id),
    ]);
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
      emailConfigured: ctx.mailer !== null,
      slackConfigured: Boolean(ctx.config.slackBotToken && ctx.config.slackSigningSecret),
      now,
      today: dayIn(now, user.tz),
      unreadLabel: unread.unread_label,
      grid,
    };
  }

  return async (app) => {
    await app.register(inboxNoticeRoutes(ctx));
    await app.register(pwaRoutes(assets));

    app.get('/', { schema: PAGE_SCHEMA }, async (request, reply) => {
      let user: UserRow;
      try {
        user = await resolveUser(request);
      } catch (e) {
        if (e instanceof HadoError && e.status === 401) {
          // No user, so no stored language: the browser's, else the default.
          const locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? ctx.config.defaultLocale;
          return sendHtml(reply, 401, renderSignedOut(e.message, pageAssets, locale));
        }
        throw e;
      }
      return sendHtml(reply, 200, renderInboxPage(await model(user), pageAssets));
    });

    app.get('/inbox/groups', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const m = await model(await resolveUser(request));
      return sendHtml(reply, 200, renderGroups(m).text);
    });

    app.get('/inbox/channels', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const user = await resolveUser(request);
      return sendHtml(reply, 200, renderChannels({ channels: await listUserChannels(ctx.db, user.id), locale: toLocale(user.locale) }).text);
    });

    app.get<{ Params: { file: string } }>('/static/:file', { schema: PAGE_SCHEMA }, async (request, reply) => {
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
