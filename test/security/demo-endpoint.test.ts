// `hado demo`'s receiver (issue 26): loopback is refused in every mode, and
// the demo asks the running server, through its admin socket (the data
// directory's owner only), to allow one loopback address and port for a
// while. The allowance opens exactly that endpoint: not another port, not
// another loopback address, not a name, and not after it is revoked or
// expired; the socket takes loopback addresses only and at most an hour.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAdminSocket, startAdminSocket } from '../../src/admin/socket.ts';
import { httpClient } from '../../src/net/http-client.ts';
import { EndpointAllowances, OutboundPolicy, OutboundRefusedError, processEndpoints } from '../../src/net/outbound.ts';
import { call, createTestApp, type TestApp } from '../support/app.ts';

const policyWith = (endpoints: EndpointAllowances) => new OutboundPolicy({ allowedNetworks: [], allowPrivate: true, endpoints });

describe('an endpoint allowance', () => {
  it('opens exactly one address and port', () => {
    const endpoints = new EndpointAllowances();
    const policy = policyWith(endpoints);
    expect(policy.urlRefusal(new URL('http://127.0.0.1:4321/deliver'))).toMatch(/^loopback addresses are not allowed/);
    endpoints.allow('127.0.0.1', 4321, 60_000);
    expect(policy.urlRefusal(new URL('http://127.0.0.1:4321/deliver'))).toBeNull();
    expect(policy.urlRefusal(new URL('http://127.0.0.1:4322/deliver'))).toMatch(/^loopback addresses are not allowed/);
    expect(policy.urlRefusal(new URL('http://127.0.0.2:4321/deliver'))).toMatch(/^loopback addresses are not allowed/);
    expect(policy.urlRefusal(new URL('http://localhost:4321/deliver'))).toMatch(/^loopback addresses are not allowed/);
    expect(policy.urlRefusal(new URL('http://[::1]:4321/deliver'))).toMatch(/^loopback addresses are not allowed/);
    // Other policies (another process's, a test's) are not opened by it.
    expect(new OutboundPolicy({ allowedNetworks: [], allowPrivate: true }).urlRefusal(new URL('http://127.0.0.1:4321/'))).not.toBeNull();
    endpoints.revoke('127.0.0.1', 4321);
    expect(policy.urlRefusal(new URL('http://127.0.0.1:4321/deliver'))).toMatch(/^loopback addresses are not allowed/);
  });

  it('judges the URL with its default port, and IPv6 in any spelling', () => {
    const endpoints = new EndpointAllowances();
    endpoints.allow('::1', 80, 60_000);
    const policy = policyWith(endpoints);
    expect(policy.urlRefusal(new URL('http://[::1]/x'))).toBeNull();
    expect(policy.urlRefusal(new URL('http://[0:0:0:0:0:0:0:1]:80/x'))).toBeNull();
    expect(policy.urlRefusal(new URL('https://[::1]/x'))).toMatch(/^loopback/);
  });

  it('ends by itself', async () => {
    const endpoints = new EndpointAllowances();
    endpoints.allow('127.0.0.1', 4321, 50);
    expect(endpoints.has('127.0.0.1', 4321)).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(endpoints.has('127.0.0.1', 4321)).toBe(false);
  });

  it('lets the HTTP client reach that endpoint, and only it', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const endpoints = new EndpointAllowances();
      const client = httpClient(policyWith(endpoints));
      const get = () => client.request(`http://127.0.0.1:${port}/`, { method: 'GET', timeoutMs: 5_000, maxBody: 100 });
      await expect(get()).rejects.toBeInstanceOf(OutboundRefusedError);
      endpoints.allow('127.0.0.1', port, 60_000);
      expect((await get()).body).toBe('ok');
      endpoints.revoke('127.0.0.1', port);
      await expect(get()).rejects.toBeInstanceOf(OutboundRefusedError);
    } finally {
      server.close();
    }
  });
});

describe("the admin socket's /outbound/endpoints", () => {
  let t: TestApp;
  let dir: string;
  let socket: string;
  let admin: Awaited<ReturnType<typeof startAdminSocket>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', HADO_OUTBOUND_ALLOWED_NETWORKS: '' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-demo-endpoint-'));
    admin = await startAdminSocket(t.ctx, dir);
    socket = path.join(dir, 'hado.sock');
  }, 180_000);

  afterAll(async () => {
    await admin?.close();
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('allows a loopback endpoint for the process (a channel to it can be saved), then revokes it', async () => {
    const hook = { body: { type: 'webhook', config: { deliver_url: 'http://127.0.0.1:45678/deliver' } } };
    expect((await call(t, 'POST', '/me/channels', hook)).status).toBe(422);
    expect(await callAdminSocket(socket, 'POST', '/outbound/endpoints', { address: '127.0.0.1', port: 45678, ttl_ms: 60_000 })).toEqual({
      address: '127.0.0.1',
      port: 45678,
      allowed: true,
      ttl_ms: 60_000,
    });
    expect(processEndpoints.has('127.0.0.1', 45678)).toBe(true);
    expect((await call(t, 'POST', '/me/channels', hook)).status).toBe(201);
    await callAdminSocket(socket, 'POST', '/outbound/endpoints', { address: '127.0.0.1', port: 45678, revoke: true });
    expect(processEndpoints.has('127.0.0.1', 45678)).toBe(false);
    expect((await call(t, 'POST', '/me/channels', { body: { type: 'webhook', config: { deliver_url: 'http://127.0.0.1:45678/other' } } })).status).toBe(422);
  });

  it('takes loopback addresses only, a real port, and at most an hour', async () => {
    await expect(callAdminSocket(socket, 'POST', '/outbound/endpoints', { address: '192.168.1.20', port: 80 })).rejects.toThrow(/must be 127\.0\.0\.1 or ::1/);
    await expect(callAdminSocket(socket, 'POST', '/outbound/endpoints', { address: '169.254.169.254', port: 80 })).rejects.toThrow(
      /must be 127\.0\.0\.1 or ::1/,
    );
    await expect(callAdminSocket(socket, 'POST', '/outbound/endpoints', { address: '127.0.0.1', port: 0 })).rejects.toThrow(/must be a port number/);
    await expect(callAdminSocket(socket, 'POST', '/outbound/endpoints', { address: '127.0.0.1', port: 80, ttl_ms: 2 * 3_600_000 })).rejects.toThrow(/ttl_ms/);
    expect(processEndpoints.has('192.168.1.20', 80)).toBe(false);
  });
});
