// Recipients that are addresses, not users (issue 24 point 4), over real
// HTTP (a listening Hado), real SMTP (the fake relay of test/support/smtp.ts)
// and a fake Slack: a guest's summary mail arrives with a working one-click
// unsubscribe (RFC 8058) and the next summary to that address is suppressed
// and counted; a Slack-channel recipient gets one chat.postMessage;
// not_in_channel is final; the capability `address` is required every time.
// The surface checks (limits under a burst, suppression for good) are in
// test/security/address-recipients.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { createSource } from '../support/app.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

describe('address recipients over HTTP, SMTP and Slack', () => {
  let h: Harness;
  let smtp: FakeSmtp;
  let slack: FakeSlack;
  let base: string;
  /** A source with the capability `address` (the conference service). */
  let conference: string;

  // biome-ignore lint/suspicious/noExplicitAny: test helper returns loosely typed JSON
  async function post(token: string, body: unknown): Promise<{ status: number; body: any; headers: Headers }> {
    const res = await fetch(`${base}/api/notices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  /** The deliveries of a notice through address channels (no user behind them). */
  const addressDeliveries = (noticeId: number) =>
    h.store.db
      .selectFrom('deliveries as d')
      .innerJoin('channels as ch', 'ch.id', 'd.channel_id')
      .select(['ch.type', 'ch.address', 'ch.user_id', 'd.result', 'd.error', 'd.attempts'])
      .where('d.notice_id', '=', noticeId)
      .where('ch.address_of', 'is not', null)
      .execute();

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    slack = await startFakeSlack();
    h = await createHarness({
      now: '2026-09-01T08:00:00Z',
      env: {
        HADO_SMTP_URL: smtp.url,
        HADO_MAIL_FROM: 'Hado <hado@mail.example.org>',
        SLACK_BOT_TOKEN: slack.validToken,
        SLACK_SIGNING_SECRET: 'testsigningsecret0123456789',
        SLACK_API_ROOT: slack.apiRoot,
      },
    });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    conference = await createSource(h, 'conference', ['address']);
    // A fresh store migrates first: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await smtp.close();
    await slack.close();
  });

  it('answers 403 naming the capability, every time, for an email or a Slack channel, before looking at the address', async () => {
    for (const recipient of [{ email: 'guest@example.org' }, { slack_channel: 'C0CREATIVE' }, { email: 'not an address' }]) {
      for (let i = 0; i < 2; i++) {
        const res = await post(h.token, { recipients: ['ana', recipient], title: 'Summary' });
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'forbidden', capability: 'address' });
        expect(res.body.error.message).toContain('hado source:grant docs address');
      }
    }
    expect(await h.store.db.selectFrom('notices').select('id').execute()).toEqual([]);
  });

  it('answers 422 naming notices[i].recipients[j].email or .slack_channel', async () => {
    const bad = await post(conference, {
      notices: [
        { recipients: ['ana'], title: 'A' },
        { recipients: ['ana', { email: 'guest@@example' }], title: 'B' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ field: 'recipients[1].email', index: 1 });
    expect(bad.body.error.message).toMatch(/^notices\[1\]\.recipients\[1\]\.email: /);
    const channel = await post(conference, { recipients: [{ slack_channel: 'creative channel' }], title: 'C' });
    expect(channel.status).toBe(422);
    expect(channel.body.error.message).toMatch(/^notices\[0\]\.recipients\[0\]\.slack_channel: /);
    const group = await post(conference, { mode: 'group', source_ref: 's:1', recipients: [{ email: 'guest@example.org' }], title: 'D' });
    expect(group.status).toBe(422);
    expect(group.body.error.message).toMatch(/^notices\[0\]\.recipients\[0\]: .*"group"/);
  });

  it("a guest's summary is mailed with a working one-click unsubscribe; the next summary to that address is suppressed and counted", async () => {
    const summary = (session: string) => ({
      recipients: ['host', { email: 'Guest@Example.org', name: 'Guest' }],
      topic: 'summary',
      source_ref: `session:${session}`,
      channels: ['email'],
      title: `Summary: session ${session}`,
      body: 'Decisions:\n- Ship on 15 Dec.',
      deep_link: `https://meet.example/sessions/${session}`,
    });
    const first = await post(conference, summary('5b2e'));
    expect(first.status).toBe(200);
    expect(first.body.notice).toMatchObject({ result: 'created', recipients: ['host'], suppressed: 0 });
    await h.tick();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['guest@example.org']);
    expect(mail!.parsed.subject).toBe('Summary: session 5b2e');
    expect(mail!.parsed.text).toContain('Ship on 15 Dec.');
    expect(mail!.parsed.text).toContain('its sender addressed it to guest@example.org');
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/hado\.example\.org\/a\/unsubscribe\/[^>]+)>$/.exec(mail!.header('List-Unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    // The guest is nobody's user: no user, no inbox row; the delivery is in the outbox beside the others.
    expect(await h.store.db.selectFrom('users').select('login').where('login', 'like', '%guest%').execute()).toEqual([]);
    const inbox = await h.store.db.selectFrom('notice_recipients as r').innerJoin('users as u', 'u.id', 'r.user_id').select('u.login').execute();
    expect(inbox.map((r) => r.login)).toEqual(['host']);
    expect(await addressDeliveries(first.body.notice.id)).toEqual([
      { type: 'email', address: 'guest@example.org', user_id: null, result: 'ok', error: null, attempts: 1 },
    ]);

    // A mail scanner's GET changes nothing; the one-click POST (RFC 8058) suppresses the address for this source.
    const local = `${base}${new URL(link!).pathname}`;
    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('guest@example.org');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await h.store.db.selectFrom('suppressions').selectAll().execute()).toEqual([]);
    const forged = await fetch(`${local.slice(0, -3)}AAA`, { method: 'POST' });
    expect(forged.status).toBe(404);
    const click = await fetch(local, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain('no more mails to guest@example.org from this sender');
    expect(await h.store.db.selectFrom('suppressions').select('email').execute()).toEqual([{ email: 'guest@example.org' }]);

    const second = await post(conference, summary('7c1d'));
    expect(second.status).toBe(200);
    expect(second.body.notice).toMatchObject({ result: 'created', recipients: ['host'], suppressed: 1 });
    h.clock.advance({ minutes: 30 });
    await h.tick();
    expect(mailsTo('guest@example.org')).toHaveLength(1);
    expect(await addressDeliveries(second.body.notice.id)).toEqual([]);
  });

  it('a Slack-channel recipient gets one chat.postMessage to that channel, and no inbox row', async () => {
    const res = await post(conference, { recipients: [{ slack_channel: 'C0CREATIVE' }], topic: 'tech_check', title: 'Tech check at 14:00', body: 'Room 2' });
    expect(res.status).toBe(200);
    expect(res.body.notice).toMatchObject({ recipients: [] });
    expect(res.body.notice.suppressed).toBeUndefined();
    await h.tick();
    const posts = slack.posts('C0CREATIVE');
    expect(posts).toHaveLength(1);
    expect(String(posts[0]!.args.text)).toContain('Tech check at 14:00');
    expect(await addressDeliveries(res.body.notice.id)).toEqual([
      { type: 'slack', address: 'C0CREATIVE', user_id: null, result: 'ok', error: null, attempts: 1 },
    ]);
    expect(await h.store.db.selectFrom('notice_recipients').select('user_id').where('notice_id', '=', res.body.notice.id).execute()).toEqual([]);
  });

  it("Slack's not_in_channel ends the delivery as failed with that reason, not retried", async () => {
    slack.fail.set('chat.postMessage', ['not_in_channel']);
    const res = await post(conference, { recipients: [{ slack_channel: 'C0OUTSIDE' }], title: 'Tech check' });
    expect(res.status).toBe(200);
    await h.tick();
    const before = slack.posts('C0OUTSIDE').length;
    expect(before).toBe(1);
    for (let i = 0; i < 3; i++) {
      h.clock.advance({ minutes: 10 });
      await h.tick();
    }
    expect(slack.posts('C0OUTSIDE')).toHaveLength(1);
    expect(await addressDeliveries(res.body.notice.id)).toEqual([
      { type: 'slack', address: 'C0OUTSIDE', user_id: null, result: 'failed', error: 'chat.postMessage: not_in_channel', attempts: 1 },
    ]);
  });
});
