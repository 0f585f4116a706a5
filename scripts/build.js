#!/usr/bin/env node
// Compiles src/ to plain JavaScript in dist/ (what the package runs on Node,
// without TypeScript or tsx) and copies the files that are not TypeScript
// (the inbox's scripts and styles). `npm install` runs it through `prepare`,
// and so does `npm pack`. The stamp written last tells bin/hado.js that the
// build is complete.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const src = path.join(root, 'src');

// A clean build: a source file removed since the last one must not linger as JavaScript.
fs.rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
fs.cpSync(src, dist, {
  recursive: true,
  filter: (from) => fs.statSync(from).isDirectory() || !from.endsWith('.ts'),
});
fs.writeFileSync(path.join(dist, 'BUILD'), `${new Date().toISOString()}\n`);
