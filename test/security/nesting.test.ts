// Issue 10, item 6: deeply nested JSON gave a 500 (the text guard's
// recursive walk overflowed the stack). Now the walk is iterative, no body
// nests deeper than 64 levels, and free-form JSON (a notice's data) at most
// 32 — each a 422 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await createSource(t, 'docs');
}, 60_000);
afterAll(() => t.close());

/** `levels` nested objects: {"a":{"a":…{}}}; nest(1) is {}. */
const nest = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

const postRaw = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers }, remoteAddress: '127.0.0.1' });

describe('nesting limits', () => {
  it('a notice’s data may nest 32 levels, not 33 (422 naming data and the index)', async () => {
    const ok = await postRaw('/api/notices', `{"notices":[{"recipients":["a"],"title":"t","data":${nest(32)}}]}`, { authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    const deep = await postRaw('/api/notices', `{"notices":[{"recipients":["a"],"title":"t"},{"recipients":["a"],"title":"t","data":${nest(33)}}]}`, {
      authorization: `Bearer ${token}`,
    });
    expect(deep.statusCode).toBe(422);
    expect(JSON.parse(deep.body).error).toMatchObject({ index: 1, field: 'data', message: 'notices[1].data: must not be nested deeper than 32 levels' });
  });

  it('any body deeper than 64 levels is a 422 naming where, with the path cut short', async () => {
    const res = await postRaw('/api/notices', `{"recipients":["a"],"title":"t","data":${nest(100_000)}}`, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.body).error.message).toBe('data.a.a.a.a.a: is nested deeper than 64 levels');
    const arrays = await postRaw('/me/notices/read', `{"ids":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, { 'x-remote-user': 'nikita' });
    expect(arrays.statusCode).toBe(422);
    expect(JSON.parse(arrays.body).error.message).toBe('ids.0.0.0.0.0: is nested deeper than 64 levels');
  });

  it('an event payload with a deep extra field is a 4xx, not a 500', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/events',
      payload: `{"events":[{"user":"a","source_ref":"r","due_at":"2026-08-01","payload":{"title":"t","x":${nest(50_000)}}}]}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(422);
  });
});
