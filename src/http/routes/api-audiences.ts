// /api/audiences/{name} (issue 24, capability `provision`): a source's named
// sets of users, which a notice or a frame may name as "audience". A name may
// hold a slash (company-42/staff): it is accepted encoded (%2F, the documented
// form) and literally (a hidden catch-all route with the same handlers). The
// bodies' schemas document the routes; core/audiences.ts checks them, so every
// 422 names the field (members[i]).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AUDIENCE_NAME_PATTERN,
  changeAudience,
  DEFAULT_AUDIENCE_PAGE,
  MAX_AUDIENCE_MEMBERS,
  MAX_AUDIENCE_PAGE,
  parseAudienceName,
  parseLimit,
  parsePatchBody,
  parsePutBody,
  readAudience,
  removeAudience,
  replaceAudience,
} from '../../core/audiences.ts';
import { requireCapability } from '../../core/capabilities.ts';
import { authenticateSource, newUserDefaults } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody } from '../response-schemas.ts';

const Login = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._@+-]+$' });
const Logins = (description: string) => Type.Array(Login, { maxItems: MAX_AUDIENCE_MEMBERS, description });

const NameParams = Type.Object({
  name: Type.String({
    pattern: AUDIENCE_NAME_PATTERN.source,
    description: 'The audience, per source; a slash is sent as %2F (a literal slash is accepted too)',
    examples: ['company-42/staff'],
  }),
});

const PutBody = Type.Object(
  { members: Logins('Every member, by login: the whole set (unknown logins become users, as recipients of a notice do)') },
  { additionalProperties: false, examples: [{ members: ['ana', 'boris', 'olena'] }] },
);

const PatchBody = Type.Object(
  {
    add: Type.Optional(Logins('Logins to add (unknown ones become users)')),
    remove: Type.Optional(Logins('Logins to remove')),
  },
  { additionalProperties: false, examples: [{ add: ['dmytro'], remove: ['boris'] }] },
);

const WriteResult = Type.Object(
  {
    name: Type.String(),
    created: Type.Boolean({ description: 'This request made the audience' }),
    count: Type.Integer({ minimum: 0, description: 'Members now' }),
    added: Type.Integer({ minimum: 0 }),
    removed: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

const PageQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.String({ pattern: '^[1-9]\\d{0,3}$', description: `Page size, at most ${MAX_AUDIENCE_PAGE} (default ${DEFAULT_AUDIENCE_PAGE})` }),
    ),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: "The previous page's next_cursor" })),
  },
  { additionalProperties: false },
);

const Page = Type.Object(
  {
    name: Type.String(),
    count: Type.Integer({ minimum: 0 }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    members: Type.Array(Type.String(), { description: 'Logins, in the order they became Hado users' }),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
  },
  { additionalProperties: false },
);

type Named = FastifyRequest<{ Params: { name?: string } }>;

const nameOf = (request: Named): string => parseAudienceName(request.params.name, 'name');

const PREFIX = '/api/audiences/';

/**
 * The server's rewriteUrl (app.ts): a literal slash in an audience's name
 * (/api/audiences/company-42/staff) is read as the %2F of the one documented
 * route. Pure; every other URL is returned as it came.
 */
export function rewriteAudienceUrl(url: string): string {
  if (!url.startsWith(PREFIX)) return url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const rest = path.slice(PREFIX.length);
  if (!rest.includes('/')) return url;
  return `${PREFIX}${rest.replaceAll('/', '%2F')}${query < 0 ? '' : url.slice(query)}`;
}

export function apiAudienceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });

    const doc = { tags: [TAGS.users], security: SECURITY.source };
    const url = '/api/audiences/:name';
    const schema = <T extends object>(s: T) => ({ ...doc, params: NameParams, ...s });
    app.put(
      url,
      {
        schema: schema({
          operationId: 'putAudience',
          summary: 'Replace the whole set of members of an audience (capability provision; at most 100,000)',
          description: 'Makes the audience if it is new. Unknown logins become users, as recipients of a notice do. A 422 names members[i].',
          body: PutBody,
          response: { 200: WriteResult, ...errors(400, 401, 403, 413, 415, 422, 429) },
        }),
        validatorCompiler: () => () => true,
        bodyLimit: 8 * 1024 * 1024,
      },
      async (request) => {
        requireCapability(request.source!, 'provision');
        const name = nameOf(request as Named);
        const logins = parsePutBody(request.body);
        return replaceAudience(ctx.db, ctx.clock, newUserDefaults(ctx, request), request.source!.id, name, logins);
      },
    );
    app.patch(
      url,
      {
        schema: schema({
          operationId: 'patchAudience',
          summary: 'Add and remove members of an audience (capability provision)',
          description: 'A 404 for an audience this source has not made. A 422 names add[i] or remove[i], or add when the result would pass 100,000.',
          body: PatchBody,
          response: { 200: WriteResult, ...errors(400, 401, 403, 404, 413, 415, 422, 429) },
        }),
        validatorCompiler: () => () => true,
        bodyLimit: 8 * 1024 * 1024,
      },
      async (request) => {
        requireCapability(request.source!, 'provision');
        const name = nameOf(request as Named);
        const change = parsePatchBody(request.body);
        return changeAudience(ctx.db, ctx.clock, newUserDefaults(ctx, request), request.source!.id, name, change);
      },
    );
    app.get(
      url,
      {
        schema: schema({
          operationId: 'getAudience',
          summary: "A page of an audience's members (keyset: pass next_cursor back)",
          querystring: PageQuery,
          response: { 200: Page, ...errors(401, 403, 404, 422, 429) },
        }),
      },
      async (request) => {
        requireCapability(request.source!, 'provision');
        const name = nameOf(request as Named);
        const query = request.query as { limit?: string; cursor?: string };
        return readAudience(ctx.db, request.source!.id, name, {
          limit: parseLimit(query.limit),
          ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
        });
      },
    );
    app.delete(
      url,
      {
        schema: schema({
          operationId: 'deleteAudience',
          summary: 'Delete an audience (its users stay)',
          response: { 204: NoBody('Deleted'), ...errors(401, 403, 404, 422, 429) },
        }),
      },
      async (request, reply) => {
        requireCapability(request.source!, 'provision');
        await removeAudience(ctx.db, request.source!.id, nameOf(request as Named));
        return reply.status(204).send();
      },
    );
  };
}
