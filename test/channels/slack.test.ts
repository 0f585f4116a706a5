// The Slack channel over HTTP for real (issue 17): a fake Slack Web API on
// loopback (presence, DM open, post, update, errors, 429) and signed
// interaction requests to /hooks/slack — forged and stale ones included —
// while a fake clock drives the scheduler and the worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSlack } from '../../src/channels/slack/message.ts';
import { verifySlackSignature } from '../../src/channels/slack/interactions.ts';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { postSlackInteraction, slackPress, slackSignature } from '../support/slack-interaction.ts';

const SECRET = 'abcdef0123456789abcdef0123456789';
const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();
const sign = (ts: number, body: string, secret = SECRET) => slackSignature(secret, ts, body);

/** The value (the action token) of the button `actionId` in a message's blocks: the database keeps only its hash once sent. */
function buttonValue(node: unknown, actionId: string): string | undefined {
  if (Array.isArray(node)) return node.map((n) => buttonValue(n, actionId)).find((v) => v !== undefined);
  if (node === null || typeof node !== 'object') return undefined;
  const o = node as Record<string, unknown>;
  if (o.action_id === actionId && typeof o.value === 'string') return o.value;
  return buttonValue(Object.values(o), actionId);
}

describe('the Slack builder and the signature (pure)', () => {
  const content = {
    title: 'Pay <rent> & *now*',
    subtitle: 'before 18:00',
    deepLink: 'https://bank.example/pay',
    doneLabel: 'Paid',
    actionToken: 'tok123',
    locale: 'en' as const,
  };

  it('a reminder: bold escaped title, subtitle, Open link, Ack and the done label carrying the token', () => {
    const { text, blocks } = renderSlack(content);
    expect(text).toBe('Pay &lt;rent&gt; &amp; *now*: before 18:00');
    expect(blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*Pay &lt;rent&gt; &amp; *now**\nbefore 18:00' } },
      {
        type: 'actions',
        elements: [
          { type: 'button', action_id: 'hado_open', text: { type: 'plain_text', text: 'Open' }, url: 'https://bank.example/pay' },
          { type: 'button', action_id: 'hado_ack', text: { type: 'plain_text', text: 'Ack' }, value: 'tok123' },
          { type: 'button', action_id: 'hado_done', style: 'primary', text: { type: 'plain_text', text: 'Paid' }, value: 'tok123' },
        ],
      },
    ]);
  });

  it.each([
    ['noted: Done stays, Ack goes, "Noted ✓"', 'noted', ['hado_open', 'hado_done'], 'Noted ✓'],
    ['done: only the link, "Done ✓"', 'done', ['hado_open'], 'Done ✓'],
  ] as const)('%s', (_name, state, ids, mark) => {
    const { blocks } = renderSlack(content, state);
    const actions = blocks.find((b) => b.type === 'actions') as { elements: Array<{ action_id: string }> };
    expect(actions.elements.map((e) => e.action_id)).toEqual(ids);
    expect(JSON.stringify(blocks.at(-1))).toContain(mark);
  });

  it('a notice has no action buttons; Russian words for a Russian reader', () => {
    const { blocks } = renderSlack({ ...content, actionToken: null, deepLink: '/relative', locale: 'ru' });
    expect(blocks).toHaveLength(1);
    expect(JSON.stringify(renderSlack({ ...content, doneLabel: null, locale: 'ru' }).blocks)).toContain('Готово');
  });

  it.each([
    ['good', 1000, sign(1000, 'a=1'), 1000, true],
    ['4 min 59 s old', 1000, sign(1000, 'a=1'), 1299, true],
    ['more than 5 min old', 1000, sign(1000, 'a=1'), 1301, false],
    ['from the future', 2000, sign(2000, 'a=1'), 1000, false],
    ['another secret', 1000, sign(1000, 'a=1', 'x'.repeat(32)), 1000, false],
    ['another body', 1000, sign(1000, 'a=2'), 1000, false],
    ['no signature', 1000, undefined, 1000, false],
    ['v1 signature', 1000, sign(1000, 'a=1').replace('v0=', 'v1='), 1000, false],
  ])('signature: %s', (_name, ts, signature, now, ok) => {
    expect(verifySlackSignature(SECRET, { timestamp: String(ts), signature }, 'a=1', now).ok).toBe(ok);
  });
});

describe('Slack through the day against a fake Web API', () => {
  let h: Harness;
  let slack: FakeSlack;
  let channelId: number;
  const nowSeconds = () => Math.floor(h.clock.now().epochMilliseconds / 1000);
  const interact = (payload: unknown, opts: { ts?: number; secret?: string; signature?: string } = {}) =>
    postSlackInteraction(h, opts.secret ?? SECRET, payload, opts);
  const press = slackPress;
  const settle = () => h.ctx.channels.idle();

  beforeAll(async () => {
    slack = await startFakeSlack();
    slack.users.set('U0ANA', 'active');
    slack.users.set('U0BOB', 'away');
    h = await createHarness({
      now: madrid('2026-08-12T09:00'),
      env: { SLACK_BOT_TOKEN: 'xoxb-1-test', SLACK_SIGNING_SECRET: SECRET, SLACK_API_ROOT: slack.apiRoot },
    });
  });
  afterAll(async () => {
    await h.close();
    await slack.close();
  });

  it('refuses a malformed id and an unknown Slack user (422 naming config.slack_user_id)', async () => {
    for (const id of ['nobody', 'u0ana', 42]) {
      const res = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'slack', config: { slack_user_id: id } } });
      expect(res.status, String(id)).toBe(422);
      expect(res.body.error.field).toBe('config.slack_user_id');
    }
    const unknown = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'slack', config: { slack_user_id: 'U0NOBODY' } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.field).toBe('config.slack_user_id');
    expect(unknown.body.error.message).toMatch(/user_not_found/);
  });

  it('links: opens the DM, sends a Confirm button; only that Slack user confirms it', async () => {
    const res = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'slack', config: { slack_user_id: 'U0ANA' } } });
    expect(res.status).toBe(201);
    expect(res.body.channel).toMatchObject({ type: 'slack', confirmed: false, config: { slack_user_id: 'U0ANA', dm_channel: 'D0ANA' } });
    channelId = res.body.channel.id;
    expect(slack.calls.findLast((c) => c.method === 'conversations.open')?.args).toMatchObject({ users: 'U0ANA' });
    expect(slack.calls.every((c) => c.token === 'xoxb-1-test')).toBe(true);
    const [dm] = slack.posts('D0ANA');
    const button = (dm!.args.blocks as Array<{ type: string; elements?: Array<{ action_id: string; value: string }> }>).find((b) => b.type === 'actions')!
      .elements![0]!;
    expect(button.action_id).toBe('hado_confirm');

    // Forged, stale and unsigned requests change nothing.
    expect((await interact(press('U0ANA', 'hado_confirm', button.value, 'D0ANA'), { secret: 'y'.repeat(32) })).statusCode).toBe(401);
    expect((await interact(press('U0ANA', 'hado_confirm', button.value, 'D0ANA'), { ts: nowSeconds() - 301 })).statusCode).toBe(401);
    const unsigned = await h.app.inject({
      method: 'POST',
      url: '/hooks/slack',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'payload={}',
    });
    expect(unsigned.statusCode).toBe(401);
    // Another Slack user pressing it (a forwarded message) confirms nothing.
    expect((await interact(press('U0BOB', 'hado_confirm', button.value, 'D0ANA'))).statusCode).toBe(200);
    expect((await call(h, 'GET', '/me/channels', { user: 'ana' })).body.channels.find((c: { id: number }) => c.id === channelId).confirmed).toBe(false);

    expect((await interact(press('U0ANA', 'hado_confirm', button.value, 'D0ANA'))).statusCode).toBe(200);
    await settle();
    expect((await call(h, 'GET', '/me/channels', { user: 'ana' })).body.channels.find((c: { id: number }) => c.id === channelId).confirmed).toBe(true);
    const update = slack.calls.filter((c) => c.method === 'chat.update').at(-1)!;
    expect(update.args).toMatchObject({ channel: 'D0ANA', ts: '1.000100' });
    expect(JSON.stringify(update.args.blocks)).toContain('Confirmed ✓');
  });

  it('active in Slack: the reminder goes to Slack only, at once; Ack and Done act for that user only and update the message', async () => {
    const before = slack.posts('D0ANA').length;
    await h.put([
      {
        user: 'ana',
        source_ref: 'rent',
        topic: 'bills',
        due_at: '2026-08-12',
        payload: { title: 'Pay rent', subtitle: 'before 18:00', deep_link: 'https://bank.example/pay', done_label: 'Paid' },
      },
    ]);
    await h.tick();
    const posts = slack.posts('D0ANA').slice(before);
    expect(posts).toHaveLength(1);
    const types = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['channels.type', 'deliveries.result', 'deliveries.external_id', 'deliveries.action_token'])
      .execute();
    expect(types.map((r) => r.type)).toEqual(['slack']);
    expect(types[0]).toMatchObject({ result: 'ok' });
    const [, ts] = types[0]!.external_id!.split(':');
    // The buttons carry the token; the delivered row keeps only its hash.
    expect(types[0]!.action_token).toBeNull();
    const token = buttonValue(posts[0]!.args.blocks, 'hado_ack')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(posts[0]!.args.blocks)).toContain('*Pay rent*');

    // Bob pressing Ana's button does nothing.
    await interact(press('U0BOB', 'hado_done', token, 'D0ANA', ts));
    await settle();
    const state = async () => (await h.store.db.selectFrom('events').select('state').where('source_ref', '=', 'rent').executeTakeFirstOrThrow()).state;
    expect(await state()).toBe('today');

    const updatesBefore = slack.calls.filter((c) => c.method === 'chat.update').length;
    await interact(press('U0ANA', 'hado_ack', token, 'D0ANA', ts));
    await settle();
    const noted = slack.calls.filter((c) => c.method === 'chat.update').slice(updatesBefore);
    expect(noted).toHaveLength(1);
    expect(JSON.stringify(noted[0]!.args.blocks)).toContain('Noted ✓');
    expect(JSON.stringify(noted[0]!.args.blocks)).not.toContain('hado_ack');

    await interact(press('U0ANA', 'hado_done', token, 'D0ANA', ts));
    await settle();
    expect(await state()).toBe('done');
    const done = slack.calls.filter((c) => c.method === 'chat.update').slice(updatesBefore + 1);
    // The press's own update and the after-Done sweep both leave it without buttons.
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const u of done) {
      expect(u.args).toMatchObject({ channel: 'D0ANA', ts });
      expect(JSON.stringify(u.args.blocks)).toContain('Done ✓');
      expect(JSON.stringify(u.args.blocks)).not.toContain('hado_done');
    }
  });

  it('Done by another path removes the buttons from the earlier messages', async () => {
    h.clock.set(Temporal.Instant.from(madrid('2026-08-13T09:00')));
    await h.put([{ user: 'ana', source_ref: 'water', topic: 'bills', due_at: '2026-08-13', payload: { title: 'Water' } }]);
    await h.tick();
    const row = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('events', 'events.id', 'deliveries.event_id')
      .select(['deliveries.external_id'])
      .where('events.source_ref', '=', 'water')
      .executeTakeFirstOrThrow();
    const post = slack.calls.filter((c) => c.method === 'chat.postMessage' && JSON.stringify(c.args.blocks).includes('*Water*')).at(-1)!;
    const token = buttonValue(post.args.blocks, 'hado_done')!;
    const before = slack.calls.filter((c) => c.method === 'chat.update').length;
    const res = await h.app.inject({ method: 'POST', url: `/a/${token}/done`, headers: { host: 'hado.example.org' } });
    expect(res.statusCode).toBe(200);
    await settle();
    const updates = slack.calls.filter((c) => c.method === 'chat.update').slice(before);
    expect(updates).toHaveLength(1);
    expect(`${updates[0]!.args.channel}:${updates[0]!.args.ts}`).toBe(row.external_id);
    expect(JSON.stringify(updates[0]!.args.blocks)).not.toContain('hado_');
  });

  it('away is absent, and a 429 on chat.postMessage waits its Retry-After; a platform error is final', async () => {
    h.clock.set(Temporal.Instant.from(madrid('2026-08-14T09:00')));
    slack.users.set('U0ANA', 'away');
    slack.retryAfter = 1;
    slack.fail.set('chat.postMessage', [429]);
    await h.put([{ user: 'ana', source_ref: 'gas', topic: 'bills', due_at: '2026-08-14', payload: { title: 'Gas' } }]);
    // Away everywhere: nothing until the 09:50 fallback of the 9 o'clock window.
    await h.tick();
    expect(
      await h.store.db
        .selectFrom('deliveries')
        .innerJoin('events', 'events.id', 'deliveries.event_id')
        .select('deliveries.id')
        .where('events.source_ref', '=', 'gas')
        .execute(),
    ).toEqual([]);
    const rowsOf = (ref: string) =>
      h.store.db
        .selectFrom('deliveries')
        .innerJoin('events', 'events.id', 'deliveries.event_id')
        .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
        .select(['channels.type', 'deliveries.result', 'deliveries.attempts', 'deliveries.error'])
        .where('events.source_ref', '=', ref)
        .where('channels.type', '=', 'slack')
        .execute();
    await h.run(madrid('2026-08-14T09:51'));
    const first = await rowsOf('gas');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ result: 'pending', attempts: 1 });
    expect(first[0]!.error).toMatch(/429/);
    // The method stays blocked for Retry-After in real time (Slack's clock, not the domain's).
    await new Promise((r) => setTimeout(r, 1100));
    await h.run(madrid('2026-08-14T09:53'));
    expect((await rowsOf('gas'))[0]).toMatchObject({ result: 'ok', attempts: 2 });

    h.clock.set(Temporal.Instant.from(madrid('2026-08-15T09:00')));
    slack.users.set('U0ANA', 'active');
    slack.fail.set('chat.postMessage', ['channel_not_found']);
    await h.put([{ user: 'ana', source_ref: 'tax', topic: 'bills', due_at: '2026-08-15', payload: { title: 'Tax' } }]);
    await h.tick();
    expect(await rowsOf('tax')).toEqual([{ type: 'slack', result: 'failed', attempts: 1, error: 'chat.postMessage: channel_not_found' }]);
  }, 60_000);
});
