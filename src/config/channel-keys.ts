// The deployment settings of the channel types (Channel.settings names
// them): Telegram's bot, Web Push's VAPID key pair, the SMTP relay, Slack's
// app and Expo's push API. Spread into the one configuration table
// (config.ts KEYS), which ties each to its field of Config; the checks that
// span two keys of a channel are here too.
import { createECDH } from 'node:crypto';
import { Bad, base64urlKey, hidden, type Key, maskUrlPassword, url, vapidSubjectOf } from './parsers.ts';

export const TELEGRAM_KEYS = {
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
} satisfies Record<string, Key<string>>;

export const PUSH_KEYS = {
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
    defaultDoc: 'APP_URL when it is https://, else mailto:hado@<APP_URL host>',
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
} satisfies Record<string, Key<string>>;

export const MAIL_KEYS = {
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
} satisfies Record<string, Key<string>>;

export const SLACK_KEYS = {
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
} satisfies Record<string, Key<string>>;

export const EXPO_KEYS = {
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
} satisfies Record<string, Key<string>>;

/** A channel's keys that must be set together, checked once each key parsed. */
export function channelKeyProblems(config: {
  telegramBotToken: string | null;
  telegramWebhookSecret: string | null;
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  smtpUrl: string | null;
  mailFrom: string | null;
  slackBotToken: string | null;
  slackSigningSecret: string | null;
}): string[] {
  if (config.telegramBotToken && !config.telegramWebhookSecret) return ['TELEGRAM_WEBHOOK_SECRET must be set when TELEGRAM_BOT_TOKEN is set'];
  const vapid = vapidPairProblems(config);
  if (vapid.length > 0) return vapid;
  if (config.smtpUrl && !config.mailFrom) return ['HADO_MAIL_FROM must be set when HADO_SMTP_URL is set'];
  if (config.slackBotToken && !config.slackSigningSecret) return ['SLACK_SIGNING_SECRET must be set when SLACK_BOT_TOKEN is set'];
  return [];
}

/** Both VAPID keys or neither, and the two must be one pair (a typo would make every push a 403). */
function vapidPairProblems(config: { vapidPublicKey: string | null; vapidPrivateKey: string | null }): string[] {
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
