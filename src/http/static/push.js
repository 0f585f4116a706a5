// "Notifications on this device" (issue 12): registers the service worker
// (/sw.js, scope /) so the inbox can be installed, and subscribes this
// browser to Web Push on a click — the permission is asked only then. The
// section's words are all in the markup; this shows those of the state
// (data-when): on, off, denied, unsupported.
import { $, $$, api, isBusy, setBusy, showMessage } from './hado.js';
import { refreshChannels } from './channels.js';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const fromBase64Url = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

let registration = null;

function show(state) {
  const section = $('#push-device');
  section.dataset.state = state;
  for (const el of $$('[data-when]', section)) el.hidden = el.dataset.when !== state;
}

async function currentState() {
  if (!registration) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const sub = await registration.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The server's id of this browser's subscription, kept to notice when it is removed there. */
const ID_KEY = 'hado.push.subscription';

/** Saves the subscription (the same endpoint again is the same one on the server); answers its id. */
async function save(sub) {
  const { subscription } = await api('POST', '/me/push/subscriptions', sub.toJSON());
  localStorage.setItem(ID_KEY, String(subscription.id));
  return subscription.id;
}

/**
 * Removed on the server — the device deleted from the channel list, or the
 * push service said it is gone — means off here too: the browser unsubscribes.
 */
async function forgetIfRemoved() {
  const sub = await registration.pushManager.getSubscription();
  const id = Number(localStorage.getItem(ID_KEY));
  if (!sub || !id) return;
  const { subscriptions } = await api('GET', '/me/push/subscriptions');
  if (!subscriptions.some((s) => s.id === id)) {
    localStorage.removeItem(ID_KEY);
    await sub.unsubscribe();
  }
}

async function turnOn() {
  // Asked here, on the click, and nowhere else.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return;
  const { public_key } = await api('GET', '/me/push/vapid-key');
  const sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(public_key) });
  await save(sub);
}

async function turnOff() {
  const sub = await registration.pushManager.getSubscription();
  if (!sub) return;
  const id = await save(sub);
  await api('DELETE', `/me/push/subscriptions/${id}`);
  localStorage.removeItem(ID_KEY);
  await sub.unsubscribe();
}

function wire(button, work) {
  button.addEventListener('click', async () => {
    if (isBusy(button)) return;
    const slot = $('#push-device [data-error-for="_form"]');
    showMessage(slot, '');
    setBusy(button, true);
    try {
      await work();
      await refreshChannels();
    } catch (err) {
      showMessage(slot, err.message);
    } finally {
      setBusy(button, false);
      show(await currentState());
    }
  });
}

export async function startPush() {
  if (!$('#push-device')) return;
  if (!supported()) return show('unsupported');
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    return show('unsupported');
  }
  wire($('#push-on'), turnOn);
  wire($('#push-off'), turnOff);
  await forgetIfRemoved().catch(() => {});
  show(await currentState());
}
