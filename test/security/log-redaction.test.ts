// Issue 10, item 7 (logs): action tokens appeared in clear in the request log
// (/a/<token>/done): a log reader could Ack or Done the event. Every log line
// now has the token replaced.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { createLogger, redactActionLinks } from '../../src/log.ts';
import { createTestApp } from '../support/app.ts';

describe('action tokens never reach the log', () => {
  it('the request log line of POST /a/<token>/done, and any message naming a link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', sink);
    const t = await createTestApp();
    const app = await buildApp(t.ctx, { logger: log });
    try {
      const token = randomBytes(32).toString('base64url');
      const res = await app.inject({ method: 'POST', url: `/a/${token}/done?x=1`, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      log.info({ link: `https://hado.example/a/${token}/ack` }, `sent https://hado.example/a/${token}/ack`);
      const all = lines.join('');
      expect(all).toContain('/a/[redacted]/done?x=1');
      expect(all).toContain('"link":"https://hado.example/a/[redacted]/ack"');
      expect(all).toContain('sent https://hado.example/a/[redacted]/ack');
      expect(all).not.toContain(token);
    } finally {
      await app.close();
      await t.close();
    }
  }, 60_000);

  it('only the token segment is replaced', () => {
    expect(redactActionLinks('/a/abc_DEF-1/ack')).toBe('/a/[redacted]/ack');
    expect(redactActionLinks('/api/events?x=/a/')).toBe('/api/events?x=/a/');
    // Broad on purpose: a path segment "a" anywhere is treated as a link (too much hidden is harmless).
    expect(redactActionLinks('/me/a/b')).toBe('/me/a/[redacted]');
  });
});
