// Delivery of notices (SPEC B5) end to end with a fake clock: POST
// /api/notices → the notice delivery tick → the outbox worker → a real
// webhook receiver on 127.0.0.1 and a recording Telegram channel. Present
// channels now; otherwise all after the fallback window, never inside quiet
// hours unless urgent; preferences filter; one delivery per channel per push.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import type { Channel, OutgoingMessage, Presence } from '../../src/channels/types.ts';
import { webChannel } from '../../src/channels/web/channel.ts';
import { webhookChannel } from '../../src/channels/webhook/channel.ts';
import { actOnToken } from '../../src/core/token-actions.ts';
import { noticeDeliveryTick } from '../../src/scheduler/notice-delivery-tick.ts';
import { Worker } from '../../src/worker/worker.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { ALLOW_LOOPBACK, loopbackOutbound } from '../support/outbound.ts';
import { notice, post } from '../http/notices-support.ts';
import { testChannel } from '../support/channels.ts';

let t: TestApp;
let token: string;
let worker: Worker;
let registry: ChannelRegistry;
let presence: PresenceCache;
let receiver: http.Server;
let receiverUrl: string;
/** What the webhook receiver answers to GET /presence. */
let hookPresent = false;
const hookBodies: Array<Record<string, unknown>> = [];
let telegramPresence: Presence = 'unknown';
const telegramSent: OutgoingMessage[] = [];

const telegram: Channel = testChannel({
  type: 'telegram',
  presence: async () => telegramPresence,
  deliver: async (message) => {
    telegramSent.push(message);
    return { ok: true, externalId: `1:${telegramSent.length}` };
  },
});

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.url === '/presence') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ present: hookPresent }));
        return;
      }
      hookBodies.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ now: '2026-08-01T10:00:00Z', env: { ...ALLOW_LOOPBACK } }); // 12:00 in Madrid, the default zone
  token = await createSource(t, 'docs');
  registry = new ChannelRegistry()
    .register(webChannel)
    .register(webhookChannel({ clock: t.clock, presenceTimeoutMs: 1000, outbound: loopbackOutbound() }))
    .register(telegram);
  presence = new PresenceCache(registry, { timeoutMs: 1000 });
  worker = new Worker({ db: t.store.db, clock: t.clock, channels: registry, appUrl: 'https://hado.example' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const userId = async (login: string) => (await t.store.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

/** A user with web (always), a webhook and a Telegram channel. */
async function userWithChannels(login: string): Promise<number> {
  await call(t, 'GET', '/me', { user: login });
  const id = await userId(login);
  const now = new Date(t.clock.now().epochMilliseconds);
  await t.store.db
    .insertInto('channels')
    .values([
      {
        user_id: id,
        type: 'webhook',
        config: JSON.stringify({ deliver_url: `${receiverUrl}/deliver`, presence_url: `${receiverUrl}/presence` }),
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        created_at: now,
        updated_at: now,
      },
      { user_id: id, type: 'telegram', config: JSON.stringify({ chat_id: 1 }), created_at: now, updated_at: now },
    ])
    .execute();
  return id;
}

/** One scheduler pass at the clock's now: the notice tick, then the worker drains. */
async function tick() {
  const decisions = await noticeDeliveryTick(t.store.db, t.clock.now(), { presence, fallbackMinutes: 10 });
  await worker.drain();
  return decisions!;
}

/** Ticks every minute for `minutes` minutes (presence answers are cached for a minute). */
async function runMinutes(minutes: number) {
  for (let i = 0; i < minutes; i++) {
    t.clock.advance({ minutes: 1 });
    await tick();
  }
}

const rows = async () =>
  (
    await t.store.db
      .selectFrom('deliveries')
      .innerJoin('channels', 'channels.id', 'deliveries.channel_id')
      .select(['deliveries.notice_id', 'deliveries.push_seq', 'channels.type', 'deliveries.result', 'deliveries.sent_at'])
      .where('deliveries.notice_id', 'is not', null)
      .orderBy('deliveries.id')
      .execute()
  ).map((r) => ({ notice: r.notice_id, push: r.push_seq, type: r.type, result: r.result, at: r.sent_at?.toISOString() ?? null }));

let ana: number;

beforeEach(async () => {
  t.clock.set('2026-08-01T10:00:00Z');
  await t.store.db.deleteFrom('notices').execute();
  await t.store.db.deleteFrom('preferences').execute();
  await t.store.db.deleteFrom('channels').where('type', '!=', 'web').execute();
  await t.store.db.updateTable('users').set({ last_heartbeat_at: null }).execute();
  hookPresent = false;
  telegramPresence = 'unknown';
  hookBodies.length = 0;
  telegramSent.length = 0;
  ana = await userWithChannels('ana');
  presence = new PresenceCache(registry, { timeoutMs: 1000 }); // no answer cached by an earlier test
});

describe('present channels now', () => {
  it('an open inbox (web heartbeat) takes it: the web row, nothing sent elsewhere', async () => {
    await t.store.db
      .updateTable('users')
      .set({ last_heartbeat_at: new Date('2026-08-01T09:59:30Z') })
      .where('id', '=', ana)
      .execute();
    const res = await post(t, token, notice());
    const decisions = await tick();
    expect(decisions).toEqual([
      {
        notice: res.body.notice.id,
        user: 'ana',
        push: 1,
        why: 'present',
        channels: [expect.objectContaining({ type: 'web' })],
        nextCheckAt: null,
        delivery: 'presence',
      },
    ]);
    expect(await rows()).toEqual([{ notice: res.body.notice.id, push: 1, type: 'web', result: 'ok', at: '2026-08-01T10:00:00.000Z' }]);
    await runMinutes(15);
    expect(hookBodies).toEqual([]);
    expect(telegramSent).toEqual([]);
  });

  it('a present webhook gets it at once, with the documented body', async () => {
    hookPresent = true;
    const res = await post(t, token, notice({ mode: 'group', source_ref: 'doc:7', data: { doc: 7 }, group: { template: 'Mentions', messages: ['Ana: hi'] } }));
    await tick();
    expect(hookBodies).toEqual([
      {
        notice: {
          id: res.body.notice.id,
          source: 'docs',
          source_ref: 'doc:7',
          topic: 'mention',
          mode: 'group',
          title: 'Ana mentioned you',
          body: 'in "Q3 plan": can you check the numbers?',
          deep_link: '/docs/7#c12',
          // The topic's delivery policy (presence: the source declared no topics) and the object's name, if given.
          delivery: 'presence',
          entity_label: null,
          actor: null,
          urgent: false,
          data: { doc: 7 },
          group: { count: 1, messages: ['Ana: hi'] },
          created_at: '2026-08-01T10:00:00.000Z',
          updated_at: '2026-08-01T10:00:00.000Z',
          locale: 'en',
          body_format: 'plain',
        },
        push: 1,
      },
    ]);
    expect(telegramSent).toEqual([]);
    expect((await rows()).map((r) => [r.type, r.result])).toEqual([['webhook', 'ok']]);
  });

  it('a markdown notice reaches the webhook as written, marked body_format markdown (issue 24)', async () => {
    hookPresent = true;
    const body = '**Numbers** in [Q3](https://docs.example/q3):\n\n- revenue\n- costs';
    await post(t, token, notice({ source_ref: 'doc:8', body, body_format: 'markdown' }));
    await tick();
    expect(hookBodies).toHaveLength(1);
    expect(hookBodies[0]).toMatchObject({ notice: { body, body_format: 'markdown' }, push: 1 });
  });
});

describe('nobody present: fallback after HADO_NOTICE_FALLBACK_MINUTES', () => {
  it('waits 10 minutes, then all enabled channels once', async () => {
    const res = await post(t, token, notice({ deep_link: 'https://docs.example/d/7' }));
    const first = await tick();
    expect(first[0]).toMatchObject({ why: 'absent', nextCheckAt: '2026-08-01T10:01:00.000Z' });
    await runMinutes(9);
    expect(await rows()).toEqual([]);
    await runMinutes(1);
    expect((await rows()).map((r) => [r.type, r.result, r.at])).toEqual([
      ['web', 'ok', '2026-08-01T10:10:00.000Z'],
      ['webhook', 'ok', '2026-08-01T10:10:00.000Z'],
      ['telegram', 'ok', '2026-08-01T10:10:00.000Z'],
    ]);
    expect(telegramSent).toHaveLength(1);
    expect(telegramSent[0]).toMatchObject({
      kind: 'notice',
      title: 'Ana mentioned you',
      subtitle: 'in "Q3 plan": can you check the numbers?',
      deepLink: 'https://docs.example/d/7',
      doneLabel: null,
    });
    expect(hookBodies[0]).toMatchObject({ notice: { id: res.body.notice.id }, push: 1 });
    await runMinutes(30);
    expect(await rows()).toHaveLength(3); // one per channel per push
  });

  it('someone coming back during the wait gets it then, on that channel only', async () => {
    await post(t, token, notice());
    await runMinutes(4);
    telegramPresence = 'present';
    await runMinutes(1);
    expect((await rows()).map((r) => [r.type, r.at])).toEqual([['telegram', '2026-08-01T10:05:00.000Z']]);
    await runMinutes(20);
    expect(await rows()).toHaveLength(1);
  });

  it('a notice read in the inbox meanwhile is not delivered', async () => {
    const res = await post(t, token, notice());
    await runMinutes(3);
    await call(t, 'POST', '/me/notices/read', { user: 'ana', body: { ids: [res.body.notice.id] } });
    await runMinutes(20);
    expect(await rows()).toEqual([]);
  });
});

describe('quiet hours and urgent', () => {
  it('a fallback inside quiet hours waits for the next active-hours start', async () => {
    t.clock.set('2026-08-01T19:55:00Z'); // 21:55 in Madrid; the fallback would be 22:05
    await post(t, token, notice());
    await runMinutes(15);
    expect(await rows()).toEqual([]);
    t.clock.set('2026-08-02T06:59:00Z'); // 08:59
    await tick();
    expect(await rows()).toEqual([]);
    t.clock.set('2026-08-02T07:00:00Z'); // 09:00
    await tick();
    expect((await rows()).map((r) => [r.type, r.at])).toEqual([
      ['web', '2026-08-02T07:00:00.000Z'],
      ['webhook', '2026-08-02T07:00:00.000Z'],
      ['telegram', '2026-08-02T07:00:00.000Z'],
    ]);
  });

  it('an urgent notice falls back inside quiet hours', async () => {
    t.clock.set('2026-08-01T19:55:00Z');
    await post(t, token, notice({ urgent: true }));
    await runMinutes(10);
    expect((await rows()).map((r) => [r.type, r.at])).toEqual([
      ['web', '2026-08-01T20:05:00.000Z'],
      ['webhook', '2026-08-01T20:05:00.000Z'],
      ['telegram', '2026-08-01T20:05:00.000Z'],
    ]);
  });
});

describe('preferences filter the channels', () => {
  it('telegram off: the fallback skips it', async () => {
    await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'docs', topic: 'mention', channels: { telegram: false } }] },
    });
    await post(t, token, notice());
    await runMinutes(10);
    expect((await rows()).map((r) => r.type)).toEqual(['web', 'webhook']);
    expect(telegramSent).toEqual([]);
  });

  it('web off: an open inbox no longer counts, the other channels deliver', async () => {
    await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'docs', topic: 'mention', channels: { web: false } }] },
    });
    await t.store.db
      .updateTable('users')
      .set({ last_heartbeat_at: new Date('2026-08-01T09:59:30Z') })
      .where('id', '=', ana)
      .execute();
    await post(t, token, notice());
    await tick();
    expect(await rows()).toEqual([]);
    await runMinutes(10);
    expect((await rows()).map((r) => r.type)).toEqual(['webhook', 'telegram']);
  });

  it('the notice’s own channel types limit it too', async () => {
    await post(t, token, notice({ channels: ['web', 'webhook'] }));
    await runMinutes(10);
    expect((await rows()).map((r) => r.type)).toEqual(['web', 'webhook']);
  });

  it('a preference that cannot be read means the defaults; writing never fails because of delivery', async () => {
    await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'docs', topic: 'mention', channels: { telegram: false } }] },
    });
    await sql`ALTER TABLE preferences RENAME TO preferences_away`.execute(t.store.db);
    try {
      const res = await post(t, token, notice());
      expect(res.status).toBe(200);
      const errors: unknown[] = [];
      t.clock.advance({ minutes: 10 });
      await noticeDeliveryTick(t.store.db, t.clock.now(), { presence, fallbackMinutes: 10, onPreferenceError: (e) => errors.push(e) });
      await worker.drain();
      expect(errors).toHaveLength(1);
      expect((await rows()).map((r) => r.type)).toEqual(['web', 'webhook', 'telegram']);
    } finally {
      await sql`ALTER TABLE preferences_away RENAME TO preferences`.execute(t.store.db);
    }
  });
});

describe('one delivery per channel per push', () => {
  it('an upsert is a new push: delivered again, with the new text', async () => {
    hookPresent = true;
    const u = (title: string) => notice({ mode: 'upsert', source_ref: 'run:1', title });
    await post(t, token, u('Run 1 started'));
    await tick();
    await tick();
    t.clock.advance({ minutes: 1 });
    await post(t, token, u('Run 1 failed'));
    await tick();
    expect((await rows()).map((r) => [r.type, r.push])).toEqual([
      ['webhook', 1],
      ['webhook', 2],
    ]);
    expect(hookBodies.map((b) => [(b.notice as { title: string }).title, b.push])).toEqual([
      ['Run 1 started', 1],
      ['Run 1 failed', 2],
    ]);
  });

  it('a regroup within 30 s is no new push; after 30 s it is', async () => {
    hookPresent = true;
    const g = (n: number) => notice({ mode: 'group', source_ref: 'q', title: `#${n}`, group: { template: 'Requests' } });
    await post(t, token, g(1));
    await tick();
    t.clock.advance({ seconds: 10 });
    await post(t, token, g(2));
    await tick();
    expect(hookBodies).toHaveLength(1);
    t.clock.advance({ seconds: 25 });
    await post(t, token, g(3));
    await tick();
    expect(hookBodies.map((b) => [(b.notice as { title: string }).title, b.push])).toEqual([
      ['#1', 1],
      ['Requests (3): #3', 2],
    ]);
  });

  it('a push still waiting when the next comes is delivered once, with the latest content, on the first one’s clock', async () => {
    const u = (title: string) => notice({ mode: 'upsert', source_ref: 'run:2', title });
    await post(t, token, u('v1'));
    await runMinutes(5);
    await post(t, token, u('v2'));
    await runMinutes(5); // 10:10: ten minutes after the first push
    expect((await rows()).map((r) => [r.type, r.push, r.at])).toEqual([
      ['web', 2, '2026-08-01T10:10:00.000Z'],
      ['webhook', 2, '2026-08-01T10:10:00.000Z'],
      ['telegram', 2, '2026-08-01T10:10:00.000Z'],
    ]);
    expect(telegramSent.map((m) => m.title)).toEqual(['v2']);
  });

  it('every recipient is decided on their own', async () => {
    await call(t, 'GET', '/me', { user: 'bob' });
    await t.store.db
      .updateTable('users')
      .set({ last_heartbeat_at: new Date('2026-08-01T09:59:30Z') })
      .where('id', '=', ana)
      .execute();
    const res = await post(t, token, notice({ recipients: ['ana', 'bob'] }));
    const decisions = await tick();
    expect(decisions.map((d) => [d.user, d.why]).sort()).toEqual([
      ['ana', 'present'],
      ['bob', 'absent'],
    ]);
    await runMinutes(10);
    expect((await rows()).filter((r) => r.notice === res.body.notice.id)).toHaveLength(2); // ana's web now, bob's web at 10:10
  });
});

describe('a notice delivery token acts on nothing', () => {
  it('Ack or Done by a notice delivery’s token is the same 404 as an unknown token', async () => {
    telegramPresence = 'present';
    await post(t, token, notice());
    await tick();
    const row = await t.store.db.selectFrom('deliveries').select('action_token').where('notice_id', 'is not', null).executeTakeFirstOrThrow();
    for (const action of ['ack', 'done'] as const) {
      await expect(actOnToken(t.ctx, row.action_token!, action)).rejects.toMatchObject({ status: 404 });
    }
  });
});
