// A withdrawn notice's messages (issue 24 point 6) against the fake Bot API
// and the fake Slack Web API: a notice goes out to Telegram and Slack
// through the tick and the worker, DELETE /api/notices withdraws it, and
// the Telegram message loses its keyboard (editMessageReplyMarkup without
// reply_markup) while the Slack message is updated in place (chat.update,
// same channel and ts) with its title and body and no buttons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { confirmSlack } from '../support/confirm-channels.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { hook, messageUpdate, SECRET as TG_SECRET } from '../telegram/support.ts';

const SLACK_SECRET = 'abcdef0123456789abcdef0123456789';
type Block = { type: string; text?: { text: string }; elements?: Array<Record<string, unknown>> };

describe('withdrawing a notice already sent to Telegram and Slack', () => {
  let h: Harness;
  let slack: FakeSlack;
  let tg: FakeTelegram;

  beforeAll(async () => {
    slack = await startFakeSlack();
    slack.users.set('U0NINA', 'active');
    tg = await startFakeTelegram();
    h = await createHarness({
      now: '2026-09-01T08:00:00Z',
      env: {
        SLACK_BOT_TOKEN: 'xoxb-1-test',
        SLACK_SIGNING_SECRET: SLACK_SECRET,
        SLACK_API_ROOT: slack.apiRoot,
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_WEBHOOK_SECRET: TG_SECRET,
        TELEGRAM_API_ROOT: tg.url,
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await slack.close();
    await tg.close();
  });

  const confirmNina = () => confirmSlack(h, slack, SLACK_SECRET, 'nina', 'U0NINA');

  it('Telegram loses the keyboard, Slack is updated without buttons; a notice still waiting is cancelled', async () => {
    const dm = await confirmNina();
    // Telegram: "/start <code>" links the chat, and using the bot makes her present there.
    const code = await call(h, 'POST', '/me/channels/telegram/link', { user: 'nina' });
    expect((await hook(h, messageUpdate(4242, `/start ${code.body.code}`))).status).toBe(200);
    await h.ctx.channels.idle();
    const sent = await call(h, 'POST', '/api/notices', {
      token: h.token,
      body: { recipients: ['nina'], topic: 'mention', title: 'Ana mentioned you', body: 'in the Q3 plan', deep_link: 'https://docs.example/d/1' },
    });
    expect(sent.status).toBe(200);
    const id: number = sent.body.notice.id;
    await h.tick();
    const tgSent = tg.calls('sendMessage').filter((c) => String(c.body.text).includes('Ana mentioned you'));
    expect(tgSent).toHaveLength(1);
    expect(tgSent[0]!.body.reply_markup).toBeDefined();
    const slackSent = slack.posts(dm).filter((p) => JSON.stringify(p.args.blocks).includes('Ana mentioned you'));
    expect(slackSent).toHaveLength(1);
    const detail = await call(h, 'GET', `/api/notices/${id}`, { token: h.token });
    expect(detail.body.deliveries.map((d: { channel: string; state: string }) => `${d.channel}:${d.state}`).sort()).toEqual(['slack:ok', 'telegram:ok']);

    // A second notice to a recipient who is nowhere: it waits for the fallback, and the withdrawal cancels it.
    const waiting = await call(h, 'POST', '/api/notices', { token: h.token, body: { recipients: ['oleg'], topic: 'mention', title: 'Later' } });
    expect(waiting.status).toBe(200);
    await h.tick();

    // What the channels answered when they sent it: "chat:message" and "channel:ts".
    const sentIds = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['channels.type', 'deliveries.external_id'])
      .where('deliveries.notice_id', '=', id)
      .execute();
    const external = Object.fromEntries(sentIds.map((r) => [r.type, String(r.external_id).split(':')]));
    const updatedBefore = slack.calls.filter((c) => c.method === 'chat.update').length;
    const res = await call(h, 'DELETE', '/api/notices', { token: h.token, body: { ids: [id, waiting.body.notice.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ withdrawn: [id, waiting.body.notice.id], cancelled_deliveries: 1, edited_messages: 2 });
    await h.ctx.channels.idle();

    const edits = tg.calls('editMessageReplyMarkup');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.body).toMatchObject({ chat_id: 4242, message_id: Number(external.telegram![1]) });
    expect(edits[0]!.body.reply_markup).toBeUndefined();

    // (The one before is the Confirm DM's update.)
    const updates = slack.calls.filter((c) => c.method === 'chat.update').slice(updatedBefore);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.args).toMatchObject({ channel: dm, ts: external.slack![1] });
    const blocks = updates[0]!.args.blocks as Block[];
    expect(blocks.some((b) => b.type === 'actions')).toBe(false);
    expect(blocks[0]!.text!.text).toContain('*Ana mentioned you*');

    // The waiting one never goes out: nothing is left to deliver after the fallback.
    h.clock.advance({ minutes: 15 });
    const before = tg.calls('sendMessage').length + slack.posts().length;
    await h.tick();
    expect(tg.calls('sendMessage').length + slack.posts().length).toBe(before);
    expect(await h.store.db.selectFrom('deliveries').select('id').where('notice_id', 'is not', null).execute()).toEqual([]);
  });
});
