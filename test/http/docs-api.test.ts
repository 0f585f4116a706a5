// GET /docs/api: the API reference, Swagger UI over Hado's own OpenAPI
// document, with its assets served from the package (no CDN) and, like
// /openapi.json, no credentials needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  // Local mode off: nothing here may depend on being signed in.
  t = await createTestApp({ env: { HADO_LOCAL_USER: '' } });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });

describe('GET /docs/api', () => {
  it('serves the Swagger UI page without credentials, loading nothing from another host', async () => {
    let res = await get('/docs/api');
    if (res.statusCode === 302) res = await get(new URL(res.headers.location as string, 'http://localhost/docs/api').pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger-ui');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https:|validator\.swagger\.io|upgrade-insecure-requests/);
    // Every script and style the page names is served by Hado itself.
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://localhost/docs/api/static/index.html').pathname;
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
    }
  });

  it('shows this server’s own document', async () => {
    const served = await get('/docs/api/json');
    expect(served.statusCode).toBe(200);
    const own = await get('/openapi.json');
    expect(JSON.parse(served.body)).toEqual(JSON.parse(own.body));
    const init = await get('/docs/api/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
    expect(init.body).toMatch(/validatorUrl.*null/s);
  });

  it('is not part of the document it shows', async () => {
    const doc = JSON.parse((await get('/openapi.json')).body) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/docs'))).toEqual([]);
  });
});
