// The installable inbox's own files (issue 12): the manifest the page links
// and the service worker at /sw.js, both public, fresh on every deploy.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { HADO_LOCAL_USER: 'me', LOG_LEVEL: 'silent' } });
});
afterAll(async () => t.close());

it('the page links the manifest and an apple-touch-icon, and its CSP lets the manifest and the worker load', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  expect(page.body).toMatch(/<link rel="apple-touch-icon" href="\/static\/icon-192\.[0-9a-f]{12}\.png">/);
  expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
  expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
});

it('GET /manifest.webmanifest: name, standalone, start_url, icons that exist (one maskable)', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  const m = JSON.parse(res.body);
  expect(m).toMatchObject({ name: 'Hado', display: 'standalone', start_url: '/', scope: '/' });
  expect(m.icons.filter((i: { purpose: string }) => i.purpose === 'maskable')).toHaveLength(1);
  for (const icon of m.icons) {
    const img = await t.app.inject({ method: 'GET', url: icon.src });
    expect(img.statusCode, icon.src).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // The PNG's own size (IHDR) is the one the manifest claims.
    const size = `${img.rawPayload.readUInt32BE(16)}x${img.rawPayload.readUInt32BE(20)}`;
    expect(size).toBe(icon.sizes);
  }
});

it('GET /sw.js: JavaScript, revalidated every time, naming the hashed icon', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).not.toContain('__HADO_ICON__');
  expect(res.body).toMatch(/const ICON = '\/static\/icon-192\.[0-9a-f]{12}\.png';/);
  expect(res.body).toContain("addEventListener('push'");
});
