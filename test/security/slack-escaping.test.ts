// Issue 27, finding 3: Slack parses &, < and > in every text it is given, the
// message's fallback `text` included, and that one was sent as written: a
// reminder titled "<!channel>" pinged the whole channel, "<@U123>" mentioned
// someone. Every text and mrkdwn field Hado sends (fallback text, section,
// buttons, context) is now escaped per Slack's formatting rules. Checked on
// the wire, against the fake Slack Web API, through the scheduler and worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { type FakeSlack, type SlackCall, startFakeSlack } from '../support/fake-slack.ts';
import { postSlackInteraction, slackPress } from '../support/slack-interaction.ts';

const SECRET = 'abcdef0123456789abcdef0123456789';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();

/** Every string Slack will parse in a call: the fallback `text` and each `text` inside the blocks. */
function texts(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) texts(n, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'text' && typeof v === 'string') out.push(v);
      else texts(v, out);
    }
  }
  return out;
}
const wireTexts = (c: SlackCall) => texts({ text: c.args.text, blocks: c.args.blocks });

/** The value of the button `actionId` somewhere in the blocks. */
function buttonValue(node: unknown, actionId: string): string | undefined {
  if (Array.isArray(node)) return node.map((n) => buttonValue(n, actionId)).find((v) => v !== undefined);
  if (node === null || typeof node !== 'object') return undefined;
  const o = node as Record<string, unknown>;
  if (o.action_id === actionId && typeof o.value === 'string') return o.value;
  return buttonValue(Object.values(o), actionId);
}

describe('Slack text is escaped on the wire', () => {
  let h: Harness;
  let slack: FakeSlack;
  const DM = 'D0ANA';

  const press = async (actionId: string, value: string, ts: string) => {
    const res = await postSlackInteraction(h, SECRET, slackPress('U0ANA', actionId, value, DM, ts));
    expect(res.statusCode).toBe(200);
    await h.ctx.channels.idle();
  };

  beforeAll(async () => {
    slack = await startFakeSlack();
    slack.users.set('U0ANA', 'active');
    h = await createHarness({
      now: madrid('2026-08-12T09:00'),
      env: { SLACK_BOT_TOKEN: 'xoxb-1-test', SLACK_SIGNING_SECRET: SECRET, SLACK_API_ROOT: slack.apiRoot },
    });
    const res = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'slack', config: { slack_user_id: 'U0ANA' } } });
    expect(res.status).toBe(201);
    await press('hado_confirm', buttonValue(slack.posts(DM).at(-1)!.args.blocks, 'hado_confirm')!, '1.000100');
  });
  afterAll(async () => {
    await h?.close();
    await slack?.close();
  });

  it('a reminder titled "<!channel>": fallback text, section, buttons and the later updates carry no control character', async () => {
    const before = slack.calls.length;
    await h.put([
      {
        user: 'ana',
        source_ref: 'ping',
        due_at: '2026-08-12',
        payload: { title: '<!channel> rent & <!here>', subtitle: '<@U123> <https://evil.example|click>', done_label: '<!everyone>' },
      },
    ]);
    await h.tick();
    const [post] = slack.posts(DM).filter((c) => slack.calls.indexOf(c) >= before);
    expect(post).toBeDefined();
    expect(post!.args.text).toBe('&lt;!channel&gt; rent &amp; &lt;!here&gt;: &lt;@U123&gt; &lt;https://evil.example|click&gt;');
    const blocks = JSON.stringify(post!.args.blocks);
    expect(blocks).toContain('*&lt;!channel&gt; rent &amp; &lt;!here&gt;*\\n&lt;@U123&gt; &lt;https://evil.example|click&gt;');
    expect(blocks).toContain('{"type":"plain_text","text":"&lt;!everyone&gt;"}');

    const ts = String((await h.store.db.selectFrom('deliveries').select('external_id').executeTakeFirstOrThrow()).external_id).split(':')[1]!;
    const token = buttonValue(post!.args.blocks, 'hado_ack')!;
    await press('hado_ack', token, ts);
    await press('hado_done', token, ts);
    const updates = slack.calls.slice(before).filter((c) => c.method === 'chat.update');
    expect(updates.length).toBeGreaterThanOrEqual(2);
    for (const u of updates) expect(u.args.text).toBe(post!.args.text);

    const sent = slack.calls.slice(before).filter((c) => c.method === 'chat.postMessage' || c.method === 'chat.update');
    for (const c of sent) {
      for (const text of wireTexts(c)) expect(text, `${c.method}: ${text}`).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
    }
  });

  it('a notice with mentions in its title and body is escaped the same way', async () => {
    const before = slack.calls.length;
    const res = await call(h, 'POST', '/api/notices', {
      token: h.token,
      body: { recipients: ['ana'], topic: 'mention', title: '<!subteam^S123> & <#C123>', body: 'hi <@U999>', deep_link: 'https://docs.example/d/1' },
    });
    expect(res.status).toBe(200);
    await h.tick();
    const [post] = slack.posts(DM).filter((c) => slack.calls.indexOf(c) >= before);
    expect(post!.args.text).toBe('&lt;!subteam^S123&gt; &amp; &lt;#C123&gt;: hi &lt;@U999&gt;');
    for (const text of wireTexts(post!)) expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
  });

  it('the confirmation DM escapes its own words too', () => {
    const confirm = slack.posts(DM)[0]!;
    expect(wireTexts(confirm).length).toBeGreaterThanOrEqual(3);
    for (const text of wireTexts(confirm)) expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
  });
});
