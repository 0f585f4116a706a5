// CORS for the inbox embedded in a sibling web app (issue 25): pages on the
// origins in HADO_CORS_ORIGINS may call /me/* with a user token
// (Authorization: Bearer), preflight included. Exact origins only, never a
// reflection of whatever Origin a request names, and never credentials: no
// cookie of Hado's origin rides along, so a token request cannot be forged
// by another page (the Fetch-Metadata rule of cross-origin.ts is for
// forward-auth requests only). Other origins and other paths get no CORS
// headers, and the browser refuses them.
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const isMePath = (url: string): boolean => {
  const path = url.split('?')[0]!;
  return path === '/me' || path.startsWith('/me/');
};

/** Registers @fastify/cors when HADO_CORS_ORIGINS names any origin (with none, nothing is added). */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    hideOptionsRoute: true,
    delegator: (request: FastifyRequest, callback) => {
      const origin = request.headers.origin;
      const ok = origin !== undefined && allowed.has(origin) && isMePath(request.url);
      callback(null, {
        origin: ok ? origin : false,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID'],
        credentials: false,
        maxAge: 600,
        strictPreflight: false,
      });
    },
  });
}

/** A request that carries its own credential (a user token) and no ambient one a cross-site page could borrow. */
export const carriesBearer = (request: FastifyRequest): boolean => /^Bearer\s/i.test(request.headers.authorization ?? '');
