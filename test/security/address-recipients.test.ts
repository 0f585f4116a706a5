// Issue 27's surface checks on address recipients (issue 24 point 4), so a
// leaked source token cannot turn Hado into a spam relay:
// - the per-source limits (HADO_RATE_LIMIT_ADDRESS_MINUTE / _DAY) hold under
//   a burst of 1,000 concurrent requests over real HTTP: exactly the limit
//   is accepted and written, the rest get 429 with Retry-After;
// - a suppressed address is never mailed again by that source (new notices,
//   an upsert's re-push, a batch, another spelling, a mail already queued
//   when the guest clicked), while another source still may mail it;
// - without the capability `address` every request is a 403.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { createSource } from '../support/app.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

type Answer = { notice?: { id: number; suppressed?: number }; error?: { capability?: string } };
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const PER_MINUTE = 50;
const PER_DAY = 60;

describe('address recipients: limits, suppression, capability', () => {
  let h: Harness;
  let smtp: FakeSmtp;
  let base: string;
  let relay: string;

  /**
   * POST /api/notices over a real connection. The burst's 1,000 requests are all in flight at
   * once on the client's side, over 64 kept-alive sockets (more at once would overflow the
   * listen backlog, a limit of the test machine, not of Hado).
   */
  function post(token: string, body: unknown): Promise<{ status: number; retryAfter: string | null; body: Answer }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}/api/notices`,
        {
          method: 'POST',
          agent,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const retryAfter = res.headers['retry-after'];
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  /** Outbox rows to the source's addresses, all results. */
  const addressRows = async (sourceName: string) =>
    Number(
      (
        await h.store.db
          .selectFrom('deliveries as d')
          .innerJoin('channels as ch', 'ch.id', 'd.channel_id')
          .innerJoin('sources as s', 's.id', 'ch.address_of')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('s.name', '=', sourceName)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    smtp = await startFakeSmtp({ parse: true });
    h = await createHarness({
      now: '2026-09-01T08:00:00Z',
      env: {
        HADO_SMTP_URL: smtp.url,
        HADO_MAIL_FROM: 'Hado <hado@mail.example.org>',
        HADO_RATE_LIMIT_ADDRESS_MINUTE: String(PER_MINUTE),
        HADO_RATE_LIMIT_ADDRESS_DAY: String(PER_DAY),
      },
    });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    relay = await createSource(h, 'leaked', ['address']);
    // A fresh store migrates first: slow on a busy machine.
  }, 400_000);
  afterAll(async () => {
    agent.destroy();
    await h?.close();
    await smtp?.close();
  });

  it('the limits hold under a burst of 1,000 requests: exactly the per-minute limit passes, then the per-day one', async () => {
    const burst = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => post(relay, { recipients: [{ email: `victim${i}@example.org` }], title: 'Cheap pills' })),
    );
    const ok = burst.filter((r) => r.status === 200);
    const limited = burst.filter((r) => r.status === 429);
    // Exactly the limit passes. The rest is refused with a Retry-After: 429 — or, on PostgreSQL,
    // 503 for a request that waited longer than the pool's 10 s for a connection while the
    // source's writes queued on its lock (the overload answer of db/unavailable.ts); nothing else.
    expect([...new Set(burst.map((r) => r.status))].filter((s) => ![200, 429, 503].includes(s))).toEqual([]);
    expect(ok).toHaveLength(PER_MINUTE);
    expect(limited.length).toBeGreaterThanOrEqual(800);
    for (const r of burst.filter((r) => r.status !== 200)) expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    for (const r of limited) expect(Number(r.retryAfter)).toBeLessThanOrEqual(60);
    expect(await addressRows('leaked')).toBe(PER_MINUTE);
    // Nothing of a refused request was written: no notice, no channel row.
    expect(
      Number(
        (
          await h.store.db
            .selectFrom('notices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(PER_MINUTE);

    // A minute later the minute's limit has room again, but the day's (60) lets only 10 more through.
    h.clock.advance({ seconds: 61 });
    const next = await Promise.all(Array.from({ length: 30 }, (_, i) => post(relay, { recipients: [{ slack_channel: `C0SPAM${i}` }], title: 'Spam' })));
    expect(next.filter((r) => r.status === 200)).toHaveLength(PER_DAY - PER_MINUTE);
    const dayLimited = next.filter((r) => r.status === 429);
    expect(dayLimited).toHaveLength(30 - (PER_DAY - PER_MINUTE));
    // The day's oldest writes age out in about 24 hours.
    for (const r of dayLimited) expect(Number(r.retryAfter)).toBeGreaterThan(23 * 3600);
    expect(await addressRows('leaked')).toBe(PER_DAY);
    // A batch larger than a limit can never pass: a 422, not a 429 to retry.
    h.clock.advance({ hours: 25 });
    const huge = await post(relay, { recipients: Array.from({ length: PER_MINUTE + 1 }, (_, i) => ({ email: `v${i}@example.org` })), title: 'Spam' });
    expect(huge.status).toBe(422);
  }, 180_000);

  it('a suppressed address is never mailed again by that source; another source still may', async () => {
    h.clock.advance({ hours: 48 });
    const conference = await createSource(h, 'conference', ['address']);
    const other = await createSource(h, 'newsletter', ['address']);
    const guest = { email: 'guest@example.org', name: 'Guest' };
    const first = await post(conference, { recipients: [guest], source_ref: 'session:1', mode: 'upsert', title: 'Summary 1' });
    expect(first.status).toBe(200);
    await h.tick();
    const [mail] = mailsTo('guest@example.org');
    const link = /<https:\/\/hado\.example\.org(\/a\/unsubscribe\/[^>]+)>/.exec(mail!.header('List-Unsubscribe')!)![1]!;

    // A second mail is already queued (written, not yet sent) when the guest clicks.
    const queued = await post(conference, { recipients: [guest], title: 'Summary 2' });
    expect(queued.body.notice!.suppressed).toBe(0);
    const click = await fetch(`${base}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    await h.tick();
    expect(mailsTo('guest@example.org')).toHaveLength(1);

    // Whatever the source writes next, the address is skipped and counted.
    const again = [
      await post(conference, { recipients: [{ email: 'GUEST@example.org' }], title: 'Summary 3' }),
      await post(conference, { recipients: ['host', guest], source_ref: 'session:1', mode: 'upsert', title: 'Summary 1, corrected' }),
      await post(conference, {
        notices: [
          { recipients: [guest, guest], title: 'Summary 4' },
          { recipients: [{ email: ' guest@EXAMPLE.org ' }], title: 'Summary 5' },
        ],
      }),
    ];
    for (const r of again) expect(r.status).toBe(200);
    expect(again.map((r) => r.body.notice?.suppressed ?? 'batch')).toEqual([1, 1, 'batch']);
    for (let i = 0; i < 3; i++) {
      h.clock.advance({ minutes: 20 });
      await h.tick();
    }
    expect(mailsTo('guest@example.org')).toHaveLength(1);
    // A second click (a client that repeats it) is harmless.
    expect((await fetch(`${base}${link}`, { method: 'POST' })).status).toBe(200);

    // The suppression is this source's: the newsletter still reaches the address.
    expect((await post(other, { recipients: [guest], title: 'Newsletter' })).status).toBe(200);
    await h.tick();
    expect(mailsTo('guest@example.org').map((m) => m.parsed.subject)).toEqual(['Summary 1', 'Newsletter']);
  }, 120_000);

  it('without the capability, every request naming an address is a 403, and nothing is mailed', async () => {
    const before = smtp.mails.length;
    for (let i = 0; i < 20; i++) {
      const res = await post(h.token, { recipients: [i % 2 ? { email: `x${i}@example.org` } : { slack_channel: 'C0CREATIVE' }], title: 'No' });
      expect(res.status).toBe(403);
      expect(res.body.error!.capability).toBe('address');
    }
    await h.tick();
    expect(smtp.mails.length).toBe(before);
  }, 120_000);
});
