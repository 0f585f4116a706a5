// Every package that `npm ci` installs must accept the oldest Node that
// package.json's `engines.node` declares; otherwise npm prints EBADENGINE on
// a supported Node (and the package may really need the newer one). Reads
// package-lock.json (each entry keeps the package's own `engines`), so it
// runs offline. `tsx scripts/check-engines.ts` exits 1 and names each
// package whose range excludes the declared minimum.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

export type EngineProblem = { readonly name: string; readonly version: string; readonly wants: string };

type LockEntry = { readonly version?: string; readonly engines?: unknown };
type Lock = { readonly packages?: Record<string, LockEntry> };

/** The oldest Node version a range such as ">=20.19.0" admits. */
export function declaredMinimum(range: string): string {
  const min = semver.minVersion(range);
  if (min === null) throw new Error(`engines.node "${range}" admits no version`);
  return min.version;
}

function nodeRange(engines: unknown): string | undefined {
  if (Array.isArray(engines)) {
    const entry = engines.find((e) => typeof e === 'string' && e.startsWith('node '));
    return entry === undefined ? undefined : String(entry).slice('node '.length);
  }
  if (engines !== null && typeof engines === 'object') {
    const node = (engines as Record<string, unknown>).node;
    return typeof node === 'string' ? node : undefined;
  }
  return undefined;
}

/** The installed packages (the lock's entries other than the root) whose engines.node excludes `minimum`. */
export function engineProblems(lock: Lock, minimum: string): EngineProblem[] {
  const problems: EngineProblem[] = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '') continue;
    const wants = nodeRange(entry.engines);
    if (wants === undefined) continue;
    const range = semver.validRange(wants, { loose: true });
    if (range !== null && semver.satisfies(minimum, range, { loose: true })) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    problems.push({ name, version: entry.version ?? '?', wants });
  }
  return problems;
}

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines?: { node?: string } };
  const declared = pkg.engines?.node;
  if (declared === undefined) {
    console.error('package.json has no engines.node');
    process.exit(1);
  }
  const minimum = declaredMinimum(declared);
  const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as Lock;
  const problems = engineProblems(lock, minimum);
  for (const p of problems) {
    console.error(`${p.name}@${p.version} wants Node ${p.wants}, which excludes ${minimum} (package.json engines.node "${declared}")`);
  }
  if (problems.length > 0) process.exit(1);
  console.log(`engines: every locked package accepts Node ${minimum}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
