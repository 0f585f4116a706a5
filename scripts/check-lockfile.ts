// The supply-chain check CI runs offline (issue 27, finding 7): `npm audit`
// and osv-scanner need the network, this needs only package-lock.json. It
// fails when the lockfile
// - is not lockfileVersion 3;
// - has a package without a sha512 `integrity` hash (npm ci would install
//   whatever the URL serves);
// - has a package from git, a tarball URL, a local folder or a link instead
//   of the registry (no integrity a registry vouches for, and code that can
//   change under the same name);
// - has a package with an install script (`hasInstallScript`) that is not in
//   .ci/install-scripts, the allowlist CI rebuilds after `npm ci --ignore-scripts`;
// - or when the allowlist names a package that has no install script any more.
//
//   npx tsx scripts/check-lockfile.ts [--lockfile package-lock.json] [--allowlist .ci/install-scripts]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** What the check reads of a package-lock.json entry. */
interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const REGISTRY = 'https://registry.npmjs.org/';
// A sha512 digest is 64 bytes: 86 base64 characters and "==".
const SHA512 = /^sha512-[A-Za-z0-9+/]{86}==$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
// A dependency spec that does not come from the registry: git, a URL, a path, a GitHub shorthand.
const NOT_REGISTRY = /^(?:git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:|file:|link:|\.{0,2}\/|~\/)|^[\w.-]+\/[\w.-]+(?:#.*)?$/;

/** The allowlist's names: one a line, # starts a comment. */
export function parseAllowlist(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter((line) => line !== ''),
  );
}

/** "node_modules/a/node_modules/@s/b" → "@s/b". */
const nameOf = (key: string): string => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

function specProblems(where: string, entry: LockEntry): string[] {
  const problems: string[] = [];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const) {
    for (const [name, spec] of Object.entries(entry[field] ?? {})) {
      // An alias (npm:other@1.2.3) still comes from the registry; its target is checked as a package.
      const target = spec.startsWith('npm:') ? spec.slice(spec.lastIndexOf('@') + 1) : spec;
      if (NOT_REGISTRY.test(target)) problems.push(`${where}: ${field}.${name} is "${spec}", not a registry version`);
    }
  }
  return problems;
}

function entryProblems(key: string, entry: LockEntry, allowlist: Set<string>): string[] {
  const name = nameOf(key);
  const problems: string[] = [];
  if (entry.link) return [`${key}: a link to ${entry.resolved ?? 'a local folder'}, not a registry package`];
  if (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY)) {
    problems.push(`${key}: resolved from ${entry.resolved}, not ${REGISTRY}`);
  }
  if (!SEMVER.test(entry.version ?? '')) problems.push(`${key}: version "${entry.version ?? ''}" is not a registry version`);
  if (entry.integrity === undefined) problems.push(`${key}: no integrity hash`);
  else if (!SHA512.test(entry.integrity)) problems.push(`${key}: integrity is not one sha512 hash ("${entry.integrity.slice(0, 20)}…")`);
  if (entry.hasInstallScript && !allowlist.has(name)) {
    problems.push(`${key}: has install scripts and is not in .ci/install-scripts (review them, then list "${name}" there)`);
  }
  return problems;
}

/** Everything wrong with a parsed package-lock.json; empty when it passes. */
export function lockfileProblems(lock: unknown, allowlist: Set<string>): string[] {
  if (lock === null || typeof lock !== 'object') return ['package-lock.json is not a JSON object'];
  const { lockfileVersion, packages } = lock as { lockfileVersion?: unknown; packages?: Record<string, LockEntry> };
  const problems: string[] = [];
  if (lockfileVersion !== 3) problems.push(`lockfileVersion is ${String(lockfileVersion)}, not 3 (npm 9 or later writes 3)`);
  if (packages === undefined || typeof packages !== 'object') return [...problems, 'no "packages" section'];
  const scripted = new Set<string>();
  for (const [key, entry] of Object.entries(packages)) {
    if (key === '') {
      problems.push(...specProblems('the root package', entry));
      continue;
    }
    if (entry.hasInstallScript) scripted.add(nameOf(key));
    problems.push(...entryProblems(key, entry, allowlist), ...specProblems(key, entry));
  }
  for (const name of allowlist) {
    if (!scripted.has(name)) problems.push(`.ci/install-scripts lists "${name}", which has no install script in the lockfile: remove it`);
  }
  return problems;
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const { values } = parseArgs({
    options: {
      lockfile: { type: 'string', default: path.join(root, 'package-lock.json') },
      allowlist: { type: 'string', default: path.join(root, '.ci', 'install-scripts') },
    },
  });
  const lock: unknown = JSON.parse(fs.readFileSync(values.lockfile, 'utf8'));
  const problems = lockfileProblems(lock, parseAllowlist(fs.readFileSync(values.allowlist, 'utf8')));
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(`${values.lockfile}: ${problems.length} problem(s)`);
    process.exit(1);
  }
  const count = Object.keys((lock as { packages: object }).packages).length - 1;
  console.log(`${values.lockfile}: ${count} packages, each from the registry with a sha512 hash; install scripts only where allowed`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
