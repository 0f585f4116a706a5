// Cross-site request protection for the user's entry (SPEC A9: / and /me/*).
// The user is identified by the proxy's session cookie, so a page on another
// site could make the browser send an Ack or Done with that cookie attached.
// Browsers say where a request comes from: Sec-Fetch-Site (every current
// browser) or, failing that, Origin. A change is accepted only from Hado's
// own pages ("same-origin"), or from no page at all ("none": typed URL,
// bookmark). Requests with neither header are not from a browser (curl,
// Home Assistant, tests): there is no cookie to abuse, so they pass.
// A plain cross-origin HTML form carries Sec-Fetch-Site: cross-site (or
// same-site from a sibling subdomain) and an Origin: both are refused.
import type { FastifyRequest } from 'fastify';
import { HadoError } from '../errors.ts';
import type { HostPolicy } from './host-check.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Paths under the user's session; /api (bearer), /a and /hooks (tokens) take requests from anywhere by design. */
export function isUserPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === '/' || path === '/me' || path.startsWith('/me/') || path.startsWith('/inbox/');
}

export const crossSiteRefused = (why: string): HadoError =>
  new HadoError(403, 'forbidden', `Cross-site request refused (${why}): changes are accepted only from Hado's own pages`);

/**
 * Throws 403 when a browser sends an unsafe request to a user path from another origin.
 * "Own origin" is APP_URL's (or loopback on the listening port), never whatever the
 * request's Host says: a DNS-rebinding page would name itself there.
 */
export function checkSameOrigin(request: FastifyRequest, hosts: HostPolicy): void {
  // The route's own path, not the raw URL: the router decodes "/%6De/…" to "/me/…".
  if (!UNSAFE.has(request.method) || !isUserPath(request.routeOptions.url ?? request.url)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw crossSiteRefused(`Sec-Fetch-Site: ${site}`);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (hosts.ownOrigin(origin, request.socket.localPort)) return;
  throw crossSiteRefused(`Origin: ${origin}`);
}
