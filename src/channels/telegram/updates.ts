// What Hado does with an update Telegram posts to /hooks/telegram (SPEC A6,
// A7, A8): button presses "ack:{token}" / "done:{token}" act on the event,
// "/start <code>" links the chat, and any message or press from a linked chat
// is presence. The database work happens before the HTTP answer; the calls
// back to Telegram (answers, replies) run in the background, so Telegram gets
// its 200 quickly.
import type { Clock } from '../../clock.ts';
import type { Action } from '../../core/actions.ts';
import type { Db } from '../../db/connect.ts';
import { findDeliveryInChat, isTelegramChatLinked, touchTelegramChat } from '../../db/telegram.ts';
import { toDate } from '../../domain/time.ts';
import { HadoError } from '../../errors.ts';
import type { TelegramClient } from './api.ts';
import { redeemCode } from './link.ts';

// The parts of an Update Hado reads (https://core.telegram.org/bots/api#update).
export interface CallbackUpdate {
  kind: 'callback';
  id: string;
  data: string | null;
  /** The chat of the message the button is on; null for inline messages. */
  chatId: number | null;
}

export interface MessageUpdate {
  kind: 'message';
  chatId: number;
  chatType: string;
  text: string | null;
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
    return { kind: 'callback', id: q.id, data: (q.data as string | undefined) ?? null, chatId };
  }
  if (body.message !== undefined) {
    const m = body.message;
    if (!isObject(m) || !isId(m.message_id) || !isObject(m.chat) || !isId(m.chat.id) || typeof m.chat.type !== 'string') {
      return null;
    }
    if (m.text !== undefined && typeof m.text !== 'string') return null;
    return { kind: 'message', chatId: m.chat.id, chatType: m.chat.type, text: (m.text as string | undefined) ?? null };
  }
  return { kind: 'other' };
}

export interface UpdateDeps {
  db: Db;
  clock: Clock;
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

export const REPLIES = {
  ack: 'Noted ✓ Quiet until the next reminder.',
  done: 'Done ✓',
  expired: 'This button has expired.',
  linked: '✅ This chat is now linked to Hado. Reminders will arrive here.',
  badCode: '⚠️ This link code is not valid. Get a new one in Hado: settings → Telegram → Link.',
  expiredCode: '⚠️ This link code has expired. Get a new one in Hado: settings → Telegram → Link.',
  usedCode: '⚠️ This link code was already used. Get a new one in Hado: settings → Telegram → Link.',
  notPrivate: '⚠️ Link Hado in a private chat with the bot, not in a group.',
  help: 'To get reminders here, open Hado: settings → Telegram → Link, then send the code with /start <code>.',
  alreadyLinked: 'This chat is linked to Hado.',
} as const;

const CALLBACK = /^(ack|done):([A-Za-z0-9_-]{1,60})$/;
const START = /^\/start(?:@[A-Za-z0-9_]+)?(?:\s+(\S+))?\s*$/;

export async function handleUpdate(deps: UpdateDeps, update: ParsedUpdate): Promise<UpdateOutcome> {
  if (update.kind === 'callback') return handleCallback(deps, update);
  if (update.kind === 'message') return handleMessage(deps, update);
  return 'ignored';
}

async function handleCallback(deps: UpdateDeps, q: CallbackUpdate): Promise<UpdateOutcome> {
  const answer = (text: string) => deps.client.background('answerCallbackQuery', () => deps.client.answerCallback(q.id, text));
  const m = q.data === null ? null : CALLBACK.exec(q.data);
  if (!m || q.chatId === null) {
    answer(REPLIES.expired);
    return 'bad-button';
  }
  const action = m[1] as Action;
  const token = m[2]!;
  // Only a token sent to this very chat may act: a callback from any other
  // chat is forged or replayed and changes nothing, presence included.
  const delivery = await findDeliveryInChat(deps.db, token, q.chatId);
  if (!delivery) {
    answer(REPLIES.expired);
    return 'button-not-for-chat';
  }
  await touchTelegramChat(deps.db, q.chatId, toDate(deps.clock.now()));
  try {
    await deps.act(token, action);
  } catch (e) {
    if (!(e instanceof HadoError) || e.status >= 500) throw e;
    answer(e.status === 404 ? REPLIES.expired : e.message);
    return 'action-refused';
  }
  answer(action === 'ack' ? REPLIES.ack : REPLIES.done);
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
      reply(linked ? REPLIES.alreadyLinked : REPLIES.help);
      return linked ? 'presence' : 'start-help';
    }
    if (msg.chatType !== 'private') {
      reply(REPLIES.notPrivate);
      return 'link-refused';
    }
    const outcome = await redeemCode(deps.db, code, msg.chatId, now);
    if (!outcome.ok) {
      reply(outcome.reason === 'expired' ? REPLIES.expiredCode : outcome.reason === 'used' ? REPLIES.usedCode : REPLIES.badCode);
      return 'link-refused';
    }
    reply(REPLIES.linked);
    return 'linked';
  }
  // Anything else is only presence, and only for a chat that is linked.
  return (await touchTelegramChat(deps.db, msg.chatId, now)) > 0 ? 'presence' : 'ignored';
}
