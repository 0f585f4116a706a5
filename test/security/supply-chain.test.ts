// Issue 27, finding 7: `npm audit` cannot run here, so CI checks the
// lockfile offline (scripts/check-lockfile.ts) and installs with
// `npm ci --ignore-scripts`, rebuilding only the packages .ci/install-scripts
// lists. The real lockfile passes; each doctored one fails, the command too.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lockfileProblems, parseAllowlist } from '../../scripts/check-lockfile.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts', 'check-lockfile.ts');
const real = () => JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const allowlistText = fs.readFileSync(path.join(ROOT, '.ci', 'install-scripts'), 'utf8');
const allowlist = parseAllowlist(allowlistText);
const SHA512 = `sha512-${Buffer.alloc(64, 7).toString('base64')}`;

type Lock = { lockfileVersion: number; packages: Record<string, Record<string, unknown>> };
/** A copy of the real lockfile, changed by `edit`. */
const doctored = (edit: (lock: Lock) => void): Lock => {
  const lock = real() as Lock;
  edit(lock);
  return lock;
};

describe('the lockfile check', () => {
  it('passes on the real package-lock.json and .ci/install-scripts; esbuild is the one package allowed its install script', () => {
    expect(lockfileProblems(real(), allowlist)).toEqual([]);
    expect([...allowlist]).toEqual(['esbuild']);
    const scripted = Object.entries((real() as Lock).packages).filter(([, e]) => e.hasInstallScript);
    // esbuild, at the top and nested under the docs site's vitepress: the same allowlisted package.
    expect(scripted.map(([k]) => k.replace(/^.*node_modules\//, '')).every((name) => name === 'esbuild')).toBe(true);
    expect(scripted.map(([k]) => k)).toContain('node_modules/esbuild');
  });

  it.each<[string, (lock: Lock) => void, RegExp]>([
    [
      'an older lockfile version',
      (l) => {
        l.lockfileVersion = 2;
      },
      /^lockfileVersion is 2, not 3/,
    ],
    ['a package without integrity', (l) => void delete l.packages['node_modules/fastify']!.integrity, /^node_modules\/fastify: no integrity hash$/],
    [
      'a sha1 integrity',
      (l) => {
        l.packages['node_modules/pino']!.integrity = 'sha1-2jmCWs0xvIgYCWc7YvUGEl12s2U=';
      },
      /^node_modules\/pino: integrity is not one sha512 hash/,
    ],
    [
      'a git dependency',
      (l) => {
        l.packages['node_modules/evil'] = {
          version: '1.0.0',
          resolved: 'git+ssh://git@github.com/evil/evil.git#0123456789abcdef0123456789abcdef01234567',
        };
      },
      /^node_modules\/evil: resolved from git\+ssh:/,
    ],
    [
      'a tarball over plain http',
      (l) => {
        l.packages['node_modules/evil'] = { version: '1.0.0', resolved: 'http://evil.example/evil-1.0.0.tgz', integrity: SHA512 };
      },
      /^node_modules\/evil: resolved from http:\/\/evil\.example/,
    ],
    [
      'a tarball from another host',
      (l) => {
        l.packages['node_modules/evil'] = { version: '1.0.0', resolved: 'https://evil.example/evil-1.0.0.tgz', integrity: SHA512 };
      },
      /^node_modules\/evil: resolved from https:\/\/evil\.example/,
    ],
    [
      'a local folder (link)',
      (l) => {
        l.packages['node_modules/evil'] = { resolved: '../evil', link: true };
      },
      /^node_modules\/evil: a link to \.\.\/evil/,
    ],
    [
      'a file: dependency of the root',
      (l) => {
        l.packages['']!.dependencies = { ...(l.packages['']!.dependencies as object), evil: 'file:../evil' };
      },
      /^the root package: dependencies\.evil is "file:\.\.\/evil"/,
    ],
    [
      'a GitHub shorthand of the root',
      (l) => {
        l.packages['']!.devDependencies = { ...(l.packages['']!.devDependencies as object), evil: 'evil/evil#main' };
      },
      /^the root package: devDependencies\.evil is "evil\/evil#main"/,
    ],
    [
      'a git URL in a dependency of a package',
      (l) => {
        l.packages['node_modules/pino']!.dependencies = { evil: 'git+https://github.com/evil/evil.git' };
      },
      /^node_modules\/pino: dependencies\.evil is "git\+https:/,
    ],
    [
      'an install script outside the allowlist',
      (l) => {
        l.packages['node_modules/pino']!.hasInstallScript = true;
      },
      /^node_modules\/pino: has install scripts and is not in \.ci\/install-scripts/,
    ],
    [
      'an allowlisted package that lost its install script',
      (l) => {
        for (const [key, entry] of Object.entries(l.packages)) if (key.endsWith('node_modules/esbuild')) delete entry.hasInstallScript;
      },
      /lists "esbuild", which has no install script/,
    ],
  ])('fails on %s', (_name, edit, problem) => {
    const problems = lockfileProblems(doctored(edit), allowlist);
    // A git dependency is also one without integrity: at least the named problem.
    expect(problems).toContainEqual(expect.stringMatching(problem));
  });

  it('the allowlist reads one name a line and ignores comments', () => {
    expect([...parseAllowlist('# why\nesbuild # its binary\n\n  sharp\n')]).toEqual(['esbuild', 'sharp']);
  });

  describe('the command CI runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-lockfile-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const run = async (lock: unknown) => {
      const file = path.join(dir, 'package-lock.json');
      fs.writeFileSync(file, JSON.stringify(lock));
      const args = ['--import', 'tsx', SCRIPT, '--lockfile', file, '--allowlist', path.join(ROOT, '.ci', 'install-scripts')];
      return promisify(execFile)(process.execPath, args, { cwd: ROOT }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
    };

    it('exits 0 on the real lockfile and 1, naming each problem, on a doctored one', async () => {
      const ok = await run(real());
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(/packages, each from the registry with a sha512 hash/);
      const bad = await run(
        doctored((l) => {
          delete l.packages['node_modules/fastify']!.integrity;
          l.packages['node_modules/pino']!.hasInstallScript = true;
        }),
      );
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('node_modules/fastify: no integrity hash');
      expect(bad.err).toContain('node_modules/pino: has install scripts');
      expect(bad.err).toMatch(/2 problem\(s\)/);
    }, 60_000);
  });
});
