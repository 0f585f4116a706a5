// Checks every relative link and image in README.md and docs/**/*.md: the
// file it points at exists and, with a #fragment, the page has that heading
// (under both GitHub's and VitePress' anchor rules, so it works on both). External links (http:, mailto:) are not fetched.
//   npx tsx scripts/check-links.ts     prints each broken link, exits 1 if any
// test/docs/links.test.ts runs it in the suite.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  why: string;
}

/** The Markdown files checked: README.md and everything under docs/ (not the site's build output). */
export function markdownFiles(root = ROOT): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : walk(rel);
      return e.name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', ...walk('docs')];
}

/** The text of a heading as rendered: Markdown marks and link targets dropped, inline code kept. */
const headingText = (heading: string): string =>
  heading
    .trim()
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '');

/** A heading's anchor as GitHub makes it. */
export const githubSlug = (heading: string): string =>
  headingText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** A heading's anchor as VitePress makes it (@mdit-vue/shared's slugify). */
export const vitepressSlug = (heading: string): string =>
  headingText(heading)
    .normalize('NFKD')
    .replace(/[\u0300-\u036F]/g, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the slugifier drops control characters
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();

/** The text outside fenced code blocks, line by line (code blocks become empty lines, so line numbers hold). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors a page has on both GitHub and the docs site (a link must work on both). */
function anchors(file: string): Set<string> {
  let set = anchorCache.get(file);
  if (!set) {
    const github = new Set<string>();
    const site = new Set<string>();
    const seen = new Map<string, number>();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const m = fenced ? null : /^#{1,6}\s+(.*?)\s*$/.exec(line);
      if (!m) continue;
      const base = githubSlug(m[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      github.add(n === 0 ? base : `${base}-${n}`);
      site.add(vitepressSlug(m[1]!));
    }
    set = new Set([...github].filter((a) => site.has(a)));
    anchorCache.set(file, set);
  }
  return set;
}

export function checkLinks(root = ROOT): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const rel of markdownFiles(root)) {
    const file = path.join(root, rel);
    const lines = prose(readFileSync(file, 'utf8'));
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = m[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
        const dest = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
        const report = (why: string) => broken.push({ file: rel, line: i + 1, target, why });
        if (!dest.startsWith(root)) {
          report('points outside the repository');
          continue;
        }
        if (!existsSync(dest)) {
          report('no such file');
          continue;
        }
        if (fragment !== undefined) {
          if (statSync(dest).isDirectory() || !dest.endsWith('.md')) {
            report('an anchor on something that is not a Markdown page');
          } else if (!anchors(dest).has(fragment)) {
            report(`no heading #${fragment} in ${path.relative(root, dest)} (on both GitHub and the docs site)`);
          }
        }
      }
    });
  }
  return broken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broken = checkLinks();
  for (const b of broken) console.error(`${b.file}:${b.line}: ${b.target} — ${b.why}`);
  console.log(broken.length === 0 ? 'every relative link and anchor resolves' : `${broken.length} broken link(s)`);
  process.exit(broken.length === 0 ? 0 : 1);
}
