// <hado-inbox> as files (issue 25): /embed.js is one line that re-exports the
// hashed module and is revalidated on every load; the hashed modules are
// immutable; both load from any origin (a module script is a CORS request).
// The whole element, every module it imports, gzipped, stays within 30 KB.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_KEYS } from '../../src/http/embed-words.ts';
import { EMBED_ENTRY, loadEmbedAssets } from '../../src/http/routes/embed.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const MAX_GZIPPED = 30 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /embed.js', () => {
  it('re-exports the hashed module, revalidated each time, from any origin', async () => {
    const assets = loadEmbedAssets();
    const res = await get('/embed.js', { origin: 'https://kumquat.example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.body).toContain(`export * from '.${assets.url(EMBED_ENTRY)}';`);
    expect(assets.url(EMBED_ENTRY)).toMatch(/^\/embed\/inbox\.[0-9a-f]{12}\.js$/);
    const again = await get('/embed.js', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('serves every module of the element immutable, imports rewritten to hashed names', async () => {
    const assets = loadEmbedAssets();
    const urls = [assets.url(EMBED_ENTRY), ...assets.imports(EMBED_ENTRY)];
    expect(urls.map((u) => u.split('/').pop()!.split('.')[0]).sort()).toEqual(['dom', 'feed', 'hado', 'inbox', 'prefs', 'styles', 'words']);
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).not.toMatch(/from '\.\/[a-z-]+\.js'/);
    }
    expect((await get('/embed/inbox.000000000000.js')).statusCode).toBe(404);
  });

  it('is at most 30 KB gzipped, every module it loads counted', async () => {
    const assets = loadEmbedAssets();
    const urls = ['/embed.js', assets.url(EMBED_ENTRY), ...assets.imports(EMBED_ENTRY)];
    let total = 0;
    for (const url of urls) total += gzipSync((await get(url)).rawPayload, { level: 9 }).length;
    expect(total).toBeGreaterThan(3 * 1024); // the element is really there
    expect(total).toBeLessThanOrEqual(MAX_GZIPPED);
  });

  it("carries the element's words in every language, from the catalogs", async () => {
    const assets = loadEmbedAssets();
    const url = assets.imports(EMBED_ENTRY).find((u) => u.includes('/words.'))!;
    const text = (await get(url)).body;
    const words = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Record<string, Record<string, unknown>>;
    expect(Object.keys(words).sort()).toEqual([...LOCALES].sort());
    for (const l of LOCALES) expect(Object.keys(words[l]!).sort()).toEqual([...EMBED_KEYS].sort());
    expect(words.uk!['notices.readAll']).not.toBe(words.en!['notices.readAll']);
    expect(words.ru!['page.toast.summary']).toHaveProperty('few');
  });
});
