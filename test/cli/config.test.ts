// Configuration (SPEC A10, issue 2 item 7): one table of keys with
// defaults; a bad value stops start-up with a message naming the key.
import { describe, expect, it } from 'vitest';
import { DELIVER_TIMEOUT_MS } from '../../src/channels/webhook/channel.ts';
import { addressMatcher, describeKeys, loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/errors.ts';

function problem(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('defaults', () => {
  it('an empty environment starts on embedded storage with the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: './data',
      appUrl: 'http://localhost:8080',
      // Local mode: the machine's zone (UTC on this test machine unless TZ says otherwise).
      defaultTz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      defaultLocale: 'en',
      telegramBotToken: null,
      telegramWebhookSecret: null,
      presenceTimeoutMs: 2000,
      fallbackDayMinutes: 30,
      fallbackHourMinutes: 10,
      fallbackHours: [9, 14, 20],
      trustedProxies: ['127.0.0.1', '::1'],
      localUser: 'me',
      outboundAllowedNetworks: [],
      allowedHosts: [],
      requestTimeoutMs: 30_000,
      maxConnections: 10_000,
      failedAttemptsPerMinute: 60,
      apiRequestsPerMinute: 6000,
    });
    // Empty means "none", not an error.
    expect(loadConfig({ HADO_OUTBOUND_ALLOWED_NETWORKS: '', HADO_ALLOWED_HOSTS: '' })).toMatchObject({ outboundAllowedNetworks: [], allowedHosts: [] });
  });

  it('APP_URL follows PORT; local mode is off with DATABASE_URL or HADO_LOCAL_USER=""', () => {
    expect(loadConfig({ PORT: '9090' }).appUrl).toBe('http://localhost:9090');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/hado' })).toMatchObject({ databaseUrl: 'postgres://u@db:5432/hado', localUser: null });
    expect(loadConfig({ HADO_LOCAL_USER: '' }).localUser).toBeNull();
    expect(loadConfig({ HADO_LOCAL_USER: 'nikita' }).localUser).toBe('nikita');
  });

  it('HADO_DEFAULT_TZ defaults to the machine’s zone in local mode, UTC on a server (issue 13)', () => {
    expect(loadConfig({ TZ: 'Europe/Berlin' }).defaultTz).toBe('Europe/Berlin');
    expect(loadConfig({ TZ: 'Europe/Berlin', DATABASE_URL: 'postgres://u@db/hado' }).defaultTz).toBe('UTC');
    expect(loadConfig({ TZ: 'Europe/Berlin', HADO_LOCAL_USER: '' }).defaultTz).toBe('UTC');
    expect(loadConfig({ TZ: 'Europe/Berlin', DATABASE_URL: 'postgres://u@db/hado', HADO_LOCAL_USER: 'me' }).defaultTz).toBe('Europe/Berlin');
    expect(loadConfig({ TZ: 'Europe/Berlin', HADO_DEFAULT_TZ: 'Asia/Tokyo' }).defaultTz).toBe('Asia/Tokyo');
    // A TZ that names no IANA zone (":/etc/localtime", "CET-1") is not a zone Hado can store: the runtime's resolved zone.
    expect(loadConfig({ TZ: ':/etc/localtime' }).defaultTz).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('HADO_DEFAULT_LOCALE is one of en, ru, uk', () => {
    expect(loadConfig({ HADO_DEFAULT_LOCALE: 'ru' }).defaultLocale).toBe('ru');
    expect(loadConfig({ HADO_DEFAULT_LOCALE: 'uk' }).defaultLocale).toBe('uk');
  });

  it('parses every key of SPEC A10', () => {
    const c = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      APP_URL: 'https://hado.example/',
      HADO_DEFAULT_TZ: 'America/Montevideo',
      TELEGRAM_BOT_TOKEN: '123456:ABC-DEF_ghi',
      TELEGRAM_WEBHOOK_SECRET: 's3cr3t-s3cr3t-s3cr3t',
      HADO_PRESENCE_TIMEOUT: '1.5',
      HADO_FALLBACK_DAY: '45',
      HADO_FALLBACK_HOUR: '15',
      HADO_FALLBACK_HOURS: '20, 9,14,9',
      HADO_TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8',
      HADO_OUTBOUND_ALLOWED_NETWORKS: '192.168.1.0/24, fd00::/8,10.1.2.3',
      HADO_ALLOWED_HOSTS: 'hado:8080, Hado.internal',
      HADO_REQUEST_TIMEOUT: '10',
      HADO_MAX_CONNECTIONS: '500',
      HADO_RATE_LIMIT_FAILURES: '5',
      HADO_RATE_LIMIT_API: '0',
    });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'https://hado.example',
      defaultTz: 'America/Montevideo',
      telegramBotToken: '123456:ABC-DEF_ghi',
      telegramWebhookSecret: 's3cr3t-s3cr3t-s3cr3t',
      presenceTimeoutMs: 1500,
      fallbackDayMinutes: 45,
      fallbackHourMinutes: 15,
      fallbackHours: [9, 14, 20],
      trustedProxies: ['10.0.0.0/8', 'fd00::/8'],
      outboundAllowedNetworks: ['192.168.1.0/24', 'fd00::/8', '10.1.2.3'],
      allowedHosts: ['hado:8080', 'hado.internal'],
      requestTimeoutMs: 10_000,
      maxConnections: 500,
      failedAttemptsPerMinute: 5,
      apiRequestsPerMinute: 0,
    });
    const trusted = addressMatcher(c.trustedProxies);
    expect([trusted('10.9.8.7'), trusted('::ffff:10.0.0.1'), trusted('fd00::1'), trusted('127.0.0.1')]).toEqual([true, true, true, false]);
  });

  it('the documentation table lists every key with its default', () => {
    const keys = describeKeys().map((k) => k.env);
    for (const env of [
      'PORT',
      'HOST',
      'DATABASE_URL',
      'HADO_DATA_DIR',
      'APP_URL',
      'HADO_DEFAULT_TZ',
      'HADO_DEFAULT_LOCALE',
      'TELEGRAM_BOT_TOKEN',
      'TELEGRAM_WEBHOOK_SECRET',
      'HADO_PRESENCE_TIMEOUT',
      'HADO_FALLBACK_DAY',
      'HADO_FALLBACK_HOUR',
      'HADO_FALLBACK_HOURS',
      'HADO_TRUSTED_PROXIES',
      'HADO_LOCAL_USER',
      'HADO_OUTBOUND_ALLOWED_NETWORKS',
      'HADO_ALLOWED_HOSTS',
      'HADO_REQUEST_TIMEOUT',
      'HADO_MAX_CONNECTIONS',
      'HADO_RATE_LIMIT_FAILURES',
      'HADO_RATE_LIMIT_API',
    ]) {
      expect(keys).toContain(env);
    }
  });
});

describe('a bad value names the key', () => {
  it.each<{ env: Record<string, string>; message: string }>([
    { env: { PORT: 'abc' }, message: 'PORT must be an integer, got "abc"' },
    { env: { PORT: '0' }, message: 'PORT must be between 1 and 65535, got 0' },
    { env: { PORT: '70000' }, message: 'PORT must be between 1 and 65535, got 70000' },
    { env: { PORT: '80.5' }, message: 'PORT must be an integer' },
    { env: { PORT: '' }, message: 'PORT must not be empty' },
    { env: { HOST: 'example.com' }, message: 'HOST must be an IP address or localhost' },
    { env: { DATABASE_URL: 'mysql://localhost/hado' }, message: 'DATABASE_URL must be a postgres: or postgresql: URL' },
    { env: { DATABASE_URL: 'not a url' }, message: 'DATABASE_URL must be a URL' },
    { env: { HADO_DATA_DIR: '' }, message: 'HADO_DATA_DIR must not be empty' },
    { env: { APP_URL: 'hado.example' }, message: 'APP_URL must be a URL' },
    { env: { APP_URL: 'ftp://hado.example' }, message: 'APP_URL must be a http: or https: URL' },
    { env: { HADO_DEFAULT_TZ: 'Mars/Olympus' }, message: 'HADO_DEFAULT_TZ must be an IANA time zone such as Europe/Madrid, got "Mars/Olympus"' },
    { env: { HADO_DEFAULT_TZ: '+02:00' }, message: 'HADO_DEFAULT_TZ must be an IANA time zone' },
    { env: { HADO_DEFAULT_TZ: '' }, message: 'HADO_DEFAULT_TZ must not be empty' },
    { env: { HADO_DEFAULT_LOCALE: 'de' }, message: 'HADO_DEFAULT_LOCALE must be one of en, ru, uk, got "de"' },
    { env: { HADO_DEFAULT_LOCALE: 'ru-RU' }, message: 'HADO_DEFAULT_LOCALE must be one of en, ru, uk' },
    { env: { HADO_DEFAULT_LOCALE: '' }, message: 'HADO_DEFAULT_LOCALE must not be empty' },
    { env: { TELEGRAM_BOT_TOKEN: '123456:ABC' }, message: 'TELEGRAM_WEBHOOK_SECRET must be set when TELEGRAM_BOT_TOKEN is set' },
    { env: { TELEGRAM_BOT_TOKEN: 'nonsense', TELEGRAM_WEBHOOK_SECRET: 's' }, message: 'TELEGRAM_BOT_TOKEN must look like 123456:ABC-DEF' },
    { env: { TELEGRAM_WEBHOOK_SECRET: 'has spaces in it, sixteen+' }, message: 'TELEGRAM_WEBHOOK_SECRET must be characters of A-Z, a-z, 0-9, _ and - only' },
    // Issue 10: a one-character secret was accepted; anyone reaching /hooks/telegram could guess it.
    { env: { TELEGRAM_WEBHOOK_SECRET: 's' }, message: 'TELEGRAM_WEBHOOK_SECRET must be 16-256 characters long, got 1' },
    { env: { TELEGRAM_WEBHOOK_SECRET: 'a'.repeat(15) }, message: 'TELEGRAM_WEBHOOK_SECRET must be 16-256 characters long, got 15' },
    { env: { TELEGRAM_WEBHOOK_SECRET: 'a'.repeat(257) }, message: 'TELEGRAM_WEBHOOK_SECRET must be 16-256 characters long, got 257' },
    { env: { HADO_OUTBOUND_ALLOWED_NETWORKS: 'lan' }, message: 'HADO_OUTBOUND_ALLOWED_NETWORKS "lan" is not an IP address or CIDR range' },
    { env: { HADO_OUTBOUND_ALLOWED_NETWORKS: '10.0.0.0/40' }, message: 'HADO_OUTBOUND_ALLOWED_NETWORKS "10.0.0.0/40" is not an IP address or CIDR range' },
    { env: { HADO_ALLOWED_HOSTS: 'http://hado' }, message: 'HADO_ALLOWED_HOSTS "http://hado" is not a host or host:port' },
    { env: { HADO_REQUEST_TIMEOUT: '0' }, message: 'HADO_REQUEST_TIMEOUT must be between 1 and 3600, got 0' },
    { env: { HADO_MAX_CONNECTIONS: 'many' }, message: 'HADO_MAX_CONNECTIONS must be an integer' },
    { env: { HADO_RATE_LIMIT_FAILURES: '0' }, message: 'HADO_RATE_LIMIT_FAILURES must be between 1 and 1000000, got 0' },
    { env: { HADO_RATE_LIMIT_API: '-1' }, message: 'HADO_RATE_LIMIT_API must be between 0 and 100000000, got -1' },
    { env: { HADO_PRESENCE_TIMEOUT: '0' }, message: 'HADO_PRESENCE_TIMEOUT must be a number of seconds in (0, 30], got "0"' },
    { env: { HADO_PRESENCE_TIMEOUT: 'two' }, message: 'HADO_PRESENCE_TIMEOUT must be a number of seconds' },
    { env: { HADO_CONNECT_TIMEOUT: '0' }, message: 'HADO_CONNECT_TIMEOUT must be a number of seconds in (0, 15)' },
    { env: { HADO_CONNECT_TIMEOUT: 'soon' }, message: 'HADO_CONNECT_TIMEOUT must be a number of seconds in (0, 15)' },
    { env: { HADO_CONNECT_TIMEOUT: '20' }, message: 'HADO_CONNECT_TIMEOUT must be a number of seconds in (0, 15)' },
    { env: { HADO_FALLBACK_DAY: '-1' }, message: 'HADO_FALLBACK_DAY must be between 0 and 1440, got -1' },
    { env: { HADO_FALLBACK_HOUR: '61' }, message: 'HADO_FALLBACK_HOUR must be between 0 and 60, got 61' },
    { env: { HADO_FALLBACK_HOURS: '9,14,25' }, message: 'HADO_FALLBACK_HOURS must be a comma-separated list of hours 0-23, got "9,14,25"' },
    { env: { HADO_FALLBACK_HOURS: '9,,14' }, message: 'HADO_FALLBACK_HOURS must be a comma-separated list of hours 0-23' },
    { env: { HADO_FALLBACK_HOURS: 'morning' }, message: 'HADO_FALLBACK_HOURS must be a comma-separated list of hours 0-23' },
    { env: { HADO_TRUSTED_PROXIES: '10.0.0.0/33' }, message: 'HADO_TRUSTED_PROXIES "10.0.0.0/33" has a bad prefix length' },
    { env: { HADO_TRUSTED_PROXIES: 'proxy.local' }, message: 'HADO_TRUSTED_PROXIES "proxy.local" is not an IP address or CIDR range' },
    { env: { HADO_LOCAL_USER: 'a b' }, message: 'HADO_LOCAL_USER must be a login' },
    { env: { LOG_LEVEL: 'verbose' }, message: 'LOG_LEVEL must be one of' },
  ])('$env', ({ env, message }) => {
    expect(problem(env)).toContain(message);
  });

  it('HADO_CONNECT_TIMEOUT must be shorter than the answer’s timeout: equal to it, the connect timer would be skipped', () => {
    const answer = DELIVER_TIMEOUT_MS / 1000;
    for (const raw of [String(answer), '15.0', '14.9999']) {
      expect(problem({ HADO_CONNECT_TIMEOUT: raw }), raw).toBe(
        `Invalid configuration:\n  HADO_CONNECT_TIMEOUT must be a number of seconds in (0, 15), less than the 15 s a webhook receiver has to answer; got "${raw}"`,
      );
    }
    expect(loadConfig({ HADO_CONNECT_TIMEOUT: '14.9' }).connectTimeoutMs).toBe(14_900);
    expect(loadConfig({ HADO_CONNECT_TIMEOUT: '0.2' }).connectTimeoutMs).toBe(200);
  });

  it('several bad keys are reported together, one a line', () => {
    const message = problem({ PORT: 'x', HADO_DEFAULT_TZ: 'Nowhere', HADO_FALLBACK_HOURS: '99' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  PORT must be an integer, got "x"',
      expect.stringMatching(/^ {2}HADO_DEFAULT_TZ /),
      expect.stringMatching(/^ {2}HADO_FALLBACK_HOURS /),
    ]);
  });
});
