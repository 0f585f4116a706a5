// Every environment key Hado reads, in one table: default, parser and
// validator. Parsed once at start-up; a bad value stops start-up with a
// message naming the key. The README's configuration table mirrors this.
// The channels' keys are in config/channel-keys.ts, the parsers in
// config/parsers.ts.
import { isIP } from 'node:net';
import { ConfigError } from './errors.ts';
import { isValidTimeZone } from './domain/time.ts';
import { parseNetwork } from './net/outbound.ts';
import { isLocale, LOCALES, type Locale } from './i18n/locales.ts';
import { channelKeyProblems, EXPO_KEYS, MAIL_KEYS, PUSH_KEYS, SLACK_KEYS, TELEGRAM_KEYS } from './config/channel-keys.ts';
import { EMBED_KEYS, type EmbedConfig } from './config/embed-keys.ts';
import { LIMIT_KEYS, type LimitConfig } from './config/limit-keys.ts';
import {
  Bad,
  type Env,
  int,
  type Key,
  readKey,
  type KeyReading,
  listOf,
  localModeOn,
  machineTimeZone,
  maskUrlPassword,
  parseAddressRange,
  url,
} from './config/parsers.ts';

import { TRIAL_KEYS, trialProblems } from './config/trial.ts';

export { addressMatcher, maskUrlPassword } from './config/parsers.ts';

export interface Config extends EmbedConfig, LimitConfig {
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
  /** HADO_TRIAL (config/trial.ts): any address signs in as localUser. */
  trial: boolean;
  trialAnyAddress: boolean;
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
    defaultDoc: 'http://localhost:$PORT',
    // Follows a valid PORT; a bad PORT is reported under its own name, not again here.
    default: (env) => `http://localhost:${/^\d{1,5}$/.test(env.PORT ?? '') && Number(env.PORT) <= 65535 ? env.PORT : '8080'}`,
    parse: url(['http:', 'https:']),
  },
  defaultTz: {
    env: 'HADO_DEFAULT_TZ',
    doc: 'IANA time zone given to new users; in local mode the machine’s own zone, else UTC',
    defaultDoc: 'the machine’s zone in local mode, else UTC',
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
  ...TELEGRAM_KEYS,
  ...PUSH_KEYS,
  ...MAIL_KEYS,
  ...SLACK_KEYS,
  ...EXPO_KEYS,
  ...EMBED_KEYS,
  ...TRIAL_KEYS,
  ...LIMIT_KEYS,
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
    defaultDoc: 'me on embedded storage; unset with DATABASE_URL',
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
    doc: "Extra Host header values (host or host:port) accepted besides APP_URL's and loopback, e.g. an internal name",
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

const readAll = (env: Env): KeyReading[] =>
  (Object.entries(KEYS) as [string, Key<unknown>][]).map(([name, key]) => readKey(name, key, env, OPTIONAL.has(name)));

/** Parses the environment; throws one ConfigError naming every bad key. */
export function loadConfig(env: Env = process.env): Config {
  const readings = readAll(env);
  const problems = readings.flatMap((r) => (r.problem ? [r.problem] : []));
  const config = Object.fromEntries(readings.map((r) => [r.name, r.value])) as unknown as Config;
  if (problems.length === 0) problems.push(...channelKeyProblems(config), ...trialProblems(config));
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return config;
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
