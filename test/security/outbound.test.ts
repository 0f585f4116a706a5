// Issue 10, item 1: outbound requests went anywhere, Hado itself included. A
// signed-in user set deliver_url to http://127.0.0.1:<port>/me/events/<id>/done;
// with local mode on, the webhook arrived from loopback without X-Remote-User,
// ran as the local user and closed that user's event. Now every user-given URL
// passes the outbound policy when it is saved (422 naming the field) and when
// Hado connects (on the resolved address), so neither a stored URL nor DNS
// rebinding reaches loopback, link-local or (outside local mode) private ranges.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../src/net/http-client.ts';
import { webhookChannel } from '../../src/channels/webhook/channel.ts';
import { loadConfig } from '../../src/config.ts';
import { insertChannel } from '../../src/db/channels.ts';
import { Temporal } from '../../src/domain/time.ts';
import { buildApp } from '../../src/http/app.ts';
import { buildContext, closeContext } from '../../src/runtime.ts';
import { OutboundPolicy, OutboundRefusedError, type Resolve } from '../../src/net/outbound.ts';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { LOOPBACK_NETWORKS } from '../support/outbound.ts';

const policy = (opts: { allowPrivate?: boolean; allowed?: string[] } = {}) =>
  new OutboundPolicy({ allowedNetworks: opts.allowed ?? [], allowPrivate: opts.allowPrivate ?? false });

describe('which addresses the policy refuses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:192.168.1.20', 'private'],
    ['240.0.0.1', 'reserved'],
    // Issue 27, finding 2: IPv6 transition forms are judged by the IPv4 address they carry.
    // IPv4-compatible ::/96 (ipaddr.js calls ::7f00:1 "unicast").
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a9fe:a9fe', 'link-local'],
    ['::10.1.2.3', 'private'],
    ['::224.0.0.251', 'multicast'],
    // IPv4-mapped ::ffff:0:0/96 and SIIT ::ffff:0:0:0/96.
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:7f00:1', 'loopback'],
    // 6to4 2002::/16: the 32 bits after the prefix.
    ['2002:7f00:1::', 'loopback'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'link-local'],
    ['2002:c0a8:114::1', 'private'],
    ['2002:c000:22d::', 'reserved'],
    // Teredo 2001::/32: the client's address is the bitwise NOT of the last 32 bits.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:5601:5601', 'link-local'],
    ['2001:0:4136:e378:8000:63bf:f5fe:fdfc', 'private'],
    // NAT64 64:ff9b::/96: the last 32 bits; the local-use 64:ff9b:1::/48 has no fixed place for them.
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::169.254.169.254', 'link-local'],
    ['64:ff9b::a01:203', 'private'],
    ['64:ff9b:1::808:808', 'reserved'],
  ])('%s is refused (%s)', (ip, kind) => {
    expect(policy().refusal(ip)).toMatch(new RegExp(`^${kind} .*not allowed \\(${ip.replace(/[.:]/g, '\\$&')}\\)`));
  });

  it('public addresses are allowed, in every transition form that carries one', () => {
    for (const ip of [
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '::8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
      '64:ff9b::808:808',
    ]) {
      expect(policy().refusal(ip)).toBeNull();
    }
  });

  it('an allowed IPv4 network opens its transition forms too, and only those', () => {
    const p = policy({ allowed: ['127.0.0.1'] });
    for (const ip of ['::127.0.0.1', '::ffff:7f00:1', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:80ff:fffe', '64:ff9b::7f00:1'])
      expect(p.refusal(ip)).toBeNull();
    for (const ip of ['::127.0.0.2', '2002:7f00:2::', '64:ff9b::a9fe:a9fe']) expect(p.refusal(ip)).not.toBeNull();
  });

  it('private ranges are allowed in local mode; loopback and link-local never are', () => {
    const local = policy({ allowPrivate: true });
    for (const ip of ['10.1.2.3', '192.168.1.20', '100.64.0.1', 'fd00::5']) expect(local.refusal(ip)).toBeNull();
    for (const ip of ['127.0.0.1', '::1', '169.254.169.254', '0.0.0.0']) expect(local.refusal(ip)).not.toBeNull();
  });

  it('HADO_OUTBOUND_ALLOWED_NETWORKS opens exactly the listed networks (IPv4-mapped forms included)', () => {
    const p = policy({ allowed: ['192.168.1.0/24', '127.0.0.1', 'fd00::/8'] });
    for (const ip of ['192.168.1.20', '127.0.0.1', '::ffff:127.0.0.1', 'fd00::1']) expect(p.refusal(ip)).toBeNull();
    for (const ip of ['192.168.2.1', '127.0.0.2', '::1', 'fc00::1']) expect(p.refusal(ip)).not.toBeNull();
  });

  it.each([
    ['http://user:pw@ha.example/x', 'URLs with credentials'],
    ['http://user@ha.example/x', 'URLs with credentials'],
    ['http://localhost:8080/me', 'loopback addresses are not allowed (localhost)'],
    ['http://LOCALHOST./me', 'loopback addresses are not allowed'],
    ['http://hado.localhost/me', 'loopback addresses are not allowed'],
    ['http://2130706433/me', 'loopback addresses are not allowed (127.0.0.1)'],
    ['http://0x7f.1/me', 'loopback addresses are not allowed (127.0.0.1)'],
    ['http://[::ffff:127.0.0.1]/me', 'loopback addresses are not allowed'],
    ['http://[::1]:8080/me', 'loopback addresses are not allowed (::1)'],
    // WHATWG URL rewrites [::127.0.0.1] to [::7f00:1]: still loopback.
    ['http://[::127.0.0.1]:8080/me', 'loopback addresses are not allowed (::7f00:1)'],
    ['http://[::ffff:7f00:1]/me', 'loopback addresses are not allowed (::ffff:7f00:1)'],
    ['http://[2002:7f00:1::]/me', 'loopback addresses are not allowed (2002:7f00:1::)'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/me', 'loopback addresses are not allowed'],
    ['http://[64:ff9b::7f00:1]/me', 'loopback addresses are not allowed (64:ff9b::7f00:1)'],
    ['http://[64:ff9b::a9fe:a9fe]/latest/meta-data/', 'link-local addresses'],
    ['http://[::169.254.169.254]/latest/meta-data/', 'link-local addresses'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local addresses'],
  ])('the URL %s is refused before any connection', (url, why) => {
    expect(policy().urlRefusal(new URL(url))).toContain(why);
  });
});

/** A receiver on loopback counting what reaches it. */
async function canary(): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"present":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A DNS server that rebinds: the name looked harmless when it was saved; now it answers loopback. */
const rebinding =
  (answers: string[]): Resolve =>
  (_host, _opts, cb) =>
    cb(
      null,
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('connect time: the resolved address is judged on every connection', () => {
  let c: Awaited<ReturnType<typeof canary>>;
  beforeAll(async () => {
    c = await canary();
  });
  afterAll(() => c.close());

  const get = (p: OutboundPolicy, host: string) => httpClient(p).request(`http://${host}:${c.port}/probe`, { method: 'GET', timeoutMs: 2000, maxBody: 100 });

  it('a name that resolves to loopback (DNS rebinding) is refused and nothing is sent', async () => {
    const p = new OutboundPolicy({ allowedNetworks: [], allowPrivate: true, resolve: rebinding(['127.0.0.1']) });
    const err = await get(p, 'ha.example').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect((err as Error).message).toBe(
      'outbound policy refused ha.example: loopback addresses are not allowed (127.0.0.1); an operator can allow a network with HADO_OUTBOUND_ALLOWED_NETWORKS',
    );
    expect(c.hits).toEqual([]);
  });

  it('only the allowed addresses of a name are used', async () => {
    // 192.0.2.1 (documentation) is refused too: the one listed loopback address is the only one left.
    const p = new OutboundPolicy({ allowedNetworks: ['127.0.0.1/32'], allowPrivate: false, resolve: rebinding(['192.0.2.1', '127.0.0.1']) });
    expect((await get(p, 'ha.example')).status).toBe(200);
    expect(c.hits).toEqual(['GET /probe']);
    c.hits.length = 0;
  });

  it('the system resolver: "localhost" resolves to loopback and is refused by the lookup itself', async () => {
    const result = await new Promise<unknown>((resolve) => policy().lookup('localhost', { all: true }, (err, a) => resolve(err ?? a)));
    expect(result).toBeInstanceOf(OutboundRefusedError);
    const allowed = await new Promise<unknown>((resolve) =>
      policy({ allowed: LOOPBACK_NETWORKS }).lookup('localhost', { all: true }, (err, a) => resolve(err ?? a)),
    );
    expect(allowed).toEqual(expect.arrayContaining([expect.objectContaining({ address: '127.0.0.1' })]));
  });

  it('a literal address (which skips the lookup) is refused as well, and allowed when listed', async () => {
    await expect(get(policy(), '127.0.0.1')).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(c.hits).toEqual([]);
    expect((await get(policy({ allowed: ['127.0.0.0/8'] }), '127.0.0.1')).status).toBe(200);
    expect(c.hits).toEqual(['GET /probe']);
    c.hits.length = 0;
  });
});

describe('saving a channel', () => {
  // One app per mode for the whole block (a store costs seconds).
  let t: TestApp;
  let local: TestApp;
  let listed: TestApp;
  // One store; three configurations of the app over it. Each has its own
  // context: the channels (and the outbound policy they connect under) are
  // built from the configuration, once per context.
  const over = async (env: Record<string, string>): Promise<TestApp> => {
    const config = loadConfig({ HADO_DEFAULT_TZ: 'Europe/Madrid', HADO_LOCAL_USER: '', ...env });
    const ctx = buildContext(t.store, config, t.clock);
    const app = await buildApp(ctx);
    return {
      ...t,
      app,
      config,
      ctx,
      close: async () => {
        await app.close();
        await closeContext(ctx);
      },
    };
  };
  beforeAll(async () => {
    t = await createTestApp();
    local = await over({ HADO_LOCAL_USER: 'me' });
    listed = await over({ HADO_OUTBOUND_ALLOWED_NETWORKS: '192.168.1.0/24' });
  });
  afterAll(async () => {
    await local?.close();
    await listed?.close();
    await t?.close();
  });

  it.each([
    { url: 'http://127.0.0.1:8080/me/events/1/done', message: 'config.deliver_url: loopback addresses are not allowed (127.0.0.1)' },
    { url: 'http://[::1]:8080/me', message: 'config.deliver_url: loopback addresses are not allowed (::1)' },
    { url: 'http://localhost:8080/me', message: 'config.deliver_url: loopback addresses are not allowed (localhost)' },
    { url: 'http://[::127.0.0.1]:8080/me', message: 'config.deliver_url: loopback addresses are not allowed (::7f00:1)' },
    { url: 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/', message: 'config.deliver_url: link-local addresses' },
    { url: 'http://169.254.169.254/latest/meta-data/', message: 'config.deliver_url: link-local addresses' },
    { url: 'http://192.168.1.20:8123/api/webhook/x', message: 'config.deliver_url: private network addresses are not allowed (192.168.1.20)' },
    { url: 'https://user:pass@ha.example/hook', message: 'config.deliver_url: URLs with credentials' },
  ])('deliver_url $url → 422 "$message…"', async ({ url, message }) => {
    const res = await call(t, 'POST', '/me/channels', { user: 'mallory', body: { type: 'webhook', config: { deliver_url: url } } });
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('config.deliver_url');
    expect(res.body.error.message.startsWith(message)).toBe(true);
    if (!url.includes('@')) expect(res.body.error.message).toContain('HADO_OUTBOUND_ALLOWED_NETWORKS');
    const list = await call(t, 'GET', '/me/channels', { user: 'mallory' });
    expect(list.body.channels.map((ch: { type: string }) => ch.type)).toEqual(['web']);
  });

  it('the presence URL passes the same policy', async () => {
    const res = await call(t, 'POST', '/me/channels', {
      user: 'mallory',
      body: { type: 'webhook', config: { deliver_url: 'https://ha.example/hook', presence_url: 'http://169.254.169.254/' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/^config\.presence_url: link-local addresses/);
  });

  it('a LAN Home Assistant: allowed in local mode, or when its network is listed; loopback stays refused in local mode', async () => {
    const body = { type: 'webhook', config: { deliver_url: 'http://192.168.1.20:8123/api/webhook/hado' } };
    expect((await call(local, 'POST', '/me/channels', { body })).status).toBe(201);
    expect((await call(listed, 'POST', '/me/channels', { user: 'nikita', body })).status).toBe(201);
    const loop = await call(local, 'POST', '/me/channels', { body: { type: 'webhook', config: { deliver_url: 'http://127.0.0.1:8123/x' } } });
    expect(loop.status).toBe(422);
  });
});

describe('the reproduced attack: a webhook that Acks/Dones another user’s event through Hado itself', () => {
  let h: Harness;
  let base: string;
  const madrid = (wall: string) => Temporal.PlainDateTime.from(wall).toZonedDateTime('Europe/Madrid').toInstant().toString();
  beforeAll(async () => {
    // Local mode on, as in the report: a loopback request without X-Remote-User is "me".
    h = await createHarness({ now: madrid('2026-08-14T09:00'), env: { HADO_LOCAL_USER: 'me', HADO_OUTBOUND_ALLOWED_NETWORKS: '' } });
    // (The harness allows loopback for its fake receivers; this test is about the default policy.)
    base = await h.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(() => h.close());

  it('the URL is refused when saved, and a stored one (or a rebound name) fails at connect time; the victim’s event stays open', async () => {
    await h.put([
      { user: 'me', source_ref: 'victim', due_at: '2026-08-14', payload: { title: 'Passport' } },
      { user: 'mallory', source_ref: 'bait', due_at: '2026-08-14', payload: { title: 'Anything' } },
    ]);
    const victim = await h.store.db.selectFrom('events').select('id').where('source_ref', '=', 'victim').executeTakeFirstOrThrow();
    const target = `${base}/me/events/${victim.id}/done`;
    const saved = await call(h, 'POST', '/me/channels', { user: 'mallory', body: { type: 'webhook', config: { deliver_url: target } } });
    expect(saved.status).toBe(422);
    expect(saved.body.error.message).toMatch(/^config\.deliver_url: loopback addresses are not allowed/);

    // The row as if saved before the policy (or under a name that resolved elsewhere then).
    const mallory = await h.store.db.selectFrom('users').select('id').where('login', '=', 'mallory').executeTakeFirstOrThrow();
    const channel = await insertChannel(h.store.db, {
      userId: mallory.id,
      type: 'webhook',
      config: { deliver_url: target, presence_url: `${base}/me` },
      secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
      now: new Date(h.clock.now().epochMilliseconds),
    });
    // Presence unknown everywhere: the 9:00 window falls back to every channel at 9:50.
    await h.run(madrid('2026-08-14T09:55'));
    const rows = await h.store.db.selectFrom('deliveries').selectAll().where('channel_id', '=', channel.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ result: 'failed', attempts: 1 });
      expect(row.error).toMatch(/^outbound policy refused 127\.0\.0\.1:\d+: loopback addresses are not allowed/);
    }
    const after = await call(h, 'GET', `/me/events?state=today`);
    expect(after.body.events.map((e: { id: number }) => e.id)).toContain(victim.id);
  }, 60_000);

  it('DNS rebinding: a name that answers loopback at delivery time is refused the same way', async () => {
    h.channels.register(
      webhookChannel({
        clock: h.clock,
        presenceTimeoutMs: 300,
        outbound: new OutboundPolicy({ allowedNetworks: [], allowPrivate: true, resolve: rebinding(['127.0.0.1']) }),
      }),
    );
    const port = new URL(base).port;
    const result = await h.channels.get('webhook')!.deliver(
      {
        deliveryId: 1,
        actionToken: 'x',
        kind: 'event',
        body: { event: { id: 1 } },
        title: 't',
        subtitle: null,
        deepLink: null,
        doneLabel: null,
        locale: 'en',
      },
      { id: 1, login: 'mallory', lastHeartbeatAt: null },
      {
        id: 99,
        userId: 1,
        type: 'webhook',
        enabled: true,
        config: { deliver_url: `http://rebind.example:${port}/me/events/1/done` },
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        lastSeenAt: null,
      },
    );
    expect(result).toEqual({
      ok: false,
      retryable: false,
      error:
        'outbound policy refused rebind.example: loopback addresses are not allowed (127.0.0.1); an operator can allow a network with HADO_OUTBOUND_ALLOWED_NETWORKS',
    });
  });
});
