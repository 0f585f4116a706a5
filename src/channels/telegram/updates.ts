// What Hado does with an update Telegram posts to /hooks/telegram (SPEC A6,
// A7, A8): button presses "ack:{token}" / "done:{token}" act on the event,
// "/start <code>" links the chat, and any message or press from a linked chat
// is presence. The database work happens before the HTTP answer; the calls
// back to Telegram (answers, replies) run in the background, so Telegram gets
// its 200 quickly.
import type { Clock } from '../../clock.ts';
import type { Action } from '../../core/actions.ts';
import type { Db } from '../../db/connect.ts';
import { hashToken } from '../../core/tokens.ts';
import { findDeliveryInChat, isTelegramChatLinked, telegramChatLocale, touchTelegramChat } from '../../db/telegram.ts';
import { toDate } from '../../domain/time.ts';
import { HadoError } from '../../errors.ts';
import { BASE_LOCALE, type Locale, localeOfTag, toLocale } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import type { TelegramClient } from './api.ts';
import { redeemCode } from './link.ts';

// The parts of an Update Hado reads (https://core.telegram.org/bots/api#update).
export interface CallbackUpdate {
  kind: 'callback';
  id: string;
  data: string | null;
  /** The chat of the message the button is on; null for inline messages. */
  chatId: number | null;
  /** The presser's Telegram language (from.language_code, e.g. "uk"), when Telegram knows it. */
  languageCode: string | null;
}

export interface MessageUpdate {
  kind: 'message';
  chatId: number;
  chatType: string;
  text: string | null;
  /** The sender's Telegram language (from.language_code), when Telegram knows it. */
  languageCode: string | null;
}

export type ParsedUpdate = CallbackUpdate | MessageUpdate | { kind: 'other' };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * Checks the shape of an update; null when it is malformed (no update_id, or
 * a callback_query / message without the fields Telegram always sends).
 * Kinds Hado has no use for parse as "other".
 */
export function parseUpdate(body: unknown): ParsedUpdate | null {
  if (!isObject(body) || !isId(body.update_id) || body.update_id < 0) return null;
  if (body.callback_query !== undefined) {
    const q = body.callback_query;
    if (!isObject(q) || typeof q.id !== 'string' || q.id === '' || !isObject(q.from) || !isId(q.from.id)) return null;
    if (q.data !== undefined && typeof q.data !== 'string') return null;
    let chatId: number | null = null;
    if (q.message !== undefined) {
      if (!isObject(q.message) || !isObject(q.message.chat) || !isId(q.message.chat.id)) return null;
      chatId = q.message.chat.id;
    }
    return { kind: 'callback', id: q.id, data: (q.data as string | undefined) ?? null, chatId, languageCode: languageCodeOf(q.from) };
  }
  if (body.message !== undefined) {
    const m = body.message;
    if (!isObject(m) || !isId(m.message_id) || !isObject(m.chat) || !isId(m.chat.id) || typeof m.chat.type !== 'string') {
      return null;
    }
    if (m.text !== undefined && typeof m.text !== 'string') return null;
    return {
      kind: 'message',
      chatId: m.chat.id,
      chatType: m.chat.type,
      text: (m.text as string | undefined) ?? null,
      languageCode: isObject(m.from) ? languageCodeOf(m.from) : null,
    };
  }
  return { kind: 'other' };
}

/** User.language_code (https://core.telegram.org/bots/api#user): an IETF tag, optional. */
const languageCodeOf = (from: Json): string | null => (typeof from.language_code === 'string' ? from.language_code : null);

export interface UpdateDeps {
  db: Db;
  clock: Clock;
  /** HADO_DEFAULT_LOCALE: the language of a chat Hado knows nothing about. */
  defaultLocale: Locale;
  client: TelegramClient;
  /** Ack or Done by a delivery's action token (the same rules as /a/{token}). */
  act(token: string, action: Action): Promise<unknown>;
}

/** What was done, for logs and tests. */
export type UpdateOutcome =
  | 'acted'
  | 'action-refused'
  | 'button-not-for-chat'
  | 'bad-button'
  | 'linked'
  | 'link-refused'
  | 'start-help'
  | 'presence'
  | 'ignored';

/** What the bot says, in a language (src/i18n/catalogs: telegram.*). */
export function replies(locale: Locale) {
  return {
    ack: t(locale, 'telegram.acked'),
    done: t(locale, 'telegram.doneToast'),
    expired: t(locale, 'telegram.expired'),
    refused: t(locale, 'telegram.refused'),
    linked: t(locale, 'telegram.linked'),
    badCode: t(locale, 'telegram.badCode'),
    expiredCode: t(locale, 'telegram.expiredCode'),
    usedCode: t(locale, 'telegram.usedCode'),
    notPrivate: t(locale, 'telegram.notPrivate'),
    help: t(locale, 'telegram.help'),
    alreadyLinked: t(locale, 'telegram.alreadyLinked'),
  };
}

/** The English replies. */
export const REPLIES = replies(BASE_LOCALE);

/**
 * The language to answer a chat in (issue 13): the linked user's; for a chat
 * not linked yet, the sender's Telegram language when Hado speaks it; else
 * HADO_DEFAULT_LOCALE.
 */
async function chatLocale(deps: UpdateDeps, chatId: number | null, languageCode: string | null): Promise<Locale> {
  const linked = chatId === null ? null : await telegramChatLocale(deps.db, chatId);
  if (linked !== null) return toLocale(linked);
  return localeOfTag(languageCode) ?? deps.defaultLocale;
}

const CALLBACK = /^(ack|done):([A-Za-z0-9_-]{1,60})$/;
const START = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/;

export async function handleUpdate(deps: UpdateDeps, update: ParsedUpdate): Promise<UpdateOutcome> {
  if (update.kind === 'callback') return handleCallback(deps, update);
  if (update.kind === 'message') return handleMessage(deps, update);
  return 'ignored';
}

async function handleCallback(deps: UpdateDeps, q: CallbackUpdate): Promise<UpdateOutcome> {
  const answer = (text: string) => deps.client.background('answerCallbackQuery', () => deps.client.answerCallback(q.id, text));
  const locale = await chatLocale(deps, q.chatId, q.languageCode);
  const say = replies(locale);
  const m = q.data === null ? null : CALLBACK.exec(q.data);
  if (!m || q.chatId === null) {
    answer(say.expired);
    return 'bad-button';
  }
  const action = m[1] as Action;
  const token = m[2]!;
  // Only a token sent to this very chat may act: a callback from any other
  // chat is forged or replayed and changes nothing, presence included.
  const delivery = await findDeliveryInChat(deps.db, hashToken(token), q.chatId);
  if (!delivery) {
    answer(say.expired);
    return 'button-not-for-chat';
  }
  await touchTelegramChat(deps.db, q.chatId, toDate(deps.clock.now()));
  try {
    await deps.act(token, action);
  } catch (e) {
    if (!(e instanceof HadoError) || e.status >= 500) throw e;
    // English readers get the API's own reason; the other languages a plain refusal.
    answer(e.status === 404 ? say.expired : locale === BASE_LOCALE ? e.message : say.refused);
    return 'action-refused';
  }
  answer(action === 'ack' ? say.ack : say.done);
  return 'acted';
}

async function handleMessage(deps: UpdateDeps, msg: MessageUpdate): Promise<UpdateOutcome> {
  const reply = (text: string) =>
    deps.client.background('reply', async () => {
      const sent = await deps.client.sendMessage(msg.chatId, text);
      if (!sent.ok) deps.client.log.warn({ chat: msg.chatId, error: sent.error }, 'telegram reply not sent');
    });
  const now = toDate(deps.clock.now());
  const start = msg.text === null ? null : START.exec(msg.text.trim());
  if (start) {
    const code = start[1];
    if (code === undefined) {
      const linked = await isTelegramChatLinked(deps.db, msg.chatId);
      if (linked) await touchTelegramChat(deps.db, msg.chatId, now);
      const say = replies(await chatLocale(deps, msg.chatId, msg.languageCode));
      reply(linked ? say.alreadyLinked : say.help);
      return linked ? 'presence' : 'start-help';
    }
    if (msg.chatType !== 'private') {
      reply(replies(await chatLocale(deps, msg.chatId, msg.languageCode)).notPrivate);
      return 'link-refused';
    }
    const outcome = await redeemCode(deps.db, code, msg.chatId, now);
    // After linking, the chat is the user's: it speaks their language.
    const say = replies(await chatLocale(deps, msg.chatId, msg.languageCode));
    if (!outcome.ok) {
      reply(outcome.reason === 'expired' ? say.expiredCode : outcome.reason === 'used' ? say.usedCode : say.badCode);
      return 'link-refused';
    }
    reply(say.linked);
    return 'linked';
  }
  // Anything else is only presence, and only for a chat that is linked.
  return (await touchTelegramChat(deps.db, msg.chatId, now)) > 0 ? 'presence' : 'ignored';
}
