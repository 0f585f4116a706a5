// The contract every channel type passes (issue 22), run for each type the
// registry holds against its local fake: presence answers within the
// timeout; deliver maps the other side's success, retryable and final
// failures; the hook after Done does not throw when the other side is gone;
// adding one with a bad config is refused naming the field; and `hado tick
// --at` (a real process) sees the same presence as the scheduler. A type that
// is registered without an entry in CONTRACTS fails here.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ChannelRecord, DeliveryResult, OutgoingMessage, Presence, PresenceUser } from '../../src/channels/types.ts';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { hashToken } from '../../src/core/tokens.ts';
import { channelRecord, insertChannel } from '../../src/db/channels.ts';
import type { Db } from '../../src/db/connect.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { insertSource } from '../../src/db/sources.ts';
import { CHANNEL_TYPES, type ChannelType } from '../../src/domain/channels.ts';
import { Temporal } from '../../src/domain/time.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { type CliBackend, createCliBackend } from '../support/cli.ts';
import { expoToken, type FakeExpo, startFakeExpo } from '../support/fake-expo.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { type FakePush, startFakePush, type TestSubscription } from '../support/fake-push.ts';
import { type FakeSlack, startFakeSlack } from '../support/fake-slack.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { ALLOW_LOOPBACK } from '../support/outbound.ts';
import { type FakeSmtp, startFakeSmtp } from '../support/smtp.ts';

/** 11:00 in Madrid (the default zone here), a Friday: inside active hours. */
const NOW = '2026-08-14T09:00:00Z';
const SLACK_USER = 'U0CONTRACT';
const CHAT_ID = 8801;

interface Fakes {
  telegram: FakeTelegram;
  slack: FakeSlack;
  smtp: FakeSmtp;
  expo: FakeExpo;
  ha: FakeHa;
  push: FakePush;
  subscription: TestSubscription;
}

/** What a side of the contract does with a type's fake. */
interface Contract {
  /** Makes this type's channel for `userId`, pointed at its fake (as its own add flow leaves it, confirmed). */
  insert(db: Db, f: Fakes, userId: number, now: Date): Promise<ChannelRecord>;
  /** The user as presence sees them (the web channel reads the heartbeat), and what the type answers with its fake saying "here". */
  presence: { user?: Partial<PresenceUser>; expect: Presence };
  /**
   * Scripts the fake's next answer to a delivery. Null for a type that has no
   * other side to fail (the inbox: the row itself is the delivery).
   */
  fail: { retryable(f: Fakes): void; final(f: Fakes): void } | null;
  /** A request adding one with a bad config (or where the type is not added), its status and the field it names. */
  refusal: { url: string; body: unknown; status: number; field: string | null };
}

const CONTRACTS: Partial<Record<ChannelType, Contract>> = {
  web: {
    insert: async (db, _f, userId) => {
      const row = await db.selectFrom('channels').selectAll().where('user_id', '=', userId).where('type', '=', 'web').executeTakeFirstOrThrow();
      return channelRecord(row);
    },
    presence: { user: { lastHeartbeatAt: new Date(Date.parse(NOW) - 10_000) }, expect: 'present' },
    fail: null,
    refusal: { url: '/me/channels', body: { type: 'web' }, status: 409, field: null },
  },
  webhook: {
    insert: (db, f, userId, now) =>
      made(db, userId, 'webhook', { deliver_url: f.ha.deliverUrl, presence_url: f.ha.presenceUrl }, 'whsec_dGVzdC1zZWNyZXQtb2YtdGhlLWNvbnRyYWN0', now),
    presence: { expect: 'present' },
    fail: {
      retryable: (f) => {
        f.ha.deliverStatus = 503;
      },
      final: (f) => {
        f.ha.deliverStatus = 404;
      },
    },
    refusal: { url: '/me/channels', body: { type: 'webhook', config: { deliver_url: 'not a url' } }, status: 422, field: 'config.deliver_url' },
  },
  telegram: {
    insert: async (db, _f, userId, now) => {
      const record = await made(db, userId, 'telegram', { chat_id: CHAT_ID }, null, now);
      // Wrote to the bot a minute ago: present for ten minutes (SPEC A7).
      const seen = new Date(Date.parse(NOW) - 60_000);
      await db.updateTable('channels').set({ last_seen_at: seen }).where('id', '=', record.id).execute();
      return { ...record, lastSeenAt: seen };
    },
    presence: { expect: 'present' },
    fail: {
      retryable: (f) => f.telegram.failNext('sendMessage', { status: 500, description: 'Internal Server Error' }),
      final: (f) => f.telegram.failNext('sendMessage', { status: 400, description: 'Bad Request: chat not found' }),
    },
    refusal: { url: '/me/channels', body: { type: 'telegram' }, status: 422, field: 'type' },
  },
  push: {
    insert: (db, f, userId, now) =>
      made(db, userId, 'push', { endpoint: f.subscription.json.endpoint, user_agent: 'Chrome on Android' }, JSON.stringify(f.subscription.json.keys), now),
    presence: { expect: 'unknown' },
    fail: {
      retryable: (f) => void f.push.answer.set(f.subscription.id, 500),
      final: (f) => void f.push.answer.set(f.subscription.id, 400),
    },
    refusal: { url: '/me/push/subscriptions', body: { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } }, status: 422, field: 'endpoint' },
  },
  mobile: {
    insert: (db, _f, userId, now) => made(db, userId, 'mobile', { platform: 'ios', device_id: 'contract-phone' }, expoToken('contract'), now),
    presence: { expect: 'unknown' },
    fail: {
      retryable: (f) => {
        f.expo.mode = 'http-500';
      },
      final: (f) => {
        f.expo.mode = 'http-401';
      },
    },
    refusal: { url: '/me/devices', body: { token: 'not a token', platform: 'ios', device_id: 'x' }, status: 422, field: 'token' },
  },
  email: {
    insert: (db, _f, userId, now) => made(db, userId, 'email', { address: 'contract@example.org' }, 'unsubscribe-key-of-the-contract', now),
    presence: { expect: 'unknown' },
    fail: {
      retryable: (f) => void f.smtp.refuse.push(451),
      final: (f) => void f.smtp.refuse.push(550),
    },
    refusal: { url: '/me/channels', body: { type: 'email', config: { address: 'not an address' } }, status: 422, field: 'config.address' },
  },
  slack: {
    insert: (db, _f, userId, now) => made(db, userId, 'slack', { slack_user_id: SLACK_USER, dm_channel: 'D0CONTRACT' }, null, now),
    presence: { expect: 'present' },
    fail: {
      retryable: (f) => void f.slack.fail.set('chat.postMessage', [500]),
      final: (f) => void f.slack.fail.set('chat.postMessage', ['channel_not_found']),
    },
    refusal: { url: '/me/channels', body: { type: 'slack', config: { slack_user_id: 'nobody' } }, status: 422, field: 'config.slack_user_id' },
  },
};

async function made(db: Db, userId: number, type: ChannelType, config: Record<string, unknown>, secret: string | null, now: Date): Promise<ChannelRecord> {
  return channelRecord(await insertChannel(db, { userId, type, config, secret, confirmed: true, now }));
}

/** A reminder as the worker composes one (core/messages.ts eventMessage). */
function reminder(deliveryId: number, eventId: number): OutgoingMessage {
  const base = 'https://hado.example.org/a/contract-token';
  return {
    deliveryId,
    actionToken: 'contract-token',
    kind: 'event',
    body: {
      event: {
        id: eventId,
        state: 'today',
        due_at: '2026-08-14',
        source: 'docs',
        title: 'Pay rent',
        subtitle: null,
        deep_link: null,
        done_label: 'Done',
        locale: 'en',
      },
      actions: { ack: `${base}/ack`, done: `${base}/done` },
    },
    title: 'Pay rent',
    subtitle: 'before noon',
    deepLink: 'https://app.example.org/rent',
    doneLabel: null,
    locale: 'en',
  };
}

let fakes: Fakes;
let h: Harness;
let env: Record<string, string>;
let userId: number;
let eventId: number;
const records = new Map<ChannelType, ChannelRecord>();
let nextDelivery = 1;

async function startFakes(): Promise<Omit<Fakes, 'ha' | 'push' | 'subscription'>> {
  const [telegram, slack, smtp, expo] = await Promise.all([startFakeTelegram(), startFakeSlack(), startFakeSmtp(), startFakeExpo()]);
  slack.users.set(SLACK_USER, 'active');
  return { telegram, slack, smtp, expo };
}

beforeAll(async () => {
  const started = await startFakes();
  env = {
    ...ALLOW_LOOPBACK,
    APP_URL: 'https://hado.example.org',
    HADO_DEFAULT_TZ: 'Europe/Madrid',
    HADO_LOCAL_USER: '',
    LOG_LEVEL: 'silent',
    HADO_PRESENCE_TIMEOUT: '1',
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: 'contract-secret_123456',
    TELEGRAM_API_ROOT: started.telegram.url,
    SLACK_BOT_TOKEN: 'xoxb-contract',
    SLACK_SIGNING_SECRET: 'contractsigningsecret0123456789',
    SLACK_API_ROOT: started.slack.apiRoot,
    HADO_SMTP_URL: started.smtp.url,
    HADO_MAIL_FROM: 'Hado <hado@example.org>',
    HADO_EXPO_API_ROOT: started.expo.root,
  };
  h = await createHarness({ now: NOW, env });
  const ha = await startFakeHa(h.clock);
  ha.presence = true;
  const push = await startFakePush(h.clock, await h.ctx.push.publicKey());
  fakes = { ...started, ha, push, subscription: push.newSubscription() };
  await h.put([{ user: 'contract', source_ref: 'rent', due_at: '2026-08-14', payload: { title: 'Pay rent' } }]);
  const user = await h.store.db.selectFrom('users').select('id').where('login', '=', 'contract').executeTakeFirstOrThrow();
  userId = user.id;
  eventId = (await h.store.db.selectFrom('events').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
  for (const type of CHANNEL_TYPES) {
    const contract = CONTRACTS[type];
    if (contract) records.set(type, await contract.insert(h.store.db, fakes, userId, new Date(NOW)));
  }
}, 120_000);

afterAll(async () => {
  await h?.close();
  await Promise.allSettled([fakes?.telegram.close(), fakes?.slack.close(), fakes?.smtp.close(), fakes?.expo.close(), fakes?.ha.close(), fakes?.push.close()]);
});

it('every registered channel type has a contract, and every type is registered', () => {
  const registered = h.ctx.channels.all().map((c) => c.type);
  expect(registered).toEqual([...CHANNEL_TYPES]);
  expect(registered.filter((type) => CONTRACTS[type] === undefined)).toEqual([]);
});

describe.each(CHANNEL_TYPES.map((type) => ({ type })))('the $type channel', ({ type }) => {
  const contract = (): Contract => {
    const c = CONTRACTS[type];
    if (!c) throw new Error(`no contract for the registered channel type "${type}": add it to CONTRACTS in test/channels/contract.test.ts`);
    return c;
  };
  const channel = (): Channel => h.ctx.channels.get(type)!;
  const user = (): PresenceUser => ({ id: userId, login: 'contract', lastHeartbeatAt: null, ...contract().presence.user });
  const deliver = async (): Promise<DeliveryResult> => channel().deliver(reminder(nextDelivery++, eventId), user(), records.get(type)!);

  it('is configured from the fakes', () => {
    expect(channel().settings.configured).toBe(true);
  });

  it('answers presence within the timeout, as its other side says', async () => {
    const started = performance.now();
    const answer = await channel().presence(user(), records.get(type)!, new Date(NOW));
    expect(performance.now() - started).toBeLessThan(h.config.presenceTimeoutMs);
    expect(answer).toBe(contract().presence.expect);
  });

  it("maps the other side's success, retryable and final failures", async () => {
    expect(await deliver()).toMatchObject({ ok: true });
    const fail = contract().fail;
    if (fail === null) return;
    fail.retryable(fakes);
    expect(await deliver()).toMatchObject({ ok: false, retryable: true, error: expect.any(String) });
    fail.final(fakes);
    expect(await deliver()).toMatchObject({ ok: false, retryable: false, error: expect.any(String) });
  }, 30_000);

  it('refuses a bad config naming the field', async () => {
    const { url, body, status, field } = contract().refusal;
    const { call } = await import('../support/app.ts');
    const res = await call(h, 'POST', url, { user: 'contract', body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.field ?? null).toBe(field);
  });
});

describe('hado tick --at (a process of its own) sees the same presence as the scheduler', () => {
  let backend: CliBackend;
  beforeAll(async () => {
    backend = await createCliBackend('hado-contract-');
    const store = await backend.open();
    try {
      await migrateToLatest(store.db);
      const config = loadConfig({ ...env, ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl } : { HADO_DATA_DIR: backend.dataDir }) });
      const ctx = buildContext(store, config, new FakeClock('2026-08-13T12:00:00Z'));
      const app = await buildApp(ctx);
      try {
        await insertSource(store.db, 'docs', hashToken('hado_contract_token'), new Date());
        const put = await app.inject({
          method: 'PUT',
          url: '/api/events',
          headers: { authorization: 'Bearer hado_contract_token' },
          payload: { events: [{ user: 'contract', source_ref: 'rent', due_at: '2026-08-14', payload: { title: 'Pay rent' } }] },
        });
        expect(put.statusCode).toBe(200);
      } finally {
        await app.close();
        await closeContext(ctx);
      }
      const user = await store.db.selectFrom('users').select('id').where('login', '=', 'contract').executeTakeFirstOrThrow();
      for (const type of CHANNEL_TYPES) await CONTRACTS[type]?.insert(store.db, fakes, user.id, new Date(NOW));
      // The scheduler's presence of the harness saw the web channel without a heartbeat: so does this one.
      await sql`UPDATE users SET last_heartbeat_at = NULL`.execute(store.db);
    } finally {
      await store.close();
    }
  }, 120_000);
  afterAll(async () => {
    await backend?.dispose();
  });

  it('every type answers the tick as it answers the scheduler, Slack through users.getPresence', async () => {
    // The scheduler: the process's presence cache (runtime.ts presenceOf), for the same channels.
    const asked = await h.presence.ask(
      [{ user: { id: userId, login: 'contract', lastHeartbeatAt: null }, channels: [...records.values()] }],
      Temporal.Instant.from(NOW),
    );
    const scheduler = Object.fromEntries([...records.values()].map((r) => [r.type, asked.get(r.id)]));
    expect(scheduler).toMatchObject({ webhook: 'present', telegram: 'present', slack: 'present', web: 'absent', email: 'unknown' });

    const presenceCalls = fakes.slack.calls.filter((c) => c.method === 'users.getPresence').length;
    // A process starting cold on a busy machine: its first HTTP requests get the longest timeout there is.
    const run = await backend.hado(['tick', '--at', NOW, '--dry-run'], { ...env, HADO_PRESENCE_TIMEOUT: '30' });
    expect(run.code, run.stderr).toBe(0);
    if (!/\[presence: /.test(run.stdout)) expect.fail(`no presence in the tick's output:\n${run.stdout}\n${run.stderr}`);
    const asking = /\[presence: ([^\]]*)\]/.exec(run.stdout)?.[1] ?? '';
    const tick = Object.fromEntries([...asking.matchAll(/(\w+)#\d+ (present|absent|unknown)/g)].map((m) => [m[1], m[2]]));
    expect(tick).toEqual(scheduler);
    // The one-off tick asked Slack itself (issue 22: it used to print "slack#6 unknown" without a call).
    expect(fakes.slack.calls.filter((c) => c.method === 'users.getPresence').length).toBeGreaterThan(presenceCalls);
  }, 120_000);
});

describe('the hook after Done when the other side is gone', () => {
  beforeAll(async () => {
    // What each type sent about the event: the messages its hook edits or closes.
    const now = new Date(NOW);
    const sent: Partial<Record<ChannelType, string>> = { telegram: `${CHAT_ID}:100`, slack: 'D0CONTRACT:1700000001.000100', push: 'sent' };
    for (const [type, externalId] of Object.entries(sent)) {
      await h.store.db
        .insertInto('deliveries')
        .values({
          event_id: eventId,
          channel_id: records.get(type as ChannelType)!.id,
          window_start: now,
          action_token: null,
          action_token_hash: hashToken(`contract-done-${type}`),
          result: 'ok',
          sent_at: now,
          attempts: 1,
          next_attempt_at: null,
          external_id: externalId,
          created_at: now,
        })
        .execute();
    }
    await Promise.all([fakes.telegram.close(), fakes.slack.close(), fakes.push.close(), fakes.smtp.close(), fakes.expo.close(), fakes.ha.close()]);
  });

  it.each(CHANNEL_TYPES.map((type) => ({ type })))(
    '$type: resolves, and throws nothing',
    async ({ type }) => {
      const hook = h.ctx.channels.get(type)?.afterDone;
      if (!hook) return;
      await expect(hook(eventId)).resolves.toBeUndefined();
    },
    30_000,
  );

  it('the registry runs every hook in the background and waits for them', async () => {
    h.ctx.channels.afterDone(eventId);
    await expect(h.ctx.channels.idle()).resolves.toBeUndefined();
  }, 30_000);
});
