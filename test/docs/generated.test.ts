// The reference pages are generated from the code (scripts/docs-gen.ts); this
// fails when a key, a command, an option or an error code changed and
// `npm run docs:gen` was not run.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedDocs } from '../../scripts/docs-gen.ts';
import { KEYS } from '../../src/config.ts';
import { COMMANDS } from '../../src/cli/main.ts';
import { ERROR_CODES } from '../../src/error-codes.ts';

const ROOT = new URL('../../', import.meta.url);
const pages = generatedDocs();

describe('generated reference pages', () => {
  it.each(Object.keys(pages))('%s is current', (path) => {
    const file = new URL(path, ROOT);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== pages[path]) {
      expect.fail(`${path} is out of date: run \`npm run docs:gen\` and commit it`);
    }
  });

  it('name every key, command, option and error code', () => {
    const config = pages['docs/reference/configuration.md']!;
    for (const key of Object.values(KEYS)) expect(config).toContain(`| \`${key.env}\` |`);
    const cli = pages['docs/reference/cli.md']!;
    for (const c of COMMANDS) {
      expect(cli).toContain(`## hado ${c.name}\n`);
      for (const option of Object.keys(c.options ?? {})) expect(cli).toContain(`--${option}`);
    }
    const errors = pages['docs/reference/errors.md']!;
    for (const [code, e] of Object.entries(ERROR_CODES)) expect(errors).toContain(`| \`${code}\` | ${e.status} |`);
  });
});
