// The curated preferences grid (issue 23) over HTTP: a user sees only the
// (source, topic) pairs of sources that wrote to them — with the topic's
// label and section in their language, only its allowed channel types (a
// dash on the page elsewhere) and its defaults — and never another tenant's
// topic names; a PUT of a cell the topic does not allow is a 422 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let inbox: string;
let tenant: string;

const TEAM_INBOX = [
  {
    topic: 'mention',
    labels: { en: 'Mentions', uk: 'Згадки' },
    section: { en: 'Comments', uk: 'Коментарі' },
    channels: ['web', 'slack', 'telegram'],
    defaults: { telegram: false },
  },
  { topic: 'comment', labels: { en: 'Comments', uk: 'Коментарі' }, section: { en: 'Comments', uk: 'Коментарі' }, channels: ['web', 'slack'] },
  { topic: 'export', labels: { en: 'Exports' }, section: { en: 'Files' }, channels: ['web'] },
];

beforeAll(async () => {
  t = await createTestApp({ now: '2026-09-01T08:00:00Z' });
  inbox = await createSource(t, 'team-inbox');
  tenant = await createSource(t, 'company-42');
  expect((await call(t, 'PUT', '/api/topics', { token: inbox, body: { topics: TEAM_INBOX } })).status).toBe(200);
  expect(
    (await call(t, 'PUT', '/api/topics', { token: tenant, body: { topics: [{ topic: 'company-42/requests', labels: { en: 'Requests of company 42' } }] } }))
      .status,
  ).toBe(200);
  await call(t, 'GET', '/me', { user: 'olena', headers: { 'accept-language': 'uk' } });
  const sent = await call(t, 'POST', '/api/notices', { token: inbox, body: { recipients: ['olena', 'ana'], topic: 'mention', title: 'Hi' } });
  expect(sent.status).toBe(200);
  await call(t, 'POST', '/api/notices', { token: tenant, body: { recipients: ['boris'], topic: 'company-42/requests', title: 'New request' } });
});
afterAll(() => t.close());

describe('the curated grid', () => {
  it("rows only for the sources that wrote to the user, labels and sections in their language, only the allowed types, the topic's defaults", async () => {
    const res = await call(t, 'GET', '/me/preferences', { user: 'olena' });
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { source: 'team-inbox', topic: 'mention', label: 'Згадки', section: 'Коментарі', channels: { web: true, telegram: false, slack: true } },
      { source: 'team-inbox', topic: 'comment', label: 'Коментарі', section: 'Коментарі', channels: { web: true, slack: true } },
      // No Ukrainian label: English.
      { source: 'team-inbox', topic: 'export', label: 'Exports', section: 'Files', channels: { web: true } },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('company-42');
    const en = await call(t, 'GET', '/me/preferences', { user: 'ana' });
    expect(en.body.rows.map((r: { label: string; section: string }) => `${r.section}/${r.label}`)).toEqual([
      'Comments/Mentions',
      'Comments/Comments',
      'Files/Exports',
    ]);
  });

  it("another tenant's staff sees only their own source's topics, and a user nobody wrote to sees none", async () => {
    const boris = await call(t, 'GET', '/me/preferences', { user: 'boris' });
    expect(boris.body.rows.map((r: { source: string; topic: string }) => `${r.source}/${r.topic}`)).toEqual(['company-42/company-42/requests']);
    expect(JSON.stringify(boris.body)).not.toContain('Mentions');
    const nobody = await call(t, 'GET', '/me/preferences', { user: 'zoe' });
    expect(nobody.body.rows).toEqual([]);
    const page = await call(t, 'GET', '/inbox/preferences', { user: 'olena' });
    expect(page.body).not.toContain('company-42');
  });

  it('the page groups rows by section and draws a dash with an accessible label where a type is not allowed', async () => {
    const page = await call(t, 'GET', '/inbox/preferences', { user: 'ana' });
    expect(page.status).toBe(200);
    const body = page.body as string;
    expect(body.match(/class="nt-prefs-section"/g)).toHaveLength(2);
    expect(body).toContain('<th scope="colgroup" colspan="4">team-inbox · Comments</th>');
    expect(body).toContain('aria-label="team-inbox · Exports: Slack — not available for this kind"');
    // Only the columns some row may use: web, telegram, slack.
    expect(body).not.toContain('Webhook');
  });

  it('a PUT of a cell the topic does not allow is a 422 naming it; a stored cell beats the default', async () => {
    const refused = await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'team-inbox', topic: 'export', channels: { telegram: true } }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('rows[0].channels.telegram: is not available for this kind');
    const ok = await call(t, 'PUT', '/me/preferences', {
      user: 'ana',
      body: { rows: [{ source: 'team-inbox', topic: 'mention', channels: { telegram: true, web: false } }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.rows[0].channels).toEqual({ web: false, telegram: true, slack: true });
  });
});
