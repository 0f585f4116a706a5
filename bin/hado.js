#!/usr/bin/env node
// The `hado` command. The package runs the JavaScript compiled into dist/
// (scripts/build.js; `npm install` and `npm pack` run it), so it needs
// neither TypeScript nor tsx. In a source checkout whose dist/ is missing or
// older than src/ (an edit since the last build), it runs the sources through
// tsx, a dev dependency, so `npm start` never runs stale code.
import fs from 'node:fs';

const root = new URL('../', import.meta.url);
const stamp = new URL('dist/BUILD', root);
const sources = new URL('src/', root);

/** The newest modification time under a directory, in ms. */
function newest(dir) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) max = Math.max(max, fs.statSync(`${entry.parentPath ?? entry.path}/${entry.name}`).mtimeMs);
  }
  return max;
}

function useSources() {
  if (!fs.existsSync(sources)) return false;
  if (!fs.existsSync(stamp)) return true;
  return newest(sources) > fs.statSync(stamp).mtimeMs;
}

if (useSources()) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    console.error('hado: dist/ is missing or older than src/; run "npm run build" (npm install runs it).');
    process.exit(1);
  }
  register();
  await import(new URL('src/cli/bin.ts', root).href);
} else {
  await import(new URL('dist/cli/bin.js', root).href);
}
