// The client API of notices (SPEC B1): POST /api/notices under a source's
// bearer token. One notice, or { notices: [...] } of up to 500.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireCapability } from '../../core/capabilities.ts';
import { parseNoticeBatch } from '../../core/notice-input.ts';
import { writeNotices } from '../../core/notices.ts';
import { authenticateSource, newUserDefaults } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { NoticesBody } from '../notice-schemas.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoticeWriteResults } from '../response-schemas.ts';

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
        if (request.body.notices.some((n) => n.recipients.some((r) => typeof r !== 'string'))) requireCapability(request.source!, 'address');
        const inputs = parseNoticeBatch(request.body.notices);
        const limits = { perMinute: ctx.config.addressesPerMinute, perDay: ctx.config.addressesPerDay };
        const results = await writeNotices(ctx.db, ctx.clock, newUserDefaults(ctx, request), request.source!.id, inputs, limits);
        return single.has(request.body) ? { notice: results[0]! } : { notices: results };
      },
    );
  };
}
