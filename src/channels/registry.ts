// Channel type → implementation (SPEC A7). Built once per process by the
// composition root (runtime.ts buildContext) and handed to everything that
// needs a channel: the ticks ask presence, the worker delivers, the routes
// add and describe, the hook after Done runs, the stop waits — all through
// here. A type without an implementation in a registry (a test's partial
// one) is `unknown` for presence and fails its deliveries with a clear,
// final error.
import { Background } from '../background.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { CHANNEL_TYPES } from '../domain/channels.ts';
import { type ErrorSink, ignoreErrors } from '../errors.ts';
import { outboundPolicyOf } from '../net/outbound.ts';
import { emailChannel } from './email/channel.ts';
import type { Mailer } from './email/mailer.ts';
import { mobileChannel } from './mobile/channel.ts';
import type { ExpoPush } from './mobile/expo.ts';
import { pushChannel } from './push/channel.ts';
import type { WebPush } from './push/web-push.ts';
import type { SlackClient } from './slack/api.ts';
import { slackChannel } from './slack/channel.ts';
import type { TelegramClient } from './telegram/api.ts';
import { telegramChannel } from './telegram/channel.ts';
import type { Channel, ChannelType, SentNoticeMessage } from './types.ts';
import { webChannel } from './web/channel.ts';
import { webhookChannel } from './webhook/channel.ts';

export class ChannelRegistry {
  private readonly channels = new Map<ChannelType, Channel>();
  /** The hooks after Done, run after the answer. */
  private readonly afterDoneWork: Background;

  constructor(onError: ErrorSink = ignoreErrors) {
    this.afterDoneWork = new Background(onError, 'channel hook after Done');
  }

  /** Registers (or replaces) the implementation of a channel type. */
  register(channel: Channel): this {
    this.channels.set(channel.type, channel);
    return this;
  }

  get(type: ChannelType): Channel | undefined {
    return this.channels.get(type);
  }

  /** Every registered channel, in CHANNEL_TYPES order. */
  all(): Channel[] {
    return CHANNEL_TYPES.flatMap((type) => this.channels.get(type) ?? []);
  }

  /** Runs every channel's upkeep (Channel.maintain), one after another; a failure is reported and the rest still run. */
  async maintain(report: (err: unknown, type: ChannelType) => void): Promise<void> {
    for (const channel of this.all()) {
      if (!channel.maintain) continue;
      try {
        await channel.maintain();
      } catch (err) {
        report(err, channel.type);
      }
    }
  }

  /** After Done by any path, once committed: every channel's hook, in the background (SPEC A7). */
  afterDone(eventId: number): void {
    for (const channel of this.all()) {
      const hook = channel.afterDone?.bind(channel);
      if (hook) this.afterDoneWork.run(`${channel.type} after Done of event ${eventId}`, () => hook(eventId));
    }
  }

  /**
   * After a withdrawal, once committed: each channel's hook gets the messages
   * it sent, in the background. Returns how many messages a hook was handed.
   */
  afterWithdraw(sent: SentNoticeMessage[]): number {
    let handed = 0;
    for (const channel of this.all()) {
      const hook = channel.afterWithdraw?.bind(channel);
      const mine = sent.filter((m) => m.channel === channel.type);
      if (!hook || mine.length === 0) continue;
      handed += mine.length;
      this.afterDoneWork.run(`${channel.type} after a withdrawal`, () => hook(mine));
    }
    return handed;
  }

  /** Resolves when the hooks after Done and every channel's own background work have finished. */
  async idle(): Promise<void> {
    do {
      await this.afterDoneWork.idle();
      await Promise.all(this.all().map((c) => c.idle()));
    } while (this.afterDoneWork.size > 0);
  }

  /** Waits for the background work, then releases what the channels hold. */
  async close(): Promise<void> {
    await this.idle();
    await Promise.all(this.all().map((c) => c.close()));
  }
}

/** What the channels are built from: the process's configuration, clock, store, error sink and long-lived clients. */
export interface ChannelDeps {
  config: Config;
  clock: Clock;
  db: Db;
  onError: ErrorSink;
  /** Null when the deployment has none: the type's rows then fail clearly. */
  telegram: TelegramClient | null;
  mailer: Mailer | null;
  slack: SlackClient | null;
  push: WebPush;
  mobile: ExpoPush;
}

/**
 * The process's channels: one line per type. The table is keyed by every
 * ChannelType, so a type without a line here is a compile error. Called
 * once, by runtime.ts buildContext.
 */
export function buildChannels(deps: ChannelDeps): ChannelRegistry {
  const { config } = deps;
  const table: Record<ChannelType, Channel> = {
    web: webChannel,
    webhook: webhookChannel({
      clock: deps.clock,
      presenceTimeoutMs: config.presenceTimeoutMs,
      connectTimeoutMs: config.connectTimeoutMs,
      outbound: outboundPolicyOf(config),
    }),
    telegram: telegramChannel(deps.telegram, { db: deps.db, configured: Boolean(config.telegramWebhookSecret) }),
    push: pushChannel(deps.push),
    mobile: mobileChannel(deps.mobile),
    email: emailChannel({ mailer: deps.mailer, appUrl: config.appUrl }),
    slack: slackChannel(deps.slack, { db: deps.db, configured: Boolean(config.slackSigningSecret), appUrl: config.appUrl }),
  };
  const registry = new ChannelRegistry(deps.onError);
  for (const type of CHANNEL_TYPES) registry.register(table[type]);
  return registry;
}
