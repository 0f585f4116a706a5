// The page in Russian and Ukrainian in a real Chromium (issue 13): a reader
// whose browser asks for ru or uk gets every word in it, at desktop and phone
// widths, light and dark (screenshots in test-results/screenshots/), with no
// text sticking out of its box; the language picker switches the page; the
// device's zone is offered in one click, never switched silently.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/app.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, type Server, screenshot, startServer } from './support.ts';

let s: Server;
let browser: Browser;

/** A life in the reader's language: something in every group, a series, notices (one grouped, one to take). */
async function seed(login: string, acceptLanguage: string, titles: { bday: string; rent: string; flight: string; meet: string }) {
  await call(s, 'GET', '/me', { user: login, headers: { 'accept-language': acceptLanguage } });
  const events = [
    { source_ref: 'bday', due_at: '2026-08-11', payload: { title: titles.bday, subtitle: '34', done_label: titles.bday.split(' ')[0] } },
    { source_ref: 'flight', due_at: '2026-08-11T18:15', payload: { title: titles.flight, deep_link: 'https://trips.example/1' } },
    { source_ref: 'rent', due_at: '2026-08-09', after_due: 'keep', payload: { title: titles.rent } },
    { source_ref: 'passport', due_at: '2026-08-20', fire_at: '2026-07-21', payload: { title: titles.rent } },
    { source_ref: 'later', due_at: '2027-01-30', payload: { title: titles.flight } },
    {
      source_ref: 'meet',
      recurrence: { type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-08-10', time_local: '10:30' },
      payload: { title: titles.meet },
    },
  ].map((e) => ({ user: login, ...e, source_ref: `${login}:${e.source_ref}` }));
  const res = await call(s, 'PUT', '/api/events', { token: s.token, body: { events } });
  expect(res.status).toBe(200);
  for (const n of [
    { recipients: [login], title: titles.meet, mode: 'group', source_ref: `g:${login}`, topic: 'req', group: { template: titles.meet } },
    { recipients: [login], title: titles.rent, mode: 'group', source_ref: `g:${login}`, topic: 'req', group: { template: titles.meet } },
    { recipients: [login], title: titles.bday, claim: true, urgent: true },
  ]) {
    expect((await call(s, 'POST', '/api/notices', { token: s.token, body: n })).status).toBe(200);
  }
  await call(s, 'POST', '/me/channels', { user: login, body: { type: 'webhook', config: { deliver_url: 'https://home.example/hook' } } });
}

beforeAll(async () => {
  s = await startServer({ TELEGRAM_BOT_TOKEN: '123456:ABC-test', TELEGRAM_WEBHOOK_SECRET: 'secret-of-the-test-hook', TELEGRAM_API_ROOT: 'http://127.0.0.1:9' });
  browser = await launchBrowser();
  await seed('nikita', 'ru-RU,ru;q=0.9', {
    bday: 'Поздравить Васю с днём рождения',
    rent: 'Оплатить аренду за август',
    flight: 'Рейс IB6011 Мадрид → Монтевидео',
    meet: 'Созвон с командой',
  });
  await seed('olena', 'uk-UA,uk;q=0.9', {
    bday: 'Привітати Василя з днем народження',
    rent: 'Сплатити оренду за серпень',
    flight: 'Рейс IB6011 Мадрид → Монтевідео',
    meet: 'Дзвінок із командою',
  });
});

afterAll(async () => {
  await browser?.close();
  await s?.close();
});

/** Elements whose text is wider than their box: a word that does not fit. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>('button, .btn, .badge, .live, label, legend, h1, h2, h3, h4, th, .chip, .channel-name, .nt-filter, option'),
    )
      // A box with screen-reader-only text (the bell, "Open <title>") counts that text in scrollWidth: judged by its visible parts.
      .filter((el) => !el.querySelector('.visually-hidden'))
      .filter((el) => el.offsetParent !== null && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 40)}`),
  );
}

describe.each([
  ['nikita', 'ru', 'ru-RU', 'Помню', 'Входящие', 'каждые 2 недели по пн и чт в 10:30'],
  ['olena', 'uk', 'uk-UA', "Пам'ятаю", 'Вхідні', 'кожні 2 тижні в пн і чт о 10:30'],
] as const)('%s reads Hado in %s', (login, lang, browserLocale, ack, inboxTitle, rule) => {
  it('looks finished at desktop and phone widths, light and dark, with no text sticking out (screenshots)', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context, errors } = await newPage(browser, {
          viewport,
          colorScheme: scheme,
          locale: browserLocale,
          extraHTTPHeaders: { 'x-remote-user': login },
        });
        await page.goto(s.url);
        await expect.poll(() => page.locator('#live').getAttribute('data-state')).toBe('live');
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await page.locator('#inbox-title').textContent()).toBe(inboxTitle);
        expect(await page.locator('[data-action="ack"]').first().textContent()).toBe(ack);
        expect(await page.locator('.rule').first().textContent()).toBe(rule);
        // The live words come from the page's table in the same language.
        expect(await page.locator('#live .live-text').textContent()).toBe('Онлайн');
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(sideways).toBeLessThanOrEqual(0);
        expect(await overflowing(page)).toEqual([]);
        await screenshot(page, `inbox-${lang}-${name}${scheme === 'dark' ? '-dark' : ''}`);
        // The notifications panel too, with its grouped notice and the one to take.
        await page.locator('#nt-bell').click();
        await expect.poll(() => page.locator('.nt-item').count()).toBe(2);
        expect(await overflowing(page)).toEqual([]);
        if (scheme === 'light') await screenshot(page, `notices-${lang}-${name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('an action’s toast-free flow: Ack shows when it is quiet until, in the reader’s words', async () => {
    const { page, context } = await newPage(browser, { locale: browserLocale, extraHTTPHeaders: { 'x-remote-user': login } });
    await page.goto(s.url);
    const flight = page
      .locator('li[data-state="today"]')
      .filter({ has: page.locator('[data-action="ack"]') })
      .last();
    await flight.locator('[data-action="ack"]').click();
    await expect.poll(() => flight.locator('.quiet').textContent()).toBe(lang === 'ru' ? 'Тишина до 12:00' : 'Тиша до 12:00');
    await context.close();
  });
});

describe('choosing', () => {
  it('the language picker switches the whole page, and the server keeps it', async () => {
    const { page, context } = await newPage(browser, { extraHTTPHeaders: { 'x-remote-user': 'picker' } });
    await page.goto(s.url);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.locator('#locale').selectOption('uk');
    await page.locator('#settings-form button[type="submit"]').click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('uk');
    expect(await page.locator('#inbox-title').textContent()).toBe('Вхідні');
    expect(await page.locator('#locale').inputValue()).toBe('uk');
    expect((await call(s, 'GET', '/me', { user: 'picker' })).body.locale).toBe('uk');
    await context.close();
  });

  it('a device in another zone is offered the switch in one click, never switched silently', async () => {
    const { page, context } = await newPage(browser, {
      viewport: PHONE,
      timezoneId: 'Asia/Tokyo',
      locale: 'ru-RU',
      extraHTTPHeaders: { 'x-remote-user': 'traveller' },
    });
    await page.goto(s.url);
    const offer = page.locator('#zone-offer');
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.locator('.zone-offer-text').textContent()).toBe(
      'Это устройство в поясе Asia/Tokyo, а Hado показывает ваше время по поясу Europe/Madrid.',
    );
    // Nothing changed by itself.
    expect((await call(s, 'GET', '/me', { user: 'traveller' })).body.tz).toBe('Europe/Madrid');
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, 'zone-offer-ru-phone');
    await offer.locator('[data-zone="switch"]').click();
    await expect.poll(() => page.locator('#zone-name').textContent()).toBe('Asia/Tokyo');
    expect(await offer.isVisible()).toBe(false);
    expect((await call(s, 'GET', '/me', { user: 'traveller' })).body.tz).toBe('Asia/Tokyo');
    await context.close();
  });

  it('"keep" hides the offer for that pair of zones on this device', async () => {
    const { page, context } = await newPage(browser, { timezoneId: 'America/Montevideo', extraHTTPHeaders: { 'x-remote-user': 'stayer' } });
    await page.goto(s.url);
    const offer = page.locator('#zone-offer');
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.locator('[data-zone="keep"]').textContent()).toBe('Keep Europe/Madrid');
    await offer.locator('[data-zone="keep"]').click();
    expect(await offer.isVisible()).toBe(false);
    await page.reload();
    await expect.poll(() => page.locator('#live').getAttribute('data-state')).toBe('live');
    expect(await offer.isVisible()).toBe(false);
    expect((await call(s, 'GET', '/me', { user: 'stayer' })).body.tz).toBe('Europe/Madrid');
    await context.close();
  });
});
