// The bot in the user's language (issue 13): a linked chat hears its user's
// language (toasts on the buttons, replies), whatever Telegram's own setting;
// a chat not linked yet hears Telegram's from.language_code when Hado speaks
// it, else HADO_DEFAULT_LOCALE.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { renderMessage } from '../../src/channels/telegram/channel.ts';
import type { OutgoingMessage } from '../../src/channels/types.ts';
import { deliveryTick } from '../../src/scheduler/delivery-tick.ts';
import { lifecycleTick } from '../../src/scheduler/lifecycle-tick.ts';
import { Worker } from '../../src/worker/worker.ts';
import { call, createSource, type TestApp } from '../support/app.ts';
import { type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { callbackUpdate, deliveredRow, hook, linkChat, messageUpdate, settle, telegramApp } from './support.ts';

let tg: FakeTelegram;
let t: TestApp;
let docs: string;

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await telegramApp(tg);
  docs = await createSource(t, 'docs');
  await call(t, 'GET', '/me', { user: 'nikita', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } });
});
afterAll(async () => {
  await t.close();
  await tg.close();
});
beforeEach(() => {
  t.clock.set('2026-08-14T08:00:00Z'); // 10:00 in Madrid on the due day
  tg.clear();
});

/** An update as sent by someone whose Telegram is set to `code`. */
function speaking<T extends { message?: { from: object }; callback_query?: { from: object } }>(update: T, code: string): T {
  Object.assign((update.message ?? update.callback_query)!.from, { language_code: code });
  return update;
}

const replies = (chatId: number) =>
  tg
    .calls('sendMessage')
    .filter((c) => c.body.chat_id === chatId)
    .map((c) => c.body.text);
const answers = () => tg.calls('answerCallbackQuery').map((c) => c.body.text);

let ref = 1;
async function deliveredTo(login: string, channelId: number) {
  const res = await call(t, 'PUT', '/api/events', {
    token: docs,
    body: { events: [{ user: login, source_ref: `p:${ref++}`, due_at: '2026-08-14', payload: { title: 'День рождения Васи' } }] },
  });
  expect(res.status).toBe(200);
  return deliveredRow(t.store.db, res.body.events[0].id, channelId, `${channelId}:1`, '2026-08-14T07:00:00Z');
}

describe('a Russian user', () => {
  it('is told in Russian that the chat is linked, though their Telegram speaks English', async () => {
    const code = (await call(t, 'POST', '/me/channels/telegram/link', { user: 'nikita' })).body.code;
    await hook(t, speaking(messageUpdate(7001, `/start ${code}`), 'en'));
    await settle(t);
    expect(replies(7001)).toEqual(['✅ Этот чат подключён к Hado. Напоминания будут приходить сюда.']);
  });

  it('gets Russian toasts on the buttons: Ack, Done, and a spent button', async () => {
    const ch = await linkChat(t, 'nikita', 7002);
    const ack = await deliveredTo('nikita', ch);
    const done = await deliveredTo('nikita', ch);
    tg.clear();
    await hook(t, speaking(callbackUpdate(7002, `ack:${ack}`), 'en'));
    await hook(t, callbackUpdate(7002, `done:${done}`));
    await hook(t, callbackUpdate(7002, `done:${done}`));
    await hook(t, callbackUpdate(7002, 'nonsense'));
    await settle(t);
    // The answers go out in the background: their order is not the presses'.
    expect(answers().sort()).toEqual(
      ['Принято ✓ Тишина до следующего напоминания.', 'Готово ✓', 'Эта кнопка больше не действует.', 'Эта кнопка больше не действует.'].sort(),
    );
  });

  it('a refused Ack is a plain Russian refusal, not the API’s English reason', async () => {
    const ch = await linkChat(t, 'nikita', 7003);
    const res = await call(t, 'PUT', '/api/events', {
      token: docs,
      body: { events: [{ user: 'nikita', source_ref: `p:${ref++}`, due_at: '2026-09-30', payload: { title: 'Позже' } }] },
    });
    const token = await deliveredRow(t.store.db, res.body.events[0].id, ch, '7003:1', '2026-08-14T07:00:00Z');
    tg.clear();
    await hook(t, callbackUpdate(7003, `ack:${token}`));
    await settle(t);
    expect(answers()).toEqual(['Это напоминание сейчас нельзя изменить.']);
  });

  it('hears "/start" in Russian once linked', async () => {
    await linkChat(t, 'nikita', 7004);
    tg.clear();
    await hook(t, speaking(messageUpdate(7004, '/start'), 'uk'));
    await settle(t);
    expect(replies(7004)).toEqual(['Этот чат подключён к Hado.']);
  });
});

describe('a Russian user’s buttons', () => {
  it('a reminder through the tick and the worker carries «Помню» and «Готово», or the client’s own label', async () => {
    await call(t, 'GET', '/me', { user: 'vera', headers: { 'accept-language': 'ru' } });
    t.clock.set('2026-08-14T07:55:00Z'); // 09:55 in Madrid
    await linkChat(t, 'vera', 7201); // the /start makes the chat present for 10 minutes
    const put = await call(t, 'PUT', '/api/events', {
      token: docs,
      body: {
        events: [
          { user: 'vera', source_ref: 'v:1', due_at: '2026-08-14', payload: { title: 'Позвонить маме' } },
          { user: 'vera', source_ref: 'v:2', due_at: '2026-08-14', payload: { title: 'Поздравить Васю', done_label: 'Поздравила' } },
        ],
      },
    });
    expect(put.status).toBe(200);
    t.clock.set('2026-08-14T08:01:00Z'); // 10:01, inside the 10-11 window
    const { fallbackDayMinutes, fallbackHourMinutes, fallbackHours } = t.config;
    const { channels } = t.ctx;
    const presence = new PresenceCache(channels, { timeoutMs: 2000 });
    await lifecycleTick(t.store.db, t.clock.now());
    await deliveryTick(t.store.db, t.clock.now(), { presence, cfg: { fallbackDayMinutes, fallbackHourMinutes, fallbackHours } });
    tg.clear();
    await new Worker({ db: t.store.db, clock: t.clock, channels, appUrl: t.config.appUrl }).drain();
    const keyboards = tg
      .calls('sendMessage')
      .filter((c) => c.body.chat_id === 7201)
      .map((c) => [c.body.text, c.body.reply_markup.inline_keyboard[0].map((b: { text: string }) => b.text)]);
    expect(keyboards.sort()).toEqual(
      [
        ['<b>Позвонить маме</b>', ['Помню', 'Готово']],
        ['<b>Поздравить Васю</b>', ['Помню', 'Поздравила']],
      ].sort(),
    );
  });

  it('renders each language’s buttons; a notice’s link button too', () => {
    const base: OutgoingMessage = {
      deliveryId: 1,
      actionToken: 'tok',
      kind: 'event',
      body: {},
      title: 'x',
      subtitle: null,
      deepLink: null,
      doneLabel: null,
      locale: 'en',
    };
    const labels = (m: OutgoingMessage) => renderMessage(m).replyMarkup!.inline_keyboard[0]!.map((b) => b.text);
    expect(labels(base)).toEqual(['Ack', 'Done']);
    expect(labels({ ...base, locale: 'ru' })).toEqual(['Помню', 'Готово']);
    expect(labels({ ...base, locale: 'uk' })).toEqual(["Пам'ятаю", 'Готово']);
    const notice = { ...base, kind: 'notice' as const, deepLink: 'https://docs.example/1' };
    expect(labels({ ...notice, locale: 'uk' })).toEqual(['Відкрити']);
    expect(labels({ ...notice, locale: 'ru' })).toEqual(['Открыть']);
  });
});

describe('a chat not linked yet', () => {
  it('speaks Ukrainian to a Ukrainian Telegram', async () => {
    await hook(t, speaking(messageUpdate(7101, '/start'), 'uk'));
    await hook(t, speaking(messageUpdate(7101, '/start not-a-code'), 'uk'));
    await hook(t, speaking(messageUpdate(-7102, '/start abc', 'group'), 'uk'));
    await settle(t);
    expect(replies(7101)).toEqual([
      "Щоб отримувати нагадування тут, відкрийте Hado: Налаштування → Telegram → Прив'язати Telegram, а потім надішліть код командою /start <код>.",
      "⚠️ Код прив'язки недійсний. Отримайте новий у Hado: Налаштування → Telegram → Прив'язати Telegram.",
    ]);
    expect(replies(-7102)).toEqual(["⚠️ Прив'язуйте Hado в особистому чаті з ботом, а не в групі."]);
  });

  it('a region tag counts (ru-RU); a language Hado does not speak gets HADO_DEFAULT_LOCALE (en)', async () => {
    await hook(t, speaking(messageUpdate(7103, '/start'), 'ru-RU'));
    await hook(t, speaking(messageUpdate(7104, '/start'), 'de'));
    await hook(t, messageUpdate(7105, '/start'));
    await settle(t);
    expect(replies(7103)[0]).toMatch(/^Чтобы получать напоминания здесь/);
    expect(replies(7104)[0]).toMatch(/^To get reminders here/);
    expect(replies(7105)[0]).toMatch(/^To get reminders here/);
  });

  it('a button from an unknown chat is answered in the presser’s language', async () => {
    await hook(t, speaking(callbackUpdate(7106, 'ack:nothing'), 'uk'));
    await settle(t);
    expect(answers()).toEqual(['Ця кнопка вже не діє.']);
  });
});
