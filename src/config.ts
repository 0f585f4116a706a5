// Every environment key Hado reads, in one table: default, parser and
// validator. Parsed once at start-up; a bad value stops start-up with a
// message naming the key. The README's configuration table mirrors this.
import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { ConfigError } from './errors.ts';
import { isValidTimeZone } from './domain/time.ts';
import { parseNetwork } from './net/outbound.ts';
import { isLocale, LOCALES, type Locale } from './i18n/locales.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  appUrl: string;
  defaultTz: string;
  defaultLocale: Locale;
  telegramBotToken: string | null;
  telegramWebhookSecret: string | null;
  telegramApiRoot: string;
  /** Web Push (RFC 8292): a key pair given by the operator, or null to use the one kept in the database. */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** The VAPID `sub` claim: a mailto: or https: URL a push service can reach the operator at. */
  vapidSubject: string;
  /** Expo's push API (issue 12): its root URL, the optional access token, the Android notification channel. */
  expoApiRoot: string;
  expoAccessToken: string | null;
  expoAndroidChannelId: string;
  /** smtp:// or smtps:// URL of the operator's relay; null = no email channel. */
  smtpUrl: string | null;
  /** The From of every mail ("Hado <hado@example.org>"); required with smtpUrl. */
  mailFrom: string | null;
  slackBotToken: string | null;
  slackSigningSecret: string | null;
  slackApiRoot: string;
  presenceTimeoutMs: number;
  fallbackDayMinutes: number;
  fallbackHourMinutes: number;
  fallbackHours: number[];
  trustedProxies: string[];
  localUser: string | null;
  logLevel: string;
  noticeRetentionDays: number;
  noticeFallbackMinutes: number;
  streamMaxPerUser: number;
  outboundAllowedNetworks: string[];
  allowedHosts: string[];
  requestTimeoutMs: number;
  maxConnections: number;
  failedAttemptsPerMinute: number;
  apiRequestsPerMinute: number;
  /** Where this process serves /metrics, /healthz and /readyz; null = nowhere (the public port never serves /metrics). */
  metricsAddr: { host: string; port: number } | null;
  shutdownGraceMs: number;
  databaseWaitMs: number;
  connectTimeoutMs: number;
  deliveryHostConcurrency: number;
}

type Env = Record<string, string | undefined>;

interface Key<T> {
  env: string;
  doc: string;
  /** The default as written in the README; `null` = unset. */
  default: (env: Env) => string | null;
  parse: (raw: string, env: Env) => T;
  /** For secrets: how `hado config` shows a value. */
  mask?: (raw: string) => string;
  /** The value when the key is unset or empty, for keys where that is not an error. */
  empty?: T;
}

const hidden = (): string => '****';

class Bad extends Error {}

const int = (min: number, max: number) => (raw: string) => {
  if (!/^-?\d+$/.test(raw.trim())) throw new Bad(`must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new Bad(`must be between ${min} and ${max}, got ${n}`);
  return n;
};

const url = (protocols: string[]) => (raw: string) => {
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
const base64urlKey = (bytes: number) => (raw: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(raw) || Buffer.from(raw, 'base64url').length !== bytes) {
    throw new Bad(`must be ${bytes} bytes in unpadded base64url (as \`npx web-push generate-vapid-keys\` prints them)`);
  }
  return raw;
};

/** APP_URL itself when it is https (Apple's push service wants a reachable contact), else a mailto: at its host. */
function vapidSubjectOf(appUrl: string | undefined): string {
  let u: URL | null = null;
  try {
    u = new URL(appUrl ?? 'http://localhost');
  } catch {
    // A bad APP_URL is reported under its own name.
  }
  if (u?.protocol === 'https:' && u.hostname !== 'localhost') return u.origin;
  return `mailto:hado@${u?.hostname || 'localhost'}`;
}

export const LOGIN_PATTERN = /^[A-Za-z0-9._@+-]{1,128}$/;

export const KEYS = {
  port: { env: 'PORT', doc: 'HTTP port', default: () => '8080', parse: int(1, 65535) },
  host: {
    env: 'HOST',
    doc: 'Address to listen on (0.0.0.0 to accept other machines)',
    default: () => '127.0.0.1',
    parse: (raw) => {
      if (raw !== 'localhost' && isIP(raw) === 0) throw new Bad(`must be an IP address or localhost, got "${raw}"`);
      return raw;
    },
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    doc: 'PostgreSQL server URL; unset = embedded PGlite in HADO_DATA_DIR',
    default: () => null,
    parse: url(['postgres:', 'postgresql:']),
    mask: (raw) => maskUrlPassword(raw),
  },
  dataDir: {
    env: 'HADO_DATA_DIR',
    doc: 'Directory of the embedded PGlite database',
    default: () => './data',
    parse: (raw) => raw,
  },
  appUrl: {
    env: 'APP_URL',
    doc: 'Public base URL, used for action links in webhooks and Telegram',
    // Follows a valid PORT; a bad PORT is reported under its own name, not again here.
    default: (env) => `http://localhost:${/^\d{1,5}$/.test(env.PORT ?? '') && Number(env.PORT) <= 65535 ? env.PORT : '8080'}`,
    parse: url(['http:', 'https:']),
  },
  defaultTz: {
    env: 'HADO_DEFAULT_TZ',
    doc: 'IANA time zone given to new users; in local mode the machine’s own zone, else UTC',
    // The quick-start user sits at this machine: its zone is theirs (issue 13), not UTC.
    default: (env) => (localModeOn(env) ? machineTimeZone(env) : 'UTC'),
    parse: (raw) => {
      if (!isValidTimeZone(raw)) throw new Bad(`must be an IANA time zone such as Europe/Madrid, got "${raw}"`);
      return raw;
    },
  },
  defaultLocale: {
    env: 'HADO_DEFAULT_LOCALE',
    doc: `Language of a new user whose request names none Hado speaks (${LOCALES.join(', ')})`,
    default: () => 'en',
    parse: (raw) => {
      if (!isLocale(raw)) throw new Bad(`must be one of ${LOCALES.join(', ')}, got "${raw}"`);
      return raw;
    },
  },
  telegramBotToken: {
    env: 'TELEGRAM_BOT_TOKEN',
    doc: 'Telegram bot token; unset = no Telegram channel',
    default: () => null,
    parse: (raw) => {
      if (!/^\d+:[A-Za-z0-9_-]+$/.test(raw)) throw new Bad('must look like 123456:ABC-DEF… (from @BotFather)');
      return raw;
    },
    mask: hidden,
  },
  telegramWebhookSecret: {
    env: 'TELEGRAM_WEBHOOK_SECRET',
    doc: 'Secret Telegram sends in X-Telegram-Bot-Api-Secret-Token; required with TELEGRAM_BOT_TOKEN',
    default: () => null,
    parse: (raw) => {
      // Telegram takes 1-256; fewer than 16 could be guessed by whoever can reach /hooks/telegram.
      if (!/^[A-Za-z0-9_-]*$/.test(raw)) throw new Bad('must be characters of A-Z, a-z, 0-9, _ and - only');
      if (raw.length < 16 || raw.length > 256) throw new Bad(`must be 16-256 characters long, got ${raw.length}`);
      return raw;
    },
    mask: hidden,
  },
  telegramApiRoot: {
    env: 'TELEGRAM_API_ROOT',
    doc: 'Bot API root URL',
    default: () => 'https://api.telegram.org',
    parse: url(['http:', 'https:']),
  },
  vapidPublicKey: {
    env: 'HADO_VAPID_PUBLIC_KEY',
    doc: 'Web Push VAPID public key (base64url, 65 bytes); unset = a key pair made on first start and kept in the database',
    default: () => null,
    parse: base64urlKey(65),
  },
  vapidPrivateKey: {
    env: 'HADO_VAPID_PRIVATE_KEY',
    doc: 'Web Push VAPID private key (base64url, 32 bytes); set together with HADO_VAPID_PUBLIC_KEY',
    default: () => null,
    parse: base64urlKey(32),
    mask: hidden,
  },
  vapidSubject: {
    env: 'HADO_VAPID_SUBJECT',
    doc: 'Web Push contact for push services: a mailto: or https: URL; default APP_URL when it is https, else mailto:hado@<APP_URL host>',
    default: (env) => vapidSubjectOf(env.APP_URL),
    parse: (raw) => {
      let u: URL;
      try {
        u = new URL(raw);
      } catch {
        throw new Bad(`must be a mailto: or https: URL, got "${raw}"`);
      }
      if (u.protocol !== 'mailto:' && u.protocol !== 'https:') throw new Bad(`must be a mailto: or https: URL, got "${raw}"`);
      return raw;
    },
  },
  smtpUrl: {
    env: 'HADO_SMTP_URL',
    doc: 'SMTP relay for the email channel: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; unset = no email channel',
    default: () => null,
    parse: (raw) => {
      let u: URL;
      try {
        u = new URL(raw);
      } catch {
        throw new Bad('must be a URL such as smtp://user:pass@smtp.example.org:587');
      }
      if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') throw new Bad(`must be an smtp:// or smtps:// URL, got "${maskUrlPassword(raw)}"`);
      if (!u.hostname) throw new Bad('must name a host');
      return raw;
    },
    mask: (raw) => maskUrlPassword(raw),
  },
  mailFrom: {
    env: 'HADO_MAIL_FROM',
    doc: 'From address of every mail, e.g. "Hado <hado@example.org>"; required with HADO_SMTP_URL',
    default: () => null,
    parse: (raw) => {
      const m = /^\s*(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(raw);
      const address = m?.[1] ?? m?.[2];
      if (!address || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw new Bad(`must be an address or "Name <address>", got "${raw}"`);
      return raw.trim();
    },
  },
  slackBotToken: {
    env: 'SLACK_BOT_TOKEN',
    doc: 'Slack bot token (xoxb-…) of an app with chat:write, im:write and users:read; unset = no Slack channel',
    default: () => null,
    parse: (raw) => {
      if (!/^xox[a-z]-[A-Za-z0-9-]+$/.test(raw)) throw new Bad('must look like xoxb-… (OAuth & Permissions → Bot User OAuth Token)');
      return raw;
    },
    mask: hidden,
  },
  slackSigningSecret: {
    env: 'SLACK_SIGNING_SECRET',
    doc: "The Slack app's signing secret (Basic Information), which signs POST /hooks/slack; required with SLACK_BOT_TOKEN",
    default: () => null,
    parse: (raw) => {
      if (!/^[A-Za-z0-9]{16,128}$/.test(raw)) throw new Bad('must be 16-128 letters and digits (Basic Information → Signing Secret)');
      return raw;
    },
    mask: hidden,
  },
  slackApiRoot: {
    env: 'SLACK_API_ROOT',
    doc: 'Slack Web API root URL',
    default: () => 'https://slack.com/api',
    parse: url(['http:', 'https:']),
  },
  expoApiRoot: {
    env: 'HADO_EXPO_API_ROOT',
    doc: 'Expo push API root URL (mobile app push); requests go to <root>/--/api/v2/push/send and …/getReceipts',
    default: () => 'https://exp.host',
    parse: url(['http:', 'https:']),
  },
  expoAccessToken: {
    env: 'HADO_EXPO_ACCESS_TOKEN',
    doc: 'Expo access token, sent as a Bearer token; needed only when the Expo project requires it ("enhanced security for push notifications")',
    default: () => null,
    parse: (raw) => {
      if (!/^[\x21-\x7e]{1,512}$/.test(raw)) throw new Bad('must be 1-512 printable characters without spaces');
      return raw;
    },
    mask: hidden,
  },
  expoAndroidChannelId: {
    env: 'HADO_EXPO_ANDROID_CHANNEL',
    doc: 'Android notification channel id Expo pushes name (channelId); the app creates it with setNotificationChannelAsync',
    default: () => 'default',
    parse: (raw) => {
      if (!/^[A-Za-z0-9._-]{1,64}$/.test(raw)) throw new Bad(`must be 1-64 characters of A-Z, a-z, 0-9, ., _ and -, got "${raw}"`);
      return raw;
    },
  },
  presenceTimeoutMs: {
    env: 'HADO_PRESENCE_TIMEOUT',
    doc: 'Seconds to wait for a presence answer before it counts as unknown',
    default: () => '2',
    parse: (raw) => {
      const n = Number(raw);
      if (!Number.isFinite(n) || n <= 0 || n > 30) throw new Bad(`must be a number of seconds in (0, 30], got "${raw}"`);
      return Math.round(n * 1000);
    },
  },
  fallbackDayMinutes: {
    env: 'HADO_FALLBACK_DAY',
    doc: 'Minutes before the end of a daily window when nobody-present falls back to all channels',
    default: () => '30',
    parse: int(0, 24 * 60),
  },
  fallbackHourMinutes: {
    env: 'HADO_FALLBACK_HOUR',
    doc: 'Minutes before the end of a fallback hour window (today) when it falls back to all channels',
    default: () => '10',
    parse: int(0, 60),
  },
  fallbackHours: {
    env: 'HADO_FALLBACK_HOURS',
    doc: 'Hours whose today-window may fall back to all channels',
    default: () => '9,14,20',
    parse: (raw) => {
      const hours = raw.split(',').map((h) => h.trim());
      if (hours.some((h) => !/^\d{1,2}$/.test(h) || Number(h) > 23)) {
        throw new Bad(`must be a comma-separated list of hours 0-23, got "${raw}"`);
      }
      return [...new Set(hours.map(Number))].sort((a, b) => a - b);
    },
  },
  trustedProxies: {
    env: 'HADO_TRUSTED_PROXIES',
    doc: 'Addresses (IPs or CIDRs) whose X-Remote-User header is trusted',
    default: () => '127.0.0.1,::1',
    parse: (raw) => {
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const item of items) parseAddressRange(item);
      return items;
    },
  },
  localUser: {
    env: 'HADO_LOCAL_USER',
    doc: 'Login for loopback requests without X-Remote-User (single-user local mode); "" turns it off',
    default: (env) => (localModeOn(env) ? 'me' : null),
    parse: (raw) => {
      if (!LOGIN_PATTERN.test(raw)) throw new Bad(`must be a login of letters, digits and ._@+-, got "${raw}"`);
      return raw;
    },
  },
  logLevel: {
    env: 'LOG_LEVEL',
    doc: 'fatal, error, warn, info, debug, trace or silent',
    default: () => 'info',
    parse: (raw) => {
      if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(raw)) {
        throw new Bad(`must be one of fatal, error, warn, info, debug, trace, silent; got "${raw}"`);
      }
      return raw;
    },
  },
  noticeRetentionDays: {
    env: 'HADO_NOTICE_RETENTION_DAYS',
    doc: 'Days a notice is kept before the sweep removes it',
    default: () => '30',
    parse: int(1, 3650),
  },
  noticeFallbackMinutes: {
    env: 'HADO_NOTICE_FALLBACK_MINUTES',
    doc: 'Minutes a notice waits for a present channel before going to all enabled channels',
    default: () => '10',
    parse: int(0, 24 * 60),
  },
  streamMaxPerUser: {
    env: 'HADO_STREAM_MAX_PER_USER',
    doc: 'Open live streams (GET /me/stream, one per tab) allowed per user on one process',
    default: () => '10',
    parse: int(1, 1000),
  },
  outboundAllowedNetworks: {
    env: 'HADO_OUTBOUND_ALLOWED_NETWORKS',
    doc: 'CIDRs webhooks and other user-given URLs may reach although the outbound policy refuses them (loopback, link-local, private…)',
    default: () => null,
    empty: [],
    parse: (raw) => {
      const items = listOf(raw);
      for (const item of items) {
        try {
          parseNetwork(item);
        } catch (e) {
          throw new Bad((e as Error).message);
        }
      }
      return items;
    },
  },
  allowedHosts: {
    env: 'HADO_ALLOWED_HOSTS',
    doc: 'Extra Host header values (host or host:port) accepted besides APP_URL\'s and loopback, e.g. an internal name',
    default: () => null,
    empty: [],
    parse: (raw) => {
      const items = listOf(raw).map((h) => h.toLowerCase());
      for (const item of items) {
        if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(item)) throw new Bad(`"${item}" is not a host or host:port`);
      }
      return items;
    },
  },
  requestTimeoutMs: {
    env: 'HADO_REQUEST_TIMEOUT',
    doc: 'Seconds a request (headers and body) may take to arrive; slower ones get a 408 and are closed',
    default: () => '30',
    parse: (raw) => int(1, 3600)(raw) * 1000,
  },
  maxConnections: {
    env: 'HADO_MAX_CONNECTIONS',
    doc: 'Concurrent HTTP connections one process accepts (live streams included); more are closed at once',
    default: () => '10000',
    parse: int(1, 1_000_000),
  },
  failedAttemptsPerMinute: {
    env: 'HADO_RATE_LIMIT_FAILURES',
    doc: 'Failed action-link, Telegram-secret and source-token attempts per minute per client address before a 429',
    default: () => '60',
    parse: int(1, 1_000_000),
  },
  apiRequestsPerMinute: {
    env: 'HADO_RATE_LIMIT_API',
    doc: 'Client API requests per minute per source token before a 429; 0 = no limit',
    default: () => '6000',
    parse: int(0, 100_000_000),
  },
  metricsAddr: {
    env: 'HADO_METRICS_ADDR',
    doc: 'host:port where every process kind serves /metrics, /healthz and /readyz (e.g. 127.0.0.1:9464); unset = off',
    default: () => null,
    parse: (raw) => {
      const m = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(raw.trim());
      const host = m?.[1]?.replace(/^\[|\]$/g, '');
      if (!m || !host || (host !== 'localhost' && isIP(host) === 0) || Number(m[2]) > 65535) {
        throw new Bad(`must be host:port with an IP address or localhost (IPv6 in brackets), e.g. 127.0.0.1:9464; got "${raw}"`);
      }
      return { host, port: Number(m[2]) };
    },
  },
  shutdownGraceMs: {
    env: 'HADO_SHUTDOWN_GRACE',
    doc: 'Seconds a stopping process (SIGTERM) gives in-flight deliveries and requests before releasing them',
    default: () => '8',
    parse: (raw) => int(1, 600)(raw) * 1000,
  },
  databaseWaitMs: {
    env: 'HADO_DATABASE_WAIT',
    doc: 'Seconds a starting process waits for an unreachable PostgreSQL server before giving up; 0 = do not wait',
    default: () => '60',
    parse: (raw) => int(0, 3600)(raw) * 1000,
  },
  connectTimeoutMs: {
    env: 'HADO_CONNECT_TIMEOUT',
    doc: 'Seconds to wait for a connection to a webhook receiver (the answer then has 15 s); a dead host is known sooner',
    default: () => '5',
    parse: (raw) => {
      const ms = Math.round(Number(raw) * 1000);
      // Strictly below the answer's 15 s (channels/webhook/channel.ts DELIVER_TIMEOUT_MS): at 15 there would be no connect timer at all (net/http-client.ts).
      if (!Number.isFinite(ms) || ms <= 0 || ms >= 15_000) {
        throw new Bad(`must be a number of seconds in (0, 15), less than the 15 s a webhook receiver has to answer; got "${raw}"`);
      }
      return ms;
    },
  },
  deliveryHostConcurrency: {
    env: 'HADO_DELIVERY_HOST_CONCURRENCY',
    doc: 'Deliveries one worker process sends at once to one receiver host (scheme, name, port), a quarter of it while the host is slow or failing; the rest wait their turn',
    default: () => '32',
    parse: int(1, 1000),
  },
} satisfies { [K in keyof Config]: Key<Config[K]> };

const listOf = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** Local mode (one user at this machine): on by default with embedded storage; HADO_LOCAL_USER decides when set. */
function localModeOn(env: Env): boolean {
  return env.HADO_LOCAL_USER !== undefined ? env.HADO_LOCAL_USER !== '' : !env.DATABASE_URL;
}

/** The machine's zone: TZ when it names one, else the zone the runtime resolved (UTC when it resolved none). */
function machineTimeZone(env: Env): string {
  if (env.TZ && isValidTimeZone(env.TZ)) return env.TZ;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

/** An IP or CIDR ("10.0.0.0/8", "::1"); throws Bad when malformed. */
function parseAddressRange(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
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

/** Keys that may be unset (empty = unset). */
const OPTIONAL = new Set<string>([
  'databaseUrl',
  'telegramBotToken',
  'telegramWebhookSecret',
  'localUser',
  'metricsAddr',
  'vapidPublicKey',
  'vapidPrivateKey',
  'smtpUrl',
  'mailFrom',
  'slackBotToken',
  'slackSigningSecret',
  'expoAccessToken',
]);

interface KeyReading {
  name: string;
  key: Key<unknown>;
  /** The text in effect (given or default); null = unset. */
  raw: string | null;
  source: 'environment' | 'default';
  value: unknown;
  problem: string | null;
}

/** Reads one key: its text (given or default), where it came from, and its value or what is wrong with it. */
function readKey(name: string, key: Key<unknown>, env: Env): KeyReading {
  const given = env[key.env];
  // An empty value means "unset" for optional keys (TELEGRAM_BOT_TOKEN=, HADO_LOCAL_USER=).
  const raw = given === undefined ? key.default(env) : given === '' ? null : given;
  const reading: KeyReading = { name, key, raw, source: given === undefined ? 'default' : 'environment', value: null, problem: null };
  if (raw === null) {
    if (key.empty !== undefined) reading.value = key.empty;
    else if (!OPTIONAL.has(name)) reading.problem = `${key.env} must not be empty`;
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

const readAll = (env: Env): KeyReading[] =>
  (Object.entries(KEYS) as [string, Key<unknown>][]).map(([name, key]) => readKey(name, key, env));

/** Parses the environment; throws one ConfigError naming every bad key. */
export function loadConfig(env: Env = process.env): Config {
  const readings = readAll(env);
  const problems = readings.flatMap((r) => (r.problem ? [r.problem] : []));
  const config = Object.fromEntries(readings.map((r) => [r.name, r.value])) as unknown as Config;
  if (problems.length === 0 && config.telegramBotToken && !config.telegramWebhookSecret) {
    problems.push('TELEGRAM_WEBHOOK_SECRET must be set when TELEGRAM_BOT_TOKEN is set');
  }
  if (problems.length === 0) problems.push(...vapidPairProblems(config));
  if (problems.length === 0 && config.smtpUrl && !config.mailFrom) problems.push('HADO_MAIL_FROM must be set when HADO_SMTP_URL is set');
  if (problems.length === 0 && config.slackBotToken && !config.slackSigningSecret) {
    problems.push('SLACK_SIGNING_SECRET must be set when SLACK_BOT_TOKEN is set');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return config;
}

/** Both VAPID keys or neither, and the two must be one pair (a typo would make every push a 403). */
function vapidPairProblems(config: Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey'>): string[] {
  const { vapidPublicKey: pub, vapidPrivateKey: priv } = config;
  if (pub === null && priv === null) return [];
  if (pub === null || priv === null) return ['HADO_VAPID_PUBLIC_KEY and HADO_VAPID_PRIVATE_KEY must be set together'];
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(priv, 'base64url'));
    if (ecdh.getPublicKey().toString('base64url') === pub) return [];
  } catch {
    // Not a P-256 private key at all: the same answer.
  }
  return ['HADO_VAPID_PUBLIC_KEY is not the public key of HADO_VAPID_PRIVATE_KEY (P-256)'];
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

/** Where the data lives, for messages: never a password. */
export function storageLabel(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? `PostgreSQL at ${maskUrlPassword(config.databaseUrl)}` : `embedded PGlite in ${config.dataDir}`;
}

/** Every key as `hado config` shows it: the value in effect (secrets masked) and where it came from. */
export function explainConfig(env: Env = process.env): Array<{
  env: string;
  value: string | null;
  source: 'environment' | 'default';
  problem: string | null;
}> {
  return readAll(env).map((r) => ({
    env: r.key.env,
    value: r.raw === null ? null : r.key.mask ? r.key.mask(r.raw) : r.raw,
    source: r.source,
    problem: r.problem,
  }));
}

/** The configuration table for docs and `hado config`. */
export function describeKeys(): Array<{ env: string; default: string; doc: string }> {
  return Object.values(KEYS).map((k: Key<unknown>) => ({
    env: k.env,
    default: k.default({}) ?? '(unset)',
    doc: k.doc,
  }));
}
