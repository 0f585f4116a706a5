// The `push` channel (issue 12): one channel row per browser subscription.
// A push service cannot tell whether anyone is at the device, so presence is
// unknown and a reminder comes with the fallback (docs/architecture.md);
// delivery is one encrypted message through the process's WebPush. A
// browser subscribes with POST /me/push/subscriptions (subscription.ts).
import { invalid } from '../../errors.ts';
import { t } from '../../i18n/messages.ts';
import { addedElsewhere, configText, shortUrl } from '../common.ts';
import type { Channel } from '../types.ts';
import type { WebPush } from './web-push.ts';

export function pushChannel(webPush: WebPush | null): Channel {
  return {
    type: 'push',
    // The key pair is the operator's or one made on first start: nothing to set.
    settings: { keys: [], configured: webPush !== null },
    addedBy: 'own-route',
    confirms: 'none',
    // The push service (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com…): one
    // destination for the worker's per-destination limit and breaker, as a webhook receiver's host is.
    destination: (channel) => {
      const endpoint = channel.config.endpoint;
      if (typeof endpoint !== 'string') return null;
      try {
        return new URL(endpoint).origin;
      } catch {
        return null;
      }
    },
    async presence() {
      return 'unknown';
    },
    presenceNow: () => 'unknown',
    async deliver(message, _user, channel) {
      if (!webPush) return { ok: false, error: 'Web Push is not available in this process', retryable: false };
      return webPush.deliver(message, channel);
    },
    add: addedElsewhere(() => invalid('type', 'a browser subscribes with POST /me/push/subscriptions')),
    describe: (row, l) => {
      const host = shortUrl(configText(row.config, 'endpoint')).split('/')[0]!;
      const device = configText(row.config, 'user_agent');
      return { name: t(l, 'settings.channel.push'), details: device ? [device, host] : [host] };
    },
    // After Done the event's notifications close on every browser that showed one (issue 12).
    ...(webPush ? { afterDone: (eventId: number) => webPush.closeEvent(eventId) } : {}),
    idle: async () => {},
    close: async () => {},
  };
}
