// `npm install` on the oldest Node that package.json declares prints no
// EBADENGINE: every locked package's engines.node admits that version.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredMinimum, engineProblems } from '../../scripts/check-engines.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));

describe('engines', () => {
  it('every package in package-lock.json accepts the declared minimum Node', () => {
    const minimum = declaredMinimum(pkg.engines.node);
    expect(engineProblems(lock, minimum)).toEqual([]);
  });

  it('the lock file records the same engines as package.json', () => {
    expect(lock.packages[''].engines).toEqual(pkg.engines);
  });

  it('the declared minimum is the real one: a locked package needs it', () => {
    // Lower than the minimum by one patch and some package refuses it, so the
    // declared range is not looser than what the dependencies need.
    const minimum = declaredMinimum(pkg.engines.node);
    const [major, minor] = minimum.split('.').map(Number) as [number, number];
    const below = minor === 0 ? `${major - 1}.99.0` : `${major}.${minor - 1}.99`;
    expect(engineProblems(lock, below).length).toBeGreaterThan(0);
  });

  it('names a package whose range excludes the minimum (such as a Node 22 only release)', () => {
    const sample = {
      packages: {
        '': { engines: { node: '>=20.19.0' } },
        'node_modules/expo-server-sdk': { version: '7.2.0', engines: { node: '>=22.12.0' } },
        'node_modules/a/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/vitest': { version: '4.1.12', engines: { node: '^20.0.0 || ^22.0.0 || >=24.0.0' } },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'] },
        'node_modules/none': { version: '1.0.0' },
      },
    };
    expect(engineProblems(sample, '20.19.0')).toEqual([
      { name: 'expo-server-sdk', version: '7.2.0', wants: '>=22.12.0' },
      { name: 'cookie', version: '2.0.2', wants: '>=22' },
    ]);
    expect(engineProblems(sample, '22.12.0')).toEqual([]);
  });

  it('reads the minimum of a range', () => {
    expect(declaredMinimum('>=20.19.0')).toBe('20.19.0');
    expect(declaredMinimum('^20.19.0 || >=22.12.0')).toBe('20.19.0');
  });
});
