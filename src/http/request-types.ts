import type { Source } from '../core/sources.ts';
import type { UserRow } from '../core/users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated source on /api/*. */
    source?: Source;
    /** The signed-in user of a route in the signed-in scope (signed-in.ts: read it with signedInUser); null elsewhere. */
    user: UserRow | null;
    /** The signed-in login of a route that signs in itself (signed-in.ts: read it with signedInLogin); null elsewhere. */
    login: string | null;
    /** The source of the user token that signed this request in (issue 25): it sees that source only. Unset for forward-auth. */
    tokenSource?: Pick<Source, 'id' | 'name'>;
    /** The user token's exp (seconds since the epoch). */
    tokenExp?: number;
    /** The user this very request created (its first request): taken back if the request is rejected. */
    createdUserId?: number;
  }
  interface FastifyContextConfig {
    /** A route of the signed-in scope that reads its user's row itself (signed-in.ts, auth.ts signedInLogin). */
    signsIn?: boolean;
  }
  interface FastifySchema {
    /** Leaves the route out of the API document (the page and its fragments, html-reply.ts). */
    hide?: boolean;
  }
}
