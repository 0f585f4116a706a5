// The Telegram channel against a local fake Bot API server: the exact
// sendMessage body, presence by the 10-minute window, the flood limits and
// the 429 retry_after, and how failures reach the outbox.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TelegramClient, type TelegramClientOptions } from '../../src/channels/telegram/api.ts';
import { PRESENCE_WINDOW_MS, renderMessage, telegramChannel } from '../../src/channels/telegram/channel.ts';
import { SendLimiter, type TimeSource } from '../../src/channels/telegram/limiter.ts';
import type { ChannelRecord, OutgoingMessage, PresenceUser } from '../../src/channels/types.ts';
import { FakeClock } from '../../src/clock.ts';
import { toDate } from '../../src/domain/time.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';

let tg: FakeTelegram;
beforeAll(async () => {
  tg = await startFakeTelegram();
});
afterAll(async () => {
  await tg.close();
});
afterEach(() => tg.clear());

const user: PresenceUser = { id: 1, login: 'nikita', lastHeartbeatAt: null };
const TOKEN = 'Zk2QbQ0nq1n3p9mY8Yc9uQ7p6GkqvJ8yq2c1zX0aB4E'; // 43 chars, like base64url of 32 bytes

function channel(over: Partial<ChannelRecord> = {}): ChannelRecord {
  return { id: 7, userId: 1, type: 'telegram', enabled: true, config: { chat_id: 4242 }, secret: null, lastSeenAt: null, ...over };
}

function message(over: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    deliveryId: 1,
    actionToken: TOKEN,
    kind: 'event',
    body: {},
    title: "Vasya's birthday today",
    subtitle: 'turns 34',
    deepLink: '/people/42',
    doneLabel: 'Congratulated',
    locale: 'en',
    ...over,
  };
}

function client(opts: Partial<TelegramClientOptions> = {}) {
  return new TelegramClient({ token: BOT_TOKEN, apiRoot: tg.url, ...opts });
}

describe('deliver', () => {
  it('sends one HTML message with Ack and done_label buttons, and returns chat_id:message_id', async () => {
    const result = await telegramChannel(client()).deliver(message(), user, channel());
    const [call] = tg.calls('sendMessage');
    expect(call!.token).toBe(BOT_TOKEN);
    expect(call!.body).toEqual({
      chat_id: 4242,
      text: "<b>Vasya's birthday today</b>\nturns 34",
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Ack', callback_data: `ack:${TOKEN}` },
            { text: 'Congratulated', callback_data: `done:${TOKEN}` },
          ],
        ],
      },
    });
    expect(result).toEqual({ ok: true, externalId: '4242:100' });
  });

  it('escapes HTML in title and subtitle, and labels Done when the event has no done_label', async () => {
    const r = renderMessage(message({ title: 'Tom & Jerry <3', subtitle: '<b>not bold</b>', doneLabel: null }));
    expect(r.text).toBe('<b>Tom &amp; Jerry &lt;3</b>\n&lt;b&gt;not bold&lt;/b&gt;');
    expect(r.replyMarkup!.inline_keyboard[0]![1]).toEqual({ text: 'Done', callback_data: `done:${TOKEN}` });
    expect(renderMessage(message({ subtitle: null })).text).toBe("<b>Vasya's birthday today</b>");
  });

  it('gives a notice a link button to an absolute deep link, and no buttons otherwise', () => {
    const notice = message({ kind: 'notice', doneLabel: null, deepLink: 'https://docs.example/p/1', title: 'Ana mentioned you' });
    expect(renderMessage(notice)).toEqual({
      text: '<b>Ana mentioned you</b>\nturns 34',
      replyMarkup: { inline_keyboard: [[{ text: 'Open', url: 'https://docs.example/p/1' }]] },
    });
    expect(renderMessage({ ...notice, deepLink: '/p/1' }).replyMarkup).toBeUndefined();
    expect(renderMessage({ ...notice, deepLink: null }).replyMarkup).toBeUndefined();
  });

  it('keeps the text within Telegram limits', () => {
    const r = renderMessage(message({ title: 'x'.repeat(1000), subtitle: 'y'.repeat(5000) }));
    const visible = r.text.replace(/<\/?b>/g, '');
    expect([...visible].length).toBeLessThanOrEqual(4096);
  });

  it('refuses a token that does not fit callback_data, before calling Telegram', async () => {
    const result = await telegramChannel(client()).deliver(message({ actionToken: 'a'.repeat(60) }), user, channel());
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(tg.calls('sendMessage')).toHaveLength(0);
  });

  it('fails finally without a chat_id or without a bot token', async () => {
    expect(await telegramChannel(client()).deliver(message(), user, channel({ config: {} }))).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(await telegramChannel(null).deliver(message(), user, channel())).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringContaining('TELEGRAM_BOT_TOKEN'),
    });
    expect(tg.requests).toHaveLength(0);
  });

  it('maps Bot API failures: 5xx retryable, 403 and 401 final, never leaking the token', async () => {
    const ch = telegramChannel(client());
    tg.failNext('sendMessage', { status: 502, description: 'Bad Gateway' });
    expect(await ch.deliver(message(), user, channel({ config: { chat_id: 1 } }))).toMatchObject({ ok: false, retryable: true });
    tg.failNext('sendMessage', { status: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(await ch.deliver(message(), user, channel({ config: { chat_id: 2 } }))).toEqual({
      ok: false,
      retryable: false,
      error: 'sendMessage: 403 Forbidden: bot was blocked by the user',
    });
    const wrong = await telegramChannel(client({ token: '1:wrong' })).deliver(message(), user, channel({ config: { chat_id: 3 } }));
    expect(wrong).toMatchObject({ ok: false, retryable: false });
    expect(JSON.stringify(wrong)).not.toContain('wrong');
  });

  it('reports a hung Bot API as retryable after the request timeout', async () => {
    const held = tg.hangNext('sendMessage');
    const result = await telegramChannel(client({ timeoutSeconds: 1 })).deliver(message(), user, channel());
    held.release();
    expect(result).toMatchObject({ ok: false, retryable: true });
  });
});

describe('presence', () => {
  it('is present for 10 minutes after the last interaction, then unknown — never absent', async () => {
    const clock = new FakeClock('2026-08-14T10:00:00Z');
    const ch = telegramChannel(client());
    const seen = channel({ lastSeenAt: toDate(clock.now()) });
    expect(await ch.presence(user, seen, toDate(clock.now()))).toBe('present');
    clock.advance({ minutes: 9, seconds: 59 });
    expect(await ch.presence(user, seen, toDate(clock.now()))).toBe('present');
    clock.advance({ seconds: 1 });
    expect(await ch.presence(user, seen, toDate(clock.now()))).toBe('unknown');
    expect(await ch.presence(user, channel(), toDate(clock.now()))).toBe('unknown');
    expect(PRESENCE_WINDOW_MS).toBe(600_000);
    expect(tg.requests).toHaveLength(0);
  });
});

describe('flood limits', () => {
  it('spaces messages to one chat by a second, while other chats go at once', async () => {
    const ch = telegramChannel(client());
    const started = performance.now();
    await Promise.all([
      ch.deliver(message(), user, channel({ config: { chat_id: 1 } })),
      ch.deliver(message(), user, channel({ config: { chat_id: 1 } })),
      ch.deliver(message(), user, channel({ config: { chat_id: 1 } })),
      ch.deliver(message(), user, channel({ config: { chat_id: 2 } })),
      ch.deliver(message(), user, channel({ config: { chat_id: 3 } })),
    ]);
    const toChat = (id: number) =>
      tg
        .calls('sendMessage')
        .filter((c) => c.body.chat_id === id)
        .map((c) => c.at);
    const one = toChat(1);
    expect(one).toHaveLength(3);
    // Slots leave a second apart; arrival can jitter a little on a loaded machine.
    expect(one[1]! - one[0]!).toBeGreaterThanOrEqual(900);
    expect(one[2]! - one[1]!).toBeGreaterThanOrEqual(900);
    expect(one[2]! - one[0]!).toBeGreaterThanOrEqual(1900);
    // The other chats did not queue behind chat 1.
    expect(toChat(2)[0]! - started).toBeLessThan(500);
    expect(toChat(3)[0]! - started).toBeLessThan(500);
  });

  it('honours a 429 retry_after: the delivery is retryable after that long, and the chat is held back meanwhile', async () => {
    const ch = telegramChannel(client({ limits: { maxWaitMs: 500 } }));
    tg.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    expect(await ch.deliver(message(), user, channel())).toEqual({
      ok: false,
      retryable: true,
      retryAfterMs: 7000,
      error: 'sendMessage: 429 Too Many Requests: retry after 7',
    });
    const again = await ch.deliver(message(), user, channel());
    expect(again).toMatchObject({ ok: false, retryable: true });
    expect((again as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(6000);
    expect(tg.calls('sendMessage')).toHaveLength(1);
    // Another chat is not held back.
    expect(await ch.deliver(message(), user, channel({ config: { chat_id: 99 } }))).toMatchObject({ ok: true });
  });

  it('hands out at most 25 slots in any second overall and one per second per chat (virtual time)', async () => {
    let t = 0;
    const time: TimeSource = {
      now: () => t,
      sleep: async () => {},
    };
    const limiter = new SendLimiter({ perChatIntervalMs: 1000, globalPerSecond: 25, maxWaitMs: 60_000 }, time);
    const slots: Array<{ chat: string; at: number }> = [];
    for (let i = 0; i < 200; i++) {
      const chat = String(i % 40);
      const r = limiter.reserve(chat);
      expect(r.ok).toBe(true);
      if (r.ok) slots.push({ chat, at: t + r.waitMs });
      if (i % 7 === 0) t += 13; // time moves a little between requests
    }
    const times = slots.map((s) => s.at).sort((a, b) => a - b);
    for (let i = 25; i < times.length; i++) expect(times[i]! - times[i - 25]!).toBeGreaterThanOrEqual(1000);
    const byChat = new Map<string, number[]>();
    for (const s of slots) byChat.set(s.chat, [...(byChat.get(s.chat) ?? []), s.at]);
    for (const list of byChat.values()) {
      list.sort((a, b) => a - b);
      for (let i = 1; i < list.length; i++) expect(list[i]! - list[i - 1]!).toBeGreaterThanOrEqual(1000);
    }
  });

  it('does not queue a send whose slot is further than maxWaitMs away', () => {
    const t = 0;
    const limiter = new SendLimiter(
      { perChatIntervalMs: 1000, globalPerSecond: 25, maxWaitMs: 1500 },
      {
        now: () => t,
        sleep: async () => {},
      },
    );
    expect(limiter.reserve('a')).toEqual({ ok: true, waitMs: 0 });
    expect(limiter.reserve('a')).toEqual({ ok: true, waitMs: 1000 });
    expect(limiter.reserve('a')).toEqual({ ok: false, retryAfterMs: 2000 });
  });
});
