// The error catalogue: every error a client can see has a stable code, an
// HTTP status and a human message naming what is wrong. Anything else is a
// generic 500 that leaks nothing.

import type { ErrorCode } from './error-codes.ts';

export type { ErrorCode } from './error-codes.ts';

export interface ErrorDetail {
  /** Index of the record in a batch. */
  index?: number;
  /** Dotted path of the offending field, e.g. "payload.title". */
  field?: string;
  /** The capability a source lacks (a 403, core/capabilities.ts). */
  capability?: string;
}

export class HadoError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly detail: ErrorDetail = {},
    /** Response headers that go with it (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HadoError';
  }

  toBody(): { error: { code: ErrorCode; message: string } & ErrorDetail } {
    return { error: { code: this.code, message: this.message, ...this.detail } };
  }
}

export const invalid = (field: string, message: string, index?: number): HadoError =>
  new HadoError(
    422,
    'invalid',
    index === undefined ? `${field}: ${message}` : `events[${index}].${field}: ${message}`,
    index === undefined ? { field } : { index, field },
  );

export const notFound = (message: string): HadoError => new HadoError(404, 'not_found', message);
export const conflict = (message: string): HadoError => new HadoError(409, 'conflict', message);
export const unauthorized = (message: string): HadoError => new HadoError(401, 'unauthorized', message);

/** A problem with the deployment (config, data directory) that must stop start-up with a clear message. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Where background work reports what went wrong (pg-boss style: one sink,
 * wired to the logger by the composition root): a tick, the worker, a
 * presence call, a preferences read, the live stream, Telegram's calls.
 * `where` names the part, `detail` adds ids. Never throws.
 */
export type ErrorSink = (err: unknown, where: string, detail?: Record<string, unknown>) => void;

/** For tests and tools that have nowhere to report to. */
export const ignoreErrors: ErrorSink = () => {};
