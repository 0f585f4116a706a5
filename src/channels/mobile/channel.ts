// The `mobile` channel (issue 12): one channel row per phone (an Expo push
// token of an app install). Expo cannot tell whether anyone is looking at the
// phone, so presence is unknown and a reminder comes with the fallback
// (docs/architecture.md); delivery goes through the process's ExpoPush, and
// the worker's upkeep reads the receipts.
import type { Channel } from '../types.ts';
import type { ExpoPush } from './expo.ts';

export function mobileChannel(expo: ExpoPush | null): Channel {
  return {
    type: 'mobile',
    async presence() {
      return 'unknown';
    },
    async deliver(message, _user, channel) {
      if (!expo) return { ok: false, error: 'Expo push is not available in this process', retryable: false };
      return expo.deliver(message, channel);
    },
    async maintain() {
      await expo?.checkReceipts();
    },
  };
}
