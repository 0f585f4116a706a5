// Trial mode (HADO_TRIAL=1, issue 26): a request from any address without
// X-Remote-User signs in as the trial user — what `docker run -p 8080:8080`
// needs, since the browser's requests reach the container from the bridge,
// not from loopback. Off unless set, and refused on a reachable HOST unless
// HADO_TRIAL_ANY_ADDRESS=1 says so.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { trialBanner } from '../../src/config/trial.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';
import { createCliBackend, freePort } from '../support/cli.ts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const BRIDGE = '172.17.0.1'; // where Docker's published port forwards from

describe('trial mode', () => {
  it('signs a request from another address in as the trial user', async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HADO_TRIAL: '1', HOST: '0.0.0.0', HADO_TRIAL_ANY_ADDRESS: '1' } });
    const res = await call(t, 'GET', '/me', { remoteAddress: BRIDGE, headers: { host: 'localhost:8080' } });
    expect(res.status).toBe(200);
    expect(res.body.login).toBe('me');
    const page = await call(t, 'GET', '/', { remoteAddress: BRIDGE, headers: { host: 'localhost:8080' } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Not signed in');
  }, 180_000);

  it('is off unless set: the same request is not signed in', async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HOST: '0.0.0.0' } });
    const res = await call(t, 'GET', '/me', { remoteAddress: BRIDGE, headers: { host: 'localhost:8080' } });
    expect(res.status).toBe(401);
  }, 180_000);

  it('still refuses a request a proxy forwarded (X-Forwarded-For) or an X-Remote-User from an untrusted address', async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HADO_TRIAL: '1' } });
    const forwarded = await call(t, 'GET', '/me', { remoteAddress: BRIDGE, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(401);
    const claimed = await call(t, 'GET', '/me', { remoteAddress: BRIDGE, user: 'admin' });
    expect(claimed.status).toBe(401);
  }, 180_000);

  it('refuses a HOST other machines reach unless HADO_TRIAL_ANY_ADDRESS=1, and needs a local user', () => {
    expect(() => loadConfig({ HADO_TRIAL: '1', HOST: '0.0.0.0' })).toThrow(
      /HADO_TRIAL signs in anyone who reaches HOST 0\.0\.0\.0 as the trial user: listen on 127\.0\.0\.1, or set HADO_TRIAL_ANY_ADDRESS=1/,
    );
    expect(loadConfig({ HADO_TRIAL: '1', HOST: '0.0.0.0', HADO_TRIAL_ANY_ADDRESS: '1' }).trial).toBe(true);
    expect(loadConfig({ HADO_TRIAL: '1', HOST: '127.0.0.1' }).trial).toBe(true);
    expect(() => loadConfig({ HADO_TRIAL: '1', HADO_LOCAL_USER: '' })).toThrow(/HADO_TRIAL needs a HADO_LOCAL_USER/);
    expect(() => loadConfig({ HADO_TRIAL: 'yes' })).toThrow(/HADO_TRIAL must be 1 or 0, got "yes"/);
    expect(loadConfig({}).trial).toBe(false);
  });

  it('the banner names the user, the port and where webhooks may lead', () => {
    const banner = trialBanner({ localUser: 'me', port: 8080 });
    expect(banner).toContain('TRIAL MODE (HADO_TRIAL=1): every request signs in as "me"');
    expect(banner).toContain('port 8080');
    expect(banner).toContain('!! Webhooks reach public addresses only: private networks and loopback are refused');
    expect(trialBanner({ localUser: 'me', port: 8080, outboundAllowedNetworks: ['192.168.1.0/24'] })).toContain(
      '!! Webhooks reach public addresses and 192.168.1.0/24 (HADO_OUTBOUND_ALLOWED_NETWORKS) only',
    );
  });
});

describe("trial mode's outbound policy", () => {
  const hook = (url: string) => ({ body: { type: 'webhook', config: { deliver_url: url } }, remoteAddress: BRIDGE });

  it('refuses private networks (local mode allows them) and loopback; public addresses pass', async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HADO_TRIAL: '1', HADO_OUTBOUND_ALLOWED_NETWORKS: '' } });
    const lan = await call(t, 'POST', '/me/channels', hook('http://192.168.1.20:8123/api/webhook/hado'));
    expect(lan.status).toBe(422);
    expect(lan.body.error.message).toMatch(/^config\.deliver_url: private network addresses are not allowed \(192\.168\.1\.20\)/);
    const loop = await call(t, 'POST', '/me/channels', hook('http://127.0.0.1:8123/x'));
    expect(loop.status).toBe(422);
    expect(loop.body.error.message).toMatch(/loopback addresses are not allowed/);
    expect((await call(t, 'POST', '/me/channels', hook('https://ha.example/hook'))).status).toBe(201);
    await t.close();
    // The same LAN receiver in plain local mode (the person at this machine): allowed.
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HADO_OUTBOUND_ALLOWED_NETWORKS: '' } });
    expect((await call(t, 'POST', '/me/channels', { body: hook('http://192.168.1.20:8123/api/webhook/hado').body })).status).toBe(201);
  }, 180_000);

  it('allows a network the operator lists', async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HADO_TRIAL: '1', HADO_OUTBOUND_ALLOWED_NETWORKS: '192.168.1.0/24' } });
    expect((await call(t, 'POST', '/me/channels', hook('http://192.168.1.20:8123/api/webhook/hado'))).status).toBe(201);
    expect((await call(t, 'POST', '/me/channels', hook('http://10.0.0.5/x'))).status).toBe(422);
  }, 180_000);

  it('is loud at start: the banner and a warning in the log say where webhooks may lead', async () => {
    const backend = await createCliBackend('hado-trial-');
    const server = backend.spawn(['start'], { PORT: String(await freePort()), HOST: '127.0.0.1', HADO_LOCAL_USER: 'me', HADO_TRIAL: '1', LOG_LEVEL: 'warn' });
    try {
      await server.waitFor(/Hado is running at/, 120_000);
      await server.waitFor(/TRIAL MODE outbound policy/, 10_000);
      expect(server.output()).toContain('!! Webhooks reach public addresses only: private networks and loopback are refused');
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('TRIAL MODE outbound policy'))!;
      expect(JSON.parse(line)).toMatchObject({ level: 40, outbound: [], msg: expect.stringContaining('Webhooks reach public addresses only') });
    } finally {
      await server.stop();
      await backend.dispose();
    }
  }, 180_000);
});
