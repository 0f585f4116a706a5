// The presence part of a webhook channel's config, beyond presence_url
// (README "Home Assistant"): the request's headers (a bearer token), and
// which field of the answer says "here". Strict, pure: each problem is a 422
// naming the field.
import { invalid } from '../../errors.ts';

export const PRESENCE_KEYS = ['presence_headers', 'presence_field', 'presence_present'] as const;

const MAX_HEADERS = 10;
const MAX_HEADER_NAME = 64;
const MAX_HEADER_VALUE = 4096;
const MAX_HEADERS_BYTES = 8192;
const MAX_PRESENT_VALUES = 20;
const MAX_PRESENT_STRING = 256;
const MAX_FIELD = 64;

/** RFC 9110 §5.1: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space and tab: no CR/LF (header injection), no NUL, nothing Node would refuse to send. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
/**
 * Set by Hado's HTTP client or meaningful only for one connection (RFC 9110
 * §7.6.1 hop-by-hop, Host, framing): a user may not set them.
 */
const FORBIDDEN = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
]);

export interface PresenceConfig {
  /** What goes into `config` (shown back): presence_field and presence_present. */
  config: { presence_field?: string; presence_present?: Array<string | number | boolean> };
  /** What goes into the presence_headers column (never shown back); null for none. */
  headers: Record<string, string> | null;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseHeaders(raw: unknown): Record<string, string> {
  const field = 'config.presence_headers';
  if (!isPlainObject(raw)) throw invalid(field, 'must be an object of header name → value, e.g. {"Authorization": "Bearer …"}');
  const entries = Object.entries(raw);
  if (entries.length > MAX_HEADERS) throw invalid(field, `at most ${MAX_HEADERS} headers`);
  const seen = new Set<string>();
  let bytes = 0;
  for (const [name, value] of entries) {
    if (name.length === 0 || name.length > MAX_HEADER_NAME || !TOKEN.test(name)) {
      throw invalid(field, `"${name.slice(0, MAX_HEADER_NAME)}" is not a header name (letters, digits and !#$%&'*+.^_\`|~-, at most ${MAX_HEADER_NAME})`);
    }
    const lower = name.toLowerCase();
    if (FORBIDDEN.has(lower)) throw invalid(field, `"${name}" cannot be set: Hado's HTTP client sets it (hop-by-hop, Host and framing headers are refused)`);
    if (seen.has(lower)) throw invalid(field, `"${name}" is given twice (header names ignore case)`);
    seen.add(lower);
    if (typeof value !== 'string') throw invalid(field, `the value of "${name}" must be a string`);
    if (value.length > MAX_HEADER_VALUE) throw invalid(field, `the value of "${name}" is longer than ${MAX_HEADER_VALUE} characters`);
    if (!FIELD_VALUE.test(value)) {
      throw invalid(field, `the value of "${name}" may hold only printable ASCII, spaces and tabs (no line breaks)`);
    }
    bytes += name.length + value.length;
  }
  if (bytes > MAX_HEADERS_BYTES) throw invalid(field, `the headers are longer than ${MAX_HEADERS_BYTES} characters in all`);
  return Object.fromEntries(entries) as Record<string, string>;
}

function parsePresent(raw: unknown): Array<string | number | boolean> {
  const field = 'config.presence_present';
  if (!Array.isArray(raw) || raw.length === 0) throw invalid(field, 'must be a non-empty array of the values that mean present, e.g. ["home"]');
  if (raw.length > MAX_PRESENT_VALUES) throw invalid(field, `at most ${MAX_PRESENT_VALUES} values`);
  raw.forEach((v: unknown, i) => {
    const ok = (typeof v === 'string' && v.length <= MAX_PRESENT_STRING) || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) throw invalid(field, `item ${i} must be a string (at most ${MAX_PRESENT_STRING} characters), a number or a boolean`);
  });
  return raw as Array<string | number | boolean>;
}

/** Parses the presence keys of a webhook config; `hasPresenceUrl` says whether presence_url is set. */
export function parsePresenceConfig(config: Record<string, unknown>, hasPresenceUrl: boolean): PresenceConfig {
  const out: PresenceConfig = { config: {}, headers: null };
  const given = PRESENCE_KEYS.filter((k) => config[k] !== undefined);
  if (given.length > 0 && !hasPresenceUrl) throw invalid(`config.${given[0]}`, 'needs config.presence_url');
  if (config.presence_headers !== undefined) {
    const headers = parseHeaders(config.presence_headers);
    out.headers = Object.keys(headers).length > 0 ? headers : null;
  }
  const field = config.presence_field;
  const present = config.presence_present;
  if (field !== undefined) {
    if (typeof field !== 'string' || field.trim() === '' || field.length > MAX_FIELD) {
      throw invalid('config.presence_field', `must be the name of a top-level field of the answer (at most ${MAX_FIELD} characters), e.g. "state"`);
    }
    if (present === undefined) throw invalid('config.presence_present', 'is required with presence_field (the values that mean present, e.g. ["home"])');
    out.config = { presence_field: field, presence_present: parsePresent(present) };
  } else if (present !== undefined) {
    throw invalid('config.presence_field', 'is required with presence_present (the field of the answer to read, e.g. "state")');
  }
  return out;
}
