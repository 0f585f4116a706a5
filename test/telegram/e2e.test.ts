// Telegram end to end: a chat linked by code is present for 10 minutes, so
// the delivery tick picks it; the worker sends the message through the fake
// Bot API; the Done button in that message closes the event and the buttons
// go away. A 429 makes the outbox wait Telegram's retry_after.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import { TelegramClient } from '../../src/channels/telegram/api.ts';
import { telegramChannel } from '../../src/channels/telegram/channel.ts';
import { REPLIES } from '../../src/channels/telegram/updates.ts';
import type { WindowConfig } from '../../src/domain/windows.ts';
import { deliveryTick } from '../../src/scheduler/delivery-tick.ts';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { Worker } from '../../src/worker/worker.ts';
import { call, createSource, type TestApp } from '../support/app.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { callbackUpdate, hook, linkChat, settle, telegramApp } from './support.ts';

let tg: FakeTelegram;
let t: TestApp;
let docs: string;
let cfg: WindowConfig;

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await telegramApp(tg, '2026-08-14T07:55:00Z'); // 09:55 in Madrid
  docs = await createSource(t, 'docs');
  const { fallbackDayMinutes, fallbackHourMinutes, fallbackHours } = t.config;
  cfg = { fallbackDayMinutes, fallbackHourMinutes, fallbackHours };
});
afterAll(async () => {
  await t.close();
  await tg.close();
});
beforeEach(async () => {
  tg.clear();
  await t.store.db.deleteFrom('events').execute();
  await t.store.db.deleteFrom('channels').where('type', '=', 'telegram').execute();
});

/** The tick and a worker over the app's registry, or over `channels`. */
function machinery(channels = t.ctx.channels) {
  const presence = new PresenceCache(channels, { timeoutMs: 2000 });
  const worker = new Worker({ db: t.store.db, clock: t.clock, channels, appUrl: t.config.appUrl });
  const tick = async () => {
    await lifecycleTick(t.store.db, t.clock.now());
    return deliveryTick(t.store.db, t.clock.now(), { presence, cfg });
  };
  return { tick, worker };
}

async function birthday(login: string, ref: string) {
  const res = await call(t, 'PUT', '/api/events', {
    token: docs,
    body: {
      events: [
        {
          user: login,
          source_ref: ref,
          topic: 'birthday',
          due_at: '2026-08-14',
          fire_at: '2026-08-14',
          after_due: 'expire',
          payload: { title: 'Vasya <3 birthday today', subtitle: 'turns 34', done_label: 'Congratulated' },
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events[0].id as number;
}

const deliveryRows = (eventId: number) => t.store.db.selectFrom('deliveries').selectAll().where('event_id', '=', eventId).orderBy('id').execute();

describe('Telegram through the tick and the worker', () => {
  it('a chat that just wrote to the bot is present: the reminder goes there, Done from its button closes the event', async () => {
    t.clock.set('2026-08-14T07:55:00Z');
    const channelId = await linkChat(t, 'nikita', 8001); // the /start is an interaction: present until 10:05
    const eventId = await birthday('nikita', 'person:1');
    t.clock.set('2026-08-14T08:01:00Z'); // 10:01 Madrid, inside the 10-11 window, not a fallback moment
    const { tick, worker } = machinery();
    await tick();
    const [row, ...others] = await deliveryRows(eventId);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ channel_id: channelId, result: 'pending' });
    tg.clear();
    expect(await worker.drain()).toBe(1);
    const [sent] = tg.calls('sendMessage');
    expect(sent!.body).toEqual({
      chat_id: 8001,
      text: '<b>Vasya &lt;3 birthday today</b>\nturns 34',
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Ack', callback_data: `ack:${row!.action_token}` },
            { text: 'Congratulated', callback_data: `done:${row!.action_token}` },
          ],
        ],
      },
    });
    const [delivered] = await deliveryRows(eventId);
    expect(delivered).toMatchObject({ result: 'ok', external_id: expect.stringMatching(/^8001:\d+$/) });
    const messageId = Number(delivered!.external_id!.split(':')[1]);

    // The user presses Done in that message.
    t.clock.set('2026-08-14T08:03:00Z');
    const update = callbackUpdate(8001, `done:${row!.action_token}`, messageId);
    expect((await hook(t, update)).status).toBe(200);
    const event = await t.store.db.selectFrom('events').select(['state', 'done_at']).where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(event).toEqual({ state: 'done', done_at: new Date('2026-08-14T08:03:00Z') });
    await settle(t);
    expect(tg.calls('answerCallbackQuery').map((c) => c.body)).toEqual([{ callback_query_id: update.callback_query.id, text: REPLIES.done }]);
    expect(tg.calls('editMessageReplyMarkup').map((c) => c.body)).toEqual([{ chat_id: 8001, message_id: messageId }]);
    // The token died with the event: a second press acts on nothing.
    await hook(t, callbackUpdate(8001, `ack:${row!.action_token}`, messageId));
    await settle(t);
    expect(tg.calls('answerCallbackQuery').at(-1)!.body.text).toBe(REPLIES.expired);
  });

  it('ten minutes after the last interaction Telegram is no longer present, so nothing is sent outside fallback', async () => {
    t.clock.set('2026-08-14T07:55:00Z');
    await linkChat(t, 'ana', 8002);
    const eventId = await birthday('ana', 'person:2');
    t.clock.set('2026-08-14T08:05:00Z'); // 10:05 Madrid: exactly 10 minutes later
    await machinery().tick();
    expect(await deliveryRows(eventId)).toEqual([]);
  });

  it('a 429 keeps the row pending until retry_after has passed, then it is sent', async () => {
    t.clock.set('2026-08-14T07:55:00Z');
    await linkChat(t, 'boris', 8003);
    const eventId = await birthday('boris', 'person:3');
    t.clock.set('2026-08-14T08:01:00Z');
    const { tick, worker } = machinery();
    await tick();
    tg.clear();
    tg.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 45', parameters: { retry_after: 45 } });
    await worker.drain();
    const [row] = await deliveryRows(eventId);
    expect(row).toMatchObject({ result: 'pending', error: 'sendMessage: 429 Too Many Requests: retry after 45' });
    // The worker's own backoff after a first attempt is 30 s; Telegram asked for 45 s.
    expect(row!.next_attempt_at).toEqual(new Date('2026-08-14T08:01:45Z'));
    t.clock.set('2026-08-14T08:01:44Z');
    expect(await worker.drain()).toBe(0);
    t.clock.set('2026-08-14T08:01:45Z');
    // This process's client also holds the chat back for 45 s of real time; stand in another process.
    const { worker: fresh } = machinery(new ChannelRegistry().register(telegramChannel(new TelegramClient({ token: BOT_TOKEN, apiRoot: tg.url }))));
    expect(await fresh.drain()).toBe(1);
    expect((await deliveryRows(eventId))[0]).toMatchObject({ result: 'ok', external_id: expect.stringMatching(/^8003:\d+$/) });
    expect(tg.calls('sendMessage').every((c) => c.token === BOT_TOKEN)).toBe(true);
  });
});
