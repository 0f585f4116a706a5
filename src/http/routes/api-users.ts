// PUT /api/users (issue 24): a source with the `provision` capability tells
// Hado about its people. The body's schema documents the route (OpenAPI, the
// clients' types); core/provision.ts checks it, so every 422 names users[i].field.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from 'typebox';
import { requireCapability } from '../../core/capabilities.ts';
import { MAX_USERS_PER_BATCH, parseUsers, provisionUsers } from '../../core/provision.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { authenticateSource, newUserDefaults } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors } from '../response-schemas.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const UserIn = Type.Object(
  {
    login: Type.String({ pattern: '^[A-Za-z0-9._@+-]{1,128}$', description: 'The login the hub signs the person in with' }),
    name: Type.Optional(Type.String({ maxLength: 200, description: 'The display name (accepted; not shown yet)' })),
    timezone: Type.Optional(Type.String({ description: 'IANA zone, used until the person chooses their own in Hado' })),
    locale: Type.Optional(Type.Enum(LOCALES, { description: 'Language, used until the person chooses their own in Hado' })),
    email: Type.Optional(Nullable(Type.String({ description: 'An address this source vouches for: a confirmed email channel; null removes it' }))),
    slack_user_id: Type.Optional(
      Nullable(Type.String({ description: 'A Slack member ID this source vouches for: a confirmed Slack channel; null removes it' })),
    ),
  },
  { additionalProperties: false },
);

export const UsersBatch = Type.Object(
  { users: Type.Array(UserIn, { maxItems: MAX_USERS_PER_BATCH }) },
  {
    additionalProperties: false,
    examples: [{ users: [{ login: 'olena', name: 'Olena K.', timezone: 'Europe/Kyiv', locale: 'uk', email: 'olena@example.org', slack_user_id: 'U0LENA' }] }],
  },
);

const ProvisionResults = Type.Object(
  {
    users: Type.Array(
      Type.Object({ login: Type.String(), created: Type.Boolean({ description: 'This request made the user' }) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false, description: 'One result per user, in the order sent' },
);

export function apiUsersRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });

    app.put(
      '/api/users',
      {
        schema: {
          tags: [TAGS.users],
          security: SECURITY.source,
          operationId: 'putUsers',
          summary: 'Provision a batch of users (capability provision; all or nothing, at most 500)',
          description:
            'timezone and locale are used until the person chooses their own (GET /me says where each comes from). email and slack_user_id become channels vouched for by this source: confirmed without a mail or DM, removable by the person; null removes the channel, a changed value replaces it. A 422 names users[i].field.',
          body: UsersBatch,
          response: { 200: ProvisionResults, ...errors(400, 401, 403, 413, 415, 422, 429) },
        },
        // core/provision.ts checks the body (422s naming users[i].field); the schema documents it.
        validatorCompiler: () => () => true,
        bodyLimit: 2 * 1024 * 1024,
      },
      async (request) => {
        requireCapability(request.source!, 'provision');
        const users = parseUsers((request.body as { users?: unknown } | null)?.users, ctx.channels);
        return { users: await provisionUsers(ctx.db, ctx.clock, ctx.channels, newUserDefaults(ctx, request), request.source!.id, users) };
      },
    );
  };
}
