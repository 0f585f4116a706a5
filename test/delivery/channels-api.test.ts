// /me/channels (SPEC A8): list, add a webhook (its secret shown once),
// disable/enable, delete; the web channel is there from the start and
// cannot be deleted; bad URLs and types are 4xx naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = (user: string, body: unknown) => call(t, 'POST', '/me/channels', { user, body });

describe('/me/channels', () => {
  it('a new user has exactly the web channel', async () => {
    const res = await call(t, 'GET', '/me/channels', { user: 'nikita' });
    expect(res.status).toBe(200);
    expect(res.body.channels).toMatchObject([{ type: 'web', enabled: true, config: {} }]);
  });

  let hookId: number;
  it('POST a webhook: 201 with the channel and its secret, shown this once', async () => {
    const res = await add('nikita', {
      type: 'webhook',
      config: { deliver_url: 'https://ha.example.org/api/webhook/hado', presence_url: 'http://ha.local:8123/presence' },
    });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.body.channel).toMatchObject({
      type: 'webhook',
      enabled: true,
      config: { deliver_url: 'https://ha.example.org/api/webhook/hado', presence_url: 'http://ha.local:8123/presence' },
    });
    expect(res.body.channel).not.toHaveProperty('secret');
    hookId = res.body.channel.id;
    const list = await call(t, 'GET', '/me/channels', { user: 'nikita' });
    expect(list.body.channels.map((c: { type: string }) => c.type)).toEqual(['web', 'webhook']);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret.slice(6, 30));
    expect(JSON.stringify(list.body)).not.toContain('secret');
  });

  it('presence_url is optional (presence is then unknown)', async () => {
    const res = await add('nikita', { type: 'webhook', config: { deliver_url: 'https://ha.example/x' } });
    expect(res.status).toBe(201);
    expect(res.body.channel.config).toEqual({ deliver_url: 'https://ha.example/x' });
  });

  it.each([
    { body: { type: 'webhook', config: { deliver_url: 'ftp://ha/x' } }, status: 422, field: 'config.deliver_url' },
    { body: { type: 'webhook', config: { deliver_url: 'not a url' } }, status: 422, field: 'config.deliver_url' },
    { body: { type: 'webhook', config: { deliver_url: 'javascript:alert(1)' } }, status: 422, field: 'config.deliver_url' },
    { body: { type: 'webhook', config: { deliver_url: 'https://ha/x', presence_url: 'file:///etc/passwd' } }, status: 422, field: 'config.presence_url' },
    { body: { type: 'webhook', config: {} }, status: 422, field: 'config.deliver_url' },
    { body: { type: 'webhook' }, status: 422, field: 'config.deliver_url' },
    { body: { type: 'webhook', config: { deliver_url: 'https://ha/x', secret: 'mine' } }, status: 422, field: 'config.secret' },
    { body: { type: 'sms', config: {} }, status: 422, field: 'type' },
    { body: { type: 'telegram', config: { chat_id: 1 } }, status: 422, field: 'type' },
    { body: { type: 'web' }, status: 409, field: undefined },
  ])('POST $body.type with $body.config → $status', async ({ body, status, field }) => {
    const res = await add('nikita', body);
    expect(res.status).toBe(status);
    if (field) expect(res.body.error).toMatchObject({ code: 'invalid', field });
  });

  it('PATCH {enabled} switches a channel off and on; the web channel too', async () => {
    const off = await call(t, 'PATCH', `/me/channels/${hookId}`, { user: 'nikita', body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.channel).toMatchObject({ id: hookId, enabled: false });
    const on = await call(t, 'PATCH', `/me/channels/${hookId}`, { user: 'nikita', body: { enabled: true } });
    expect(on.body.channel.enabled).toBe(true);
    expect((await call(t, 'PATCH', `/me/channels/${hookId}`, { user: 'nikita', body: { enabled: 'no' } })).status).toBe(422);
  });

  it('another user cannot see, switch or delete my channels: 404', async () => {
    expect((await call(t, 'PATCH', `/me/channels/${hookId}`, { user: 'ana', body: { enabled: false } })).status).toBe(404);
    expect((await call(t, 'DELETE', `/me/channels/${hookId}`, { user: 'ana' })).status).toBe(404);
    const list = await call(t, 'GET', '/me/channels', { user: 'ana' });
    expect(list.body.channels.map((c: { id: number }) => c.id)).not.toContain(hookId);
  });

  it('the web channel cannot be deleted (409); a webhook can (204, then 404)', async () => {
    const list = await call(t, 'GET', '/me/channels', { user: 'nikita' });
    const web = list.body.channels.find((c: { type: string }) => c.type === 'web');
    const res = await call(t, 'DELETE', `/me/channels/${web.id}`, { user: 'nikita' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/cannot be deleted/);
    expect((await call(t, 'DELETE', `/me/channels/${hookId}`, { user: 'nikita' })).status).toBe(204);
    expect((await call(t, 'DELETE', `/me/channels/${hookId}`, { user: 'nikita' })).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, 'GET', '/me/channels', { remoteAddress: '10.1.2.3' })).status).toBe(401);
  });
});
