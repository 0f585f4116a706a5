// The `mobile` channel (issue 12): one channel row per phone (an Expo push
// token of an app install). Expo cannot tell whether anyone is looking at the
// phone, so presence is unknown and a reminder comes with the fallback
// (docs/architecture.md); delivery goes through the process's ExpoPush, and
// the worker's upkeep reads the receipts. The app registers a phone with
// POST /me/devices (device.ts).
import { invalid } from '../../errors.ts';
import { t } from '../../i18n/messages.ts';
import { addedElsewhere, configText } from '../common.ts';
import type { Channel } from '../types.ts';
import type { ExpoPush } from './expo.ts';

const PLATFORM_NAMES = new Map([
  ['ios', 'iOS'],
  ['android', 'Android'],
]);

export function mobileChannel(expo: ExpoPush | null): Channel {
  return {
    type: 'mobile',
    // Expo's root and an optional access token have working defaults: nothing to set.
    settings: { keys: [], configured: expo !== null },
    addedBy: 'own-route',
    confirms: 'none',
    async presence() {
      return 'unknown';
    },
    presenceNow: () => 'unknown',
    async deliver(message, _user, channel) {
      if (!expo) return { ok: false, error: 'Expo push is not available in this process', retryable: false };
      return expo.deliver(message, channel);
    },
    async maintain() {
      await expo?.checkReceipts();
    },
    add: addedElsewhere(() => invalid('type', 'a phone registers with POST /me/devices (the Hado app does it)')),
    // "iOS · pixel-7a": the platform and the app's own name for the device.
    describe: (row, l) => {
      const platform = PLATFORM_NAMES.get(configText(row.config, 'platform')) ?? '';
      return { name: t(l, 'settings.channel.mobile'), details: [[platform, configText(row.config, 'device_id')].filter(Boolean).join(' · ')] };
    },
    // The chunks of pushes and receipt requests in flight.
    idle: async () => expo?.idle(),
    close: async () => expo?.idle(),
  };
}
