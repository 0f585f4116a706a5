// `hado doctor` against real local servers: a migrated store, a listening
// Hado for APP_URL, the fake Telegram (getMe), the fake Slack (auth.test)
// and a local SMTP server; then the same with a bad SMTP URL and a bad Slack
// token, which fail with the setting named, and the command's exit code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../src/cli/doctor.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type CliBackend, createCliBackend, freePort } from '../support/cli.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

let backend: CliBackend;
let hado: TestApp;
let appUrl: string;
let tg: FakeTelegram;
let slack: FakeSlack;
let smtp: FakeSmtp;

beforeAll(async () => {
  backend = await createCliBackend('hado-doctor-');
  const store = await backend.open();
  await migrateToLatest(store.db);
  await store.close();
  hado = await createTestApp();
  appUrl = await hado.app.listen({ port: 0, host: '127.0.0.1' });
  [tg, slack, smtp] = await Promise.all([startFakeTelegram(), startFakeSlack(), startFakeSmtp()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([tg?.close(), slack?.close(), smtp?.close(), hado?.close()]);
  await backend?.dispose();
});

const goodEnv = () => ({
  APP_URL: appUrl,
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_API_ROOT: tg.url,
  TELEGRAM_WEBHOOK_SECRET: 'doctor-webhook-secret-0123',
  SLACK_BOT_TOKEN: slack.validToken,
  SLACK_SIGNING_SECRET: 'abcdef0123456789abcdef0123456789',
  SLACK_API_ROOT: slack.apiRoot,
  HADO_SMTP_URL: smtp.url,
  HADO_MAIL_FROM: 'Hado <hado@example.org>',
});

describe('hado doctor', () => {
  it('passes when everything configured answers', async () => {
    const rows = await runChecks(backend.env(goodEnv()));
    const by = Object.fromEntries(rows.map((r) => [r.check, r]));
    expect(
      rows.filter((r) => r.status === 'fail'),
      JSON.stringify(rows, null, 1),
    ).toEqual([]);
    expect(by.storage!.status).toBe('ok');
    expect(by.migrations).toMatchObject({ status: 'ok', detail: 'the schema is current' });
    expect(by.telegram).toMatchObject({ status: 'ok', detail: 'getMe: the bot is @hado_test_bot' });
    expect(by.slack).toMatchObject({ status: 'ok', detail: 'auth.test: hado in Hado Test' });
    expect(by.smtp!.status).toBe('ok');
    expect(by['public url']).toMatchObject({ status: 'ok', detail: `${appUrl}/healthz answers 200` });
    expect(by.clock!.status).toBe('ok');
    expect(slack.calls.some((c) => c.method === 'auth.test')).toBe(true);
  });

  it('fails clearly on a bad SMTP URL and a refused Slack token, naming the setting', async () => {
    const closed = await freePort();
    const rows = await runChecks(backend.env({ ...goodEnv(), HADO_SMTP_URL: `smtp://127.0.0.1:${closed}`, SLACK_BOT_TOKEN: 'xoxb-wrong' }));
    const by = Object.fromEntries(rows.map((r) => [r.check, r]));
    expect(by.smtp!.status).toBe('fail');
    expect(by.smtp!.detail).toMatch(new RegExp(`^HADO_SMTP_URL \\(smtp://127\\.0\\.0\\.1:${closed}\\): .*ECONNREFUSED`));
    expect(by.slack).toMatchObject({ status: 'fail', detail: 'auth.test answered "invalid_auth": check SLACK_BOT_TOKEN' });
    expect(by.telegram!.status).toBe('ok');
  });

  it('the command prints the table and exits 1 on a failure, 0 when all pass', async () => {
    const closed = await freePort();
    const bad = await backend.hado(['doctor'], { ...goodEnv(), HADO_SMTP_URL: `smtp://127.0.0.1:${closed}` });
    expect(bad.code, bad.stderr).toBe(1);
    expect(bad.stdout).toMatch(/^CHECK +STATUS +DETAIL$/m);
    expect(bad.stdout).toMatch(/^smtp +FAIL +HADO_SMTP_URL/m);
    expect(bad.stdout).toContain('1 check(s) failed.');
    const good = await backend.hado(['doctor'], goodEnv());
    expect(good.code, good.stdout + good.stderr).toBe(0);
    expect(good.stdout).toContain('All checks passed.');
  }, 60_000);
});
