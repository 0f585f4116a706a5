// Issue 27, finding 6: a failed restore said "[object Object]". Whatever is
// thrown — an Error, a string, PGlite's Emscripten objects — reads as one
// line; and a snapshot that is not gzip fails with zlib's own words, once,
// without a second unheard 'error' crashing the process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/describe-failure.ts';
import { restoreEmbedded } from '../../src/db/backup.ts';

describe('describeFailure', () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  it.each([
    ['an Error', new Error('disk full'), 'disk full'],
    ['an Error without a message', new TypeError(), 'TypeError'],
    ['a string', 'boom', 'boom'],
    ['an object with a message', { message: 'PGlite failed' }, 'PGlite failed'],
    ["Emscripten's ExitStatus", { name: 'ExitStatus', status: 1 }, 'the database engine stopped (ExitStatus status 1)'],
    ["Emscripten's ErrnoError", { errno: 44 }, 'a file system error (errno 44)'],
    ['a plain object', { reason: 'x' }, '{"reason":"x"}'],
    ['an empty object', {}, 'an error of type Object'],
    ['a circular object', circular, 'an error that cannot be described'],
    ['undefined', undefined, 'an unknown error'],
    ['a number', 42, '42'],
  ])('%s', (_name, thrown, text) => {
    expect(describeFailure(thrown)).toBe(text);
    expect(describeFailure(thrown)).not.toContain('[object Object]');
  });

  it('keeps a long message to one bounded line', () => {
    expect(describeFailure(new Error('x'.repeat(5000))).length).toBeLessThanOrEqual(300);
  });
});

describe('restoring a file that is not a snapshot', () => {
  it('a gzip of junk: the error names what is wrong, the directory stays empty', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hado-restore-'));
    const junk = Buffer.concat([zlib.gzipSync(Buffer.alloc(0)).subarray(0, 10), Buffer.from('definitely not deflate data'.repeat(50))]);
    await expect(restoreEmbedded(path.join(dir, 'data'), junk)).rejects.toThrow(/^The file is not a Hado backup PGlite can load: [a-z]/);
    await expect(restoreEmbedded(path.join(dir, 'data'), junk)).rejects.not.toThrow(/object Object/);
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
