// The email channel over SMTP for real (issue 17): a local SMTP server
// receives, parses and checks every mail — the confirmation flow, reminder
// and notice mails (headers, both parts, links), a 5xx and a 4xx answer —
// while a fake clock moves the scheduler and the worker through the day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail, subjectOf } from '../../src/channels/email/message.ts';
import type { OutgoingMessage } from '../../src/channels/types.ts';
import { Temporal } from '../../src/domain/time.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call } from '../support/app.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

const MADRID = 'Europe/Madrid';
const madrid = (wall: string): string => Temporal.PlainDateTime.from(wall).toZonedDateTime(MADRID).toInstant().toString();

const event = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  deliveryId: 7,
  actionToken: 'tok_abcdefghijklmnopqrstuvwxyz0123456789',
  kind: 'event',
  body: {
    event: { id: 1, state: 'today' },
    actions: { ack: 'https://hado.example.org/a/tok/ack', done: 'https://hado.example.org/a/tok/done' },
  },
  title: 'Pay <rent> & "water"',
  subtitle: 'before 18:00\nsecond line',
  deepLink: 'https://bank.example/pay?x=1&y=2',
  doneLabel: 'Paid',
  locale: 'en',
  ...over,
});

describe('the mail builder (pure)', () => {
  const ctx = { to: 'ana@example.org', unsubscribeUrl: 'https://hado.example.org/a/unsubscribe/1.x', domain: 'example.org' };

  it.each([
    ['event today', event(), 'Pay <rent> & "water" — today'],
    ['event overdue, Russian', event({ locale: 'ru', body: { event: { state: 'overdue' } } }), 'Pay <rent> & "water" — просрочено'],
    ['notice', event({ kind: 'notice', body: { notice: {} } }), 'Pay <rent> & "water"'],
    ['a title with a newline stays one header line', event({ title: 'a\r\nBcc: x@y', kind: 'notice', body: {} }), 'a Bcc: x@y'],
  ])('subject: %s', (_name, message, subject) => {
    expect(subjectOf(message)).toBe(subject);
  });

  it('an event: both parts, escaped HTML, Ack and the done label, the deep link, the headers', () => {
    const mail = renderMail(event(), ctx);
    expect(mail.html).toContain('Pay &lt;rent&gt; &amp; &quot;water&quot;');
    expect(mail.html).not.toContain('<rent>');
    expect(mail.html).toContain('href="https://hado.example.org/a/tok/ack"');
    expect(mail.html).toContain('>Paid</a>');
    expect(mail.html).toContain('href="https://bank.example/pay?x=1&amp;y=2"');
    expect(mail.text).toContain('Ack: https://hado.example.org/a/tok/ack');
    expect(mail.text).toContain('Paid: https://hado.example.org/a/tok/done');
    expect(mail.text).toContain('Open: https://bank.example/pay?x=1&y=2');
    expect(mail.messageId).toMatch(/^<hado\.d7\.[A-Za-z0-9_-]{12}@example\.org>$/);
    expect(renderMail(event(), ctx).messageId).toBe(mail.messageId);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://hado.example.org/a/unsubscribe/1.x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
  });

  it('a notice: title, body, deep link, no actions; a relative deep link is left out', () => {
    const mail = renderMail(event({ kind: 'notice', body: { notice: {} }, doneLabel: null, deepLink: '/people/42' }), ctx);
    expect(mail.text).not.toContain('/a/tok');
    expect(mail.html).not.toContain('/a/tok');
    expect(mail.text).not.toContain('/people/42');
    expect(mail.text).toContain('second line');
  });
});

describe('email over SMTP through whole days', () => {
  let h: Harness;
  let smtp: FakeSmtp;
  const addEmail = (user: string, address: unknown) => call(h, 'POST', '/me/channels', { user, body: { type: 'email', config: { address } } });
  const linkIn = (text: string, path: string): string => {
    const m = new RegExp(`https://hado\\.example\\.org${path}[A-Za-z0-9_./-]+`).exec(text);
    if (!m) throw new Error(`no ${path} link in: ${text}`);
    return m[0];
  };
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
    h.app.inject({ method, url: new URL(url).pathname, headers: { host: 'hado.example.org', ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    smtp = await startFakeSmtp({ auth: { user: 'hado', pass: 'p@ss word' } });
    h = await createHarness({
      now: madrid('2026-08-12T08:00'),
      env: { HADO_SMTP_URL: smtp.url, HADO_MAIL_FROM: 'Hado <hado@mail.example.org>' },
    });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('refuses a bad address (422 naming config.address), an unknown field, and a 6th address', async () => {
    for (const bad of ['nobody', 'a b@example.org', 'x@localhost', 42, '<a@b.org>']) {
      const res = await addEmail('ana', bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.error.field).toBe('config.address');
    }
    const extra = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'email', config: { address: 'a@b.org', cc: 'x' } } });
    expect(extra.status).toBe(422);
    expect(extra.body.error.field).toBe('config.cc');
    for (let i = 1; i <= 5; i++) expect((await addEmail('many', `m${i}@example.org`)).status).toBe(201);
    const sixth = await addEmail('many', 'm6@example.org');
    expect(sixth.status).toBe(409);
    expect(sixth.body.error.message).toMatch(/At most 5 email channels/);
    expect((await addEmail('many', 'm1@EXAMPLE.org')).status).toBe(409);
  });

  it('confirms through the link: GET shows a Confirm button and changes nothing, POST confirms, once', async () => {
    const before = smtp.mails.length;
    const res = await addEmail('nikita', 'nikita@Example.ORG');
    expect(res.status).toBe(201);
    expect(res.body.channel).toMatchObject({ type: 'email', confirmed: false, enabled: true, config: { address: 'nikita@example.org' } });
    expect(res.body.secret).toBeUndefined();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['nikita@example.org']);
    expect(mail!.from).toBe('hado@mail.example.org');
    expect(mail!.parsed.subject).toBe('Confirm your address for Hado reminders');
    expect(mail!.header('Auto-Submitted')).toBe('auto-generated');
    const link = linkIn(mail!.parsed.text!, '/a/confirm/');
    expect(mail!.parsed.html).toContain(`href="${link}"`);

    // A scanner's GET: a page with the button, still unconfirmed.
    const page = await inject('GET', link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain('nikita@example.org');
    const listed = await call(h, 'GET', '/me/channels', { user: 'nikita' });
    expect(listed.body.channels.find((c: { type: string }) => c.type === 'email').confirmed).toBe(false);

    const confirmed = await inject('POST', link, { 'content-type': 'application/x-www-form-urlencoded' }, '');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Confirmed ✓');
    const again = await inject('POST', link, { 'content-type': 'application/x-www-form-urlencoded' }, '');
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('already used');
    const after = await call(h, 'GET', '/me/channels', { user: 'nikita' });
    expect(after.body.channels.find((c: { type: string }) => c.type === 'email').confirmed).toBe(true);
  });

  it('a link older than 24 h confirms nothing; an unconfirmed address gets no reminder', async () => {
    const before = smtp.mails.length;
    expect((await addEmail('olga', 'olga@example.org')).status).toBe(201);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const link = linkIn(mail!.parsed.text!, '/a/confirm/');
    await h.put([{ user: 'olga', source_ref: 'o1', topic: 'bill', due_at: '2026-08-12', payload: { title: 'Olga bill' } }]);
    h.clock.advance({ hours: 24, minutes: 1 });
    const late = await inject('POST', link, { 'content-type': 'application/x-www-form-urlencoded' }, '');
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('expired');
    await h.run(Temporal.Instant.from(h.clock.now().toString()).add({ hours: 12 }));
    expect(smtp.mails.slice(before + 1).filter((m) => m.to.includes('olga@example.org'))).toEqual([]);
    const rows = await h.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .select('deliveries.id')
      .where('channels.type', '=', 'email')
      .where('users.login', '=', 'olga')
      .execute();
    expect(await h.store.db.selectFrom('events').select('id').where('source_ref', '=', 'o1').execute()).toHaveLength(1);
    expect(rows).toEqual([]);
  });

  it('a reminder mail through the day: headers, both parts, absolute Ack and Done links that act through their page', async () => {
    h.clock.set(Temporal.Instant.from(madrid('2026-08-20T20:30')));
    const before = smtp.mails.length;
    await h.put([
      {
        user: 'nikita',
        source_ref: 'rent',
        topic: 'bills',
        due_at: '2026-08-20',
        payload: { title: 'Pay <rent>', subtitle: 'before 18:00', deep_link: 'https://bank.example/pay', done_label: 'Paid' },
      },
    ]);
    await h.run(madrid('2026-08-20T21:05'));
    const mails = smtp.mails.slice(before).filter((m) => m.to.includes('nikita@example.org'));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    const mail = mails[0]!;
    expect(mail.parsed.subject).toBe('Pay <rent> — today');
    expect(mail.header('Message-ID')).toMatch(/^<hado\.d\d+\.[A-Za-z0-9_-]{12}@mail\.example\.org>$/);
    expect(mail.header('Auto-Submitted')).toBe('auto-generated');
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(https:\/\/hado\.example\.org\/a\/unsubscribe\/[^>]+)>$/.exec(mail.header('List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    expect(mail.parsed.text).toContain('Pay <rent>');
    expect(mail.parsed.text).toContain('Open: https://bank.example/pay');
    expect(mail.parsed.html).toContain('Pay &lt;rent&gt;');
    expect(mail.parsed.html).not.toContain('<rent>');
    const ack = linkIn(mail.parsed.text!, '/a/');
    expect(ack).toMatch(/\/ack$/);
    const done = linkIn(mail.parsed.text!.slice(mail.parsed.text!.indexOf('Paid:')), '/a/');
    expect(done).toMatch(/\/done$/);
    expect(mail.parsed.html).toContain(`href="${ack}"`);
    expect(mail.parsed.html).toContain(`href="${done}"`);

    const page = await inject('GET', done, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    const state = async () => (await h.store.db.selectFrom('events').select('state').where('source_ref', '=', 'rent').executeTakeFirstOrThrow()).state;
    expect(await state()).toBe('today');
    const acted = await inject('POST', done, { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, '');
    expect(acted.statusCode).toBe(200);
    expect(acted.body).toContain('Done ✓');
    expect(await state()).toBe('done');
    const spent = await inject('POST', done, { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, '');
    expect(spent.statusCode).toBe(404);

    // RFC 8058 one-click: a POST with the form body switches the channel off.
    const bad = await inject('POST', `${unsubscribe!.slice(0, -3)}xyz`, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click');
    expect(bad.statusCode).toBe(404);
    const off = await inject('POST', unsubscribe!, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click');
    expect(off.statusCode).toBe(200);
    const listed = await call(h, 'GET', '/me/channels', { user: 'nikita' });
    expect(listed.body.channels.find((c: { type: string }) => c.type === 'email').enabled).toBe(false);
    await call(h, 'PATCH', `/me/channels/${listed.body.channels.find((c: { type: string }) => c.type === 'email').id}`, {
      user: 'nikita',
      body: { enabled: true },
    });
  }, 120_000);

  it('a 5xx answer is final after one attempt; a 4xx is retried with the same Message-ID', async () => {
    h.clock.set(Temporal.Instant.from(madrid('2026-08-22T20:30')));
    const rowsOf = (ref: string) =>
      h.store.db
        .selectFrom('deliveries')
        .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
        .innerJoin('events', 'events.id', 'deliveries.event_id')
        .select(['deliveries.id', 'deliveries.result', 'deliveries.attempts', 'deliveries.error', 'deliveries.external_id'])
        .where('channels.type', '=', 'email')
        .where('events.source_ref', '=', ref)
        .orderBy('deliveries.id')
        .execute();
    smtp.refuse = [550];
    await h.put([{ user: 'nikita', source_ref: 'perm', topic: 'bills', due_at: '2026-08-22', payload: { title: 'Refused' } }]);
    await h.run(madrid('2026-08-22T21:05'));
    const perm = await rowsOf('perm');
    expect(perm[0]).toMatchObject({ result: 'failed', attempts: 1 });
    expect(perm[0]!.error).toMatch(/550/);

    h.clock.set(Temporal.Instant.from(madrid('2026-08-24T20:30')));
    const before = smtp.mails.length;
    smtp.refuse = [451];
    const refusedBefore = smtp.refusedIds.length;
    await h.put([{ user: 'nikita', source_ref: 'temp', topic: 'bills', due_at: '2026-08-24', payload: { title: 'Retried' } }]);
    await h.run(madrid('2026-08-24T21:30'));
    const temp = await rowsOf('temp');
    expect(temp[0]).toMatchObject({ result: 'ok', attempts: 2 });
    const sent = smtp.mails.slice(before).find((m) => m.parsed.subject === 'Retried — today')!;
    expect(sent.header('Message-ID')).toBe(smtp.refusedIds[refusedBefore]);
    expect(temp[0]!.external_id).toBe(sent.header('Message-ID'));
  }, 120_000);

  it("the pages behind a mail's links speak the recipient's language, whatever the browser asks; a link naming nobody gets the browser's", async () => {
    h.clock.set(Temporal.Instant.from(madrid('2026-08-26T20:30')));
    const english = { 'accept-language': 'en' };
    const form = { ...english, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' };
    expect((await call(h, 'PATCH', '/me', { user: 'vera', body: { locale: 'ru' } })).body.locale).toBe('ru');
    const before = smtp.mails.length;
    expect((await addEmail('vera', 'vera@example.org')).status).toBe(201);
    const [confirmMail] = (await smtp.waitFor(before + 1)).slice(before);
    const confirm = linkIn(confirmMail!.parsed.text!, '/a/confirm/');
    const question = await inject('GET', confirm, english);
    expect(question.body).toContain('<html lang="ru"');
    expect(question.body).toContain('Получать напоминания Hado на vera@example.org?');
    expect((await inject('POST', confirm, form, '')).body).toContain('Подтверждено ✓');
    expect((await inject('POST', confirm, form, '')).body).toContain('Эта ссылка подтверждения уже использована.');

    await h.put([{ user: 'vera', source_ref: 'vera-rent', topic: 'bills', due_at: '2026-08-26', payload: { title: 'Квартплата' } }]);
    await h.run(madrid('2026-08-26T21:05'));
    const mail = smtp.mails.slice(before + 1).find((m) => m.to.includes('vera@example.org'))!;
    const ack = linkIn(mail.parsed.text!, '/a/');
    expect(ack).toMatch(/\/ack$/);
    const page = await inject('GET', ack, english);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ru"');
    expect(page.body).toContain('Отметить это напоминание как принятое?');
    expect(page.body).toContain('>Помню<');
    const acked = await inject('POST', ack, form, '');
    expect(acked.statusCode).toBe(200);
    expect(acked.body).toContain('Принято ✓');

    const unsubscribe = /^<([^>]+)>$/.exec(mail.header('List-Unsubscribe') ?? '')![1]!;
    expect((await inject('GET', unsubscribe, english)).body).toContain('Больше не присылать письма Hado на vera@example.org?');

    // Links that name nobody: an unknown token, an unsubscribe link with vera's channel id and a wrong MAC.
    for (const [method, url, text] of [
      ['GET', 'https://hado.example.org/a/confirm/nonsense', 'This confirmation link is not valid.'],
      ['POST', `https://hado.example.org/a/${'x'.repeat(43)}/ack`, 'This link has expired.'],
      ['GET', `https://hado.example.org/a/${'x'.repeat(43)}/ack`, 'Mark this reminder as noted?'],
      ['GET', `${unsubscribe.slice(0, -3)}xyz`, 'This link is not valid.'],
    ] as const) {
      const res = await inject(method, url, method === 'POST' ? form : english, method === 'POST' ? '' : undefined);
      expect(res.body, url).toContain('<html lang="en"');
      expect(res.body, url).toContain(text);
    }
  }, 120_000);
});

describe('a relay that cannot be reached', () => {
  it('adding an address answers 502 and keeps nothing; the mail is not half-sent', async () => {
    const smtp = await startFakeSmtp();
    const url = smtp.url;
    await smtp.close();
    const h = await createHarness({ now: madrid('2026-08-12T08:00'), env: { HADO_SMTP_URL: url, HADO_MAIL_FROM: 'hado@example.org' } });
    try {
      const res = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'email', config: { address: 'ana@example.org' } } });
      expect(res.status).toBe(502);
      expect(res.body.error.message).toMatch(/confirmation mail could not be sent/);
      const listed = await call(h, 'GET', '/me/channels', { user: 'ana' });
      expect(listed.body.channels.map((c: { type: string }) => c.type)).toEqual(['web']);
    } finally {
      await h.close();
    }
  });

  it('without HADO_SMTP_URL there is no email channel: 409, and the settings page says so', async () => {
    const h = await createHarness({ now: madrid('2026-08-12T08:00') });
    try {
      const res = await call(h, 'POST', '/me/channels', { user: 'ana', body: { type: 'email', config: { address: 'ana@example.org' } } });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/HADO_SMTP_URL/);
      const page = await call(h, 'GET', '/', { user: 'ana', headers: { accept: 'text/html' } });
      expect(String(page.body)).toContain('HADO_SMTP_URL');
    } finally {
      await h.close();
    }
  });
});
