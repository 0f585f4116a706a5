// The page's notices and preferences as server-rendered markup (issue 11):
// the bell and the grid in the page, a feed page per filter with its cursor,
// notices by id with their toasts (what a live frame or an action re-reads),
// the grid's body, escaping, and the same headers as the page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { notice, post } from './notices-support.ts';

let t: TestApp;
let docs: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-11T08:00:00Z', env: { HADO_LOCAL_USER: 'ana' } });
  docs = await createSource(t, 'docs');
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-08-11T08:00:00Z');
  await t.store.db.deleteFrom('notices').execute();
  await t.store.db.deleteFrom('preferences').execute();
  await t.store.db.deleteFrom('notice_topics').execute();
});

const get = (url: string, user = 'ana') => t.app.inject({ method: 'GET', url, headers: { 'x-remote-user': user }, remoteAddress: '127.0.0.1' });

async function write(notices: Array<Record<string, unknown>>): Promise<number[]> {
  const res = await post(t, docs, { notices: notices.map((n) => notice(n)) });
  expect(res.status).toBe(200);
  return res.body.notices.map((n: { id: number }) => n.id);
}

const itemIds = (body: string) => [...body.matchAll(/<li class="nt-item" data-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('the page', () => {
  it('renders the bell with the unread label, the closed panel and the preferences grid', async () => {
    await write([{ title: 'a' }, { title: 'b', topic: 'export' }]);
    const body = (await get('/')).body;
    expect(body).toMatch(/<button type="button" id="nt-bell"[^>]*data-unread="2"/);
    expect(body).toContain('<span class="visually-hidden">Notifications, 2 unread</span>');
    expect(body).toMatch(/<section id="nt-panel" class="nt-panel" hidden/);
    expect(body).toContain('<tr data-source="docs" data-topic="export"><th scope="row">export</th>');
    expect(body).toContain('aria-label="docs · mention: Telegram" checked');
    // The words the script needs travel as data, not as script.
    const block = /<script type="application\/json" id="page-text">([^<]*)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(block!)['toast.summary']).toEqual({ one: '{n} new notification', other: '{n} new notifications' });
  });

  it('shows an empty bell and an empty grid kindly', async () => {
    const body = (await get('/', 'newcomer')).body;
    expect(body).toMatch(/<span class="nt-bell-count" hidden><\/span>/);
    expect(body).toContain('Notifications, none unread');
    expect(body).toContain('No kinds yet');
    expect(body).toMatch(/<button type="submit" class="btn primary" hidden><span class="btn-text">Save<\/span>/);
  });
});

describe('GET /inbox/notices', () => {
  it('is a page of the feed, newest first, with the next cursor and the unread count', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 35; i++) ids.push(...(await write([{ title: `n${i}` }])));
    const first = await get('/inbox/notices');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(first.body.startsWith('<ol class="nt-page"')).toBe(true);
    expect(first.body).toContain('data-unread="35" data-unread-label="35"');
    expect(itemIds(first.body)).toEqual([...ids].reverse().slice(0, 30));
    const cursor = /data-next-cursor="([^"]+)"/.exec(first.body)?.[1];
    const second = await get(`/inbox/notices?cursor=${cursor}`);
    expect(itemIds(second.body)).toEqual([...ids].reverse().slice(30));
    expect(second.body).toContain('data-next-cursor=""');
  });

  it('filters: unread and archived', async () => {
    const [a, b] = await write([{ title: 'a' }, { title: 'b' }]);
    await call(t, 'POST', '/me/notices/read', { user: 'ana', body: { ids: [a] } });
    await call(t, 'POST', '/me/notices/archive', { user: 'ana', body: { ids: [b] } });
    expect(itemIds((await get('/inbox/notices?filter=unread')).body)).toEqual([]);
    expect(itemIds((await get('/inbox/notices?filter=archived')).body)).toEqual([b]);
    expect(itemIds((await get('/inbox/notices')).body)).toEqual([a]);
    expect((await get('/inbox/notices?filter=everything')).statusCode).toBe(422);
    expect((await get('/inbox/notices?cursor=nonsense')).statusCode).toBe(422);
  });

  it('renders a notice as the feed shows it: meta, link, body, group, claim, actions, and escapes it all', async () => {
    t.clock.set('2026-08-11T08:00:00Z');
    await write([
      { title: '<img src=x onerror=alert(1)>', body: '<b>bold</b>', actor: 'bob <script>', urgent: true, deep_link: undefined },
      { title: 'Linked', deep_link: 'https://docs.example/d/7?a=1&b=2' },
      { mode: 'group', source_ref: 'q', title: 'r3', group: { template: 'New requests', messages: ['r1', 'r2', 'r3'], step: 3 } },
    ]);
    t.clock.advance({ minutes: 5 });
    const body = (await get('/inbox/notices')).body;
    expect(body).toContain('<h3 class="nt-item-title">&lt;img src=x onerror=alert(1)&gt;</h3>');
    expect(body).toContain('<p class="nt-text">&lt;b&gt;bold&lt;/b&gt;</p>');
    expect(body).toContain('<span class="nt-actor">bob &lt;script&gt;</span>');
    expect(body).toContain('<span class="nt-urgent">Urgent</span>');
    expect(body).toContain(
      '<h3 class="nt-item-title"><a href="https://docs.example/d/7?a=1&amp;b=2" target="_blank" rel="noopener noreferrer" data-nt-open>Linked</a></h3>',
    );
    // The time in words from the server's clock, exact in the user's zone.
    expect(body).toContain('title="2026-08-11 10:00, Europe/Madrid">5 min ago</time>');
    expect(body).toContain('data-nt-action="read"');
    expect(body).toContain('data-nt-action="archive"');
    expect(body).toContain('<span class="visually-hidden"> (unread)</span>');
    expect(body).toContain('<details class="nt-group"><summary>3 in all · last 3</summary><ul><li>r3</li><li>r2</li><li>r1</li></ul></details>');
  });

  it('names the holder of a claim, "You took it." for the reader', async () => {
    const [id] = await write([{ title: 'Task', claim: true, recipients: ['ana', 'bob'] }]);
    expect((await get('/inbox/notices')).body).toContain('data-nt-action="claim"');
    expect((await call(t, 'POST', `/me/notices/${id}/claim`, { user: 'bob' })).status).toBe(200);
    expect((await get('/inbox/notices')).body).toContain('<p class="nt-claim nt-claimed">Taken by bob.</p>');
    expect((await get('/inbox/notices', 'bob')).body).toContain('<p class="nt-claim nt-claimed">You took it.</p>');
  });
});

describe('GET /inbox/notices/items', () => {
  it('gives the notices asked for, in that order, once each; others’ notices are left out', async () => {
    const [a, b] = await write([{ title: 'a' }, { title: 'b' }]);
    const [other] = await write([{ title: 'not yours', recipients: ['bob'] }]);
    const res = await get(`/inbox/notices/items?ids=${b},${a},${other},${b}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('<div class="nt-batch" data-unread="2" data-unread-label="2">')).toBe(true);
    expect(itemIds(res.body)).toEqual([b, a]);
    expect(res.body).not.toContain('nt-toast');
  });

  it('adds each notice’s toast when asked', async () => {
    const [a] = await write([{ title: 'Hello <there>', actor: 'bob' }]);
    const body = (await get(`/inbox/notices/items?ids=${a}&toasts=1`)).body;
    expect(body).toContain(
      `<div class="nt-toast" role="status" data-id="${a}"><button type="button" class="nt-toast-open"><span class="nt-toast-title">Hello &lt;there&gt;</span>`,
    );
    expect(body).toContain('<span class="nt-toast-meta">bob · docs</span>');
  });

  it('takes at most 100 ids, numbers only', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await get(`/inbox/notices/items?ids=${many}`)).statusCode).toBe(422);
    expect((await get('/inbox/notices/items?ids=1,x')).statusCode).toBe(422);
    expect((await get('/inbox/notices/items')).statusCode).toBe(422);
    expect((await get('/inbox/notices/items?ids=1&toasts=yes')).statusCode).toBe(422);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/inbox/notices/items?ids=1', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /inbox/preferences', () => {
  it('is the grid’s body as saved', async () => {
    await write([{ title: 'a' }]);
    await call(t, 'PUT', '/me/preferences', { user: 'ana', body: { rows: [{ source: 'docs', topic: 'mention', channels: { web: false } }] } });
    const res = await get('/inbox/preferences');
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('<div class="nt-prefs-body" data-rows="1">')).toBe(true);
    expect(res.body).toContain('<input type="checkbox" data-type="web" aria-label="docs · mention: Web" ></td>');
    expect(res.body).toContain('aria-label="docs · mention: Webhook" checked');
  });
});
