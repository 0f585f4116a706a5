// "The database went away for a while" (issue 16, items 1 and 6): a server
// restart, an outage, a dropped connection. Such a failure is not a bug and
// not the request's fault: requests answer 503 with Retry-After, background
// loops back off and try again, start-up waits. Anything else stays an error.
import { HadoError } from '../errors.ts';

/** Network errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * SQLSTATEs of a server that is going away or not yet there: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up, shutting down, in recovery),
 * 53300 too_many_connections.
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;

/** What node-postgres and Kysely say when a connection ended under them. */
const MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command|Client was closed and is not queryable/i;

/** Whether `err` (or one of its causes) means the database is unreachable for now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // An AggregateError (a connection tried on IPv4 and IPv6) carries the real ones inside.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const RETRY_AFTER_S = 5;

/** The answer to a request that met an unreachable database: 503 with Retry-After. */
export const unavailableError = (): HadoError =>
  new HadoError(503, 'unavailable', 'The database is unreachable for the moment; try again shortly', {}, { 'retry-after': String(RETRY_AFTER_S) });
