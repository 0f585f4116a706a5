// The client as a package of its own (clients/js, `hado-client`): `npm pack`
// builds it from src/client; the tarball holds JavaScript and .d.ts only and
// depends on nothing; installed into an empty folder it is the only package
// there, imports on plain Node and pushes an event and a notice to a real
// Hado (the checkout's, started here), and a TypeScript consumer sees its
// types. src/client itself imports nothing from the server. Run by
// `npm run test:package` (CI).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, freePort, ROOT, type Running, runProcess, startProcess } from '../support/cli.ts';

const PKG = path.join(ROOT, 'clients/js');
let work: string;
let tarball: string;
const app = () => path.join(work, 'app');

/** npm and the installed package see no test runner, loader or developer settings. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = cleanEnv(extra);
  for (const k of Object.keys(base)) if (/^(NODE_OPTIONS|VITEST|TSX|npm_)/i.test(k)) delete base[k];
  return base;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-client-pack-'));
  const packed = await runProcess('npm', ['pack', '--json', '--pack-destination', work], { cwd: PKG, env: env() });
  expect(packed.code, packed.stderr).toBe(0);
  const json = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[\n')));
  tarball = path.join(work, json[0].filename);
  fs.mkdirSync(app());
  fs.writeFileSync(path.join(app(), 'package.json'), JSON.stringify({ name: 'a-service', private: true, type: 'module' }));
  const installed = await runProcess('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: app(), env: env() });
  expect(installed.code, installed.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('src/client', () => {
  it('imports nothing but its own files (no server module, no package)', () => {
    const dir = path.join(ROOT, 'src/client');
    const imports: string[] = [];
    for (const f of fs.readdirSync(dir)) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)) imports.push(`${f}: ${m[1]}`);
      for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]/g)) imports.push(`${f}: ${m[1]}`);
    }
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => !/: \.\/[\w-]+\.ts$/.test(i))).toEqual([]);
  });
});

describe('the hado-client tarball', () => {
  it('holds JavaScript, .d.ts, the README, CHANGELOG and LICENSE, and depends on nothing', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    for (const f of [
      'package/package.json',
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/api.d.ts',
      'package/README.md',
      'package/CHANGELOG.md',
      'package/LICENSE',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => !/^package\/(dist\/|package\.json$|README\.md$|CHANGELOG\.md$|LICENSE$)/.test(f))).toEqual([]);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
    expect(manifest.name).toBe('hado-client');
    for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) expect(manifest[key]).toBeUndefined();
    // Small: the client and its generated types, nothing of the server.
    expect(fs.statSync(tarball).size).toBeLessThan(100_000);
  });

  it('is the only package the empty folder gets', () => {
    expect(fs.readdirSync(path.join(app(), 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['hado-client']);
  });

  it('imports on plain Node and pushes an event and a notice to a real Hado', async () => {
    const dataDir = path.join(work, 'data');
    const port = await freePort();
    const hadoEnv = env({ PORT: String(port), HOST: '127.0.0.1', HADO_DATA_DIR: dataDir, HADO_LOCAL_USER: 'me' });
    let server: Running | null = startProcess(process.execPath, [BIN, 'start'], { env: hadoEnv });
    try {
      // A busy CI machine can take minutes to start a fresh embedded database.
      await server.waitFor(/Hado is running at/, 240_000);
      const created = await runProcess(process.execPath, [BIN, 'source:create', 'a-service'], { env: hadoEnv });
      const token = /^ {2}(hado_\S+)/m.exec(created.stdout)?.[1];
      expect(token, created.stdout + created.stderr).toBeDefined();
      const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10); // ten days ahead: scheduled, whatever the zone
      const script = `
        import { createClient, HadoApiError } from 'hado-client';
        const hado = createClient({ baseUrl: process.env.BASE, token: process.env.TOKEN });
        const pushed = await hado.putEvents([{ user: 'me', source_ref: 'order:1', due_at: '${later}', payload: { title: 'Call back' } }]);
        const read = await hado.getEvents({ source_ref: 'order:1' });
        const notice = await hado.postNotices({ recipients: ['me'], title: 'Shipped', dedupe_key: 'order:1:shipped' });
        let error = null;
        try { await hado.putEvents([{ user: 'me', source_ref: 'x', due_at: 'soon', payload: { title: 'x' } }]); }
        catch (e) { error = [e instanceof HadoApiError, e.status, e.code, e.index]; }
        console.log(JSON.stringify({ pushed: pushed.map((e) => e.state), read: [read.id === pushed[0].id, read.due_at], notice: typeof notice.id, error }));
      `;
      fs.writeFileSync(path.join(app(), 'push.mjs'), script);
      const run = await runProcess(process.execPath, ['push.mjs'], { cwd: app(), env: env({ BASE: `http://127.0.0.1:${port}`, TOKEN: token! }) });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        pushed: ['scheduled'],
        read: [true, later],
        notice: 'number',
        error: [true, 422, 'invalid', 0],
      });
    } finally {
      await server.stop();
      server = null;
    }
  }, 360_000);

  it("gives a TypeScript consumer the client's types", async () => {
    fs.writeFileSync(
      path.join(app(), 'check.mts'),
      [
        "import { createClient, HadoApiError, type EventInput } from 'hado-client';",
        "const client = createClient({ baseUrl: 'http://127.0.0.1:1', token: 't' });",
        "const event: EventInput = { user: 'u', source_ref: 'r', due_at: '2026-01-01', payload: { title: 'x' } };",
        'void client.putEvents([event]);',
        '// @ts-expect-error: due_at is a string (an `any` from an unresolved .d.ts would accept it)',
        "const wrong: EventInput = { user: 'u', source_ref: 'r', due_at: 5, payload: { title: 'x' } };",
        'void wrong;',
        "const code: string = new HadoApiError(422, null, 'x').code;",
        'void code;',
        '',
      ].join('\n'),
    );
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: ['es2023', 'dom'],
      types: [],
      skipLibCheck: false,
    };
    fs.writeFileSync(path.join(app(), 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.mts'] }));
    const tsc = await runProcess(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: app(), env: env() });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  }, 60_000);
});
