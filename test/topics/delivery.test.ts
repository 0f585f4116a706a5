// Topics as a source's contract (issue 23) over real HTTP, with the fake
// Telegram Bot API and the fake Slack Web API: PUT/GET /api/topics and their
// 422s, an undeclared topic refused once a source has declared topics,
// delivery "all" reaching the open inbox, Slack and Telegram at once while a
// "presence" topic stays in the inbox, and a regroup of a "regroup: web"
// topic sending nothing more to Telegram.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { confirmSlack } from '../support/confirm-channels.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { linkChat, SECRET as TG_SECRET } from '../telegram/support.ts';

const SLACK_SECRET = 'abcdef0123456789abcdef0123456789';

const TOPICS = [
  {
    topic: 'job',
    labels: { en: 'Jobs', uk: 'Задачі' },
    section: { en: 'Runs' },
    channels: ['web', 'slack', 'telegram'],
    delivery: 'all',
    regroup: 'web',
    toast: true,
  },
  { topic: 'mention', labels: { en: 'Mentions' }, channels: ['web', 'slack', 'telegram'] },
  { topic: 'export', channels: ['web', 'telegram'], defaults: { telegram: false }, delivery: 'all' },
];

describe('topics: the contract, delivery all and regroup web against fake Slack and Telegram', () => {
  let h: Harness;
  let tg: FakeTelegram;
  let slack: FakeSlack;
  let dm: string;

  const confirmedSlack = (user: string, slackUser: string) => confirmSlack(h, slack, SLACK_SECRET, user, slackUser);

  const notice = (body: Record<string, unknown>, token = h.token) => call(h, 'POST', '/api/notices', { token, body });
  const heartbeat = () => call(h, 'POST', '/me/heartbeat', { user: 'nina', body: {} });
  const sentToTelegram = (text: string) => tg.calls('sendMessage').filter((c) => JSON.stringify(c.body).includes(text));
  const sentToSlack = (text: string) => slack.posts(dm).filter((p) => JSON.stringify(p.args).includes(text));
  const rows = async (noticeId: number) =>
    (
      await h.store.db
        .selectFrom('deliveries')
        .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
        .select(['channels.type', 'deliveries.push_seq', 'deliveries.result'])
        .where('notice_id', '=', noticeId)
        .orderBy('deliveries.id')
        .execute()
    ).map((r) => `${r.type}#${r.push_seq}`);

  beforeAll(async () => {
    tg = await startFakeTelegram();
    slack = await startFakeSlack();
    slack.users.set('U0NINA', 'away');
    h = await createHarness({
      now: '2026-09-01T08:00:00Z', // 10:00 in Madrid: active hours
      env: {
        SLACK_BOT_TOKEN: 'xoxb-1-test',
        SLACK_SIGNING_SECRET: SLACK_SECRET,
        SLACK_API_ROOT: slack.apiRoot,
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_WEBHOOK_SECRET: TG_SECRET,
        TELEGRAM_API_ROOT: tg.url,
      },
    });
    await call(h, 'GET', '/me', { user: 'nina' });
    await h.store.db.updateTable('users').set({ tz: 'Europe/Madrid' }).execute();
    await linkChat(h, 'nina', 9001);
    dm = await confirmedSlack('nina', 'U0NINA');
    // Telegram counts a chat that just wrote to the bot as present for 10 minutes: let that pass.
    h.clock.advance({ minutes: 11 });
  });
  afterAll(async () => {
    await h.close();
    await tg.close();
    await slack.close();
  });
  beforeEach(() => {
    tg.clear();
  });

  it('PUT /api/topics declares the whole set, GET answers it with the defaults filled in', async () => {
    const put = await call(h, 'PUT', '/api/topics', { token: h.token, body: { topics: [{ topic: 'old' }] } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await call(h, 'PUT', '/api/topics', { token: h.token, body: { topics: TOPICS } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await call(h, 'GET', '/api/topics', { token: h.token });
    expect(got.status).toBe(200);
    expect(got.body.topics.map((t: { topic: string }) => t.topic)).toEqual(['job', 'mention', 'export']);
    expect(got.body.topics[1]).toEqual({
      topic: 'mention',
      labels: { en: 'Mentions' },
      section: {},
      channels: ['web', 'telegram', 'slack'],
      defaults: {},
      delivery: 'presence',
      toast: false,
      regroup: 'web',
    });
    expect(got.body.topics[2].defaults).toEqual({ telegram: false });
  });

  it('refuses a bad declaration with a 422 naming topics[i].field', async () => {
    const cases: Array<[unknown, string]> = [
      [[{ topic: 'a', labels: { de: 'Erwähnungen' } }], 'topics[0].labels.de'],
      [[{ topic: 'a' }, { topic: 'b', delivery: 'sometimes' }], 'topics[1].delivery'],
      [[{ topic: 'a', labels: { en: 'x'.repeat(101) } }], 'topics[0].labels.en'],
      [[{ topic: 'a' }, { topic: 'a' }], 'topics[1].topic'],
      [[{ topic: 'a', channels: ['web'], defaults: { slack: false } }], 'topics[0].defaults.slack'],
      [[{ topic: 'a', colour: 'red' }], 'topics[0].colour'],
    ];
    for (const [topics, field] of cases) {
      const res = await call(h, 'PUT', '/api/topics', { token: h.token, body: { topics } });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error.message.startsWith(`${field}:`), res.body.error.message).toBe(true);
    }
    const many = Array.from({ length: 501 }, (_x, i) => ({ topic: `t${i}` }));
    expect((await call(h, 'PUT', '/api/topics', { token: h.token, body: { topics: many } })).status).toBe(422);
    expect((await call(h, 'GET', '/api/topics', {})).status).toBe(401);
    // Nothing of the refused declarations was kept.
    expect((await call(h, 'GET', '/api/topics', { token: h.token })).body.topics).toHaveLength(3);
  });

  it('a notice with an undeclared topic is a 422 naming notices[i].topic and how to declare it', async () => {
    const res = await call(h, 'POST', '/api/notices', {
      token: h.token,
      body: {
        notices: [
          { recipients: ['nina'], topic: 'job', title: 'ok' },
          { recipients: ['nina'], topic: 'comment', title: 'x' },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/^notices\[1\]\.topic: "comment" is not one of this source's topics; declare it with PUT \/api\/topics/);
  });

  it('delivery "all": the open inbox, Slack and Telegram at once, the entity label in the message', async () => {
    expect((await heartbeat()).status).toBe(204);
    const res = await notice({ recipients: ['nina'], topic: 'job', title: 'Run 17 finished', entity_label: 'Nightly import' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = await h.tick();
    expect(report.notices!.map((d) => [d.why, d.delivery])).toEqual([['all', 'all']]);
    expect((await rows(res.body.notice.id)).sort()).toEqual(['slack#1', 'telegram#1', 'web#1']);
    expect(sentToTelegram('Run 17 finished')).toHaveLength(1);
    expect(JSON.stringify(sentToTelegram('Run 17 finished')[0]!.body)).toContain('Nightly import');
    expect(sentToSlack('Run 17 finished')).toHaveLength(1);
  });

  it('a "presence" topic still goes only to the open inbox', async () => {
    expect((await heartbeat()).status).toBe(204);
    const res = await notice({ recipients: ['nina'], topic: 'mention', title: 'Ana mentioned you' });
    const report = await h.tick();
    expect(report.notices!.map((d) => [d.why, d.delivery])).toEqual([['present', 'presence']]);
    expect(await rows(res.body.notice.id)).toEqual(['web#1']);
    expect(sentToTelegram('Ana mentioned you')).toHaveLength(0);
    expect(sentToSlack('Ana mentioned you')).toHaveLength(0);
  });

  it("a topic's default off keeps Telegram out until the user turns the cell on; a notice may override the delivery", async () => {
    const res = await notice({ recipients: ['nina'], topic: 'export', title: 'Export ready' });
    await h.tick();
    expect(await rows(res.body.notice.id)).toEqual(['web#1']);
    const own = await notice({ recipients: ['nina'], topic: 'mention', title: 'Mentioned, all at once', delivery: 'all' });
    await h.tick();
    expect((await rows(own.body.notice.id)).sort()).toEqual(['slack#1', 'telegram#1', 'web#1']);
  });

  it('a regroup of a "regroup: web" topic sends nothing more to Telegram, and pushes at most once per 30 s', async () => {
    const group = (message: string) =>
      notice({ recipients: ['nina'], mode: 'group', source_ref: 'run:9', topic: 'job', title: 'Steps', group: { template: 'Steps', messages: [message] } });
    const first = await group('one');
    const id = first.body.notice.id as number;
    await h.tick();
    expect((await rows(id)).sort()).toEqual(['slack#1', 'telegram#1', 'web#1']);
    const pushSeq = async () => (await h.store.db.selectFrom('notices').select('push_seq').where('id', '=', id).executeTakeFirstOrThrow()).push_seq;

    h.clock.advance({ seconds: 10 });
    await group('two'); // within 30 s: folded, no push now
    expect(await pushSeq()).toBe(1);
    h.clock.advance({ seconds: 10 });
    await group('three');
    expect(await pushSeq()).toBe(1);
    h.clock.advance({ seconds: 15 }); // 35 s after the push: the trailing push goes (once)
    await h.tick();
    expect(await pushSeq()).toBe(2);
    await h.tick();
    expect(await pushSeq()).toBe(2);
    h.clock.advance({ seconds: 31 });
    await group('four'); // 31 s after the last push: a push at once
    expect(await pushSeq()).toBe(3);
    await h.tick();
    h.clock.advance({ minutes: 30 });
    await h.tick();
    expect(tg.calls('sendMessage')).toHaveLength(1);
    expect((await rows(id)).sort()).toEqual(['slack#1', 'telegram#1', 'web#1']);
    const pending = await h.store.db.selectFrom('notice_recipients').select('pending_seq').where('notice_id', '=', id).executeTakeFirstOrThrow();
    expect(pending.pending_seq).toBeNull();
  });

  it('regroup "all" re-pushes to every channel, as before', async () => {
    const put = await call(h, 'PUT', '/api/topics', { token: h.token, body: { topics: [{ ...TOPICS[0], regroup: 'all' }] } });
    expect(put.status).toBe(200);
    const group = (message: string) =>
      notice({ recipients: ['nina'], mode: 'group', source_ref: 'run:10', topic: 'job', title: 'Steps', group: { template: 'Steps', messages: [message] } });
    const id = (await group('one')).body.notice.id as number;
    await h.tick();
    h.clock.advance({ seconds: 31 });
    await group('two');
    await h.tick();
    expect((await rows(id)).sort()).toEqual(['slack#1', 'slack#2', 'telegram#1', 'telegram#2', 'web#1', 'web#2']);
    await call(h, 'PUT', '/api/topics', { token: h.token, body: { topics: TOPICS } });
  });
});
