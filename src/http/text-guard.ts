// PostgreSQL stores no NUL character (in text or jsonb) and jsonb takes no
// unpaired UTF-16 surrogate: such a string would fail deep inside a query
// as a 500. Every body and query string is checked before validation, so
// the client gets a 422 naming the field (and the index in a batch) instead.
import type { FastifyRequest } from 'fastify';
import { validationError } from './error-handler.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain NUL (\\u0000) characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/** The JSON-pointer path and problem of the first unstorable string (values and keys), if any. */
function findUnstorable(value: unknown, path: string): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path, problem } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const keyProblem = problemOf(key);
      if (keyProblem) return { path: `${path}/${key}`, problem: `name ${keyProblem}` };
      const found = findUnstorable(v, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** A preValidation hook: 422 for a body or query string Postgres could not store. */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  for (const [where, value] of [
    ['body', request.body],
    ['querystring', request.query],
  ] as const) {
    const found = findUnstorable(value, '');
    if (found) throw validationError([{ instancePath: found.path, keyword: 'text', message: found.problem, params: {} }], where);
  }
}
