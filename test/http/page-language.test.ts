// The page in the reader's language (issue 13), and the check that no English
// is left in the templates outside the catalogs: the whole page and every
// fragment the script re-reads, rendered for a Russian and a Ukrainian reader
// with every branch showing (each group, a series, a quiet event, channels,
// Telegram, a grouped, urgent and claimable notice, the preferences grid),
// may contain no Latin word but the few that are names (Hado, Telegram,
// zones, URLs, the client's own texts). The script's files may hold no
// sentence either: their words come from #page-text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n/locales.ts';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let docs: string;

/** Names, not words: they read the same in every language. */
const NAMES = new Set([
  'Home',
  'Assistant',
  'nikita',
  'olga',
  'oksana',
  'requests',
  'JavaScript',
  'English',
  'Hado',
  'Telegram',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_WEBHOOK_SECRET',
  'URL',
  'http',
  'https',
  'me',
  'docs',
  'Europe',
  'Moscow',
  'Kyiv',
  'UTC',
  'Tokyo',
  'Warsaw',
  'present',
  'true',
  'hado',
  'start',
  'Start',
  'iPhone',
  'iPad',
  'Slack',
  'HADO_SMTP_URL',
  'HADO_MAIL_FROM',
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
]);

async function seed(login: string, locale: Locale) {
  await call(t, 'GET', '/me', { user: login, headers: { 'accept-language': locale } });
  await call(t, 'PATCH', '/me', { user: login, body: { tz: 'Europe/Moscow' } });
  const events = [
    { source_ref: `${login}:today`, due_at: '2026-08-11T20:00', payload: { title: 'Позвонить в банк', deep_link: 'https://bank.example/x' } },
    { source_ref: `${login}:overdue`, due_at: '2026-08-09', after_due: 'keep', payload: { title: 'Оплатить' } },
    { source_ref: `${login}:prep`, due_at: '2026-08-20', fire_at: '2026-08-04', payload: { title: 'День рождения' } },
    { source_ref: `${login}:later`, due_at: '2027-03-01', payload: { title: 'Паспорт' } },
    {
      source_ref: `${login}:series`,
      recurrence: { type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-08-10', time_local: '10:30' },
      payload: { title: 'Созвон' },
    },
  ].map((e) => ({ user: login, ...e }));
  expect((await call(t, 'PUT', '/api/events', { token: docs, body: { events } })).status).toBe(200);
  const me = await call(t, 'GET', '/me/events', { user: login });
  const today = me.body.events.find((e: { source_ref: string }) => e.source_ref === `${login}:today`);
  expect((await call(t, 'POST', `/me/events/${today.id}/ack`, { user: login })).status).toBe(200);
  const hook = await call(t, 'POST', '/me/channels', {
    user: login,
    body: { type: 'webhook', config: { deliver_url: 'https://home.example/hook' } },
  });
  expect(hook.status).toBe(201);
  await call(t, 'PATCH', `/me/channels/${hook.body.channel.id}`, { user: login, body: { enabled: false } });
  for (const n of [
    { recipients: [login], title: 'Новая заявка', topic: 'requests', mode: 'group', source_ref: `r:${login}`, group: { template: 'Заявки' } },
    { recipients: [login], title: 'Новая заявка 2', topic: 'requests', mode: 'group', source_ref: `r:${login}`, group: { template: 'Заявки' } },
    { recipients: [login, 'other'], title: 'Кто возьмёт?', claim: true, urgent: true, body: 'Срочно' },
    { recipients: [login], title: 'Без темы' },
  ]) {
    expect((await call(t, 'POST', '/api/notices', { token: docs, body: n })).status).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestApp({
    now: '2026-08-11T08:00:00Z',
    env: { TELEGRAM_BOT_TOKEN: '123456:ABC-test', TELEGRAM_WEBHOOK_SECRET: 'secret-of-the-test-hook', TELEGRAM_API_ROOT: 'http://127.0.0.1:9' },
  });
  docs = await createSource(t, 'docs');
  await seed('olga', 'ru');
  await seed('oksana', 'uk');
});
afterAll(() => t.close());

/** The words a person sees or hears: text outside scripts and styles, and the attributes read aloud or shown. */
function visibleWords(markup: string): string[] {
  const attrs = [...markup.matchAll(/\s(?:title|aria-label|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]!);
  const text = markup
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    // Code is code (a path, an env key): the same in every language.
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  const decoded = [text, ...attrs]
    .join(' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  // URLs, zone names and the like are names; what is left must be the reader's language.
  return (
    decoded
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\b[\w.-]+\.example\S*/g, ' ')
      .match(/[A-Za-z][A-Za-z']+/g)
      ?.filter((w) => !NAMES.has(w)) ?? []
  );
}

const get = async (login: string, url: string) => {
  const res = await call(t, 'GET', url, { user: login });
  expect(res.status, url).toBe(200);
  return String(res.body);
};

describe.each([
  ['olga', 'ru'],
  ['oksana', 'uk'],
] as const)('%s reads the page in %s', (login, locale) => {
  it('<html lang> is the reader’s language, and no English word is left on the page or in its fragments', async () => {
    const page = await get(login, '/');
    expect(page).toContain(`<html lang="${locale}">`);
    for (const [url, markup] of [
      ['/', page],
      ['/inbox/groups', await get(login, '/inbox/groups')],
      ['/inbox/channels', await get(login, '/inbox/channels')],
      ['/inbox/notices', await get(login, '/inbox/notices')],
      ['/inbox/notices?filter=archived', await get(login, '/inbox/notices?filter=archived')],
      ['/inbox/preferences', await get(login, '/inbox/preferences')],
    ]) {
      expect(visibleWords(markup as string), url).toEqual([]);
    }
  });

  it('the script’s words are the reader’s too', async () => {
    const page = await get(login, '/');
    const json = /<script type="application\/json" id="page-text">([\s\S]*?)<\/script>/.exec(page)![1]!;
    const values = Object.values(JSON.parse(json)).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v as object)));
    expect(values.flatMap((v) => (v as string).replace(/\{\w+\}/g, ' ').match(/[A-Za-z][A-Za-z']+/g) ?? []).filter((w) => !NAMES.has(w))).toEqual([]);
  });
});

describe('the words themselves', () => {
  it("Ack is «Помню» in Russian and «Пам'ятаю» in Ukrainian; Done’s default is localized, a client’s done_label kept", async () => {
    await call(t, 'PUT', '/api/events', {
      token: docs,
      body: { events: [{ user: 'olga', source_ref: 'olga:label', due_at: '2026-08-11', payload: { title: 'Поздравить', done_label: 'Поздравил' } }] },
    });
    const ru = await get('olga', '/inbox/groups');
    expect(ru).toContain('<span class="btn-text">Помню</span>');
    expect(ru).toContain('<span class="btn-text">Готово</span>');
    expect(ru).toContain('<span class="btn-text">Поздравил</span>');
    expect(ru).toContain('каждые 2 недели по пн и чт в 10:30');
    expect(ru).toContain('Тишина до');
    const uk = await get('oksana', '/inbox/groups');
    expect(uk).toContain('<span class="btn-text">Пам&#39;ятаю</span>');
    expect(uk).toContain('кожні 2 тижні в пн і чт о 10:30');
  });

  it('a grouped notice counts in the reader’s plural forms; the client’s title is as sent', async () => {
    const ru = await get('olga', '/inbox/notices');
    expect(ru).toContain('Заявки (2): Новая заявка 2');
    expect(ru).toContain('всего 2 · последние 2 сообщения');
    const uk = await get('oksana', '/inbox/notices');
    expect(uk).toContain('усього 2 · останні 2 повідомлення');
  });

  it('the signed-out page speaks the browser’s language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '10.1.2.3', headers: { 'accept-language': 'uk-UA,uk;q=0.9' } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('<html lang="uk">');
    expect(res.body).toContain('Вхід не виконано');
  });
});

describe('the script holds no sentence of its own', () => {
  const dir = join(import.meta.dirname, '../../src/http/static');
  it.each(readdirSync(dir).filter((f) => f.endsWith('.js')))('%s', (file) => {
    const code = readFileSync(join(dir, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    const literals = [...code.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2]!);
    // A sentence: words and spaces, no selector or URL characters.
    const sentences = literals.filter((s) => /[A-Za-z]{2,} +[A-Za-z]{2,}/.test(s) && !/[#[\]=:>/${}]/.test(s));
    expect(sentences).toEqual([]);
  });
});
