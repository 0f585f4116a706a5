// The inbox page's entry module (SPEC A8, B2–B4). The page is rendered on
// the server; these modules only enhance it, each one job:
//   hado.js           shared helpers: the JSON API, HTML fragments, busy buttons, forms, the page's words
//   live.js           the one live stream (/me/stream): frames and catch-ups
//   heartbeat.js      presence (SPEC A7)
//   events.js         the event list: Ack, Done, the badge, live re-reads
//   settings.js       zone and quiet hours
//   channels.js       channels, webhooks, Telegram linking
//   notices.js        the bell and the feed panel (notice-list.js, notice-toasts.js)
//   preferences.js    the preferences grid
//   push.js           notifications on this device (the service worker, Web Push)
// Imports are rewritten to content-hashed URLs by the server (src/http/assets.ts).
import { startChannels } from './channels.js';
import { startEvents } from './events.js';
import { startHeartbeat } from './heartbeat.js';
import { startLive } from './live.js';
import { startNotices } from './notices.js';
import { startPreferences } from './preferences.js';
import { startPush } from './push.js';
import { startSettings } from './settings.js';

// Buttons with aria-disabled stay focusable but do nothing while busy.
document.addEventListener(
  'click',
  (e) => {
    const b = /** @type {Element} */ (e.target).closest('[aria-disabled="true"]');
    if (b && !b.matches('[data-action][aria-busy="true"]')) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  },
  true,
);

startHeartbeat();
startEvents();
startSettings();
startChannels();
startNotices();
startPreferences();
startPush().catch(() => {});
// Last: every module has subscribed to the frames it wants.
startLive();
