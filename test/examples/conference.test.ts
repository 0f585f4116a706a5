// examples/conference against a real Hado: weekly, biweekly and monthly
// rules with fire_days_before, and a speaker's rule fixed in the host's zone;
// and summary.py, the session summary mailed to users and guests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { createSource } from '../support/app.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';
import { type ExampleHado, needPython, runExample, startHado } from './support.ts';

let hado: ExampleHado;
beforeAll(async () => {
  hado = await startHado();
}, 180_000);
afterAll(() => hado?.close());

it('examples/conference/conference.js', async () => {
  // The speaker lives in New York.
  await hado.app.inject({ method: 'PATCH', url: '/me', headers: { 'x-remote-user': 'speaker.ny' }, payload: { tz: 'America/New_York' } });
  const run = await runExample('node', 'examples/conference/conference.js', { HADO_URL: hado.url, HADO_TOKEN: hado.token, HADO_USER: 'host' });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(4);
  const T = '\\d{4}-\\d{2}-\\d{2}T';
  expect(lines[0]).toMatch(new RegExp(`^host Team stand-up: .*; next ${T}10:00, then ${T}10:00; (scheduled|today)$`));
  expect(lines[1]).toMatch(new RegExp(`^host Design review: .*; next ${T}15:00, then ${T}15:00; (scheduled|preparing|today)$`));
  expect(lines[2]).toMatch(/^host All hands: .*; next \d{4}-\d{2}-(28|29|30|31)T17:00, then \d{4}-\d{2}-(28|29|30|31)T17:00;/);
  // Fixed in Madrid: the offset is Madrid's (+01:00 or +02:00), whatever the speaker's zone.
  expect(lines[3]).toMatch(new RegExp(`^speaker.ny Design review \\(you are speaking\\): .*; next ${T}15:00\\+0[12]:00, then ${T}15:00\\+0[12]:00;`));
  // The speaker's inbox shows the session at 09:00 or 10:00 New York time.
  const me = JSON.parse((await hado.app.inject({ method: 'GET', url: '/me/events', headers: { 'x-remote-user': 'speaker.ny' } })).body) as {
    events: Array<{ due_time: string; fire_days_before: number }>;
  };
  expect(me.events).toHaveLength(1);
  expect(['09:00', '10:00']).toContain(me.events[0]!.due_time);
  expect(me.events[0]!.fire_days_before).toBe(1);
});

// examples/conference/summary.py with hado_client (issue 30): the session summary mailed to the
// users (provisioned with their emails: no confirmation) and to the guest's email (an address
// recipient: mailed only, with a one-click unsubscribe), over real HTTP and SMTP.
describe('examples/conference/summary.py', () => {
  let h: Harness;
  let smtp: FakeSmtp;
  let url: string;
  let token: string;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    // A fixed noon in UTC, the users' zone: the users' mails fall inside their active hours whatever the
    // hour this suite runs at (with the real clock, a run at 21:50 UTC put them past 22:00, into quiet hours).
    h = await createHarness({
      now: '2026-06-10T12:00:00Z',
      env: { HADO_DEFAULT_TZ: 'UTC', HADO_SMTP_URL: smtp.url, HADO_MAIL_FROM: 'Conference <hado@mail.example.org>' },
    });
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    token = await createSource(h, 'conference', ['provision', 'address']);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  it('mails the summary to the users and the guest, once, though the job runs twice', async (ctx) => {
    await needPython(ctx, 'the Python example cannot run');
    const run = await runExample('python3', 'examples/conference/summary.py', { HADO_URL: url, HADO_TOKEN: token, PYTHONPATH: 'clients/python/src' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('provisioned: ana,host');
    expect(lines[1]).toMatch(/^summary \(run 1\): created notice (\d+) to ana,host and 1 guest, 0 suppressed$/);
    expect(lines[2]).toMatch(/^summary \(run 2\): duplicate notice (\d+) to ana,host and 1 guest, 0 suppressed$/);
    expect(lines).toHaveLength(3);

    // The guest's mail goes at once (an address has no presence to wait for); the users' after the notices' fallback.
    await h.tick();
    expect(smtp.mails.map((m) => m.to)).toEqual([['guest@example.org']]);
    const guest = smtp.mails[0]!;
    expect(guest.parsed.subject).toBe('Summary: Design review');
    expect(guest.parsed.text).toContain('Ship the new onboarding on 15 Dec.');
    expect(guest.header('List-Unsubscribe')).toMatch(/^<https:\/\/hado\.example\.org\/a\/unsubscribe\/[^>]+>$/);
    expect(guest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    h.clock.advance({ minutes: 15 });
    await h.tick();
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['ana@example.org', 'guest@example.org', 'host@example.org']);
    // No user for the guest: the users are the two the service provisioned.
    expect((await h.store.db.selectFrom('users').select('login').orderBy('login').execute()).map((u) => u.login)).toEqual(['ana', 'host']);
  }, 180_000);
});
