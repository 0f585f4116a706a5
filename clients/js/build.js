#!/usr/bin/env node
// Builds the package from the server repository's src/client (the one source
// of the client; the server's `hado/client` export compiles the same files):
// plain JavaScript and .d.ts in dist/, plus the repository's LICENSE. Run by
// `npm pack` (prepack) in this folder, with the repository's TypeScript.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const repo = path.resolve(here, '../..');
const dist = path.join(here, 'dist');

fs.rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(path.join(repo, 'package.json')).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.json')], { stdio: 'inherit' });
fs.copyFileSync(path.join(repo, 'LICENSE'), path.join(here, 'LICENSE'));
