import type { UserRow } from '../db/rows.ts';
import type { Source } from '../db/sources.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated source on /api/*. */
    source?: Source;
    /** The signed-in user on / and /me/*. */
    user?: UserRow;
    /** The user this very request created (its first request): taken back if the request is rejected. */
    createdUserId?: number;
  }
  interface FastifySchema {
    /** Leaves the route out of the API document (the page and its fragments, html-reply.ts). */
    hide?: boolean;
  }
}
