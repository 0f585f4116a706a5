// The recipient's side of notices (SPEC B1 claim, B2 feed, B3 preferences),
// signed in (signed-in.ts): /me/notices and /me/preferences.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { archiveNotices, claimNotice, getFeed, getFeedOfLogin, readNotices } from '../../core/notice-feed.ts';
import { getGrid, putGrid } from '../../core/preferences.ts';
import { toLocale } from '../../i18n/locales.ts';
import type { AppContext } from '../context.ts';
import { signedInLogin, signedInUser, signInLater } from '../auth.ts';
import { tokenSourceId } from '../user-token-auth.ts';
import { FeedQuery, NoticeIds, PreferencesGrid } from '../notice-schemas.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, FeedPage, NoticeBody, NoticesChanged, PreferencesOut } from '../response-schemas.ts';
import { IdParam } from '../schemas.ts';

const doc = { security: SECURITY.user, tags: [TAGS.userNotices] };
const ERR = [401, 403] as const;

const DEFAULT_PAGE = 30;
const MAX_PAGE = 100;

export function meNoticesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/me/notices',
      {
        schema: {
          ...doc,
          operationId: 'getMyNotices',
          summary: 'A page of the feed, newest first, with the unread count',
          querystring: FeedQuery,
          response: { 200: FeedPage, ...errors(...ERR, 422) },
        },
        // The user's lookup is the page's own statement (issue 28): one request, one statement.
        config: { signsIn: true },
      },
      async (request) => {
        const { filter = 'inbox', limit, cursor } = request.query;
        const opts = {
          filter,
          cursor: cursor ?? null,
          limit: Math.min(MAX_PAGE, limit === undefined ? DEFAULT_PAGE : Number(limit)),
          sourceId: tokenSourceId(request),
        };
        // A login's first request makes its user, then reads its (empty) feed as any other.
        return (await getFeedOfLogin(ctx.db, signedInLogin(request), opts)) ?? getFeed(ctx.db, (await signInLater(ctx, request)).id, opts);
      },
    );

    app.post(
      '/me/notices/read',
      {
        schema: {
          ...doc,
          operationId: 'readMyNotices',
          summary: 'Mark these notices read',
          body: NoticeIds,
          response: { 200: NoticesChanged, ...errors(...ERR, 400, 415, 422) },
        },
      },
      async (request) => readNotices(ctx.db, ctx.clock, signedInUser(request).id, request.body.ids, tokenSourceId(request)),
    );

    app.post(
      '/me/notices/read-all',
      {
        schema: {
          ...doc,
          operationId: 'readAllMyNotices',
          summary: 'Mark every notice read',
          response: { 200: NoticesChanged, ...errors(...ERR) },
        },
      },
      async (request) => readNotices(ctx.db, ctx.clock, signedInUser(request).id, 'all', tokenSourceId(request)),
    );

    for (const [path, archived] of [
      ['archive', true],
      ['unarchive', false],
    ] as const) {
      app.post(
        `/me/notices/${path}`,
        {
          schema: {
            ...doc,
            operationId: archived ? 'archiveMyNotices' : 'unarchiveMyNotices',
            summary: archived ? 'Archive these notices' : 'Bring these notices back from the archive',
            body: NoticeIds,
            response: { 200: NoticesChanged, ...errors(...ERR, 400, 415, 422) },
          },
        },
        async (request) => archiveNotices(ctx.db, ctx.clock, signedInUser(request).id, request.body.ids, archived, tokenSourceId(request)),
      );
    }

    app.post(
      '/me/notices/:id/claim',
      {
        schema: {
          ...doc,
          operationId: 'claimMyNotice',
          summary: 'Claim a one-time notice: the first recipient wins; others get a 409 naming who has it',
          params: IdParam,
          response: { 200: NoticeBody, ...errors(...ERR, 404, 409, 422) },
        },
      },
      async (request) => ({ notice: await claimNotice(ctx.db, ctx.clock, Number(request.params.id), signedInUser(request).id, tokenSourceId(request)) }),
    );

    await app.register(mePreferencesRoutes(ctx));
  };
}

/** The preferences grid (SPEC B3). */
function mePreferencesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/me/preferences',
      {
        schema: {
          ...doc,
          operationId: 'getMyPreferences',
          summary: 'The (source, topic) × channel grid; a missing cell is on',
          response: { 200: PreferencesOut, ...errors(...ERR) },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        return getGrid(ctx.db, user.id, toLocale(user.locale), tokenSourceId(request));
      },
    );

    app.put(
      '/me/preferences',
      {
        schema: {
          ...doc,
          operationId: 'putMyPreferences',
          summary: 'Replace the whole grid (a row or cell left out goes back to on)',
          body: PreferencesGrid,
          response: { 200: PreferencesOut, ...errors(...ERR, 400, 415, 422) },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        return putGrid(ctx.db, ctx.clock, user.id, toLocale(user.locale), request.body.rows, request.tokenSource ?? null);
      },
    );
  };
}
