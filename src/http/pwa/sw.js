// Hado's service worker (issue 12), served at /sw.js with the scope /.
// It shows a Web Push message as a notification — one per event or notice
// (its tag), so a new reminder replaces the old one — with the actions Ack
// and the event's done label, which POST the absolute action links the
// message carries; a click elsewhere opens the deep link (or the inbox).
// A "close" message, sent after Done by any path, closes the event's
// notification. A message's `badge` (the unread notices) goes to the app
// icon where the browser has setAppBadge. The payload's shape: README, "Web Push".
// A plain script, not a module: every browser with Web Push runs it.
/* global self, clients */
const ICON = '__HADO_ICON__';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    return payload && payload.v === 1 ? payload : null;
  } catch {
    return null;
  }
}

async function closeTag(tag) {
  for (const n of await self.registration.getNotifications({ tag })) n.close();
}

function optionsOf(p) {
  const actions = p.actions
    ? [
        { action: 'ack', title: p.ack_label || 'Ack' },
        { action: 'done', title: p.done_label || 'Done' },
      ]
    : [];
  return {
    body: p.body || '',
    tag: p.tag,
    // A newer reminder of the same event replaces the old one, and still alerts.
    renotify: true,
    icon: ICON,
    lang: p.lang || '',
    data: { url: p.url || '/', actions: p.actions || null, tag: p.tag },
    actions,
  };
}

/**
 * The app icon's count (issue 23): the unread notices the message carries, at
 * most 99; 0 clears it. The Badging API is there in installed apps of
 * Chromium and Safari only, and may refuse (no permission): best effort.
 */
async function setBadge(count) {
  if (typeof count !== 'number' || !('setAppBadge' in navigator)) return;
  try {
    if (count > 0) await navigator.setAppBadge(count);
    else await navigator.clearAppBadge();
  } catch {
    // Not allowed here: the notification still shows.
  }
}

async function onPush(data) {
  const p = readPayload(data);
  if (!p) return;
  if (p.type === 'close') {
    await closeTag(p.tag);
    return;
  }
  await Promise.all([self.registration.showNotification(p.title, optionsOf(p)), setBadge(p.badge)]);
}

self.addEventListener('push', (event) => event.waitUntil(onPush(event.data)));

/** POSTs an action link; the token in it is the credential, so no cookie goes along. */
async function act(notification, url) {
  notification.close();
  try {
    const res = await fetch(url, { method: 'POST', credentials: 'omit', keepalive: true });
    // 404: the reminder is spent (already Done elsewhere); anything else that failed is shown again to retry.
    if (res.ok || res.status === 404 || res.status === 409) return;
  } catch {
    // Offline: shown again below.
  }
  await self.registration.showNotification(notification.title, {
    body: notification.body,
    tag: notification.tag,
    icon: ICON,
    data: notification.data,
    actions: notification.actions,
  });
}

async function openUrl(url) {
  const target = new URL(url, self.location.origin).href;
  const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = open.find((c) => c.url === target);
  if (same) return same.focus();
  return clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  const n = event.notification;
  const data = n.data || {};
  if ((event.action === 'ack' || event.action === 'done') && data.actions) {
    event.waitUntil(act(n, data.actions[event.action]));
    return;
  }
  n.close();
  event.waitUntil(openUrl(data.url || '/'));
});

const fromBase64Url = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

// The push service renewed or dropped the subscription: subscribe again and tell the server (best effort).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const key = await (await fetch('/me/push/vapid-key', { credentials: 'same-origin' })).json();
      const sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key.public_key) });
      await fetch('/me/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(sub.toJSON()),
      });
    })().catch(() => {}),
  );
});
