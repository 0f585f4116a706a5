// Personal answers are never stored by a cache nor sniffed (issue 27,
// finding 4): everything under /me (the user's events, channels, devices,
// the live stream), the inbox's fragments under /inbox/ and the action
// pages under /a/ (whose URL is a token). One onSend hook at the root, so an
// error (401 from the sign-in hook, 404 from the not-found handler, 422, 429
// from the rate limits) gets the same headers as a success. It overrides
// what a route set (the pages' "no-cache"). The live stream hijacks its reply, so it sets the
// same headers itself (routes/stream.ts) from PRIVATE_HEADERS.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The headers of every personal answer. */
export const PRIVATE_HEADERS = {
  // private: no shared cache (a proxy, a CDN) keeps it; no-store: nor the browser's disk.
  'cache-control': 'private, no-store',
  // JSON is never read as HTML or script, whatever a browser guesses.
  'x-content-type-options': 'nosniff',
} as const;

/** /me, /me/…, /a/…, /inbox/…. */
const PERSONAL = /^\/(?:me(?:[/?#]|$)|a\/|inbox\/)/;

const decoded = (url: string): string => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

/**
 * Whether a request is for a personal answer: by the route it matched ("/%61/…"
 * is "/a/…" to the router) and by its path as sent and decoded (a 404 has no route).
 */
export function isPersonal(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const routed = request.routeOptions.url;
  return (routed !== undefined && PERSONAL.test(routed)) || PERSONAL.test(request.url) || PERSONAL.test(decoded(request.url));
}

/** onSend: the private headers on every personal answer, whatever its status. */
export async function privateHeaders(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isPersonal(request)) void reply.headers(PRIVATE_HEADERS);
}
