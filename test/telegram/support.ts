// Builders for the Telegram HTTP tests: an app wired to the fake Bot API,
// updates as Telegram posts them, and a linked chat with a delivered event.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.ts';
import { hashToken } from '../../src/core/tokens.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { BOT_TOKEN, type FakeTelegram } from '../support/fake-telegram.ts';

export const SECRET = 'hook-secret_123456';

export function telegramApp(tg: FakeTelegram, now = '2026-08-14T08:00:00Z'): Promise<TestApp> {
  return createTestApp({
    now,
    env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_ROOT: tg.url, LOG_LEVEL: 'silent' },
  });
}

/** Waits for the calls the app makes to Telegram after answering (answers, replies, button cleanup). */
export const settle = (t: TestApp): Promise<void> => t.ctx.channels.idle();

let nextUpdateId = 1000;

export function messageUpdate(chatId: number, text: string, type = 'private') {
  const id = nextUpdateId++;
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1786694400,
      chat: type === 'private' ? { id: chatId, type, first_name: 'Nikita' } : { id: chatId, type, title: 'Family' },
      from: { id: Math.abs(chatId), is_bot: false, first_name: 'Nikita' },
      text,
    },
  };
}

export function callbackUpdate(chatId: number, data: string, messageId = 100) {
  const id = nextUpdateId++;
  return {
    update_id: id,
    callback_query: {
      id: `cbq-${id}`,
      from: { id: chatId, is_bot: false, first_name: 'Nikita' },
      chat_instance: '-42',
      data,
      message: { message_id: messageId, date: 1786694400, chat: { id: chatId, type: 'private', first_name: 'Nikita' }, text: 'x' },
    },
  };
}

export function hook(t: TestApp, body: unknown, secret: string | null = SECRET) {
  return call(t, 'POST', '/hooks/telegram', { body, headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret } });
}

/** Links `chatId` to `login` through the real flow: code from the inbox, "/start <code>" to the bot. */
export async function linkChat(t: TestApp, login: string, chatId: number): Promise<number> {
  const res = await call(t, 'POST', '/me/channels/telegram/link', { user: login });
  if (res.status !== 200) throw new Error(`link: ${res.status} ${JSON.stringify(res.body)}`);
  const linked = await hook(t, messageUpdate(chatId, `/start ${res.body.code}`));
  if (linked.status !== 200) throw new Error(`start: ${linked.status}`);
  await settle(t);
  const row = await t.store.db
    .selectFrom('channels')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select('channels.id')
    .where('users.login', '=', login)
    .where('channels.type', '=', 'telegram')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A delivery row as the worker leaves it after a successful send. */
export async function deliveredRow(db: Db, eventId: number, channelId: number, externalId: string, windowStart: string) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('deliveries')
    .values({
      event_id: eventId,
      channel_id: channelId,
      window_start: windowStart,
      action_token_hash: hashToken(token),
      result: 'ok',
      sent_at: windowStart,
      external_id: externalId,
      created_at: windowStart,
    })
    .execute();
  return token;
}

/** Every row of the tables an update could touch, for "nothing changed" checks. */
export async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['users', 'channels', 'events', 'deliveries', 'telegram_link_codes']) {
    const res = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(db);
    out[table] = res.rows;
  }
  return out;
}
