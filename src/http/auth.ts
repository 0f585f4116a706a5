// The three entries of SPEC A9: sources by bearer token on /api/*, users by
// the forward-auth header on / and /me/*, and channel actions by token.
import type { FastifyRequest } from 'fastify';
import { addressMatcher, LOGIN_PATTERN } from '../config.ts';
import { type Source, sourceByToken } from '../core/sources.ts';
import { forgetRejectedUser, type NewUserDefaults, signIn, type UserRow } from '../core/users.ts';
import { localeFromAcceptLanguage } from '../i18n/locales.ts';
import { toDate } from '../domain/time.ts';
import { HadoError, unauthorized } from '../errors.ts';
import type { AppContext } from './context.ts';

export async function authenticateSource(ctx: AppContext, request: FastifyRequest): Promise<Source> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Missing Authorization header; send "Authorization: Bearer <source token>"');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Authorization must be "Bearer <source token>"');
  const source = await sourceByToken(ctx.db, m[1]!);
  if (!source) throw unauthorized('Unknown source token');
  await ctx.limits?.apiRequest(source.id);
  return source;
}

const LOOPBACK = addressMatcher(['127.0.0.0/8', '::1']);

/**
 * Headers that say a loopback request is not the person at this machine: a
 * proxy forwarded it (X-Forwarded-For, Forwarded, Via: behind a same-host
 * proxy that dropped X-Remote-User it would otherwise become the local user),
 * or it is one of Hado's own webhooks (webhook-id) pointed back at Hado.
 */
const NOT_LOCAL = ['x-forwarded-for', 'forwarded', 'via', 'webhook-id'];

/**
 * The login of a /me request: X-Remote-User from a trusted proxy, or the
 * local single-user login for a loopback request without the header. The
 * one way a request is signed in: the signed-in scope's hook
 * (signed-in.ts) and the page at / call it, then signInAs.
 */
export function loginResolver(ctx: AppContext): (request: FastifyRequest) => string {
  const trusted = addressMatcher(ctx.config.trustedProxies);
  return (request) => {
    const address = request.socket.remoteAddress;
    const header = request.headers['x-remote-user'];
    if (header !== undefined) {
      if (!trusted(address)) {
        throw unauthorized('X-Remote-User is accepted only from the proxies in HADO_TRUSTED_PROXIES');
      }
      if (typeof header !== 'string' || !LOGIN_PATTERN.test(header)) {
        throw new HadoError(401, 'unauthorized', 'X-Remote-User is not a valid login');
      }
      return header;
    }
    if (ctx.config.localUser && (ctx.config.trial || LOOPBACK(address)) && !NOT_LOCAL.some((h) => request.headers[h] !== undefined)) {
      // Local mode: the person at this machine. Trial mode (config/trial.ts): whoever reaches the port.
      return ctx.config.localUser;
    }
    throw unauthorized('Not signed in: this page is served behind a forward-auth proxy that sets X-Remote-User');
  };
}

/** The user of a signed-in login, made on its first request (then taken back if the request is rejected: forgetUserOfRejected). */
export async function signInAs(ctx: AppContext, request: FastifyRequest, login: string): Promise<UserRow> {
  const { user, created } = await signIn(ctx.db, login, newUserDefaults(ctx, request), toDate(ctx.clock.now()));
  if (created) request.createdUserId = user.id;
  return user;
}

/** The user of a /me request (loginResolver, then signInAs). */
export function userResolver(ctx: AppContext): (request: FastifyRequest) => Promise<UserRow> {
  const loginOf = loginResolver(ctx);
  return async (request) => signInAs(ctx, request, loginOf(request));
}

/** The user of a route in the signed-in scope (signed-in.ts), whose hook set it before the route ran. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (request.user === null) throw new Error(`${request.method} ${request.url} is not a signed-in route (http/signed-in.ts)`);
  return request.user;
}

/**
 * The login of a route of the signed-in scope that signs in itself
 * (`config: { signsIn: true }`, signed-in.ts): the scope's hook has checked
 * the credential and left the user's row to the route, which reads it in its
 * own statement (issue 28) or, for a login with no user yet, calls signInLater.
 */
export function signedInLogin(request: FastifyRequest): string {
  if (request.login === null) throw new Error(`${request.method} ${request.url} does not sign in itself (http/signed-in.ts)`);
  return request.login;
}

/** Signs in the login a route that signs in itself was given (signedInLogin): the user, made on its first request. */
export async function signInLater(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  request.user = await signInAs(ctx, request, signedInLogin(request));
  return request.user;
}

/**
 * An onSend hook: a request that created its user (the login's first) and is
 * then rejected (4xx, 5xx) takes the user back, so a rejected request writes
 * nothing (forgetUntouchedUser keeps one another request wrote for). A
 * failure here is reported, never turned into the answer.
 */
export function forgetUserOfRejected(ctx: AppContext) {
  return async (request: FastifyRequest, reply: { statusCode: number }): Promise<void> => {
    const id = request.createdUserId;
    if (id === undefined || reply.statusCode < 400) return;
    request.createdUserId = undefined;
    try {
      await forgetRejectedUser(ctx.db, id);
    } catch (err) {
      ctx.onError(err, 'taking back the user of a rejected request', { user: id });
    }
  };
}

/**
 * What a user this request creates starts with: HADO_DEFAULT_TZ, and the
 * request's Accept-Language when it names a language Hado speaks, else
 * HADO_DEFAULT_LOCALE. A client's request creates its recipients the same way.
 */
export function newUserDefaults(ctx: AppContext, request: FastifyRequest): NewUserDefaults {
  return {
    tz: ctx.config.defaultTz,
    locale: localeFromAcceptLanguage(request.headers['accept-language']) ?? ctx.config.defaultLocale,
  };
}
