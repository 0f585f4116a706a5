// The one way the inbox page and its fragments are sent: HTML, never cached
// (always fresh; the assets it names are immutable), under a strict CSP.
import type { FastifyReply } from 'fastify';

/** No inline script or style anywhere: markup injected into the page could not run. */
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The installable inbox (issue 12): its manifest and its service worker, both from this origin.
  "manifest-src 'self'",
  "worker-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .send(body);
}

/**
 * The schema part every route of the page shares (spread it in): the page and
 * its fragments are its own markup, not an API for clients, so the OpenAPI
 * document leaves them out (`hide`, as @fastify/swagger reads it).
 */
export const PAGE_SCHEMA = { hide: true } as const;
