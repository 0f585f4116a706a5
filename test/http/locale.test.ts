// A language per user (issue 13): GET /me shows it, PATCH /me changes it, a
// new user gets it from the Accept-Language of the request that creates them
// (the page, a client's event or notice) or HADO_DEFAULT_LOCALE, and rule_text
// follows it. Machine-read things stay English: error codes and messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, put } from './helpers.ts';

let t: TestApp;
let docs: string;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  docs = await createSource(t, 'docs');
});
afterAll(() => t.close());

const me = (user: string, headers: Record<string, string> = {}) => call(t, 'GET', '/me', { user, headers });
const stored = async (login: string) => (await t.store.db.selectFrom('users').select('locale').where('login', '=', login).executeTakeFirstOrThrow()).locale;

describe('a new user’s language', () => {
  it.each([
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['uk', 'uk'],
    ['uk-UA', 'uk'],
    ['de-DE,de;q=0.9,uk;q=0.8,ru;q=0.7', 'uk'],
    ['en-US,en;q=0.9', 'en'],
    ['ru;q=0.5, uk;q=0.8', 'uk'],
    ['ru;q=0, en', 'en'],
    ['de-DE, fr', 'en'],
    ['*', 'en'],
    ['', 'en'],
  ])('Accept-Language %j → %s', async (header, locale) => {
    const login = `al-${Buffer.from(header).toString('hex').slice(0, 40) || 'none'}`;
    const res = await me(login, header ? { 'accept-language': header } : {});
    expect(res.status).toBe(200);
    expect(res.body.locale).toBe(locale);
  });

  it('is set once, at creation: a later request in another language does not change it', async () => {
    expect((await me('once', { 'accept-language': 'ru' })).body.locale).toBe('ru');
    expect((await me('once', { 'accept-language': 'uk' })).body.locale).toBe('ru');
    expect(await stored('once')).toBe('ru');
  });

  it('a client that creates the recipient of an event or a notice passes on its Accept-Language', async () => {
    const res = await call(t, 'PUT', '/api/events', {
      token: docs,
      body: { events: [birthday({ user: 'from-event', source_ref: 'p:1' })] },
      headers: { 'accept-language': 'uk-UA,uk;q=0.9' },
    });
    expect(res.status).toBe(200);
    expect(await stored('from-event')).toBe('uk');
    const notice = await call(t, 'POST', '/api/notices', {
      token: docs,
      body: { recipients: ['from-notice'], title: 'Hi' },
      headers: { 'accept-language': 'ru' },
    });
    expect(notice.status).toBe(200);
    expect(await stored('from-notice')).toBe('ru');
  });

  it('without a supported language, HADO_DEFAULT_LOCALE', async () => {
    const other = await createTestApp({ env: { HADO_DEFAULT_LOCALE: 'uk' } });
    try {
      expect((await call(other, 'GET', '/me', { user: 'x', headers: { 'accept-language': 'de' } })).body.locale).toBe('uk');
      expect((await call(other, 'GET', '/me', { user: 'y', headers: { 'accept-language': 'ru' } })).body.locale).toBe('ru');
    } finally {
      await other.close();
    }
    // A second app with its own store migrates from scratch: room for a loaded machine.
  }, 180_000);
});

describe('PATCH /me {locale}', () => {
  it('changes the language and keeps everything else', async () => {
    await me('switcher');
    const res = await call(t, 'PATCH', '/me', { user: 'switcher', body: { locale: 'uk' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ login: 'switcher', locale: 'uk', tz: 'Europe/Madrid', quiet_start: '22:00', quiet_end: '09:00' });
    expect((await me('switcher')).body.locale).toBe('uk');
  });

  it.each(['de', 'RU', 'ru-RU', '', 'english'])('an unknown language %j is a 422 naming locale, in English', async (locale) => {
    await me('picky');
    const res = await call(t, 'PATCH', '/me', { user: 'picky', body: { locale } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', field: 'locale' });
    expect(res.body.error.message).toContain('en, ru, uk');
    expect((await me('picky')).body.locale).toBe('en');
  });

  it('a non-string is a 4xx too, and nothing changes', async () => {
    const res = await call(t, 'PATCH', '/me', { user: 'picky', body: { locale: 7 } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await me('picky')).body.locale).toBe('en');
  });
});

describe('rule_text follows the user’s language', () => {
  it('in /me/events and in the client’s GET /api/events', async () => {
    const rule = { type: 'biweekly', weekdays: [3, 0], anchor_date: '2026-07-27', time_local: '10:30' };
    await me('olena', { 'accept-language': 'uk' });
    const event = { user: 'olena', source_ref: 'meet:1', topic: 'sync', recurrence: rule, payload: { title: 'Sync' } };
    expect((await put(t, docs, [event])).status).toBe(200);
    const mine = await call(t, 'GET', '/me/events', { user: 'olena' });
    expect(mine.body.events[0].rule_text).toBe('кожні 2 тижні в пн і чт о 10:30');
    const api = await call(t, 'GET', '/api/events?source_ref=meet:1&topic=sync', { token: docs });
    expect(api.body.rule_text).toBe('кожні 2 тижні в пн і чт о 10:30');
    await call(t, 'PATCH', '/me', { user: 'olena', body: { locale: 'ru' } });
    expect((await call(t, 'GET', '/me/events', { user: 'olena' })).body.events[0].rule_text).toBe('каждые 2 недели по пн и чт в 10:30');
  });
});

describe('errors under the session: `text` in the user’s language, `message` English', () => {
  it('a Russian user reads why the zone was refused in Russian; the code and message stay English', async () => {
    await me('ivan', { 'accept-language': 'ru' });
    const res = await call(t, 'PATCH', '/me', { user: 'ivan', body: { tz: 'Mars/Olympus' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'invalid',
      field: 'tz',
      message: 'tz: "Mars/Olympus" is not an IANA time zone (e.g. Europe/Madrid)',
      text: 'Такого часового пояса нет. Выберите его из списка, например Europe/Moscow.',
    });
    const hours = await call(t, 'PATCH', '/me', { user: 'ivan', body: { quiet_start: '08:00', quiet_end: '09:00' } });
    expect(hours.body.error.text).toBe('Тихие часы должны заканчиваться раньше, чем начинаются: активные часы лежат в пределах одних суток.');
    const ack = await call(t, 'POST', '/me/events/999999/ack', { user: 'ivan' });
    expect(ack.status).toBe(404);
    expect(ack.body.error).toMatchObject({ code: 'not_found', text: 'Не найдено — возможно, этого уже нет.' });
  });

  it('a Ukrainian user gets Ukrainian; an English user the API’s own message', async () => {
    await me('oksana', { 'accept-language': 'uk' });
    const url = await call(t, 'POST', '/me/channels', { user: 'oksana', body: { type: 'webhook', config: { deliver_url: 'ftp://x' } } });
    expect(url.status).toBe(422);
    expect(url.body.error.text).toBe('Введіть повну адресу http(s), наприклад https://home.example/hook.');
    await me('emma', { 'accept-language': 'en' });
    const en = await call(t, 'PATCH', '/me', { user: 'emma', body: { tz: 'Nowhere' } });
    expect(en.body.error.text).toBe(en.body.error.message);
  });

  it('a client’s API error has no text: no person is signed in there', async () => {
    const res = await call(t, 'PUT', '/api/events', { token: docs, body: { events: [{}] }, headers: { 'accept-language': 'ru' } });
    expect(res.status).toBe(422);
    expect(res.body.error.text).toBeUndefined();
  });
});
