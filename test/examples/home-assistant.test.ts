// examples/home-assistant against a real Hado and a local fake of Home
// Assistant's API (it refuses requests without the bearer token): setup.js
// adds the channel with the person preset, the tick delivers while the
// person is home, through hado_relay.py (which checks the signature and
// refuses a forged request), and the Done link from the body closes the event.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createHarness, type Harness } from '../delivery/harness.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { needPython, runExample } from './support.ts';

let h: Harness;
let ha: FakeHa;
let hadoUrl: string;
let relay: ReturnType<typeof spawn> | undefined;

/**
 * The relay checks webhook-timestamp against the real time, so Hado's clock starts at the real
 * now, and the user lives in a zone where it is about noon (inside active hours, whatever the hour).
 */
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const offset = 12 - now.getUTCHours();
const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
const localDay = new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness({ now: now.toISOString(), env: { HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8', HADO_DEFAULT_TZ: zone } });
  hadoUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  ha = await startFakeHa(h.clock);
  ha.haToken = 'ha-token-123';
});
afterAll(async () => {
  relay?.kill();
  await ha.close();
  await h.close();
});

it('the automation is valid YAML using the body Hado sends', () => {
  const text = readFileSync('examples/home-assistant/automation.yaml', 'utf8');
  const doc = parse(text, { customTags: [{ tag: '!secret', resolve: (s: string) => `secret:${s}` }] }) as {
    automation: Array<{ trigger: Array<{ platform: string }> }>;
    rest_command: { hado_action: { method: string } };
  };
  expect(doc.automation[0]!.trigger[0]!.platform).toBe('webhook');
  expect(doc.rest_command.hado_action.method).toBe('post');
  for (const field of ['trigger.json.event.title', 'trigger.json.actions.ack', 'trigger.json.actions.done', 'trigger.json.event.done_label']) {
    expect(text).toContain(field);
  }
});

it('presence from the person, delivery through the signature-checking relay, Done by the link', async (ctx) => {
  await needPython(ctx, 'the relay cannot run');
  // The channel needs the relay's URL and the relay the channel's secret: pick the relay's port first.
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const relayUrl = `http://127.0.0.1:${port}/`;
  const setup = await runExample('node', 'examples/home-assistant/setup.js', {
    HADO_URL: hadoUrl,
    HADO_USER: 'nikita',
    HA_URL: ha.url,
    HA_TOKEN: 'ha-token-123',
    HA_PERSON: 'nikita',
    DELIVER_URL: relayUrl,
  });
  expect(setup.stderr).toBe('');
  expect(setup.code).toBe(0);
  expect(setup.stdout).toMatch(/^channel \d+: presence from .*\/api\/states\/person\.nikita \(headers: Authorization\)$/m);
  const secret = /^HADO_WEBHOOK_SECRET=(whsec_\S+)$/m.exec(setup.stdout)![1]!;
  expect(setup.stdout).not.toContain('ha-token-123');
  relay = spawn('python3', ['examples/home-assistant/hado_relay.py'], {
    env: { PATH: process.env.PATH ?? '', HADO_WEBHOOK_SECRET: secret, HA_WEBHOOK_URL: ha.deliverUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    relay!.stdout!.once('data', () => resolve());
    relay!.once('exit', (code) => reject(new Error(`relay exited ${code}`)));
  });

  await h.put([{ user: 'nikita', source_ref: 'doc:7', due_at: `${localDay}T21:00`, payload: { title: 'Passport', done_label: 'Renewed' } }]);
  // Away: Hado waits.
  ha.personStates.nikita = 'not_home';
  await h.tick();
  expect(ha.deliveries()).toHaveLength(0);
  // Home: the next minute's tick delivers, through the relay.
  ha.personStates.nikita = 'home';
  h.clock.advance({ minutes: 1 });
  await h.tick();
  const asked = ha.requests.filter((r) => r.path === '/api/states/person.nikita');
  expect(asked.length).toBeGreaterThanOrEqual(2);
  expect(asked.every((r) => r.headers.authorization === 'Bearer ha-token-123')).toBe(true);
  const delivered = ha.deliveries();
  expect(delivered).toHaveLength(1);
  const body = JSON.parse(delivered[0]!.body) as { event: { title: string; done_label: string }; actions: { done: string } };
  expect(body.event).toMatchObject({ title: 'Passport', done_label: 'Renewed' });

  // A forged reminder never reaches HA.
  const forged = await fetch(relayUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': '1',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': 'v1,AAAA',
    },
    body: delivered[0]!.body,
  });
  expect(forged.status).toBe(401);
  expect(ha.deliveries()).toHaveLength(1);

  // "Done" said to the voice assistant: rest_command POSTs the done link (APP_URL's origin is this Hado's).
  const link = new URL(body.actions.done);
  const done = await fetch(new URL(link.pathname, hadoUrl), { method: 'POST' });
  expect(done.status).toBe(200);
  expect(((await done.json()) as { event: { state: string } }).event.state).toBe('done');
});
