// Markdown bodies over real SMTP and a fake Slack Web API (issue 24, point 5):
// a `body_format: "markdown"` notice arrives as a mail with a sanitized HTML
// part (no <script>, no javascript: link) and the markdown source as the text
// part, and as a Slack DM in mrkdwn; the body may be 100 KB (bytes, a 422
// naming notices[i].body beyond), and GET /api/notices reads body_format back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { confirmEmail, confirmSlack } from '../support/confirm-channels.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

const SECRET = 'abcdef0123456789abcdef0123456789';
const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();
type Block = { type: string; text?: { text: string }; elements?: Array<Record<string, unknown>> };

const BODY = [
  '## Session summary',
  '',
  'Thanks **everyone** — see the [slides](https://conf.example/s/1?a=1&b=2).',
  '',
  '<script>alert("x")</script>',
  '',
  '[bad](javascript:alert(1)) and <a href="javascript:alert(2)">raw</a> <img src=x onerror=alert(3)>',
  '',
  '- first point',
  '- second <!channel>',
].join('\n');

describe('markdown notices by email and Slack', () => {
  let h: Harness;
  let smtp: FakeSmtp;
  let slack: FakeSlack;

  const confirmedEmail = (user: string, address: string) => confirmEmail(h, smtp, user, address);

  const confirmedSlack = (user: string, slackUser: string) => confirmSlack(h, slack, SECRET, user, slackUser);
  const notice = (body: Record<string, unknown>) => call(h, 'POST', '/api/notices', { token: h.token, body });

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    slack = await startFakeSlack();
    slack.users.set('U0OLEG', 'active');
    h = await createHarness({
      now: madrid('2026-09-01T10:00'),
      env: {
        HADO_SMTP_URL: smtp.url,
        HADO_MAIL_FROM: 'Hado <hado@mail.example.org>',
        SLACK_BOT_TOKEN: 'xoxb-1-test',
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_ROOT: slack.apiRoot,
      },
    });
    await confirmedEmail('nina', 'nina@example.org');
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
    await slack.close();
  });

  it('mails a markdown notice as sanitized HTML with the markdown source as the text part', async () => {
    const before = smtp.mails.length;
    const res = await notice({
      recipients: ['nina'],
      topic: 'summary',
      title: 'Keynote',
      body: BODY,
      body_format: 'markdown',
      deep_link: 'https://conf.example/k',
    });
    expect(res.status).toBe(200);
    h.clock.advance({ minutes: 15 });
    await h.tick();
    const mails = (await smtp.waitFor(before + 1)).slice(before).filter((m) => m.to.includes('nina@example.org'));
    expect(mails).toHaveLength(1);
    const { html, text } = mails[0]!.parsed;
    expect(html).toContain('<h2>Session summary</h2>');
    expect(html).toContain('<strong>everyone</strong>');
    expect(html).toContain('href="https://conf.example/s/1?a=1&amp;b=2"');
    expect(html).toContain('<li>first point</li>');
    expect(html).not.toMatch(/<script|javascript:|onerror|<img/i);
    // The text part: the markdown source as written (a reader of plain text sees what the author typed).
    expect(text).toContain('Thanks **everyone** — see the [slides](https://conf.example/s/1?a=1&b=2).');
    expect(text).toContain('Open: https://conf.example/k');
  });

  it('posts a markdown notice to Slack as mrkdwn, with & < > escaped', async () => {
    const dm = await confirmedSlack('oleg', 'U0OLEG');
    const before = slack.posts(dm).length;
    const res = await notice({ recipients: ['oleg'], topic: 'summary', title: 'Keynote', body: BODY, body_format: 'markdown' });
    expect(res.status).toBe(200);
    await h.tick();
    const posts = slack.posts(dm).slice(before);
    expect(posts).toHaveLength(1);
    const text = (posts[0]!.args.blocks as Block[])[0]!.text!.text;
    expect(text).toContain('*Keynote*\n*Session summary*');
    expect(text).toContain('Thanks *everyone* — see the <https://conf.example/s/1?a=1&b=2|slides>.');
    expect(text).toContain('• first point\n• second &lt;!channel&gt;');
    // Raw HTML is shown as escaped text, never a link or a mention: no <javascript:…|…> and no <!channel>.
    expect(text).not.toMatch(/<javascript:|<!channel>|<script/);
  });

  it('takes a body up to 100 KB, refuses more by bytes with a 422 naming notices[i].body, and reads body_format back', async () => {
    const big = 'é'.repeat(51_200); // 102400 bytes
    const ok = await notice({ notices: [{ recipients: ['nina'], title: 'Big', body: big, body_format: 'markdown', source_ref: 'big:1' }] });
    expect(ok.status).toBe(200);
    const over = await notice({
      notices: [
        { recipients: ['nina'], title: 'x' },
        { recipients: ['nina'], title: 'Too big', body: `${big}é` },
      ],
    });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ index: 1, field: 'body' });
    expect(over.body.error.message).toContain('notices[1].body');
    const listed = await call(h, 'GET', '/api/notices?source_ref=big:1', { token: h.token });
    expect(listed.status).toBe(200);
    expect(listed.body.notices.map((n: { body_format: string }) => n.body_format)).toEqual(['markdown']);
  });

  it('gives the inbox feed a sanitized body_html for a markdown notice (and none for plain text)', async () => {
    const res = await notice({
      notices: [
        { recipients: ['nina'], title: 'Md', body: BODY, body_format: 'markdown', source_ref: 'feed:md' },
        { recipients: ['nina'], title: 'Plain', body: '**not bold** <b>x</b>', source_ref: 'feed:plain' },
      ],
    });
    expect(res.status).toBe(200);
    const feed = await call(h, 'GET', '/me/notices?filter=all', { user: 'nina' });
    expect(feed.status).toBe(200);
    type Item = { title: string; body: string; body_format: string; body_html: string | null };
    const md = feed.body.notices.find((n: Item) => n.title === 'Md') as Item;
    const plain = feed.body.notices.find((n: Item) => n.title === 'Plain') as Item;
    expect(md.body).toBe(BODY);
    expect(md.body_format).toBe('markdown');
    expect(md.body_html).toContain('<strong>everyone</strong>');
    expect(md.body_html).toContain('<a href="https://conf.example/s/1?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">slides</a>');
    expect(md.body_html).not.toMatch(/<script|javascript:|onerror|<img|<!channel>/i);
    expect(plain).toMatchObject({ body_format: 'plain', body_html: null });
  });
});
