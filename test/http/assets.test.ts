// Content-hashed static files with ES modules (issue 11): a module's imports
// name the hashed files, and a change in an imported module changes the URL
// of every module above it, so a page never mixes two deploys' modules. The
// page's own modules: all reachable from the entry, preloaded, small, and
// sharing helpers by import rather than through a global.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAssets, STATIC_DIR } from '../../src/http/assets.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

function dirWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-assets-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const served = (assets: ReturnType<typeof loadAssets>, url: string) => assets.get(url.replace('/static/', ''))!.body.toString('utf8');

describe('loadAssets', () => {
  const files = {
    'main.js': "import { b } from './b.js';\nimport './side.js';\nb();\n",
    'b.js': "export { c as b } from './c.js';\n",
    'c.js': 'export const c = () => 1;\n',
    'side.js': 'const later = () => import("./c.js");\nlater();\n',
    'look.css': 'body { color: red }\n',
  };

  it('rewrites relative imports to the hashed files, which it serves', () => {
    const assets = loadAssets(dirWith(files));
    const main = served(assets, assets.url('main.js'));
    expect(main).toContain(`from '${assets.url('b.js').replace('/static/', './')}'`);
    expect(main).toContain(`import '${assets.url('side.js').replace('/static/', './')}'`);
    expect(served(assets, assets.url('b.js'))).toContain(`from '${assets.url('c.js').replace('/static/', './')}'`);
    expect(served(assets, assets.url('side.js'))).toContain(`import("${assets.url('c.js').replace('/static/', './')}")`);
    expect(assets.imports('main.js').sort()).toEqual([assets.url('b.js'), assets.url('c.js'), assets.url('side.js')].sort());
    expect(assets.imports('c.js')).toEqual([]);
    expect(assets.url('look.css')).toMatch(/^\/static\/look\.[0-9a-f]{12}\.css$/);
  });

  it('a change deep down changes the URL of every module above it, and no other', () => {
    const before = loadAssets(dirWith(files));
    const after = loadAssets(dirWith({ ...files, 'c.js': 'export const c = () => 2;\n' }));
    for (const name of ['main.js', 'b.js', 'c.js', 'side.js']) expect(after.url(name)).not.toBe(before.url(name));
    expect(after.url('look.css')).toBe(before.url('look.css'));
    const unrelated = loadAssets(dirWith({ ...files, 'side.js': 'export {};\n' }));
    expect(unrelated.url('b.js')).toBe(before.url('b.js'));
    expect(unrelated.url('main.js')).not.toBe(before.url('main.js'));
  });

  it('refuses an import of a file that is not there, and a cycle', () => {
    expect(() => loadAssets(dirWith({ 'a.js': "import './gone.js';\n" }))).toThrow(/No static file gone\.js/);
    expect(() => loadAssets(dirWith({ 'a.js': "import './b.js';\n", 'b.js': "import './a.js';\n" }))).toThrow(/cycle/);
  });
});

describe("the page's modules", () => {
  const modules = fs.readdirSync(STATIC_DIR).filter((f) => f.endsWith('.js'));
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { HADO_LOCAL_USER: 'me' } });
  });
  afterAll(() => t.close());

  it('are small, and share nothing through window', () => {
    for (const name of modules) {
      const text = fs.readFileSync(path.join(STATIC_DIR, name), 'utf8');
      expect(text.split('\n').length, name).toBeLessThanOrEqual(300);
      expect(text, name).not.toMatch(/\bwindow\.\w+\s*=/);
    }
  });

  it('load from one entry module; every import is preloaded and served for good', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' })).body;
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.filter((s) => s.includes(' src='))).toEqual([expect.stringMatching(/^<script type="module" src="\/static\/inbox\.[0-9a-f]{12}\.js">$/)]);
    const preloaded = [...page.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!);
    // Every module in the directory is part of the page.
    expect(preloaded.length).toBe(modules.length - 1);
    for (const url of preloaded) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Its own imports name hashed files too.
      for (const m of res.body.matchAll(/from '\.\/([^']+)'/g)) expect(m[1]).toMatch(/^[\w-]+\.[0-9a-f]{12}\.js$/);
    }
  });
});
