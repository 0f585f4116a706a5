// The Telegram channel (SPEC A7): presence from the last interaction with
// the bot, delivery as one HTML message with Ack / Done buttons, and after
// Done the buttons removed from the earlier messages of the event.
import type { InlineKeyboardButton, InlineKeyboardMarkup } from 'grammy/types';
import { fitMarkdown, markdownToTelegramHtml } from '../../core/markdown.ts';
import type { Db } from '../../db/connect.ts';
import { sentTelegramMessages } from '../../db/deliveries.ts';
import { invalid } from '../../errors.ts';
import { t } from '../../i18n/messages.ts';
import { addedElsewhere } from '../common.ts';
import type { Channel, ChannelRecord, DeliveryResult, OutgoingMessage, Presence, SentNoticeMessage } from '../types.ts';
import { type TelegramClient, truncate } from './api.ts';

/** "The user pressed a button or wrote to the bot in the last 10 min" (SPEC A7). */
export const PRESENCE_WINDOW_MS = 10 * 60_000;

/** Telegram's limit on callback_data, in bytes. */
const CALLBACK_DATA_MAX = 64;
/** Telegram's limit on a message's text after entity parsing, in characters. */
const TEXT_MAX = 4096;

/** Present while the last interaction is less than 10 minutes old; a bot cannot see more, so otherwise unknown. */
export function telegramPresence(channel: Pick<ChannelRecord, 'lastSeenAt'>, now: Date): Presence {
  if (channel.lastSeenAt === null) return 'unknown';
  return now.getTime() - channel.lastSeenAt.getTime() < PRESENCE_WINDOW_MS ? 'present' : 'unknown';
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The chat a telegram channel delivers to, from its config ({ chat_id }). */
export function chatIdOf(config: Record<string, unknown>): number | null {
  const id = config.chat_id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  if (typeof id === 'string' && /^-?\d{1,20}$/.test(id)) return Number(id);
  return null;
}

export interface RenderedMessage {
  text: string;
  replyMarkup?: InlineKeyboardMarkup;
}

/**
 * The message for a delivery: the title in bold, the subtitle under it, and
 * for an event the buttons Ack and `doneLabel` carrying the action token.
 * A notice (no Ack/Done) gets a link button to an absolute deep link, or none.
 */
export function renderMessage(message: OutgoingMessage): RenderedMessage {
  const title = truncate(message.title, 256);
  const subtitle = message.subtitle ? truncate(message.subtitle, TEXT_MAX - 1 - [...title].length) : '';
  // A markdown notice (issue 24): Telegram's HTML subset, cut at a word boundary with … and the deep link.
  const formatted = message.markdown
    ? fitMarkdown(
        message.markdown,
        TEXT_MAX - 1 - [...title].length,
        /^https?:\/\//i.test(message.deepLink ?? '') ? message.deepLink : null,
        markdownToTelegramHtml,
      )
    : escapeHtml(subtitle);
  const text = formatted ? `<b>${escapeHtml(title)}</b>\n${formatted}` : `<b>${escapeHtml(title)}</b>`;
  if (message.kind === 'event') {
    const ack = `ack:${message.actionToken}`;
    const done = `done:${message.actionToken}`;
    if (Buffer.byteLength(done) > CALLBACK_DATA_MAX) {
      throw new Error(`action token too long for Telegram callback_data (${Buffer.byteLength(done)} > ${CALLBACK_DATA_MAX} bytes)`);
    }
    const buttons: InlineKeyboardButton[] = [
      { text: t(message.locale, 'telegram.ack'), callback_data: ack },
      // A client's done_label is its own words, sent as given; the default is ours, in the reader's language.
      { text: truncate(message.doneLabel || t(message.locale, 'telegram.done'), 64), callback_data: done },
    ];
    return { text, replyMarkup: { inline_keyboard: [buttons] } };
  }
  if (message.deepLink && /^https?:\/\/[^/\s]+/i.test(message.deepLink)) {
    return { text, replyMarkup: { inline_keyboard: [[{ text: t(message.locale, 'telegram.open'), url: message.deepLink }]] } };
  }
  return { text };
}

/**
 * The channel. `client` is null when the deployment has no bot token: a
 * telegram row then fails its deliveries with a clear, final error. `db`
 * serves the hook after Done (without it there is none); `configured` says
 * whether the webhook that links chats is set up (TELEGRAM_WEBHOOK_SECRET).
 */
export function telegramChannel(client: TelegramClient | null, opts: { db?: Db; configured?: boolean } = {}): Channel {
  const db = opts.db;
  return {
    type: 'telegram',
    settings: { keys: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_WEBHOOK_SECRET'], configured: client !== null && (opts.configured ?? true) },
    // "/start <code>" sent from the chat links and confirms it at once (SPEC A8).
    addedBy: 'own-route',
    confirms: 'code',
    async presence(_user, channel, now) {
      return telegramPresence(channel, now);
    },
    presenceNow: (_user, channel, now) => telegramPresence(channel, now),
    async deliver(message, _user, channel): Promise<DeliveryResult> {
      if (!client) return { ok: false, error: 'Telegram is not configured (TELEGRAM_BOT_TOKEN is unset)', retryable: false };
      const chatId = chatIdOf(channel.config);
      if (chatId === null) return { ok: false, error: 'telegram channel has no valid chat_id in its config', retryable: false };
      let rendered: RenderedMessage;
      try {
        rendered = renderMessage(message);
      } catch (e) {
        return { ok: false, error: (e as Error).message, retryable: false };
      }
      const sent = await client.sendMessage(chatId, rendered.text, rendered.replyMarkup);
      if (!sent.ok) {
        const { error, retryable, retryAfterMs } = sent;
        return retryAfterMs === undefined ? { ok: false, error, retryable } : { ok: false, error, retryable, retryAfterMs };
      }
      return { ok: true, externalId: `${sent.value.chat.id}:${sent.value.message_id}` };
    },
    add: addedElsewhere(() => invalid('type', 'link Telegram with POST /me/channels/telegram/link, then send "/start <code>" to the bot')),
    describe: (row, l) => ({
      name: t(l, 'settings.channel.telegram'),
      details: [typeof row.config.username === 'string' ? `@${row.config.username}` : t(l, 'settings.channel.telegramChat')],
    }),
    ...(db && client ? { afterDone: (eventId: number) => clearButtonsAfterDone({ db, telegram: client }, eventId) } : {}),
    ...(client ? { afterWithdraw: (sent: SentNoticeMessage[]) => clearNoticeButtons(client, sent) } : {}),
    // The client's background work: answers to button presses and replies to the bot's chats.
    idle: async () => client?.idle(),
    close: async () => client?.idle(),
  };
}

/**
 * After Done (from any path), removes the buttons from the event's earlier
 * Telegram messages (SPEC A7), best effort: every failure is logged and
 * none is thrown. Resolves when every edit has been tried.
 */
export async function clearButtonsAfterDone(ctx: { db: Db; telegram: TelegramClient | null }, eventId: number): Promise<void> {
  const client = ctx.telegram;
  if (!client) return;
  let rows: Array<{ id: number; external_id: string | null }>;
  try {
    rows = await sentTelegramMessages(ctx.db, eventId);
  } catch (err) {
    client.onError(err, 'listing telegram messages to clear', { event: eventId });
    return;
  }
  await Promise.all(
    rows.map(async (row) => {
      const m = /^(-?\d+):(\d+)$/.exec(row.external_id ?? '');
      if (!m) {
        client.log.warn({ delivery: row.id, external_id: row.external_id }, 'telegram external_id is not chat_id:message_id');
        return;
      }
      const edited = await client.editReplyMarkup(Number(m[1]), Number(m[2]));
      // "message is not modified": the buttons are already gone, which is what we want.
      if (!edited.ok && !/not modified/i.test(edited.error)) {
        client.log.warn({ delivery: row.id, event: eventId, error: edited.error }, 'could not remove telegram buttons');
      }
    }),
  );
}

/**
 * A withdrawn notice's messages lose their buttons (issue 24): the text
 * stays, the Open button goes. Best effort, like clearButtonsAfterDone.
 */
export async function clearNoticeButtons(client: TelegramClient, sent: SentNoticeMessage[]): Promise<void> {
  await Promise.all(
    sent.map(async (row) => {
      const m = /^(-?\d+):(\d+)$/.exec(row.external_id);
      if (!m) return client.log.warn({ delivery: row.delivery_id, external_id: row.external_id }, 'telegram external_id is not chat_id:message_id');
      const edited = await client.editReplyMarkup(Number(m[1]), Number(m[2]));
      if (!edited.ok && !/not modified/i.test(edited.error)) {
        client.log.warn({ delivery: row.delivery_id, error: edited.error }, 'could not remove the buttons of a withdrawn notice');
      }
    }),
  );
}
