// Every relative link and anchor in README.md and docs/ resolves
// (scripts/check-links.ts), and the checker itself catches what it must.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks, githubSlug, vitepressSlug } from '../../scripts/check-links.ts';

describe('documentation links', () => {
  it('every relative link and anchor in README.md and docs/ resolves', () => {
    expect(checkLinks().map((b) => `${b.file}:${b.line}: ${b.target} — ${b.why}`)).toEqual([]);
  });

  it('reports a missing file, a missing anchor and an anchor only one renderer makes', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-links-'));
    try {
      fs.mkdirSync(path.join(root, 'docs'));
      fs.writeFileSync(path.join(root, 'README.md'), '[a](docs/a.md#the-part) [b](docs/b.md) [c](docs/a.md#nope) [x](https://example.org/x)\n');
      fs.writeFileSync(
        path.join(root, 'docs/a.md'),
        '# A\n\n## The part\n\n## hado source:create\n\n[self](#hado-sourcecreate)\n\n```\n[in code](missing.md)\n```\n',
      );
      expect(checkLinks(`${root}/`).map((b) => [b.file, b.target])).toEqual([
        ['README.md', 'docs/b.md'],
        ['README.md', 'docs/a.md#nope'],
        ['docs/a.md', '#hado-sourcecreate'],
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('slugs headings as GitHub and VitePress do', () => {
    expect(githubSlug('`PUT /api/events` — batch upsert')).toBe('put-apievents--batch-upsert');
    expect(vitepressSlug('`PUT /api/events` — batch upsert')).toBe('put-api-events-—-batch-upsert');
    expect([githubSlug('The feed, read state and claims'), vitepressSlug('The feed, read state and claims')]).toEqual([
      'the-feed-read-state-and-claims',
      'the-feed-read-state-and-claims',
    ]);
  });
});
