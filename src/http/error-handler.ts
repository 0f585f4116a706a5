// Turns every failure into the error catalogue's body. Client input never
// causes a 500: validation, JSON, size and content-type problems are 4xx
// naming what is wrong; an unreachable database is a 503 with Retry-After;
// anything unexpected is a 500 that leaks nothing.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, unavailableError } from '../db/unavailable.ts';
import { HadoError } from '../errors.ts';
import { toLocale } from '../i18n/locales.ts';
import { errorText } from './error-text.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** "/events/3/payload/title" → { index: 3, field: "payload.title" } for batches. */
function locate(path: string, params: Record<string, unknown>): { index?: number; field: string } {
  const parts = path.split('/').filter(Boolean);
  const extra = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  if (extra) parts.push(extra);
  const batch = ['events', 'notices', 'topics'].includes(parts[0] ?? '') && /^\d+$/.test(parts[1] ?? '');
  if (batch) return { index: Number(parts[1]), field: parts.slice(2).join('.') || parts[0]! };
  return { field: parts.join('.') };
}

export function validationError(errors: AjvError[], where: string): HadoError {
  const e = errors[0]!;
  const { index, field } = locate(e.instancePath, e.params);
  let message: string;
  if (e.keyword === 'required') message = 'is required';
  else if (e.keyword === 'additionalProperties') message = 'is not a known field';
  else if (e.keyword === 'maxItems' && e.instancePath.match(/^\/(events|notices)$/)) {
    message = `at most ${String(e.params.limit)} per batch`;
  } else if (e.keyword === 'minLength' && e.params.limit === 1) message = 'must not be empty';
  else if (e.keyword === 'pattern' && e.params.pattern === '\\S') message = 'must not be blank';
  else if (e.keyword === 'pattern') message = 'has an invalid format';
  else if (e.keyword === 'type') message = `must be ${String(e.params.type)}`;
  else if (e.keyword === 'const') {
    // A union of literals fails once per branch: name every allowed value.
    const allowed = errors.filter((x) => x.keyword === 'const' && x.instancePath === e.instancePath).map((x) => JSON.stringify(x.params.allowedValue));
    message = allowed.length > 1 ? `must be one of ${allowed.join(', ')}` : `must be ${allowed[0]}`;
  } else message = e.message ?? 'is invalid';
  const name = field || where;
  const prefix = index === undefined ? name : `${e.instancePath.split('/')[1]}[${index}].${name}`;
  return new HadoError(422, 'invalid', `${prefix}: ${message}`, index === undefined ? { field: name } : { index, field: name });
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let e: HadoError;
  if (error instanceof HadoError) e = error;
  else if (error.validation) e = validationError(error.validation as AjvError[], error.validationContext ?? 'body');
  else if (error.statusCode === 413) {
    e = new HadoError(413, 'payload_too_large', 'Request body is too large');
  } else if (error.statusCode === 415) {
    e = new HadoError(415, 'unsupported_media_type', 'Send JSON with Content-Type: application/json');
  } else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    e = new HadoError(400, 'malformed_json', 'Body is empty but Content-Type is application/json');
  } else if (error.statusCode === 400 && /JSON/i.test(`${error.code} ${error.message}`)) {
    e = new HadoError(400, 'malformed_json', `Body is not valid JSON: ${error.message}`);
  } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    e = new HadoError(error.statusCode, 'bad_request', error.message);
  } else if (isDatabaseUnavailable(error)) {
    // A restart or an outage of the database: the client should come back, not report a bug (issue 16).
    request.log.warn({ err: error }, 'database unreachable');
    e = unavailableError();
  } else {
    request.log.error({ err: error }, 'unhandled error');
    e = new HadoError(500, 'internal', 'Internal error; the server log has the details');
  }
  const body = e.toBody();
  // A person is reading under their session: the same trouble in their language too (issue 13).
  const text = request.user ? errorText(toLocale(request.user.locale), e) : undefined;
  void reply
    .status(e.status)
    .headers(e.headers)
    .send(text === undefined ? body : { error: { ...body.error, text } });
}
