// The parts every key of the configuration table is made of (config.ts):
// what a key is, the parsers its text goes through, and the few helpers
// they share. A parser throws Bad with what is wrong; the table's reader
// names the key.
import { BlockList, isIP } from 'node:net';
import { isValidTimeZone } from '../domain/time.ts';

export type Env = Record<string, string | undefined>;

export interface Key<T> {
  env: string;
  doc: string;
  /** The default as written in the README; `null` = unset. */
  default: (env: Env) => string | null;
  /** The default in words for the configuration reference, when it depends on other keys or on the machine. */
  defaultDoc?: string;
  parse: (raw: string, env: Env) => T;
  /** For secrets: how `hado config` shows a value. */
  mask?: (raw: string) => string;
  /** The value when the key is unset or empty, for keys where that is not an error. */
  empty?: T;
}

export interface KeyReading {
  name: string;
  key: Key<unknown>;
  /** The text in effect (given or default); null = unset. */
  raw: string | null;
  source: 'environment' | 'default';
  value: unknown;
  problem: string | null;
}

/** Reads one key: its text (given or default), where it came from, and its value or what is wrong with it. */
export function readKey(name: string, key: Key<unknown>, env: Env, optional: boolean): KeyReading {
  const given = env[key.env];
  // An empty value means "unset" for optional keys (TELEGRAM_BOT_TOKEN=, HADO_LOCAL_USER=).
  const raw = given === undefined ? key.default(env) : given === '' ? null : given;
  const reading: KeyReading = { name, key, raw, source: given === undefined ? 'default' : 'environment', value: null, problem: null };
  if (raw === null) {
    if (key.empty !== undefined) reading.value = key.empty;
    else if (!optional) reading.problem = `${key.env} must not be empty`;
    return reading;
  }
  try {
    reading.value = key.parse(raw, env);
  } catch (e) {
    if (!(e instanceof Bad)) throw e;
    reading.problem = `${key.env} ${e.message}`;
  }
  return reading;
}

export const hidden = (): string => '****';

export class Bad extends Error {}

export const int = (min: number, max: number) => (raw: string) => {
  if (!/^-?\d+$/.test(raw.trim())) throw new Bad(`must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new Bad(`must be between ${min} and ${max}, got ${n}`);
  return n;
};

export const url = (protocols: string[]) => (raw: string) => {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Bad(`must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(u.protocol)) throw new Bad(`must be a ${protocols.join(' or ')} URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
};

/** A key as browsers and push services write it: unpadded base64url of exactly `bytes` bytes. */
export const base64urlKey = (bytes: number) => (raw: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(raw) || Buffer.from(raw, 'base64url').length !== bytes) {
    throw new Bad(`must be ${bytes} bytes in unpadded base64url (as \`npx web-push generate-vapid-keys\` prints them)`);
  }
  return raw;
};

/** APP_URL itself when it is https (Apple's push service wants a reachable contact), else a mailto: at its host. */
export function vapidSubjectOf(appUrl: string | undefined): string {
  let u: URL | null = null;
  try {
    u = new URL(appUrl ?? 'http://localhost');
  } catch {
    // A bad APP_URL is reported under its own name.
  }
  if (u?.protocol === 'https:' && u.hostname !== 'localhost') return u.origin;
  return `mailto:hado@${u?.hostname || 'localhost'}`;
}

export const listOf = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** Local mode (one user at this machine): on by default with embedded storage; HADO_LOCAL_USER decides when set. */
export function localModeOn(env: Env): boolean {
  return env.HADO_LOCAL_USER !== undefined ? env.HADO_LOCAL_USER !== '' : !env.DATABASE_URL;
}

/** The machine's zone: TZ when it names one, else the zone the runtime resolved (UTC when it resolved none). */
export function machineTimeZone(env: Env): string {
  if (env.TZ && isValidTimeZone(env.TZ)) return env.TZ;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

/** An IP or CIDR ("10.0.0.0/8", "::1"); throws Bad when malformed. */
export function parseAddressRange(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address, prefixText] = item.split('/');
  const version = isIP(address ?? '');
  if (!address || version === 0) throw new Bad(`"${item}" is not an IP address or CIDR range`);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Bad(`"${item}" has a bad prefix length`);
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** A matcher for the trusted proxy list; IPv4-mapped IPv6 addresses match their IPv4 form. */
export function addressMatcher(ranges: string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const item of ranges) {
    const r = parseAddressRange(item);
    list.addSubnet(r.address, r.prefix, r.family);
  }
  return (address) => {
    if (!address) return false;
    const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
    const family = isIP(v4) === 4 ? 'ipv4' : 'ipv6';
    return list.check(v4, family);
  };
}

/** A URL with its password replaced by ****, for output and logs. */
export function maskUrlPassword(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return '****';
  }
}
