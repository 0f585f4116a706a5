// An audience notice reaches exactly the members whose preference cell is on
// (issue 24: membership × preference cells is the job system's access
// matrix): written over real HTTP, then the notice tick and the outbox worker
// deliver it to real webhook receivers on 127.0.0.1, one URL per person.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PresenceCache } from '../../src/channels/presence.ts';
import { ChannelRegistry } from '../../src/channels/registry.ts';
import { webChannel } from '../../src/channels/web/channel.ts';
import { webhookChannel } from '../../src/channels/webhook/channel.ts';
import { noticeDeliveryTick } from '../../src/scheduler/notice-delivery-tick.ts';
import { Worker } from '../../src/worker/worker.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { ALLOW_LOOPBACK, loopbackOutbound } from '../support/outbound.ts';

let t: TestApp;
let base: string;
let token: string;
let receiver: http.Server;
let receiverUrl: string;
let worker: Worker;
let presence: PresenceCache;
/** Who each webhook delivery went to (the last path segment) and its title. */
const delivered: Array<{ login: string; title: string }> = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.url?.startsWith('/presence')) {
        res.setHeader('content-type', 'application/json');
        return void res.end(JSON.stringify({ present: false }));
      }
      const parsed = JSON.parse(body) as { notice?: { title: string }; title?: string };
      delivered.push({ login: req.url!.split('/').pop()!, title: parsed.notice?.title ?? parsed.title ?? '' });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ now: '2026-08-01T10:00:00Z', env: { ...ALLOW_LOOPBACK, LOG_LEVEL: 'silent' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = await createSource(t, 'jobs', ['provision']);
  const registry = new ChannelRegistry()
    .register(webChannel)
    .register(webhookChannel({ clock: t.clock, presenceTimeoutMs: 1000, outbound: loopbackOutbound() }));
  presence = new PresenceCache(registry, { timeoutMs: 1000 });
  worker = new Worker({ db: t.store.db, clock: t.clock, channels: registry, appUrl: 'https://hado.example' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

async function api(method: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON in a test
  return { status: res.status, body: (await res.json()) as any };
}

/** A person with a webhook channel of their own (the URL ends in their login). */
async function withWebhook(login: string): Promise<void> {
  await call(t, 'GET', '/me', { user: login });
  const user = await t.store.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
  const now = new Date(t.clock.now().epochMilliseconds);
  await t.store.db
    .insertInto('channels')
    .values({
      user_id: user.id,
      type: 'webhook',
      config: JSON.stringify({ deliver_url: `${receiverUrl}/deliver/${login}`, presence_url: `${receiverUrl}/presence/${login}` }),
      secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Minutes of scheduler passes: the notice tick, then the worker drains. */
async function runMinutes(minutes: number) {
  for (let i = 0; i < minutes; i++) {
    t.clock.advance({ minutes: 1 });
    await noticeDeliveryTick(t.store.db, t.clock.now(), { presence, fallbackMinutes: 10 });
    await worker.drain();
  }
}

it('reaches exactly the members whose cell is on; with recipients, the intersection', async () => {
  for (const login of ['ana', 'boris', 'vera', 'zoe']) await withWebhook(login);
  expect((await api('PUT', '/api/audiences/company-42%2Fstaff', { members: ['ana', 'boris', 'vera'] })).status).toBe(200);
  // The topic must exist in the grid before a cell can be set: a first notice registers it.
  expect((await api('POST', '/api/notices', { recipients: ['zoe'], topic: 'vacancy', title: 'warm-up' })).status).toBe(200);
  // Vera switched the webhook off for this topic; Boris switched it off for another topic only.
  const cells = [
    ['vera', 'vacancy'],
    ['boris', 'other'],
  ] as const;
  for (const [user, topic] of cells) {
    const res = await call(t, 'PUT', '/me/preferences', { user, body: { rows: [{ source: 'jobs', topic, channels: { webhook: false } }] } });
    expect(res.status).toBe(200);
  }
  await runMinutes(11);
  delivered.length = 0;

  const res = await api('POST', '/api/notices', { audience: 'company-42/staff', topic: 'vacancy', title: 'New applicant' });
  expect(res.body.notice.recipients).toEqual(['ana', 'boris', 'vera']);
  await runMinutes(11); // past the fallback window: nobody is present, so every enabled channel
  expect(delivered.map((d) => d.login).sort()).toEqual(['ana', 'boris']);

  delivered.length = 0;
  const narrowed = await api('POST', '/api/notices', {
    audience: 'company-42/staff',
    recipients: ['boris', 'vera', 'zoe'],
    topic: 'vacancy',
    title: 'Shortlist',
  });
  expect(narrowed.body.notice.recipients).toEqual(['boris', 'vera']);
  await runMinutes(11);
  expect(delivered.map((d) => d.login)).toEqual(['boris']);
});
