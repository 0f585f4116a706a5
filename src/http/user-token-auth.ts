// Signed user tokens on the signed-in scope (issue 25): the inbox embedded
// in a sibling web app sends `Authorization: Bearer <jwt>` on /me/*, and
// `?token=<jwt>` on GET /me/stream only (EventSource cannot set headers).
// A token request is the token's user seen through its source: only the
// routes below accept one (each scopes what it reads and writes to that
// source: the feed, the preferences rows of its topics, its events); every
// other route of the scope — channels, devices, push, Telegram, settings,
// the page and its fragments — is a 403.
import type { FastifyRequest } from 'fastify';
import { verifyUserToken } from '../core/user-tokens.ts';
import { HadoError, unauthorized } from '../errors.ts';
import type { AppContext } from './context.ts';

/** The routes a user token may call: "METHOD /route/url". */
export const TOKEN_ROUTES: ReadonlySet<string> = new Set([
  'GET /me',
  'GET /me/stream',
  'GET /me/notices',
  'POST /me/notices/read',
  'POST /me/notices/read-all',
  'POST /me/notices/archive',
  'POST /me/notices/unarchive',
  'POST /me/notices/:id/claim',
  'GET /me/preferences',
  'PUT /me/preferences',
  'GET /me/events',
]);

const STREAM = 'GET /me/stream';

const routeKey = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * The user token of a request, or null when it has none (then the
 * forward-auth header signs it in). A Bearer header on /me/* is always a
 * user token (source tokens belong on /api/*).
 */
export function userTokenOf(request: FastifyRequest): string | null {
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  const header = request.headers.authorization;
  if (query !== undefined) {
    if (routeKey(request) !== STREAM) throw unauthorized('?token= is accepted on GET /me/stream only; send "Authorization: Bearer <user token>"');
    if (typeof query !== 'string' || query === '') throw unauthorized('?token= must be one user token');
    if (header !== undefined) throw unauthorized('Send the user token either in ?token= or in Authorization, not both');
    return query;
  }
  if (header === undefined) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Authorization must be "Bearer <user token>"');
  return m[1]!;
}

/** Signs a token request in: checks the token, refuses the routes a token may not call, returns its login (then auth.ts signInAs). */
export async function loginOfToken(ctx: AppContext, request: FastifyRequest, token: string): Promise<string> {
  const claims = await verifyUserToken(ctx.db, ctx.clock, token);
  if (!TOKEN_ROUTES.has(routeKey(request))) {
    throw new HadoError(
      403,
      'forbidden',
      `A user token cannot call ${request.method} ${request.routeOptions.url ?? request.url}: only the inbox's routes accept one`,
    );
  }
  request.tokenSource = claims.source;
  request.tokenExp = claims.exp;
  return claims.login;
}

/** The source a token request is scoped to; null for a forward-auth request, which sees every source. */
export const tokenSourceId = (request: FastifyRequest): number | null => request.tokenSource?.id ?? null;
