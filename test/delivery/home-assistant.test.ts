// Home Assistant as presence without a shim: a webhook channel whose
// presence request carries HA's bearer token and whose answer is read from
// a field ({"state": "home"}), against a local fake of HA's REST API that
// refuses requests without the token. /me/channels never shows the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelRecord } from '../../src/db/channels.ts';
import { httpClient } from '../../src/net/http-client.ts';
import { webhookPresence } from '../../src/channels/webhook/channel.ts';
import { outboundPolicyOf } from '../../src/net/outbound.ts';
import { call } from '../support/app.ts';
import { type FakeHa, startFakeHa } from '../support/fake-ha.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
let ha: FakeHa;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.ha-long-lived';

beforeAll(async () => {
  // 10:00 in Madrid on the due day: the 10–11 window is open.
  h = await createHarness({ now: '2026-08-14T08:00:00Z', env: { HADO_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  ha = await startFakeHa(h.clock);
  ha.haToken = TOKEN;
});
afterAll(async () => {
  await ha.close();
  await h.close();
});

const add = (config: Record<string, unknown>, user = 'nikita') => call(h, 'POST', '/me/channels', { user, body: { type: 'webhook', config } });

const haConfig = (name: string, token = TOKEN) => ({
  deliver_url: ha.deliverUrl,
  presence_url: ha.personUrl(name),
  presence_headers: { Authorization: `Bearer ${token}` },
  presence_field: 'state',
  presence_present: ['home'],
});

async function presenceOf(channelId: number) {
  const row = await h.store.db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirstOrThrow();
  return webhookPresence(httpClient(outboundPolicyOf(h.config)), channelRecord(row), 2000);
}

describe('a Home Assistant person as presence', () => {
  it('is stored with its headers, and /me/channels shows only the header names', async () => {
    const res = await add(haConfig('nikita'));
    expect(res.status).toBe(201);
    expect(res.body.channel.config).toEqual({
      deliver_url: ha.deliverUrl,
      presence_url: ha.personUrl('nikita'),
      presence_field: 'state',
      presence_present: ['home'],
      presence_headers: ['Authorization'],
    });
    const list = await call(h, 'GET', '/me/channels', { user: 'nikita' });
    const page = await call(h, 'GET', '/inbox/channels', { user: 'nikita' });
    for (const shown of [JSON.stringify(res.body), JSON.stringify(list.body), String(page.body)]) {
      expect(shown).not.toContain(TOKEN);
      expect(shown).not.toContain('ha-long-lived');
    }
    expect(list.body.channels[1].config.presence_headers).toEqual(['Authorization']);
  });

  it('asks HA with the bearer token: "home" is present, any other state absent, no state or an error unknown', async () => {
    const { body } = await add(haConfig('ana'), 'ana');
    const id = body.channel.id as number;
    ha.personStates.ana = 'home';
    expect(await presenceOf(id)).toBe('present');
    const asked = ha.requests.filter((r) => r.path === '/api/states/person.ana');
    expect(asked.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(asked.at(-1)!.headers.accept).toBe('application/json');
    ha.personStates.ana = 'not_home';
    expect(await presenceOf(id)).toBe('absent');
    ha.personStates.ana = 'Office';
    expect(await presenceOf(id)).toBe('absent');
    ha.personNoState = true;
    expect(await presenceOf(id)).toBe('unknown');
    ha.personNoState = false;
    delete ha.personStates.ana;
    expect(await presenceOf(id)).toBe('unknown');
  });

  it("a wrong token gets HA's 401: unknown", async () => {
    const { body } = await add(haConfig('boris', 'stale-token'), 'boris');
    ha.personStates.boris = 'home';
    expect(await presenceOf(body.channel.id)).toBe('unknown');
  });

  it('without the new keys the {"present": …} contract is unchanged', async () => {
    const { body } = await add({ deliver_url: ha.deliverUrl, presence_url: ha.presenceUrl }, 'vera');
    ha.presence = true;
    expect(await presenceOf(body.channel.id)).toBe('present');
    ha.presence = false;
    expect(await presenceOf(body.channel.id)).toBe('absent');
    const asked = ha.presenceCalls().at(-1)!;
    expect(asked.headers.authorization).toBeUndefined();
  });

  it('end to end: the tick delivers to HA while the person is home, and waits while away', async () => {
    await h.put([{ user: 'nikita', source_ref: 'doc:1', due_at: '2026-08-14T18:00', payload: { title: 'Passport' } }]);
    ha.personStates.nikita = 'not_home';
    await h.tick();
    expect(ha.deliveries()).toHaveLength(0);
    h.clock.advance({ minutes: 1 });
    await h.tick();
    expect(ha.deliveries()).toHaveLength(0);
    // Home: the next tick after the presence cache's minute delivers at once.
    ha.personStates.nikita = 'home';
    h.clock.advance({ minutes: 1 });
    await h.tick();
    const delivered = ha.deliveries();
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0]!.body)).toMatchObject({ event: { title: 'Passport', state: 'today' } });
    // The token never travels with the delivery itself.
    expect(delivered[0]!.headers.authorization).toBeUndefined();
  });
});

describe('validation: 422 naming the field', () => {
  const base = () => ({ deliver_url: ha.deliverUrl, presence_url: ha.personUrl('x') });
  it.each([
    [{ presence_headers: 'Bearer x' }, 'config.presence_headers', /object/],
    [{ presence_headers: { Host: 'evil' } }, 'config.presence_headers', /"Host" cannot be set/],
    [{ presence_headers: { Connection: 'close' } }, 'config.presence_headers', /cannot be set/],
    [{ presence_headers: { 'Transfer-Encoding': 'chunked' } }, 'config.presence_headers', /cannot be set/],
    [{ presence_headers: { 'Content-Length': '0' } }, 'config.presence_headers', /cannot be set/],
    [{ presence_headers: { 'Bad Name': 'x' } }, 'config.presence_headers', /not a header name/],
    [{ presence_headers: { 'X-A': 'a\r\nHost: evil' } }, 'config.presence_headers', /no line breaks/],
    [{ presence_headers: { 'X-A': 1 } }, 'config.presence_headers', /must be a string/],
    [{ presence_headers: { 'X-A': 'x'.repeat(4097) } }, 'config.presence_headers', /longer than 4096/],
    [{ presence_headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-${i}`, 'v'])) }, 'config.presence_headers', /at most 10/],
    [{ presence_headers: { authorization: 'a', Authorization: 'b' } }, 'config.presence_headers', /twice/],
    [{ presence_field: 'state' }, 'config.presence_present', /required with presence_field/],
    [{ presence_present: ['home'] }, 'config.presence_field', /required with presence_present/],
    [{ presence_field: '', presence_present: ['home'] }, 'config.presence_field', /top-level field/],
    [{ presence_field: 'state', presence_present: [] }, 'config.presence_present', /non-empty/],
    [{ presence_field: 'state', presence_present: 'home' }, 'config.presence_present', /non-empty array/],
    [{ presence_field: 'state', presence_present: [{ a: 1 }] }, 'config.presence_present', /item 0/],
  ])('%j → %s', async (extra, field, message) => {
    const res = await add({ ...base(), ...extra });
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toMatch(message);
  });

  it('the presence keys need presence_url', async () => {
    const res = await add({ deliver_url: ha.deliverUrl, presence_headers: { Authorization: 'Bearer x' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ field: 'config.presence_headers', message: expect.stringMatching(/needs config.presence_url/) });
  });
});
