// The inbox page over HTTP: groups, escaping, caching, hashed assets, the
// fragments the page re-reads, and the cross-site guard on /me writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  // 2026-08-11 10:00 in Madrid.
  t = await createTestApp({ now: '2026-08-11T08:00:00Z', env: { HADO_LOCAL_USER: 'me' } });
  token = await createSource(t, 'docs');
  const events = [
    {
      source_ref: 'today:1',
      due_at: '2026-08-11T14:00',
      payload: { title: 'Call the bank', subtitle: 'about the card', deep_link: 'https://bank.example/x', done_label: 'Called' },
    },
    { source_ref: 'overdue:1', due_at: '2026-08-10', after_due: 'keep', payload: { title: 'Pay rent' } },
    { source_ref: 'prep:1', due_at: '2026-08-14', fire_at: '2026-08-04', payload: { title: 'Vasya’s birthday', subtitle: 'turns 34' } },
    { source_ref: 'later:1', due_at: '2026-12-01', payload: { title: '<script>alert("x")</script><b>bold</b>' } },
  ].map((e) => ({ user: 'me', ...e }));
  const res = await call(t, 'PUT', '/api/events', { token, body: { events } });
  expect(res.status).toBe(200);
});

afterAll(() => t.close());

const page = () => t.app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' });

describe('GET /', () => {
  it('renders the groups in order, the badge in the title, and human due words', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = res.body;
    expect(body).toContain('<title>(2) Hado</title>');
    const order = ['data-group="today"', 'data-group="overdue"', 'data-group="preparing"', 'data-group="scheduled"'].map((g) => body.indexOf(g));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toContain('today 14:00');
    expect(body).toContain('yesterday');
    expect(body).toContain('in 3 days, 14 Aug');
    expect(body).toContain('>Called<');
    expect(body).toContain('href="https://bank.example/x"');
    expect(body).toContain('2 due');
  });

  it('escapes payload text', async () => {
    const body = (await page()).body;
    expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(body).not.toContain('<script>alert');
  });

  it('is never cached, forbids inline script and framing', async () => {
    const res = await page();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).not.toMatch(/<script>(?!<)/);
    expect(res.body).not.toMatch(/ style="/);
  });

  it('serves its assets under content-hashed URLs, cached for good', async () => {
    const body = (await page()).body;
    const js = /src="(\/static\/inbox\.[0-9a-f]{12}\.js)"/.exec(body)?.[1];
    const css = /href="(\/static\/inbox\.[0-9a-f]{12}\.css)"/.exec(body)?.[1];
    expect(js).toBeDefined();
    expect(css).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: js! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ method: 'GET', url: js!, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/static/inbox.000000000000.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/static/inbox.js' })).statusCode).toBe(404);
  });

  it('says kindly when the inbox is empty', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-remote-user': 'newcomer' }, remoteAddress: '127.0.0.1' });
    expect(res.body).toContain('Nothing here yet');
    expect(res.body).toContain('<title>Hado</title>');
    expect(res.body).toContain('Nothing due');
  });

  it('says what was received when nothing is open: an expired push, one done, one withdrawn', async () => {
    const user = 'latecomer';
    const push = (events: unknown[]) => call(t, 'PUT', '/api/events', { token, body: { events } });
    // Due yesterday: it arrives expired, with a warning, and is never listed.
    const expired = await push([{ user, source_ref: 'late:1', due_at: '2026-08-10T09:00', payload: { title: 'Too late' } }]);
    expect(expired.body.events[0].state).toBe('expired');
    const get = () => t.app.inject({ method: 'GET', url: '/', headers: { 'x-remote-user': user }, remoteAddress: '127.0.0.1' });
    let body = (await get()).body;
    expect(body).not.toContain('Nothing here yet');
    expect(body).toContain('Nothing open right now');
    expect(body).toContain('1 event received, and it is closed:');
    expect(body).toContain('<li data-state="expired">1 expired: its due moment had passed</li>');
    expect(body).not.toContain('data-state="done"');

    // One done, one withdrawn: the list says each, and the fragment the page re-reads says the same.
    const open = await push([
      { user, source_ref: 'done:1', due_at: '2026-08-20', payload: { title: 'Done soon' } },
      { user, source_ref: 'gone:1', due_at: '2026-08-21', payload: { title: 'Withdrawn' } },
    ]);
    expect((await get()).body).not.toContain('Nothing open right now');
    const done = await t.app.inject({
      method: 'POST',
      url: `/me/events/${open.body.events[0].id}/done`,
      headers: { 'x-remote-user': user },
      remoteAddress: '127.0.0.1',
    });
    expect(done.statusCode).toBe(200);
    expect((await call(t, 'DELETE', '/api/events?source_ref=gone:1', { token })).status).toBeLessThan(300);
    body = (await get()).body;
    expect(body).toContain('3 events received, all closed:');
    expect(body).toMatch(
      /<li data-state="expired">1 expired[^<]*<\/li><li data-state="done">1 done<\/li><li data-state="withdrawn">1 withdrawn by the service that sent it<\/li>/,
    );
    const fragment = await t.app.inject({ method: 'GET', url: '/inbox/groups', headers: { 'x-remote-user': user }, remoteAddress: '127.0.0.1' });
    expect(fragment.body).toContain('3 events received, all closed:');
  });

  it('answers a visitor who is not signed in with a page, not JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.9.8.7' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Not signed in');
  });

  it('shows the channels: web (not deletable) and the settings with the saved values', async () => {
    const body = (await page()).body;
    expect(body).toContain('Web inbox');
    const web = /<li class="channel" data-channel="\d+" data-type="web"[\s\S]*?<\/li>/.exec(body)?.[0];
    expect(web).toContain('Web inbox');
    expect(web).not.toContain('data-channel-delete');
    expect(body).toContain('value="Europe/Madrid"');
    expect(body).toContain('value="22:00"');
    expect(body).toContain('value="09:00"');
    expect(body).toContain('Telegram is not set up on this server');
  });
});

describe('fragments', () => {
  it('/inbox/groups is the list with the badge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/inbox/groups', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('<div id="groups"')).toBe(true);
    expect(res.body).toContain('data-badge="2"');
    expect(res.body).toContain('data-title="(2) Hado"');
  });

  it('/inbox/channels is the channel list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/inbox/channels', remoteAddress: '127.0.0.1' });
    expect(res.body.startsWith('<ul id="channel-list"')).toBe(true);
  });

  it('an unchanged item keeps its revision; a changed one gets a new one', async () => {
    const rev = async () => /data-key="\d+" data-state="overdue" data-rev="([^"]+)"/.exec((await page()).body)?.[1];
    const before = await rev();
    expect(await rev()).toBe(before);
    const id = Number(/data-key="(\d+)" data-state="overdue"/.exec((await page()).body)?.[1]);
    expect((await call(t, 'POST', `/me/events/${id}/ack`, {})).status).toBe(200);
    const after = await rev();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await page()).body).toContain('Quiet until 13 Aug');
  });
});

describe('cross-site requests', () => {
  const done = async (headers: Record<string, string>) => {
    const id = Number(/data-key="(\d+)" data-state="today"/.exec((await page()).body)?.[1]);
    const res = await t.app.inject({ method: 'POST', url: `/me/events/${id}/done`, headers, remoteAddress: '127.0.0.1' });
    return { res, id };
  };

  it('refuses a write from another site (Sec-Fetch-Site) and changes nothing', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const { res } = await done({ 'sec-fetch-site': site, origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect((await page()).body).toContain('data-state="today"');
  });

  it('refuses a write whose Origin is another host when Sec-Fetch-Site is absent', async () => {
    const { res } = await done({ origin: 'https://evil.example', host: 'localhost:8080' });
    expect(res.statusCode).toBe(403);
    const nul = await done({ origin: 'null' });
    expect(nul.res.statusCode).toBe(403);
  });

  it('refuses PATCH /me and channel writes from another site too', async () => {
    const h = { 'sec-fetch-site': 'cross-site' };
    expect((await call(t, 'PATCH', '/me', { headers: h, body: { tz: 'Asia/Tokyo' } })).status).toBe(403);
    expect((await call(t, 'POST', '/me/heartbeat', { headers: h })).status).toBe(403);
    expect((await call(t, 'GET', '/me', { headers: h })).status).toBe(200);
  });

  it('refuses a write to a percent-encoded user path (the router decodes it, the guard must too)', async () => {
    const h = { 'sec-fetch-site': 'cross-site' };
    for (const url of ['/%6De/heartbeat', '/m%65/notices/read-all']) {
      expect((await call(t, 'POST', url, { headers: h })).status).toBe(403);
    }
    const id = Number(/data-key="(\d+)" data-state="today"/.exec((await page()).body)?.[1]);
    expect((await call(t, 'POST', `/%6De/events/${id}/done`, { headers: h })).status).toBe(403);
    expect((await page()).body).toContain('data-state="today"');
  });

  it('accepts the page’s own requests, a same-origin Origin, and non-browser clients', async () => {
    expect((await call(t, 'POST', '/me/heartbeat', { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(204);
    expect((await call(t, 'POST', '/me/heartbeat', { headers: { origin: 'http://localhost:80', host: 'localhost:80' } })).status).toBe(204);
    expect((await call(t, 'POST', '/me/heartbeat', {})).status).toBe(204);
  });

  it('leaves the token and bearer entries open to other origins by design', async () => {
    const res = await call(t, 'PUT', '/api/events', {
      token,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://docs.example' },
      body: { events: [{ user: 'me', source_ref: 'x:1', due_at: '2026-12-24', payload: { title: 'X' } }] },
    });
    expect(res.status).toBe(200);
  });
});
