import type { ChannelRegistry } from '../channels/registry.ts';
import type { Mailer } from '../channels/email/mailer.ts';
import type { SlackClient } from '../channels/slack/api.ts';
import type { WebPush } from '../channels/push/web-push.ts';
import type { ExpoPush } from '../channels/mobile/expo.ts';
import type { TelegramClient } from '../channels/telegram/api.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Store } from '../db/connect.ts';
import type { ErrorSink } from '../errors.ts';
import type { Live } from '../live/live.ts';
import type { RateLimits } from './rate-limit.ts';

/**
 * What the HTTP routes are handed: the store, the configuration, the one
 * clock, and the long-lived objects the composition root built (runtime.ts
 * buildContext) — the routes create none of their own.
 */
export interface AppContext {
  store: Store;
  db: Db;
  config: Config;
  clock: Clock;
  /** The process's live stream (started by the first stream request, stopped by its owner). */
  live: Live;
  /** Every channel type of the process (channels/registry.ts): routes add and describe through it, the ticks and the worker deliver. */
  channels: ChannelRegistry;
  /** The process's Telegram Bot API client; null without TELEGRAM_BOT_TOKEN. */
  telegram: TelegramClient | null;
  /** The process's SMTP pool (email channel, confirmation mails); null without HADO_SMTP_URL. */
  mailer: Mailer | null;
  /** The process's Slack Web API client; null without SLACK_BOT_TOKEN. */
  slack: SlackClient | null;
  /** The process's Web Push sender: the VAPID key pair, the push services' connections, the close messages after Done. */
  push: WebPush;
  /** The process's Expo push sender (mobile apps): its connections, its chunks, the receipts it reads. */
  mobile: ExpoPush;
  /** Called after every Done that closed an event, once committed: every channel's hook after Done (ChannelRegistry.afterDone). */
  onEventDone(eventId: number): void;
  /** The process's error sink for background work. */
  onError: ErrorSink;
  /** The process's rate-limit counters (rate-limit.ts). */
  limits: RateLimits;
}
