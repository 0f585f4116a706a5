// Linking a chat (SPEC A8): a one-time code from /me/channels/telegram/link,
// "/start <code>" to the bot; expired, reused and wrong codes; the webhook
// secret; malformed updates; presence from messages of linked chats.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { telegramChannel } from '../../src/channels/telegram/channel.ts';
import { REPLIES } from '../../src/channels/telegram/updates.ts';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext } from '../../src/runtime.ts';
import { call, type TestApp } from '../support/app.ts';
import { type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { hook, linkChat, messageUpdate, SECRET, settle, snapshot, telegramApp } from './support.ts';

let tg: FakeTelegram;
let t: TestApp;

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await telegramApp(tg);
});
afterAll(async () => {
  await t.close();
  await tg.close();
});
beforeEach(() => {
  t.clock.set('2026-08-14T08:00:00Z');
  tg.clear();
});

/** Another app on the same store with its own configuration (a fresh store per case would be slow). */
async function sameStoreApp(env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '', LOG_LEVEL: 'silent', ...env });
  // Another app on the same store, built as the composition root builds one for this configuration.
  const ctx = buildContext(t.store, config, t.clock);
  return { ...t, config, ctx, app: await buildApp(ctx) };
}

const replies = (chatId: number) =>
  tg
    .calls('sendMessage')
    .filter((c) => c.body.chat_id === chatId)
    .map((c) => c.body.text);

async function telegramChannelOf(login: string) {
  return t.store.db
    .selectFrom('channels')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select(['channels.id', 'channels.config', 'channels.enabled', 'channels.last_seen_at'])
    .where('users.login', '=', login)
    .where('channels.type', '=', 'telegram')
    .execute();
}

describe('POST /me/channels/telegram/link', () => {
  it('gives a one-time code and the bot URL, asking getMe only once', async () => {
    const a = await call(t, 'POST', '/me/channels/telegram/link', { user: 'nikita' });
    const b = await call(t, 'POST', '/me/channels/telegram/link', { user: 'nikita' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      bot_url: 'https://t.me/hado_test_bot',
      start_url: `https://t.me/hado_test_bot?start=${a.body.code}`,
      expires_at: '2026-08-14T08:15:00.000Z',
    });
    expect(b.body.code).not.toBe(a.body.code);
    expect(tg.calls('getMe')).toHaveLength(1);
    // Only the hash is stored.
    const stored = await t.store.db.selectFrom('telegram_link_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(a.body.code);
  });

  it('needs a signed-in user', async () => {
    const res = await call(t, 'POST', '/me/channels/telegram/link', { remoteAddress: '10.1.2.3' });
    expect(res.status).toBe(401);
  });

  it('is a 409 naming the keys when Telegram is not configured, and the hook is a 404', async () => {
    const bare = await sameStoreApp({});
    try {
      const res = await call(bare, 'POST', '/me/channels/telegram/link', { user: 'nikita' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('TELEGRAM_BOT_TOKEN');
      expect((await hook(bare, messageUpdate(1, 'hi'))).status).toBe(404);
    } finally {
      await bare.app.close();
    }
  });

  it('is a 502 when the Bot API refuses the token, and creates no code', async () => {
    const refused = await sameStoreApp({ TELEGRAM_BOT_TOKEN: '999:other', TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_ROOT: tg.url });
    try {
      const before = await snapshot(t.store.db);
      const res = await call(refused, 'POST', '/me/channels/telegram/link', { user: 'nikita' });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('bad_gateway');
      expect(res.body.error.message).toContain('getMe');
      expect(res.body.error.message).not.toContain('999:other');
      expect(await snapshot(t.store.db)).toEqual(before);
    } finally {
      await refused.app.close();
    }
  });
});

describe('/start <code>', () => {
  it('links the chat: creates the telegram channel with chat_id, counts as presence, and confirms', async () => {
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'ana' });
    const res = await hook(t, messageUpdate(5001, `/start ${body.code}`));
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const [ch, ...more] = await telegramChannelOf('ana');
    expect(more).toEqual([]);
    expect(ch).toMatchObject({ config: { chat_id: 5001 }, enabled: true, last_seen_at: new Date('2026-08-14T08:00:00Z') });
    await settle(t);
    expect(replies(5001)).toEqual([REPLIES.linked]);
    const record = { id: ch!.id, userId: 0, type: 'telegram' as const, enabled: true, config: ch!.config, secret: null, lastSeenAt: ch!.last_seen_at };
    expect(await telegramChannel(t.ctx.telegram).presence({ id: 0, login: 'ana', lastHeartbeatAt: null }, record, new Date('2026-08-14T08:05:00Z'))).toBe(
      'present',
    );
  });

  it('accepts the form the t.me deep link sends and "/start@bot code"; relinking moves the channel to the new chat', async () => {
    await linkChat(t, 'boris', 5002);
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'boris' });
    t.clock.set('2026-08-14T08:03:00Z');
    expect((await hook(t, messageUpdate(5003, `/start@hado_test_bot ${body.code}`))).status).toBe(200);
    const channels = await telegramChannelOf('boris');
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({ config: { chat_id: 5003 }, last_seen_at: new Date('2026-08-14T08:03:00Z') });
  });

  it('refuses a reused code without changing anything', async () => {
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'carla' });
    await hook(t, messageUpdate(5004, `/start ${body.code}`));
    const before = await snapshot(t.store.db);
    const res = await hook(t, messageUpdate(5005, `/start ${body.code}`));
    expect(res.status).toBe(200);
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(replies(5005)).toEqual([REPLIES.usedCode]);
  });

  it('refuses an expired code (15 minutes) without changing anything', async () => {
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'dora' });
    t.clock.set('2026-08-14T08:14:59Z');
    const early = await call(t, 'POST', '/me/channels/telegram/link', { user: 'dora2' });
    t.clock.set('2026-08-14T08:15:00Z');
    const before = await snapshot(t.store.db);
    await hook(t, messageUpdate(5006, `/start ${body.code}`));
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(replies(5006)).toEqual([REPLIES.expiredCode]);
    expect(await telegramChannelOf('dora')).toEqual([]);
    // One second before its end a code still works.
    t.clock.set('2026-08-14T08:29:58Z');
    await hook(t, messageUpdate(5007, `/start ${early.body.code}`));
    expect(await telegramChannelOf('dora2')).toHaveLength(1);
  });

  it('keeps at most 5 live codes per user (issue 27): a sixth retires the oldest, the others keep their expiry', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(t, 'POST', '/me/channels/telegram/link', { user: 'hoarder' });
      expect(res.status).toBe(200);
      codes.push(res.body.code);
      t.clock.advance({ seconds: 10 });
    }
    const live = await t.store.db
      .selectFrom('telegram_link_codes')
      .innerJoin('users', 'users.id', 'telegram_link_codes.user_id')
      .select(['telegram_link_codes.expires_at', 'telegram_link_codes.created_at'])
      .where('users.login', '=', 'hoarder')
      .where('telegram_link_codes.expires_at', '>', new Date(t.clock.now().epochMilliseconds))
      .orderBy('telegram_link_codes.id')
      .execute();
    expect(live).toHaveLength(5);
    // Expiry stays 15 minutes from each code's own creation.
    for (const row of live) expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(15 * 60_000);
    // The two oldest are retired and link nothing: the latest retired answers as expired, the one before
    // was already cleared away by the next code's housekeeping.
    await hook(t, messageUpdate(5020, `/start ${codes[0]}`));
    await hook(t, messageUpdate(5021, `/start ${codes[1]}`));
    await settle(t);
    expect(replies(5020)).toEqual([REPLIES.badCode]);
    expect(replies(5021)).toEqual([REPLIES.expiredCode]);
    expect(await telegramChannelOf('hoarder')).toEqual([]);
    // The oldest live one still links.
    await hook(t, messageUpdate(5022, `/start ${codes[2]}`));
    expect(await telegramChannelOf('hoarder')).toHaveLength(1);
  });

  it('refuses a wrong or malformed code, a group chat, and answers /start alone with help', async () => {
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'emil' });
    const before = await snapshot(t.store.db);
    await hook(t, messageUpdate(5008, '/start AAAAAAAAAAAAAAAAAAAAAA'));
    await hook(t, messageUpdate(5009, '/start <script>'));
    await hook(t, messageUpdate(-100500, `/start ${body.code}`, 'group'));
    await hook(t, messageUpdate(5010, '/start'));
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(replies(5008)).toEqual([REPLIES.badCode]);
    expect(replies(5009)).toEqual([REPLIES.badCode]);
    expect(replies(-100500)).toEqual([REPLIES.notPrivate]);
    expect(replies(5010)).toEqual([REPLIES.help]);
    // The code survived the group attempt and still links a private chat.
    await hook(t, messageUpdate(5011, `/start ${body.code}`));
    expect(await telegramChannelOf('emil')).toHaveLength(1);
  });

  it('links only once when the same code arrives twice at the same time', async () => {
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'fede' });
    await Promise.all([hook(t, messageUpdate(5012, `/start ${body.code}`)), hook(t, messageUpdate(5013, `/start ${body.code}`))]);
    const channels = await telegramChannelOf('fede');
    expect(channels).toHaveLength(1);
    await settle(t);
    expect([...replies(5012), ...replies(5013)].sort()).toEqual([REPLIES.linked, REPLIES.usedCode].sort());
  });
});

describe('presence from messages', () => {
  it('records any message from a linked chat as presence, and nothing for an unlinked chat', async () => {
    await linkChat(t, 'gala', 5020);
    t.clock.set('2026-08-14T09:30:00Z');
    await hook(t, messageUpdate(5020, 'hello'));
    expect((await telegramChannelOf('gala'))[0]!.last_seen_at).toEqual(new Date('2026-08-14T09:30:00Z'));
    const before = await snapshot(t.store.db);
    tg.clear();
    expect((await hook(t, messageUpdate(5999, 'hello'))).status).toBe(200);
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(tg.requests).toEqual([]);
  });

  it('answers 200 to kinds of updates it has no use for', async () => {
    const before = await snapshot(t.store.db);
    const res = await hook(t, { update_id: 77, edited_message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: 'x' } });
    expect(res.status).toBe(200);
    expect((await hook(t, { update_id: 78, my_chat_member: {} })).status).toBe(200);
    expect(await snapshot(t.store.db)).toEqual(before);
  });
});

describe('POST /hooks/telegram: authentication and bad input', () => {
  it('is a 401 without the secret header or with a wrong one, and changes nothing', async () => {
    await linkChat(t, 'hugo', 5030);
    const { body } = await call(t, 'POST', '/me/channels/telegram/link', { user: 'hugo2' });
    t.clock.set('2026-08-14T09:00:00Z');
    const before = await snapshot(t.store.db);
    tg.clear();
    for (const secret of [null, '', 'wrong', `${SECRET}x`, SECRET.slice(0, -1)]) {
      expect((await hook(t, messageUpdate(5030, 'hi'), secret)).status).toBe(401);
      expect((await hook(t, messageUpdate(5031, `/start ${body.code}`), secret)).status).toBe(401);
    }
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(tg.requests).toEqual([]);
  });

  it('checks the secret before parsing: a wrong secret with a broken body is still a 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/hooks/telegram',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'nope' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects malformed updates with a 400 and no side effects', async () => {
    await linkChat(t, 'ines', 5040);
    t.clock.set('2026-08-14T09:00:00Z');
    const before = await snapshot(t.store.db);
    tg.clear();
    const bad: unknown[] = [
      {},
      [],
      { update_id: 'one', message: messageUpdate(5040, 'hi').message },
      { update_id: -1, message: messageUpdate(5040, 'hi').message },
      { update_id: 1, message: { chat: { id: 5040, type: 'private' }, text: 'hi' } },
      { update_id: 1, message: { message_id: 1, chat: { id: '5040', type: 'private' }, text: 'hi' } },
      { update_id: 1, message: { message_id: 1, chat: { id: 5040, type: 'private' }, text: 5 } },
      { update_id: 1, callback_query: { from: { id: 5040 }, data: 'ack:x' } },
      { update_id: 1, callback_query: { id: 'q', from: { id: 5040 }, data: 7 } },
      { update_id: 1, callback_query: { id: 'q', from: { id: 5040 }, data: 'ack:x', message: { chat: {} } } },
    ];
    for (const body of bad) expect((await hook(t, body)).status, JSON.stringify(body)).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/hooks/telegram',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      payload: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(tg.requests).toEqual([]);
  });
});
