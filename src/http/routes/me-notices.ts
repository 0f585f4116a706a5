// The recipient's side of notices (SPEC B1 claim, B2 feed, B3 preferences)
// under forward-auth: /me/notices and /me/preferences.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { archiveNotices, claimNotice, getFeed, readNotices } from '../../core/notices.ts';
import { getGrid, putGrid } from '../../core/preferences.ts';
import { userResolver } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { FeedQuery, NoticeIds, PreferencesGrid } from '../notice-schemas.ts';
import { IdParam } from '../schemas.ts';

const DEFAULT_PAGE = 30;
const MAX_PAGE = 100;

export function meNoticesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const resolveUser = userResolver(ctx);
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.user = await resolveUser(request);
    });

    app.get('/me/notices', { schema: { querystring: FeedQuery } }, async (request) => {
      const { filter = 'inbox', limit, cursor } = request.query;
      return getFeed(ctx.db, request.user!.id, {
        filter,
        cursor: cursor ?? null,
        limit: Math.min(MAX_PAGE, limit === undefined ? DEFAULT_PAGE : Number(limit)),
      });
    });

    app.post('/me/notices/read', { schema: { body: NoticeIds } }, async (request) => {
      return readNotices(ctx.db, ctx.clock, request.user!.id, request.body.ids);
    });

    app.post('/me/notices/read-all', async (request) => {
      return readNotices(ctx.db, ctx.clock, request.user!.id, 'all');
    });

    for (const [path, archived] of [
      ['archive', true],
      ['unarchive', false],
    ] as const) {
      app.post(`/me/notices/${path}`, { schema: { body: NoticeIds } }, async (request) => {
        return archiveNotices(ctx.db, ctx.clock, request.user!.id, request.body.ids, archived);
      });
    }

    app.post('/me/notices/:id/claim', { schema: { params: IdParam } }, async (request) => {
      return { notice: await claimNotice(ctx.db, ctx.clock, Number(request.params.id), request.user!.id) };
    });

    app.get('/me/preferences', async (request) => getGrid(ctx.db, request.user!.id));

    app.put('/me/preferences', { schema: { body: PreferencesGrid } }, async (request) => {
      return putGrid(ctx.db, ctx.clock, request.user!.id, request.body.rows);
    });
  };
}
