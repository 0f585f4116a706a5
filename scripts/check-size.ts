// Keeps the source small enough to read (issue 22): no hand-written file in
// src/ over 400 lines and no function over 100. Part of `npm run lint`.
// Generated files, released migrations and stylesheets are exempt; a function counts from the
// line it starts on to the line it ends on, nested ones on their own.
//
//   npx tsx scripts/check-size.ts [--max-file 400] [--max-function 100]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values: args } = parseArgs({
  options: {
    'max-file': { type: 'string', default: '400' },
    'max-function': { type: 'string', default: '100' },
  },
});
const MAX_FILE = Number(args['max-file']);
const MAX_FUNCTION = Number(args['max-function']);

const ROOT = path.resolve(import.meta.dirname, '..');
/** Generated: the OpenAPI client types (npm run client:types). */
const EXEMPT = new Set(['src/client/api.ts']);
/** Frozen in time: a released migration is never edited, only followed by another. */
const FROZEN = /^src\/db\/migrations\//;
const CHECKED = /\.(ts|js)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return CHECKED.test(entry.name) && !entry.name.endsWith('.min.js') ? [full] : [];
  });
}

const lineOf = (source: ts.SourceFile, pos: number): number => source.getLineAndCharacterOfPosition(pos).line + 1;

/** What a function is called where it is written: its name, its variable, its property, or its line. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isPrivateIdentifier(named.name) || ts.isStringLiteral(named.name))) {
    return named.name.text;
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `(function at line ${lineOf(source, node.getStart(source))})`;
}

function longFunctions(file: string, text: string): string[] {
  const kind = file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = lineOf(source, node.getStart(source));
      const lines = lineOf(source, node.getEnd()) - start + 1;
      if (lines > MAX_FUNCTION) found.push(`${file}:${start} ${nameOf(node, source)} is ${lines} lines (at most ${MAX_FUNCTION})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const problems: string[] = [];
for (const full of filesUnder(path.join(ROOT, 'src'))) {
  const file = path.relative(ROOT, full).split(path.sep).join('/');
  if (EXEMPT.has(file) || FROZEN.test(file)) continue;
  const text = fs.readFileSync(full, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE) problems.push(`${file} is ${lines} lines (at most ${MAX_FILE}): split it by what its parts do`);
  problems.push(...longFunctions(file, text));
}
if (problems.length > 0) {
  console.error(`check-size: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-size: every file in src/ is at most ${MAX_FILE} lines, every function at most ${MAX_FUNCTION}`);
