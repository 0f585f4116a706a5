// Notices over the Slack Web API (issue 17): a notice written with POST
// /api/notices reaches a confirmed Slack channel through the notice tick and
// the worker as one DM to the fake Slack (test/support/fake-slack.ts) — the
// title in bold, the body, the deep link as a link button and no action
// buttons — and the preferences grid's Slack column decides which kinds go
// there. Reminders, linking and interactivity are in slack.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { confirmSlack } from '../support/confirm-channels.ts';
import { type FakeSlack, type SlackCall, startFakeSlack } from '../support/fake-slack.ts';

const SECRET = 'abcdef0123456789abcdef0123456789';
const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();

type Block = { type: string; text?: { text: string }; elements?: Array<Record<string, unknown>> };

describe('notices to Slack against a fake Web API', () => {
  let h: Harness;
  let slack: FakeSlack;

  const confirmedSlack = (user: string, slackUser: string) => confirmSlack(h, slack, SECRET, user, slackUser);
  const notice = (body: Record<string, unknown>) => call(h, 'POST', '/api/notices', { token: h.token, body });
  const titled = (posts: SlackCall[], title: string) => posts.filter((p) => JSON.stringify(p.args.blocks).includes(`*${title}*`));

  beforeAll(async () => {
    slack = await startFakeSlack();
    slack.users.set('U0NINA', 'active');
    slack.users.set('U0OLEG', 'active');
    h = await createHarness({
      now: madrid('2026-09-01T10:00'),
      env: { SLACK_BOT_TOKEN: 'xoxb-1-test', SLACK_SIGNING_SECRET: SECRET, SLACK_API_ROOT: slack.apiRoot },
    });
  });
  afterAll(async () => {
    await h.close();
    await slack.close();
  });

  it('a notice is one DM: bold title, body, the deep link as a link button, no action buttons', async () => {
    const dm = await confirmedSlack('nina', 'U0NINA');
    const before = slack.posts(dm).length;
    const res = await notice({
      recipients: ['nina'],
      topic: 'mention',
      title: 'Ana mentioned you',
      body: 'in <Budget> & more',
      deep_link: 'https://docs.example/d/1',
    });
    expect(res.status).toBe(200);
    // Active in Slack is present: the notice goes there at once, in this tick.
    await h.tick();
    const posts = slack.posts(dm).slice(before);
    expect(posts).toHaveLength(1);
    const blocks = posts[0]!.args.blocks as Block[];
    expect(posts[0]!.args.text).toBe('Ana mentioned you: in &lt;Budget&gt; &amp; more');
    expect(blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*Ana mentioned you*\nin &lt;Budget&gt; &amp; more' } });
    // The one button is the link; nothing to Ack or Done, and no action token on the wire.
    const buttons = blocks.flatMap((b) => b.elements ?? []);
    expect(buttons).toEqual([{ type: 'button', action_id: 'hado_open', text: { type: 'plain_text', text: 'Open' }, url: 'https://docs.example/d/1' }]);
    expect(JSON.stringify(blocks)).not.toMatch(/hado_ack|hado_done|"value"/);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['channels.type', 'deliveries.result', 'deliveries.external_id'])
      .where('deliveries.notice_id', '=', res.body.notice.id)
      .execute();
    // Slack only: at her desk in Slack, the inbox does not get it as well.
    expect(rows).toEqual([{ type: 'slack', result: 'ok', external_id: expect.stringMatching(new RegExp(`^${dm}:\\d+\\.\\d+$`)) }]);
  });

  it('the preferences grid decides: a kind switched off for Slack is not posted (the inbox gets it with the fallback), another kind still is', async () => {
    const dm = await confirmedSlack('oleg', 'U0OLEG');
    for (const topic of ['digest', 'comment']) expect((await notice({ recipients: ['oleg'], topic, title: `First ${topic}` })).status).toBe(200);
    await h.tick();
    expect(titled(slack.posts(dm), 'First digest')).toHaveLength(1);
    const grid = await call(h, 'PUT', '/me/preferences', { user: 'oleg', body: { rows: [{ source: 'docs', topic: 'digest', channels: { slack: false } }] } });
    expect(grid.status).toBe(200);
    expect(grid.body.rows.find((r: { topic: string }) => r.topic === 'digest').channels).toMatchObject({ slack: false, web: true });
    const before = slack.posts(dm).length;
    const off = await notice({ recipients: ['oleg'], topic: 'digest', title: 'Weekly digest' });
    const on = await notice({ recipients: ['oleg'], topic: 'comment', title: 'New comment' });
    expect([off.status, on.status]).toEqual([200, 200]);
    await h.tick();
    h.clock.advance({ minutes: 15 });
    await h.tick();
    const posts = slack.posts(dm).slice(before);
    expect(titled(posts, 'New comment')).toHaveLength(1);
    expect(titled(posts, 'Weekly digest')).toEqual([]);
    expect(posts).toHaveLength(1);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select('channels.type')
      .where('deliveries.notice_id', '=', off.body.notice.id)
      .execute();
    expect(rows.map((r) => r.type)).toEqual(['web']);
  });
});
