// The client API of notices (SPEC B1): POST /api/notices under a source's
// bearer token. One notice, or { notices: [...] } of up to 500.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireCapability } from '../../core/capabilities.ts';
import { parseNoticeBatch } from '../../core/notice-input.ts';
import { writeNotices } from '../../core/notices.ts';
import { listNotices, noticeDetail, withdrawNotices } from '../../core/source-notices.ts';
import { authenticateSource, newUserDefaults } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { NoticesBody } from '../notice-schemas.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoticeWriteResults } from '../response-schemas.ts';
import { IdParam } from '../schemas.ts';
import { SourceNoticeDetail, SourceNoticePage, SourceNoticesQuery, WithdrawBody, WithdrawResult } from '../source-notice-schemas.ts';

/** A batch of 500 notices with full bodies and data stays well inside this. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

export function apiNoticesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });

    const single = new WeakSet<object>();

    app.post(
      '/api/notices',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'postNotices',
          summary: 'Write a notice, or a batch of them (all or nothing, at most 500)',
          description:
            'mode create (default), upsert (one live notice per source_ref and topic) or group (folds a stream into one notice with a counter). A repeated dedupe_key returns the existing notice with result "duplicate".',
          body: NoticesBody,
          response: { 200: NoticeWriteResults, ...errors(400, 401, 403, 413, 415, 422, 429) },
        },
        bodyLimit: BATCH_BODY_LIMIT,
        // A single notice is a batch of one: one validator, one write path, errors name notices[0].
        preValidation: async (request) => {
          const body = request.body as Record<string, unknown> | null;
          if (body !== null && typeof body === 'object' && !Array.isArray(body) && !('notices' in body)) {
            const wrapped = { notices: [body] };
            single.add(wrapped);
            request.body = wrapped as typeof request.body;
          }
        },
      },
      async (request) => {
        // Addresses (issue 24) need the capability: a 403 before anything about them is checked.
        if (request.body.notices.some((n) => (n.recipients ?? []).some((r) => typeof r !== 'string'))) requireCapability(request.source!, 'address');
        const inputs = parseNoticeBatch(request.body.notices);
        const limits = { perMinute: ctx.config.addressesPerMinute, perDay: ctx.config.addressesPerDay };
        const results = await writeNotices(ctx.db, ctx.clock, newUserDefaults(ctx, request), request.source!.id, inputs, limits);
        return single.has(request.body) ? { notice: results[0]! } : { notices: results };
      },
    );

    // A source's view of its own notices (issue 24 point 6).
    app.get(
      '/api/notices',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'listNotices',
          summary: "The source's notices, newest first (keyset paging)",
          description: "Only the calling source's notices; filter by source_ref and topic. Pass next_cursor back as cursor for the next page.",
          querystring: SourceNoticesQuery,
          response: { 200: SourceNoticePage, ...errors(400, 401, 422, 429) },
        },
      },
      async (request) => listNotices(ctx.db, request.source!.id, request.query),
    );

    app.get(
      '/api/notices/:id',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'getNotice',
          summary: "One of the source's notices: each recipient's read state, each delivery's state and reason",
          params: IdParam,
          response: { 200: SourceNoticeDetail, ...errors(400, 401, 404, 429) },
        },
      },
      async (request) => noticeDetail(ctx.db, request.source!.id, Number(request.params.id)),
    );

    app.delete(
      '/api/notices',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'withdrawNotices',
          summary: 'Withdraw notices, by ids or by (source_ref, topic)',
          description:
            "The notices leave every inbox at once (a notice_removed frame on open streams, the unread count drops), their pending deliveries are cancelled, and the Telegram and Slack messages already sent lose their buttons. Ids that are not the source's are skipped.",
          body: WithdrawBody,
          response: { 200: WithdrawResult, ...errors(400, 401, 415, 422, 429) },
        },
      },
      async (request) => {
        const body = request.body;
        const by = 'ids' in body ? { ids: body.ids } : { sourceRef: body.source_ref, topic: body.topic ?? '' };
        const withdrawn = await withdrawNotices(ctx.db, request.source!.id, by);
        // After the commit: the channels edit what they sent, in the background.
        const edited = ctx.channels.afterWithdraw(withdrawn.sent);
        return { withdrawn: withdrawn.ids, cancelled_deliveries: withdrawn.cancelled, edited_messages: edited };
      },
    );
  };
}
