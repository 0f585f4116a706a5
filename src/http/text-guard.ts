// PostgreSQL stores no NUL character (in text or jsonb) and jsonb takes no
// unpaired UTF-16 surrogate: such a string would fail deep inside a query
// as a 500. Every body and query string is checked before validation, so
// the client gets a 422 naming the field (and the index in a batch) instead.
//
// The walk is iterative and stops at MAX_BODY_DEPTH levels (issue 10): a
// body of 100,000 nested arrays overflowed the stack of the recursive walk
// that was here (a 500). No request of Hado nests that deep; free-form JSON
// (a notice's data) has its own, tighter limit where it is validated.
import type { FastifyRequest } from 'fastify';
import { validationError } from './error-handler.ts';

/** Levels of arrays and objects any request body may have. */
export const MAX_BODY_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain NUL (\\u0000) characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/** Path segments shown for a value that is too deep: enough to find it, not 100,000 of them. */
const SHOWN_SEGMENTS = 6;

/** The JSON-pointer path and problem of the first unstorable string (values and keys) or too-deep value, if any. */
export function findUnstorable(root: unknown): { path: string; problem: string } | null {
  // Depth-first in document order: the first problem in the body is the one reported.
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { path, problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      const shown = path
        .split('/')
        .slice(0, SHOWN_SEGMENTS + 1)
        .join('/');
      return { path: shown, problem: `is nested deeper than ${MAX_BODY_DEPTH} levels` };
    }
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) children.push({ value: value[i], path: `${path}/${i}`, depth: depth + 1 });
    } else {
      for (const [key, v] of Object.entries(value)) {
        const keyProblem = problemOf(key);
        if (keyProblem) return { path: `${path}/${key}`, problem: `name ${keyProblem}` };
        children.push({ value: v, path: `${path}/${key}`, depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** A preValidation hook: 422 for a body or query string Postgres could not store, or one nested too deep. */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  for (const [where, value] of [
    ['body', request.body],
    ['querystring', request.query],
  ] as const) {
    const found = findUnstorable(value);
    if (found) throw validationError([{ instancePath: found.path, keyword: 'text', message: found.problem, params: {} }], where);
  }
}
