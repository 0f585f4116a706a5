// Issue 10, item 7 (logs): action tokens appeared in clear in the request log
// (/a/<token>/done): a log reader could Ack or Done the event. Every log line
// now has the token replaced — and every other secret under /a/ too: the mail
// links' confirmation codes and unsubscribe tokens (/a/confirm/<code>,
// /a/unsubscribe/<token>, which the first pattern logged as
// /a/[redacted]/<code>), and the percent-encoded /%61/<token>/done the router
// also accepts.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { createLogger, redactActionLinks } from '../../src/log.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('action tokens never reach the log', () => {
  const lines: string[] = [];
  const log = createLogger(
    'info',
    new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    app = await buildApp(t.ctx, { logger: log });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('the request log line of POST /a/<token>/done, and any message naming a link', async () => {
    const token = randomBytes(32).toString('base64url');
    const res = await app.inject({ method: 'POST', url: `/a/${token}/done?x=1`, remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    log.info({ link: `https://hado.example/a/${token}/ack` }, `sent https://hado.example/a/${token}/ack`);
    const all = lines.join('');
    expect(all).toContain('/a/[redacted]/done?x=1');
    expect(all).toContain('"link":"https://hado.example/a/[redacted]/ack"');
    expect(all).toContain('sent https://hado.example/a/[redacted]/ack');
    expect(all).not.toContain(token);
  });

  it('the mail links and a percent-encoded /a/: every secret segment, in the request log and in messages', async () => {
    const code = randomBytes(16).toString('base64url');
    const unsubscribe = `17.${randomBytes(24).toString('base64url')}`;
    const token = randomBytes(32).toString('base64url');
    const upper = randomBytes(32).toString('base64url');
    for (const [method, url] of [
      ['GET', `/a/confirm/${code}`],
      ['POST', `/a/unsubscribe/${unsubscribe}?x=1`],
      // The router decodes the path: this is POST /a/:token/done.
      ['POST', `/%61/${token}/done`],
      ['GET', `/%41/${upper}/ack`],
    ] as const) {
      const res = await app.inject({ method, url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, url).toBe(404);
    }
    log.warn(`mailed https://hado.example/a/confirm/${code} and https://hado.example/a/unsubscribe/${unsubscribe}`);
    const all = lines.join('');
    for (const secret of [code, unsubscribe, token, upper]) expect(all).not.toContain(secret);
    expect(all).toContain('"url":"/a/confirm/[redacted]"');
    expect(all).toContain('"url":"/a/unsubscribe/[redacted]?x=1"');
    expect(all).toContain('"url":"/%61/[redacted]/done"');
    expect(all).toContain('mailed https://hado.example/a/confirm/[redacted] and https://hado.example/a/unsubscribe/[redacted]');
  });

  it('only the secret segments are replaced', () => {
    expect(redactActionLinks('/a/abc_DEF-1/ack')).toBe('/a/[redacted]/ack');
    expect(redactActionLinks('/a/abc/done#x')).toBe('/a/[redacted]/done#x');
    expect(redactActionLinks('/a/confirm/abc')).toBe('/a/confirm/[redacted]');
    expect(redactActionLinks('/a/unsubscribe/1.abc')).toBe('/a/unsubscribe/[redacted]');
    expect(redactActionLinks('/%61/abc/d%6Fne')).toBe('/%61/[redacted]/d%6Fne');
    expect(redactActionLinks('/A/abc/ack /%41/def/ack')).toBe('/A/[redacted]/ack /%41/[redacted]/ack');
    // Every segment after /a/, whatever the route: a token that slipped in elsewhere is hidden too.
    expect(redactActionLinks('/a/abc/def/ghi')).toBe('/a/[redacted]/[redacted]/[redacted]');
    expect(redactActionLinks('/a/ab%2Fc/%E0%A4%A/done')).toBe('/a/[redacted]/[redacted]/done');
    expect(redactActionLinks('/api/events?x=/a/')).toBe('/api/events?x=/a/');
    // Broad on purpose: a path segment "a" anywhere is treated as a link (too much hidden is harmless).
    expect(redactActionLinks('/me/a/b')).toBe('/me/a/[redacted]');
  });
});
