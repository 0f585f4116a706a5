// POST /api/user-tokens (issue 25): a signed user token for one of the
// source's users, for a sibling backend without a JWT library. The token is
// the one the backend could sign itself with its signing key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_TTL_SECONDS, mintUserToken } from '../../core/user-tokens.ts';
import { authenticateSource } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors } from '../response-schemas.ts';

const UserTokenIn = Type.Object(
  {
    login: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._@+-]+$', description: "The user's login (the token's sub)" }),
    ttl_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TTL_SECONDS, description: 'How long it is valid; default 3600, at most 24 h' })),
  },
  { additionalProperties: false },
);

const UserTokenOut = Type.Object(
  {
    token: Type.String({ description: 'An HS256 JWT: sub = login, iss = the source, aud = "hado"' }),
    expires_at: Type.String({ format: 'date-time', description: 'Its exp as an instant' }),
  },
  { additionalProperties: false },
);

export function apiUserTokenRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });
    app.post(
      '/api/user-tokens',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'postUserToken',
          summary: "A signed user token for the embedded inbox (the same a backend signs with the source's signing key)",
          body: UserTokenIn,
          response: { 200: UserTokenOut, ...errors(400, 401, 404, 415, 422, 429) },
        },
      },
      async (request) => {
        const { token, exp } = await mintUserToken(ctx.db, ctx.clock, request.source!, request.body.login, request.body.ttl_seconds ?? 3600);
        return { token, expires_at: new Date(exp * 1000).toISOString() };
      },
    );
  };
}
