// docs/quickstart.md, run as written against a real started Hado on a fresh
// data directory (scripts/quickstart-check.ts): every step answers as the
// page says, through push, the inbox's JSON, Why, Ack, Done, a notice, the
// demo's reminder delivered to its receiver, and the doctor.
import { describe, expect, it } from 'vitest';
import { blocksOf, checkQuickstart } from '../../scripts/quickstart-check.ts';

describe('the quick start', () => {
  it('reads its steps and expectations from the page', () => {
    const blocks = blocksOf('```sh\necho hi\n```\n<!-- expect: ^hi$ -->\n\n```sh\nls\n```\n');
    expect(blocks).toEqual([
      { code: 'echo hi\n', expect: /^hi$/m },
      { code: 'ls\n', expect: null },
    ]);
  });

  it('works as written', async () => {
    expect(await checkQuickstart()).toEqual([]);
  }, 300_000);
});
