// Rate limits on the public entries (issue 10, item 5), with
// rate-limiter-flexible's in-memory counters (per process: N processes allow
// N times as much, which still turns a guessing attack from millions a minute
// into hundreds).
//
// - Failed credential attempts per client address: an unknown action link
//   (/a/*: 404), a wrong Telegram secret (/hooks/*: 401), an unknown source
//   token (/api/*: 401). After HADO_RATE_LIMIT_FAILURES (60) in a minute, the
//   address gets 429 with Retry-After on those entries until the minute is
//   over — checked before the credential is even looked at, so a locked-out
//   guesser learns nothing, right or wrong. Successes cost nothing: a home
//   automation pressing its links is never limited.
// - Client API requests per source token: HADO_RATE_LIMIT_API (6000) a
//   minute, then 429 with Retry-After.
//
// The client address is request.ip: the socket's peer, or the address a
// proxy in HADO_TRUSTED_PROXIES forwarded (X-Forwarded-For; app.ts sets
// Fastify's trustProxy to that list), so users behind one proxy are not one
// client.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { HadoError } from '../errors.ts';

const MINUTE_S = 60;

/** The entries whose credential a client can guess, and the status that means "wrong guess" (null: not one). */
export function guessedEntry(path: string): number | null {
  if (path.startsWith('/a/')) return 404;
  if (path.startsWith('/hooks/')) return 401;
  if (path.startsWith('/api/')) return 401;
  return null;
}

/** The routed path ("/%61/…" is "/a/…" to the router), or the raw one when nothing matched. */
const pathOf = (request: FastifyRequest): string => request.routeOptions.url ?? request.url;

const tooMany = (message: string, msBeforeNext: number): HadoError =>
  new HadoError(429, 'too_many_requests', message, {}, { 'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });

export class RateLimits {
  private readonly failures: RateLimiterMemory;
  private readonly failuresMax: number;
  private readonly api: RateLimiterMemory | null;
  private readonly apiMax: number;

  constructor(config: Pick<Config, 'failedAttemptsPerMinute' | 'apiRequestsPerMinute'>) {
    this.failuresMax = config.failedAttemptsPerMinute;
    this.failures = new RateLimiterMemory({ keyPrefix: 'fail', points: this.failuresMax, duration: MINUTE_S });
    this.apiMax = config.apiRequestsPerMinute;
    this.api = this.apiMax > 0 ? new RateLimiterMemory({ keyPrefix: 'api', points: this.apiMax, duration: MINUTE_S }) : null;
  }

  /** onRequest: a client address that has used up its failures is refused on the guessable entries. */
  readonly beforeGuess = async (request: FastifyRequest): Promise<void> => {
    if (guessedEntry(pathOf(request)) === null) return;
    const res = await this.failures.get(request.ip);
    if (res && res.consumedPoints >= this.failuresMax) {
      throw tooMany(
        `Too many failed attempts from this address (at most ${this.failuresMax} a minute, HADO_RATE_LIMIT_FAILURES); retry later`,
        res.msBeforeNext,
      );
    }
  };

  /** onSend: a wrong guess counts against the client's address. */
  readonly afterGuess = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const failed = guessedEntry(pathOf(request));
    if (failed !== null && reply.statusCode === failed) await this.failures.penalty(request.ip, 1);
  };

  /** One client API request of this source; 429 past the limit. */
  async apiRequest(sourceId: number): Promise<void> {
    if (!this.api) return;
    try {
      await this.api.consume(String(sourceId));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw tooMany(`At most ${this.apiMax} requests a minute per source token (HADO_RATE_LIMIT_API); retry later`, e.msBeforeNext);
    }
  }
}
