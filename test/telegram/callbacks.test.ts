// Telegram buttons (SPEC A6, A7): callbacks "ack:{token}" / "done:{token}"
// change the event and are answered with answerCallbackQuery; a callback
// from a chat that is not the token's channel changes nothing; after Done by
// any path the event's earlier messages lose their buttons.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearButtonsAfterDone } from '../../src/channels/telegram/channel.ts';
import { REPLIES } from '../../src/channels/telegram/updates.ts';
import { call, createSource, type TestApp } from '../support/app.ts';
import { type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { callbackUpdate, deliveredRow, hook, linkChat, settle, snapshot, telegramApp } from './support.ts';

let tg: FakeTelegram;
let t: TestApp;
let docs: string;

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await telegramApp(tg);
  docs = await createSource(t, 'docs');
});
afterAll(async () => {
  await t.close();
  await tg.close();
});
beforeEach(() => {
  // 10:00 in Madrid on the due day: the birthday is in "today".
  t.clock.set('2026-08-14T08:00:00Z');
  tg.clear();
});

let nextRef = 1;

/** A birthday event of `login` today, with one delivered Telegram message per external id. */
async function delivered(login: string, channelId: number, externalIds: string[], due = '2026-08-14') {
  const ref = `person:${nextRef++}`;
  const res = await call(t, 'PUT', '/api/events', {
    token: docs,
    body: {
      events: [
        {
          user: login,
          source_ref: ref,
          topic: 'birthday',
          due_at: due,
          fire_at: due,
          after_due: 'expire',
          payload: { title: "Vasya's birthday today", done_label: 'Congratulated' },
        },
      ],
    },
  });
  if (res.status !== 200) throw new Error(`PUT: ${res.status} ${JSON.stringify(res.body)}`);
  const eventId: number = res.body.events[0].id;
  const tokens: string[] = [];
  for (const [i, ext] of externalIds.entries()) {
    tokens.push(await deliveredRow(t.store.db, eventId, channelId, ext, `2026-08-14T0${7 + i}:00:00Z`));
  }
  return { eventId, tokens };
}

const eventOf = (id: number) => t.store.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const lastSeen = async (channelId: number) =>
  (await t.store.db.selectFrom('channels').select('last_seen_at').where('id', '=', channelId).executeTakeFirstOrThrow()).last_seen_at;
const answers = () => tg.calls('answerCallbackQuery').map((c) => c.body);

describe('callback ack:{token}', () => {
  it('acks the event, answers the callback, and counts as presence', async () => {
    const ch = await linkChat(t, 'nikita', 6001);
    const { eventId, tokens } = await delivered('nikita', ch, ['6001:100']);
    t.clock.set('2026-08-14T09:10:00Z'); // 11:10 in Madrid
    tg.clear();
    const update = callbackUpdate(6001, `ack:${tokens[0]}`, 100);
    const res = await hook(t, update);
    expect(res.status).toBe(200);
    const event = await eventOf(eventId);
    expect(event.state).toBe('today');
    // Today: quiet until the start of the window after next (13:00 Madrid).
    expect(event.quiet_until).toEqual(new Date('2026-08-14T11:00:00Z'));
    expect(await lastSeen(ch)).toEqual(new Date('2026-08-14T09:10:00Z'));
    await settle(t);
    expect(answers()).toEqual([{ callback_query_id: update.callback_query.id, text: REPLIES.ack }]);
    // Ack leaves the buttons in place.
    expect(tg.calls('editMessageReplyMarkup')).toEqual([]);
  });

  it('answers the reason when Ack is not possible (before the event starts) and changes nothing but presence', async () => {
    const ch = await linkChat(t, 'olga', 6002);
    const { eventId, tokens } = await delivered('olga', ch, ['6002:100'], '2026-09-30');
    tg.clear();
    const before = await eventOf(eventId);
    await hook(t, callbackUpdate(6002, `ack:${tokens[0]}`));
    expect(await eventOf(eventId)).toEqual(before);
    await settle(t);
    expect(answers()).toHaveLength(1);
    expect(answers()[0].text).not.toBe(REPLIES.ack);
    expect(answers()[0].text.length).toBeGreaterThan(0);
  });
});

describe('callback done:{token}', () => {
  it('closes the event, answers "Done ✓", and removes the buttons from all its Telegram messages', async () => {
    const ch = await linkChat(t, 'pavel', 6003);
    const { eventId, tokens } = await delivered('pavel', ch, ['6003:101', '6003:102', '6003:103']);
    // A failed delivery has no message to edit.
    await t.store.db.updateTable('deliveries').set({ result: 'failed' }).where('external_id', '=', '6003:103').execute();
    tg.clear();
    const update = callbackUpdate(6003, `done:${tokens[1]}`, 102);
    expect((await hook(t, update)).status).toBe(200);
    const event = await eventOf(eventId);
    expect(event.state).toBe('done');
    expect(event.done_at).toEqual(new Date('2026-08-14T08:00:00Z'));
    await settle(t);
    expect(answers()).toEqual([{ callback_query_id: update.callback_query.id, text: REPLIES.done }]);
    const edits = tg.calls('editMessageReplyMarkup').map((c) => c.body);
    expect(edits.sort((a, b) => a.message_id - b.message_id)).toEqual([
      { chat_id: 6003, message_id: 101 },
      { chat_id: 6003, message_id: 102 },
    ]);
  });

  it('a dead token (event already done) is answered as expired and changes nothing', async () => {
    const ch = await linkChat(t, 'quim', 6004);
    const { eventId, tokens } = await delivered('quim', ch, ['6004:100']);
    await hook(t, callbackUpdate(6004, `done:${tokens[0]}`));
    await settle(t);
    tg.clear();
    const before = await eventOf(eventId);
    await hook(t, callbackUpdate(6004, `done:${tokens[0]}`));
    await hook(t, callbackUpdate(6004, `ack:${tokens[0]}`));
    expect(await eventOf(eventId)).toEqual(before);
    await settle(t);
    expect(answers().map((a) => a.text)).toEqual([REPLIES.expired, REPLIES.expired]);
    expect(tg.calls('editMessageReplyMarkup')).toEqual([]);
  });

  it('Done from the inbox also removes the Telegram buttons', async () => {
    const ch = await linkChat(t, 'rosa', 6005);
    const { eventId } = await delivered('rosa', ch, ['6005:200']);
    tg.clear();
    const res = await call(t, 'POST', `/me/events/${eventId}/done`, { user: 'rosa' });
    expect(res.status).toBe(200);
    await settle(t);
    expect(tg.calls('editMessageReplyMarkup').map((c) => c.body)).toEqual([{ chat_id: 6005, message_id: 200 }]);
  });
});

describe('forged and foreign callbacks', () => {
  it('a token pressed from another chat (even a linked one) acts on nothing and records no presence', async () => {
    const victim = await linkChat(t, 'sara', 6006);
    await linkChat(t, 'mallory', 6666);
    const { tokens } = await delivered('sara', victim, ['6006:100']);
    tg.clear();
    const before = await snapshot(t.store.db);
    t.clock.set('2026-08-14T09:00:00Z');
    for (const data of [`done:${tokens[0]}`, `ack:${tokens[0]}`]) {
      expect((await hook(t, callbackUpdate(6666, data))).status).toBe(200);
      expect((await hook(t, callbackUpdate(7777, data))).status).toBe(200);
    }
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(answers().map((a) => a.text)).toEqual(Array(4).fill(REPLIES.expired));
    expect(tg.calls('editMessageReplyMarkup')).toEqual([]);
  });

  it('unknown tokens, unknown actions, garbage data and inline callbacks change nothing', async () => {
    const ch = await linkChat(t, 'tom', 6007);
    const { tokens } = await delivered('tom', ch, ['6007:100']);
    tg.clear();
    const before = await snapshot(t.store.db);
    t.clock.set('2026-08-14T09:00:00Z');
    const inline = callbackUpdate(6007, `done:${tokens[0]}`);
    const { message: _m, ...withoutMessage } = inline.callback_query;
    const updates = [
      callbackUpdate(6007, 'done:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      callbackUpdate(6007, `delete:${tokens[0]}`),
      callbackUpdate(6007, `done:${tokens[0]}' OR '1'='1`),
      callbackUpdate(6007, ''),
      { update_id: inline.update_id, callback_query: { ...withoutMessage, inline_message_id: 'abc' } },
    ];
    for (const u of updates) expect((await hook(t, u)).status).toBe(200);
    expect(await snapshot(t.store.db)).toEqual(before);
    await settle(t);
    expect(answers()).toHaveLength(updates.length);
    expect(answers().every((a) => a.text === REPLIES.expired)).toBe(true);
  });
});

describe('clearButtonsAfterDone', () => {
  it('is best effort: a failed edit is logged, the others still happen, nothing is thrown', async () => {
    const ch = await linkChat(t, 'uma', 6008);
    const { eventId } = await delivered('uma', ch, ['6008:301', '6008:302', 'garbage']);
    tg.clear();
    tg.failNext('editMessageReplyMarkup', { status: 400, description: 'Bad Request: message to edit not found' });
    await expect(clearButtonsAfterDone(t.ctx, eventId)).resolves.toBeUndefined();
    expect(tg.calls('editMessageReplyMarkup')).toHaveLength(2);
  });

  it('does nothing without Telegram configured or without messages', async () => {
    await expect(clearButtonsAfterDone(t.ctx, 999_999)).resolves.toBeUndefined();
    const bare = { db: t.store.db, telegram: null };
    await expect(clearButtonsAfterDone(bare, 1)).resolves.toBeUndefined();
    expect(tg.requests).toEqual([]);
  });
});
