// The Expo message of a delivery (issue 12): a pure function from the
// OutgoingMessage every channel gets (core/messages.ts) to what Expo's push
// API takes (https://docs.expo.dev/push-notifications/sending-notifications/).
// The app reads `data` (README, "Mobile app push"): what the notification is
// about, where a tap leads, the reader's language, and for a reminder the
// Ack / Done links with their labels in that language.
import type { ExpoPushMessage } from 'expo-server-sdk';
import type { Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import { CHANNEL_TEXT_LIMITS, cutText } from '../../domain/cut-text.ts';
import { bodyText } from '../body-text.ts';
import type { OutgoingMessage } from '../types.ts';

/** The notification category an app registers with the buttons Ack and Done (setNotificationCategoryAsync). */
export const EVENT_CATEGORY = 'hado_event';

export type MobilePlatform = 'ios' | 'android';

export interface MobileDevice {
  token: string;
  platform: MobilePlatform;
}

/** Expo refuses a message over 4096 bytes (APNs' limit): titles and bodies are cut well below it. */
const TITLE_MAX = 200;
const BODY_MAX = CHANNEL_TEXT_LIMITS.mobile;
/** Leaves room for Expo's own fields around ours. */
const MESSAGE_MAX_BYTES = 3800;

/** The `data` an app gets with the notification. */
export type MobileData =
  | {
      hado: 1;
      kind: 'event';
      event_id: number;
      delivery_id: number;
      deep_link: string | null;
      /** The recipient's language (en, ru, uk), for the words the app adds. */
      locale: Locale;
      /** Ack in the recipient's language («Помню» in ru), for an app that draws its own buttons. */
      ack_label: string;
      /** The client's label for Done as given, else Done in the recipient's language. */
      done_label: string;
      /** POST either link (no body, no sign-in) to Ack or Done the reminder: the webhook's links. */
      actions: { ack: string; done: string };
    }
  | {
      hado: 1;
      kind: 'notice';
      notice_id: number;
      delivery_id: number;
      push: number | null;
      deep_link: string | null;
      urgent: boolean;
      locale: Locale;
    };

export function mobileData(m: OutgoingMessage): MobileData {
  const body = m.body as {
    event?: { id?: unknown };
    actions?: { ack: string; done: string };
    notice?: { id?: unknown; urgent?: unknown };
    push?: unknown;
  };
  if (m.kind === 'event') {
    const actions = body.actions ?? { ack: '', done: '' };
    return {
      hado: 1,
      kind: 'event',
      event_id: Number(body.event?.id),
      delivery_id: m.deliveryId,
      deep_link: m.deepLink,
      locale: m.locale,
      // The same words as Web Push (push/payload.ts): a client's done_label is its own, the defaults are ours.
      ack_label: t(m.locale, 'telegram.ack'),
      done_label: m.doneLabel || t(m.locale, 'telegram.done'),
      actions: { ack: actions.ack, done: actions.done },
    };
  }
  return {
    hado: 1,
    kind: 'notice',
    notice_id: Number(body.notice?.id),
    delivery_id: m.deliveryId,
    push: typeof body.push === 'number' ? body.push : null,
    deep_link: m.deepLink,
    urgent: body.notice?.urgent === true,
    locale: m.locale,
  };
}

/**
 * One Expo message. A reminder carries the category of the Ack / Done
 * buttons, and replaces the event's earlier notification on the phone (the
 * same `collapseId` on iOS, `tag` on Android) as Web Push does with its tag;
 * Android also gets the notification channel the app made.
 */
export function expoMessage(m: OutgoingMessage, device: MobileDevice, androidChannelId: string): ExpoPushMessage {
  const data = mobileData(m);
  const group = data.kind === 'event' ? `hado-event-${data.event_id}` : `hado-notice-${data.notice_id}`;
  const urgent = data.kind === 'event' || data.urgent;
  const out: ExpoPushMessage = {
    to: device.token,
    title: cutText(m.title, TITLE_MAX),
    body: cutText(bodyText(m) ?? '', BODY_MAX),
    data,
    sound: 'default',
    priority: urgent ? 'high' : 'default',
    // As with Web Push: a reminder older than 6 h is not worth showing (the next window sends a fresh one), a notice may wait a day.
    ttl: data.kind === 'event' ? 6 * 3600 : 24 * 3600,
    ...(data.kind === 'event' ? { categoryId: EVENT_CATEGORY } : {}),
    // The app icon's count (issue 23): the unread notices, at most 99; 0 clears it.
    ...(m.badge !== undefined ? { badge: m.badge } : {}),
    ...(device.platform === 'android' ? { channelId: androidChannelId, tag: group } : { collapseId: group, threadId: group }),
  };
  if (!out.body) delete out.body;
  // A long deep link and body together could pass Expo's limit: the body gives way first.
  while (Buffer.byteLength(JSON.stringify(out)) > MESSAGE_MAX_BYTES && out.body) {
    out.body = cutText(out.body, Math.floor([...out.body].length / 2));
  }
  return out;
}
