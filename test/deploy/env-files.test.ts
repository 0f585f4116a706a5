// The systemd units and the example env files they read agree (issue 26):
// the all-in-one unit's env file has no live DATABASE_URL (with one, the
// embedded unit waited 60 s for a server and exited), the split units get
// one, every variable an example names is one Hado reads, and none
// overrides what a unit sets itself.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeKeys, loadConfig } from '../../src/config.ts';
import { ROOT } from '../support/cli.ts';

const DIR = path.join(ROOT, 'deploy/systemd');
const units = fs.readdirSync(DIR).filter((f) => f.endsWith('.service'));
const read = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');

/** /etc/hado/<name>.env is shipped as deploy/systemd/<name>.env.example. */
const exampleOf = (envFile: string) => `${path.basename(envFile)}.example`;

/** The unit's EnvironmentFile= paths and its own Environment= names. */
function unitEnv(unit: string) {
  const text = read(unit);
  const files = [...text.matchAll(/^EnvironmentFile=-?(\S+)$/gm)].map((m) => m[1]!);
  const own = [...text.matchAll(/^Environment=([A-Z_]+)=/gm)].map((m) => m[1]!);
  return { files, own };
}

/** An env file's variables: the ones set, and the ones only shown commented out (`#KEY=`). */
function envFile(example: string) {
  const set: Record<string, string> = {};
  const commented: string[] = [];
  for (const line of read(example).split('\n')) {
    const live = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (live) set[live[1]!] = live[2]!;
    const off = /^#([A-Z][A-Z0-9_]*)=/.exec(line);
    if (off) commented.push(off[1]!);
  }
  return { set, commented };
}

const known = new Set(describeKeys().map((k) => k.env));

describe('deploy/systemd env files', () => {
  it('every EnvironmentFile a unit reads has its example beside the units', () => {
    const files = new Set(units.flatMap((u) => unitEnv(u).files));
    expect(files.size).toBeGreaterThanOrEqual(2);
    for (const f of files) expect(fs.existsSync(path.join(DIR, exampleOf(f))), `${exampleOf(f)} for ${f}`).toBe(true);
  });

  it('the all-in-one unit (embedded database) reads no live DATABASE_URL', () => {
    const { files } = unitEnv('hado.service');
    expect(files).toEqual(['/etc/hado/hado.env']);
    for (const f of files) expect(envFile(exampleOf(f)).set).not.toHaveProperty('DATABASE_URL');
    expect(read('hado.service')).toMatch(/^Environment=HADO_DATA_DIR=/m);
  });

  it.each(['hado-migrate.service', 'hado-scheduler.service', 'hado-serve@.service', 'hado-worker@.service'])(
    'the split unit %s gets a DATABASE_URL (several processes need PostgreSQL)',
    (unit) => {
      const set = Object.assign({}, ...unitEnv(unit).files.map((f) => envFile(exampleOf(f)).set));
      expect(set.DATABASE_URL).toMatch(/^postgres:\/\//);
    },
  );

  it('every variable an example names, set or commented out, is one Hado reads', () => {
    for (const example of fs.readdirSync(DIR).filter((f) => f.endsWith('.env.example'))) {
      const { set, commented } = envFile(example);
      const named = [...Object.keys(set), ...commented];
      expect(named.length, example).toBeGreaterThan(0);
      expect(
        named.filter((n) => !known.has(n)),
        example,
      ).toEqual([]);
    }
  });

  it('hado.env.example shows every variable but the per-unit ones, and its live values load', () => {
    const { set, commented } = envFile('hado.env.example');
    const named = new Set([...Object.keys(set), ...commented]);
    const perUnit = new Set(units.flatMap((u) => unitEnv(u).own));
    expect(perUnit).toEqual(new Set(['PORT', 'HADO_METRICS_ADDR', 'HADO_DATA_DIR']));
    expect([...known].filter((k) => !named.has(k) && !perUnit.has(k))).toEqual([]);
    expect(() => loadConfig({ ...set, HADO_DATA_DIR: '/var/lib/hado' })).not.toThrow();
  });

  it('no env file overrides what a unit sets itself (EnvironmentFile= wins over Environment=)', () => {
    for (const unit of units) {
      const { files, own } = unitEnv(unit);
      for (const f of files) {
        const { set } = envFile(exampleOf(f));
        expect(
          own.filter((k) => k in set),
          `${unit} / ${f}`,
        ).toEqual([]);
      }
    }
  });
});
