// "Notifications on this device" (issue 12): registers the service worker
// (/sw.js, scope /) so the inbox can be installed, and subscribes this
// browser to Web Push on a click — the permission is asked only then. The
// section's words are all in the markup; this shows those of the state
// (data-when): on, off, other (this browser's subscription is another
// person's: off for the one signed in), denied, unsupported.
import { $, $$, api, isBusy, setBusy, showMessage } from './hado.js';
import { refreshChannels } from './channels.js';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const fromBase64Url = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

let registration = null;

function show(state) {
  const section = $('#push-device');
  section.dataset.state = state;
  for (const el of $$('[data-when]', section)) el.hidden = !el.dataset.when.split(' ').includes(state);
}

/** Who this page is for (the section's data-login). */
const me = () => $('#push-device').dataset.login;

/**
 * Whose this browser's subscription is on the server: { login, id } of the
 * last save from this browser profile. Two people may share the profile; the
 * login tells "removed there" (this person deleted it, or the push service
 * said it is gone) from "another person's".
 */
const SAVED_KEY = 'hado.push.subscription';

function saved() {
  try {
    const v = JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null');
    // A bare number: an id saved before the login was kept, whoever's it was.
    if (typeof v === 'number') return { login: null, id: v };
    return v && typeof v.id === 'number' && typeof v.login === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Saves the subscription (the same endpoint again is the same one; another person's moves to this one); answers its id. */
async function save(sub) {
  const { subscription } = await api('POST', '/me/push/subscriptions', sub.toJSON());
  localStorage.setItem(SAVED_KEY, JSON.stringify({ login: me(), id: subscription.id }));
  return subscription.id;
}

/**
 * The browser's subscription for the person signed in: 'mine', 'removed'
 * (theirs, deleted on the server) or 'other' (another person's, or not known
 * to be theirs). Never 'removed' merely because someone else is signed in.
 */
async function owner() {
  const kept = saved();
  if (!kept || (kept.login !== null && kept.login !== me())) return 'other';
  let subscriptions;
  try {
    ({ subscriptions } = await api('GET', '/me/push/subscriptions'));
  } catch {
    // The server cannot say now: trust what this browser saved.
    return kept.login === me() ? 'mine' : 'other';
  }
  if (subscriptions.some((s) => s.id === kept.id)) return 'mine';
  return kept.login === me() ? 'removed' : 'other';
}

async function currentState() {
  if (!registration) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const sub = await registration.pushManager.getSubscription();
  if (!sub || Notification.permission !== 'granted') return 'off';
  const whose = await owner();
  if (whose === 'mine') return 'on';
  if (whose === 'other') return 'other';
  // Removed on the server — the device deleted from this person's channel list,
  // or the push service said it is gone — means off here too: the browser unsubscribes.
  localStorage.removeItem(SAVED_KEY);
  await sub.unsubscribe();
  return 'off';
}

async function turnOn() {
  // Asked here, on the click, and nowhere else.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return;
  const { public_key } = await api('GET', '/me/push/vapid-key');
  // Another person's subscription of this browser is the one subscribe() answers; saving moves it to this person.
  const sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(public_key) });
  await save(sub);
}

async function turnOff() {
  const sub = await registration.pushManager.getSubscription();
  if (!sub) return;
  const id = await save(sub);
  await api('DELETE', `/me/push/subscriptions/${id}`);
  localStorage.removeItem(SAVED_KEY);
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
      show(await currentState().catch(() => 'off'));
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
  show(await currentState().catch(() => 'off'));
}
