// Notices over SMTP for real (issue 17): a notice written with POST
// /api/notices reaches a confirmed email channel through the notice tick and
// the worker, as a mail with the title, the body and the deep link, the
// channel's headers and no action links; and the preferences grid's email
// column decides which kinds are mailed. Reminder mails and the confirmation
// flow are in email.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { confirmEmail } from '../support/confirm-channels.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();

describe('notices by email over SMTP', () => {
  let h: Harness;
  let smtp: FakeSmtp;

  const confirmedEmail = (user: string, address: string) => confirmEmail(h, smtp, user, address);
  const notice = (body: Record<string, unknown>) => call(h, 'POST', '/api/notices', { token: h.token, body });
  const mailsTo = (address: string, from: number) => smtp.mails.slice(from).filter((m) => m.to.includes(address));
  /** Past the notices' fallback wait, then one tick (run() skips minutes by events and deliveries, not by notices). */
  const later = async () => {
    h.clock.advance({ minutes: 15 });
    await h.tick();
  };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    h = await createHarness({
      now: madrid('2026-09-01T10:00'),
      env: { HADO_SMTP_URL: smtp.url, HADO_MAIL_FROM: 'Hado <hado@mail.example.org>' },
    });
    await confirmedEmail('nina', 'nina@example.org');
    await confirmedEmail('oleg', 'oleg@example.org');
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('a notice arrives as a mail: title, body, deep link, Message-ID, List-Unsubscribe (one-click), Auto-Submitted, no action links', async () => {
    const before = smtp.mails.length;
    const res = await notice({
      recipients: ['nina'],
      topic: 'mention',
      title: 'Ana mentioned <you>',
      body: 'in "Budget" & more',
      deep_link: 'https://docs.example/d/1',
    });
    expect(res.status).toBe(200);
    await h.tick();
    // Email's presence is unknown: the notice goes with the fallback (HADO_NOTICE_FALLBACK_MINUTES, 10).
    expect(mailsTo('nina@example.org', before)).toEqual([]);
    await later();
    const mails = mailsTo('nina@example.org', before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('hado@mail.example.org');
    // A notice's subject is its title, without a reminder's state word.
    expect(mail.parsed.subject).toBe('Ana mentioned <you>');
    expect(mail.parsed.text).toContain('Ana mentioned <you>');
    expect(mail.parsed.text).toContain('in "Budget" & more');
    expect(mail.parsed.text).toContain('Open: https://docs.example/d/1');
    expect(mail.parsed.html).toContain('Ana mentioned &lt;you&gt;');
    expect(mail.parsed.html).toContain('in &quot;Budget&quot; &amp; more');
    expect(mail.parsed.html).toContain('href="https://docs.example/d/1"');
    expect(mail.header('Message-ID')).toMatch(/^<hado\.d\d+\.[A-Za-z0-9_-]{12}@mail\.example\.org>$/);
    expect(mail.header('List-Unsubscribe')).toMatch(/^<https:\/\/hado\.example\.org\/a\/unsubscribe\/[^>]+>$/);
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.header('Auto-Submitted')).toBe('auto-generated');
    // Nothing to Ack or Done: the unsubscribe link is the only link to Hado in either part.
    for (const part of [mail.parsed.text!, String(mail.parsed.html)]) {
      expect(part).not.toMatch(/\/a\/[A-Za-z0-9_-]+\/(ack|done)\b/);
      expect(part).not.toMatch(/^(Ack|Done): /m);
      expect([...part.matchAll(/https:\/\/hado\.example\.org\/a\/([a-z]+)\//g)].map((m) => m[1])).toEqual(['unsubscribe']);
    }
    const row = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['deliveries.result', 'deliveries.external_id'])
      .where('channels.type', '=', 'email')
      .where('deliveries.notice_id', '=', res.body.notice.id)
      .execute();
    expect(row).toEqual([{ result: 'ok', external_id: mail.header('Message-ID') }]);
  }, 120_000);

  it('the preferences grid decides: a kind switched off for email is not mailed (the inbox still has it), another kind still is', async () => {
    h.clock.set(Temporal.Instant.from(madrid('2026-09-02T10:00')));
    // The grid lists the kinds a source has sent: one notice of each first, both mailed (email is on by default).
    const first = smtp.mails.length;
    for (const topic of ['digest', 'comment']) expect((await notice({ recipients: ['oleg'], topic, title: `First ${topic}` })).status).toBe(200);
    await later();
    expect(
      mailsTo('oleg@example.org', first)
        .map((m) => m.parsed.subject)
        .sort(),
    ).toEqual(['First comment', 'First digest']);
    const grid = await call(h, 'PUT', '/me/preferences', { user: 'oleg', body: { rows: [{ source: 'docs', topic: 'digest', channels: { email: false } }] } });
    expect(grid.status).toBe(200);
    expect(grid.body.rows.find((r: { topic: string }) => r.topic === 'digest').channels).toMatchObject({ email: false, web: true });
    expect(grid.body.rows.find((r: { topic: string }) => r.topic === 'comment').channels).toMatchObject({ email: true });
    const before = smtp.mails.length;
    const off = await notice({ recipients: ['oleg'], topic: 'digest', title: 'Weekly digest' });
    const on = await notice({ recipients: ['oleg'], topic: 'comment', title: 'New comment' });
    expect([off.status, on.status]).toEqual([200, 200]);
    await later();
    expect(mailsTo('oleg@example.org', before).map((m) => m.parsed.subject)).toEqual(['New comment']);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select('channels.type')
      .where('deliveries.notice_id', '=', off.body.notice.id)
      .execute();
    expect(rows.map((r) => r.type)).toEqual(['web']);
  }, 120_000);
});
