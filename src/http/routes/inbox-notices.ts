// The inbox page's fragments for notices and preferences (SPEC B2–B4): the
// same data as the JSON API (/me/notices, /me/preferences), as the markup the
// page shows, so the page's script never renders a notice itself.
//   GET /inbox/notices?filter=&cursor=     a page of the feed (endless scroll)
//   GET /inbox/notices/items?ids=&toasts=  some notices by id (a live frame arrived,
//                                          an action changed them), with their toasts
//   GET /inbox/preferences                 the preferences grid's body
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getFeed, getNotices, unreadSummary } from '../../core/notice-feed.ts';
import { getGrid } from '../../core/preferences.ts';
import type { UserRow } from '../../core/users.ts';
import { toLocale } from '../../i18n/locales.ts';
import type { AppContext } from '../context.ts';
import { PAGE_SCHEMA, sendHtml } from '../html-reply.ts';
import { type NoticeReader, renderNoticeItems, renderNoticePage } from '../views/notices.ts';
import { renderPreferencesBody } from '../views/preferences.ts';
import { signedInUser } from '../auth.ts';

/** A feed page as the panel loads it (the JSON API's default page). */
export const PANEL_PAGE = 30;
/** Ids per items request: the page asks in slices of this. */
export const MAX_ITEMS = 100;

const PanelQuery = Type.Object(
  {
    filter: Type.Optional(Type.Union([Type.Literal('inbox'), Type.Literal('unread'), Type.Literal('archived')])),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const ItemsQuery = Type.Object(
  {
    ids: Type.String({ pattern: `^[1-9]\\d{0,15}(,[1-9]\\d{0,15}){0,${MAX_ITEMS - 1}}$` }),
    toasts: Type.Optional(Type.Literal('1')),
  },
  { additionalProperties: false },
);

/** Signed in (signed-in.ts, through inbox.ts inboxFragmentRoutes). */
export function inboxNoticeRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const reader = (user: UserRow): NoticeReader => ({ login: user.login, tz: user.tz, locale: toLocale(user.locale), now: ctx.clock.now() });
  return async (app) => {
    app.get('/inbox/notices', { schema: { ...PAGE_SCHEMA, querystring: PanelQuery } }, async (request, reply) => {
      const user = signedInUser(request);
      const page = await getFeed(ctx.db, user.id, {
        filter: request.query.filter ?? 'inbox',
        cursor: request.query.cursor ?? null,
        limit: PANEL_PAGE,
      });
      return sendHtml(reply, 200, renderNoticePage(page, reader(user)).text);
    });

    app.get('/inbox/notices/items', { schema: { ...PAGE_SCHEMA, querystring: ItemsQuery } }, async (request, reply) => {
      const user = signedInUser(request);
      const ids = request.query.ids.split(',').map(Number);
      const [notices, unread] = await Promise.all([getNotices(ctx.db, user.id, ids), unreadSummary(ctx.db, user.id)]);
      return sendHtml(reply, 200, renderNoticeItems(notices, unread, reader(user), request.query.toasts === '1').text);
    });

    app.get('/inbox/preferences', { schema: PAGE_SCHEMA }, async (request, reply) => {
      const user = signedInUser(request);
      return sendHtml(reply, 200, renderPreferencesBody(await getGrid(ctx.db, user.id, toLocale(user.locale)), toLocale(user.locale)).text);
    });
  };
}
