// Channel type → implementation (SPEC A7). The tick asks presence and the
// worker delivers through whatever is registered here; a type without an
// implementation in this process is `unknown` for presence and fails its
// deliveries with a clear, final error.
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { emailChannel } from './email/channel.ts';
import type { Mailer } from './email/mailer.ts';
import type { SlackClient } from './slack/api.ts';
import { slackChannel } from './slack/channel.ts';
import type { TelegramClient } from './telegram/api.ts';
import { telegramChannel } from './telegram/channel.ts';
import type { Channel, ChannelType } from './types.ts';
import { webChannel } from './web/channel.ts';
import { webhookChannel } from './webhook/channel.ts';
import { outboundPolicyOf } from '../net/outbound.ts';
import { pushChannel } from './push/channel.ts';
import type { WebPush } from './push/web-push.ts';
import { mobileChannel } from './mobile/channel.ts';
import type { ExpoPush } from './mobile/expo.ts';

export class ChannelRegistry {
  private readonly channels = new Map<ChannelType, Channel>();

  /** Registers (or replaces) the implementation of a channel type. */
  register(channel: Channel): this {
    this.channels.set(channel.type, channel);
    return this;
  }

  get(type: ChannelType): Channel | undefined {
    return this.channels.get(type);
  }

  /** Runs every channel's upkeep (Channel.maintain), one after another; a failure is reported and the rest still run. */
  async maintain(report: (err: unknown, type: ChannelType) => void): Promise<void> {
    for (const channel of this.channels.values()) {
      if (!channel.maintain) continue;
      try {
        await channel.maintain();
      } catch (err) {
        report(err, channel.type);
      }
    }
  }
}

/**
 * The process's channels, configured from the environment: one line per
 * channel type (a new type registers here). `telegram` and `mailer` are the
 * process's clients (null when not configured: their rows then fail clearly);
 * `push` the process's WebPush, `mobile` its ExpoPush (runtime.ts buildContext).
 */
export function buildChannels(deps: {
  config: Config;
  clock: Clock;
  telegram?: TelegramClient | null;
  push?: WebPush | null;
  mailer?: Mailer | null;
  slack?: SlackClient | null;
  mobile?: ExpoPush | null;
}): ChannelRegistry {
  return new ChannelRegistry()
    .register(webChannel)
    .register(
      webhookChannel({
        clock: deps.clock,
        presenceTimeoutMs: deps.config.presenceTimeoutMs,
        connectTimeoutMs: deps.config.connectTimeoutMs,
        outbound: outboundPolicyOf(deps.config),
      }),
    )
    .register(telegramChannel(deps.telegram ?? null))
    .register(pushChannel(deps.push ?? null))
    .register(emailChannel({ mailer: deps.mailer ?? null, appUrl: deps.config.appUrl }))
    .register(slackChannel(deps.slack ?? null))
    .register(mobileChannel(deps.mobile ?? null));
}
