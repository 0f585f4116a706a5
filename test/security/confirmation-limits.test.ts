// Issue 27, finding 1: a signed-in user cannot make Hado mail or DM a third
// party without limit. Over a real local SMTP server and a fake Slack API:
// add/delete cycles are counted across the delete, refused past the limits
// with 429 and Retry-After naming the setting, and the "this wasn't me" link
// in a confirmation stops every further one to that target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../src/core/confirmation-limits.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

const APP = 'https://hado.example.org';

describe('retryAfterSeconds (pure)', () => {
  const now = new Date('2026-08-12T12:00:00Z');
  const ago = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each([
    ['under the limit', [ago(1), ago(2)].reverse(), 3, null],
    ['at the limit: the oldest frees a place', [ago(20), ago(5), ago(1)], 3, 4 * 3600],
    ['past the limit (lowered): the one that brings it under', [ago(23), ago(20), ago(5), ago(1)], 3, 4 * 3600],
    ['never less than a second', [new Date(now.getTime() - 24 * 3_600_000 + 1)], 1, 1],
  ])('%s', (_name, sends, limit, expected) => {
    expect(retryAfterSeconds(sends, limit, now)).toBe(expected);
  });
});

describe('confirmations to third parties, over SMTP and Slack', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let slack: FakeSlack;

  const add = (user: string, type: 'email' | 'slack', value: string) =>
    call(t, 'POST', '/me/channels', { user, body: { type, config: type === 'email' ? { address: value } : { slack_user_id: value } } });
  const del = (user: string, id: number) => call(t, 'DELETE', `/me/channels/${id}`, { user });
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  const page = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: url.replace(APP, ''), headers: { host: 'hado.example.org', 'accept-language': 'en' } });

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    slack = await startFakeSlack();
    for (const u of ['U0VICTIM', 'U0OTHER', 'U0ANA']) slack.users.set(u, 'active');
    t = await createTestApp({
      now: '2026-08-12T08:00:00Z',
      env: {
        APP_URL: APP,
        LOG_LEVEL: 'silent',
        HADO_SMTP_URL: smtp.url,
        HADO_MAIL_FROM: 'Hado <hado@mail.example.org>',
        SLACK_BOT_TOKEN: 'xoxb-1-test',
        SLACK_SIGNING_SECRET: 'slacksigningsecret0123',
        SLACK_API_ROOT: slack.apiRoot,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await slack.close();
  });

  it('30 add/delete cycles of one address send at most 3 mails; the rest are 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof add>> | undefined;
    for (let i = 0; i < 30; i++) {
      const res = await add('mallory', 'email', 'victim@example.org');
      statuses.push(res.status);
      if (res.status === 201) expect((await del('mallory', res.body.channel.id)).status).toBe(204);
      else refused ??= res;
      t.clock.advance({ minutes: 1 });
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    expect(mailsTo('victim@example.org')).toHaveLength(3);
    expect(refused!.body.error.code).toBe('too_many_requests');
    expect(refused!.body.error.message).toMatch(/At most 3 confirmations to victim@example\.org in 24 hours \(HADO_CONFIRMATIONS_PER_TARGET\)/);
    // The first send was at 08:00, the refusal at 08:03: a place frees at 08:00 the next day.
    expect(Number(refused!.headers['retry-after'])).toBe(24 * 3600 - 3 * 60);
    // A case change is the same mailbox.
    expect((await add('mallory', 'email', 'Victim@Example.org')).status).toBe(429);
  });

  it('the same holds for Slack DMs, and per target across users', async () => {
    const before = slack.posts('D0VICTIM').length;
    let created = 0;
    for (let i = 0; i < 10; i++) {
      const res = await add(i % 2 ? 'mallory' : 'eve', 'slack', 'U0VICTIM');
      if (res.status === 201) {
        created++;
        await del(i % 2 ? 'mallory' : 'eve', res.body.channel.id);
      } else expect(res.status).toBe(429);
    }
    expect(created).toBe(3);
    expect(slack.posts('D0VICTIM').length - before).toBe(3);
  });

  it('a day later the target may get a confirmation again', async () => {
    t.clock.advance({ hours: 24 });
    const res = await add('ana', 'email', 'victim@example.org');
    expect(res.status).toBe(201);
    expect(mailsTo('victim@example.org')).toHaveLength(4);
  });

  it('a user gets at most 10 confirmations a day in all (HADO_CONFIRMATIONS_PER_USER)', async () => {
    t.clock.advance({ hours: 25 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await add('spammer', 'email', `target${i}@example.org`);
      statuses.push(res.status);
      if (res.status === 201) await del('spammer', res.body.channel.id);
      else {
        expect(res.body.error.message).toMatch(/At most 10 confirmations per user in 24 hours \(HADO_CONFIRMATIONS_PER_USER\)/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('target')))).toHaveLength(10);
  });

  it('the mail\'s "this wasn\'t me" link blocks every further confirmation to the address, and spends the confirm link', async () => {
    t.clock.advance({ hours: 25 });
    const res = await add('mallory', 'email', 'bob@example.org');
    expect(res.status).toBe(201);
    const [mail] = mailsTo('bob@example.org');
    const notMe = /https:\/\/hado\.example\.org\/a\/not-me\?code=[A-Za-z0-9_-]{22}/.exec(mail!.parsed.text ?? '')?.[0];
    const confirm = /https:\/\/hado\.example\.org\/a\/confirm\/[A-Za-z0-9_-]{22}/.exec(mail!.parsed.text ?? '')?.[0];
    expect(notMe).toBeDefined();
    expect(mail!.parsed.html).toContain(`href="${notMe!.replace(/&/g, '&amp;')}"`);
    // A scanner opening the link changes nothing: the GET is a page with one button.
    const shown = await page('GET', notMe!);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('bob@example.org');
    await del('mallory', res.body.channel.id);
    expect((await add('eve', 'email', 'bob@example.org')).status).toBe(201);
    expect(mailsTo('bob@example.org')).toHaveLength(2);
    const blocked = await page('POST', notMe!);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).toContain('no more confirmations to bob@example.org');
    // eve's pending code no longer confirms anything.
    const eveConfirm = /https:\/\/hado\.example\.org\/a\/confirm\/[A-Za-z0-9_-]{22}/.exec(mailsTo('bob@example.org')[1]!.parsed.text ?? '')![0];
    expect((await page('POST', eveConfirm)).statusCode).toBe(404);
    expect(confirm).toBeDefined();
    for (const user of ['mallory', 'ana']) {
      const again = await add(user, 'email', 'BOB@example.org');
      expect(again.status).toBe(403);
      expect(again.body.error.message).toMatch(/this wasn't me/);
    }
    expect(mailsTo('bob@example.org')).toHaveLength(2);
    // Blocking twice is harmless; a made-up code names nothing.
    expect((await page('POST', notMe!)).statusCode).toBe(200);
    expect((await page('GET', `${APP}/a/not-me?code=${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect((await page('GET', `${APP}/a/not-me`)).statusCode).toBe(404);
    expect((await page('POST', `${APP}/a/not-me?code=x`)).statusCode).toBe(404);
  });

  it('the Slack DM carries the "this wasn\'t me" button, which blocks that Slack user', async () => {
    const res = await add('mallory', 'slack', 'U0OTHER');
    expect(res.status).toBe(201);
    const dm = slack.posts('D0OTHER').at(-1)!;
    const elements = (dm.args.blocks as Array<{ type: string; elements?: Array<{ action_id: string; url?: string }> }>).find((b) => b.type === 'actions')!
      .elements!;
    const button = elements.find((e) => e.action_id === 'hado_not_me')!;
    expect(button.url).toMatch(/^https:\/\/hado\.example\.org\/a\/not-me\?code=[A-Za-z0-9_-]{22}$/);
    expect((await page('POST', button.url!)).body).toContain('Slack user U0OTHER');
    await del('mallory', res.body.channel.id);
    const again = await add('ana', 'slack', 'U0OTHER');
    expect(again.status).toBe(403);
    expect(slack.posts('D0OTHER')).toHaveLength(1);
    // Another Slack user is not blocked.
    expect((await add('ana', 'slack', 'U0ANA')).status).toBe(201);
  });
});

describe('the limits are settings', () => {
  it('HADO_CONFIRMATIONS_PER_TARGET=1 allows one mail per address a day', async () => {
    const smtp = await startFakeSmtp();
    const t = await createTestApp({
      env: { APP_URL: APP, LOG_LEVEL: 'silent', HADO_SMTP_URL: smtp.url, HADO_MAIL_FROM: 'hado@example.org', HADO_CONFIRMATIONS_PER_TARGET: '1' },
    });
    try {
      const first = await call(t, 'POST', '/me/channels', { user: 'ana', body: { type: 'email', config: { address: 'x@example.org' } } });
      expect(first.status).toBe(201);
      await call(t, 'DELETE', `/me/channels/${first.body.channel.id}`, { user: 'ana' });
      const second = await call(t, 'POST', '/me/channels', { user: 'ana', body: { type: 'email', config: { address: 'x@example.org' } } });
      expect(second.status).toBe(429);
      expect(second.body.error.message).toContain('At most 1 confirmations');
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
