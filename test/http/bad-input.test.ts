// Bad input (issue 2): every malformed request is a 4xx whose body names
// what is wrong, nothing changes in the database, and nothing is a 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSource, createTestApp, type TestApp } from '../support/app.ts';
import { birthday, put, snapshot } from './helpers.ts';

let t: TestApp;
let docs: string;
let before: Record<string, unknown[]>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-08-01T10:00:00Z' });
  docs = await createSource(t, 'docs');
  // One existing event, so "nothing changes" also covers updates.
  expect((await put(t, docs, [birthday()])).status).toBe(200);
  await call(t, 'GET', '/me', { user: 'nikita' });
  before = await snapshot(t.store.db);
});
afterAll(() => t.close());

/** A raw request, for bodies that are not JSON objects. */
async function raw(method: 'PUT' | 'PATCH', url: string, payload: string | Buffer, contentType = 'application/json') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (url.startsWith('/api/')) headers.authorization = `Bearer ${docs}`;
  else headers['x-remote-user'] = 'nikita';
  const res = await t.app.inject({ method, url, headers, payload, remoteAddress: '127.0.0.1' });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const long = (n: number) => 'x'.repeat(n);

describe('malformed bodies', () => {
  it.each([
    { name: 'truncated JSON', payload: '{"events": [', status: 400, code: 'malformed_json', message: /not valid JSON/ },
    { name: 'trailing garbage', payload: '{"events": []} x', status: 400, code: 'malformed_json', message: /not valid JSON/ },
    { name: 'empty body', payload: '', status: 400, code: 'malformed_json', message: /empty/ },
    { name: 'prototype pollution', payload: '{"events":[],"__proto__":{"x":1}}', status: 400, code: 'malformed_json', message: /JSON/ },
    { name: 'a JSON array', payload: '[]', status: 422, code: 'invalid', message: /^body: must be object$/ },
    { name: 'JSON null', payload: 'null', status: 422, code: 'invalid', message: /^body: must be object$/ },
    { name: 'events not an array', payload: '{"events": {}}', status: 422, code: 'invalid', message: /^events: must be array$/ },
    { name: 'no events', payload: '{}', status: 422, code: 'invalid', message: /^events: is required$/ },
    { name: 'an empty batch', payload: '{"events": []}', status: 422, code: 'invalid', message: /^events: / },
  ])('$name → $status $code', async ({ payload, status, code, message }) => {
    const res = await raw('PUT', '/api/events', payload);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toMatch(message);
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('a body that is not JSON → 4xx asking for JSON', async () => {
    const res = await raw('PUT', '/api/events', 'events=1', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/application\/json/);
  });
});

describe('one bad record: 422 naming the index and the field, nothing applied', () => {
  const cases: Array<{ name: string; event: Record<string, unknown>; field: string; message: RegExp }> = [
    // Wrong types.
    { name: 'user is a number', event: birthday({ user: 42 as never }), field: 'user', message: /must be string/ },
    { name: 'payload is a string', event: birthday({ payload: 'hi' as never }), field: 'payload', message: /must be object/ },
    { name: 'title is null', event: birthday({ payload: { title: null } }), field: 'payload.title', message: /must be string/ },
    { name: 'due_at is a number', event: birthday({ due_at: 20260814 as never }), field: 'due_at', message: /must be string/ },
    { name: 'after_due is unknown', event: birthday({ after_due: 'later' as never }), field: 'after_due', message: /must be one of "keep", "expire"/ },
    // Missing and empty.
    { name: 'user missing', event: birthday({ user: undefined }), field: 'user', message: /is required/ },
    { name: 'user empty', event: birthday({ user: '' }), field: 'user', message: /must not be empty/ },
    { name: 'user with spaces', event: birthday({ user: 'a b' }), field: 'user', message: /invalid format/ },
    { name: 'title blank', event: birthday({ payload: { title: '   ' } }), field: 'payload.title', message: /must not be blank/ },
    { name: 'source_ref missing', event: birthday({ source_ref: undefined }), field: 'source_ref', message: /is required/ },
    // Unknown fields are rejected, not ignored (README: a typo must not be dropped silently).
    { name: 'unknown field "due"', event: birthday({ due: '2026-08-14' }), field: 'due', message: /is not a known field/ },
    { name: 'unknown payload field', event: birthday({ payload: { title: 'x', body: 'y' } }), field: 'payload.body', message: /is not a known field/ },
    { name: 'source in the body', event: birthday({ source: 'other' }), field: 'source', message: /is not a known field/ },
    // Impossible dates and times.
    { name: 'due_at 2026-02-30', event: birthday({ due_at: '2026-02-30', fire_at: undefined }), field: 'due_at', message: /2026-02-30 is not a calendar date/ },
    {
      name: 'due_at 2026-02-30T10:00',
      event: birthday({ due_at: '2026-02-30T10:00', fire_at: undefined }),
      field: 'due_at',
      message: /2026-02-30 is not a calendar date/,
    },
    { name: 'due_at 2026-13-01', event: birthday({ due_at: '2026-13-01', fire_at: undefined }), field: 'due_at', message: /not a calendar date/ },
    { name: 'due_at 25:00', event: birthday({ due_at: '2026-08-14T25:00' }), field: 'due_at', message: /impossible time of day/ },
    { name: 'due_at 24:00', event: birthday({ due_at: '2026-08-14T24:00' }), field: 'due_at', message: /impossible time of day/ },
    { name: 'due_at in words', event: birthday({ due_at: 'tomorrow' }), field: 'due_at', message: /must be YYYY-MM-DD/ },
    { name: 'due_at year 0000', event: birthday({ due_at: '0000-01-01', fire_at: undefined }), field: 'due_at', message: /between/ },
    { name: 'due_at year 10000', event: birthday({ due_at: '+10000-01-01', fire_at: undefined }), field: 'due_at', message: /must be YYYY-MM-DD/ },
    { name: 'fire_at 2026-02-30', event: birthday({ due_at: '2026-03-10', fire_at: '2026-02-30' }), field: 'fire_at', message: /2026-02-30/ },
    { name: 'fire_at year 0000', event: birthday({ fire_at: '0000-01-01' }), field: 'fire_at', message: /between/ },
    { name: 'fire_at with a time', event: birthday({ fire_at: '2026-08-14T09:00' }), field: 'fire_at', message: /.+/ },
    // fire_at after the due day, in both modes (for a fixed due: the day in the offset written).
    {
      name: 'fire_at after a local due',
      event: birthday({ due_at: '2026-08-14', fire_at: '2026-08-15' }),
      field: 'fire_at',
      message: /2026-08-15 is after the due day 2026-08-14/,
    },
    {
      name: 'fire_at after a fixed due',
      event: birthday({ due_at: '2026-09-10T08:15+02:00', fire_at: '2026-09-11' }),
      field: 'fire_at',
      message: /after the due day 2026-09-10/,
    },
    // Bad offsets.
    { name: 'offset +25:00', event: birthday({ due_at: '2026-09-10T08:15+25:00' }), field: 'due_at', message: /offset \+25:00 is outside/ },
    { name: 'offset +14:30', event: birthday({ due_at: '2026-09-10T08:15+14:30' }), field: 'due_at', message: /outside -14:00\.\.\+14:00/ },
    { name: 'offset +02:60', event: birthday({ due_at: '2026-09-10T08:15+02:60' }), field: 'due_at', message: /outside/ },
    { name: 'offset +0200', event: birthday({ due_at: '2026-09-10T08:15+0200' }), field: 'due_at', message: /must be YYYY-MM-DD/ },
    { name: 'offset +02', event: birthday({ due_at: '2026-09-10T08:15+02' }), field: 'due_at', message: /must be YYYY-MM-DD/ },
    { name: 'a zone name', event: birthday({ due_at: '2026-09-10T08:15[Europe/Madrid]' }), field: 'due_at', message: /must be YYYY-MM-DD/ },
    // Oversized fields.
    { name: 'title of 501 characters', event: birthday({ payload: { title: long(501) } }), field: 'payload.title', message: /500/ },
    { name: 'subtitle of 1001 characters', event: birthday({ payload: { title: 'x', subtitle: long(1001) } }), field: 'payload.subtitle', message: /1000/ },
    {
      name: 'deep_link of 2049 characters',
      event: birthday({ payload: { title: 'x', deep_link: `/${long(2048)}` } }),
      field: 'payload.deep_link',
      message: /2048/,
    },
    { name: 'source_ref of 256 characters', event: birthday({ source_ref: long(256) }), field: 'source_ref', message: /255/ },
    { name: 'topic of 101 characters', event: birthday({ topic: long(101) }), field: 'topic', message: /100/ },
    { name: 'user of 129 characters', event: birthday({ user: long(129) }), field: 'user', message: /128/ },
    // Links shown in the inbox.
    {
      name: 'javascript: deep_link',
      event: birthday({ payload: { title: 'x', deep_link: 'javascript:alert(1)' } }),
      field: 'payload.deep_link',
      message: /http\(s\) URL or a path/,
    },
    {
      name: 'JaVaScRiPt: with tab',
      event: birthday({ payload: { title: 'x', deep_link: 'Java\tScript:alert(1)' } }),
      field: 'payload.deep_link',
      message: /http\(s\)/,
    },
    {
      name: 'data: deep_link',
      event: birthday({ payload: { title: 'x', deep_link: 'data:text/html,<script>1</script>' } }),
      field: 'payload.deep_link',
      message: /http\(s\)/,
    },
    {
      name: 'protocol-relative deep_link',
      event: birthday({ payload: { title: 'x', deep_link: '//evil.example/x' } }),
      field: 'payload.deep_link',
      message: /http\(s\)/,
    },
    {
      name: 'backslash path deep_link (/\\host)',
      event: birthday({ payload: { title: 'x', deep_link: '/\\evil.example/x' } }),
      field: 'payload.deep_link',
      message: /single \/, without/,
    },
    {
      name: 'tab path deep_link (/<tab>/host)',
      event: birthday({ payload: { title: 'x', deep_link: '/\t/evil.example/x' } }),
      field: 'payload.deep_link',
      message: /single \/, without/,
    },
    // Text Postgres cannot store.
    { name: 'NUL in the title', event: birthday({ payload: { title: 'a\u0000b' } }), field: 'payload.title', message: /NUL/ },
    { name: 'NUL in source_ref', event: birthday({ source_ref: 'a\u0000' }), field: 'source_ref', message: /NUL/ },
    { name: 'NUL in topic', event: birthday({ topic: '\u0000' }), field: 'topic', message: /NUL/ },
    {
      name: 'lone surrogate in the subtitle',
      event: birthday({ payload: { title: 'x', subtitle: 'a\ud800b' } }),
      field: 'payload.subtitle',
      message: /surrogate/,
    },
  ];

  it.each(cases)('$name → events[1].$field', async ({ event, field, message }) => {
    const res = await put(t, docs, [birthday({ source_ref: 'fine', payload: { title: 'would be created' } }), event]);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', index: 1, field });
    expect(res.body.error.message).toMatch(new RegExp(`^events\\[1\\]\\.${field.replace('.', '\\.')}: `));
    expect(res.body.error.message).toMatch(message);
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('the same identity twice in one batch → 422 naming both indexes', async () => {
    const res = await put(t, docs, [birthday({ source_ref: 'a' }), birthday({ source_ref: 'b' }), birthday({ source_ref: 'a' })]);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', index: 2, field: 'source_ref' });
    expect(res.body.error.message).toMatch(/events\[2\].*events\[0\]/);
    // topic omitted and topic "" are the same identity.
    const same = await put(t, docs, [birthday({ source_ref: 'a', topic: undefined }), birthday({ source_ref: 'a', topic: '' })]);
    expect(same.status).toBe(422);
    expect(same.body.error.index).toBe(1);
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('a 501st event → 422 "at most 500 per batch"; 500 are fine', async () => {
    const events = Array.from({ length: 501 }, (_, i) => birthday({ source_ref: `bulk:${i}` }));
    const res = await put(t, docs, events);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'invalid', field: 'events' });
    expect(res.body.error.message).toBe('events: at most 500 per batch');
    expect(await snapshot(t.store.db)).toEqual(before);

    const ok = await put(t, docs, events.slice(0, 500));
    expect(ok.status).toBe(200);
    expect(ok.body.events).toHaveLength(500);
    await t.store.db.deleteFrom('events').where('source_ref', 'like', 'bulk:%').execute();
  });
});

describe('oversized bodies → 413', () => {
  it('PUT /api/events over 4 MiB', async () => {
    const body = JSON.stringify({ events: [birthday({ payload: { title: 'x', subtitle: long(5 * 1024 * 1024) } })] });
    const res = await raw('PUT', '/api/events', body);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/too large/) });
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it('PATCH /me over 256 KiB', async () => {
    const res = await raw('PATCH', '/me', JSON.stringify({ tz: long(300 * 1024) }));
    expect(res.status).toBe(413);
    expect(await snapshot(t.store.db)).toEqual(before);
  });
});

describe('bad query strings and params', () => {
  it.each([
    { url: '/api/events?source_ref=', field: 'source_ref' },
    { url: '/api/events?source_ref=a&source_ref=b', field: 'source_ref' },
    { url: '/api/events?source_ref=a&extra=1', field: 'extra' },
    { url: '/api/events?source_ref=a%00b', field: 'source_ref' },
    { url: `/api/events?source_ref=a&topic=${long(101)}`, field: 'topic' },
  ])('GET and DELETE $url → 422 naming $field', async ({ url, field }) => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(t, method, url, { token: docs });
      expect(res.status, method).toBe(422);
      expect(res.body.error.field).toBe(field);
    }
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it.each([
    { method: 'POST', url: '/me/events/abc/ack', status: 422 },
    { method: 'POST', url: '/me/events/0/done', status: 422 },
    { method: 'POST', url: '/me/events/-1/done', status: 422 },
    { method: 'POST', url: '/me/events/99999999999999999999/done', status: 422 },
    { method: 'POST', url: '/me/events/123456/done', status: 404 },
    { method: 'GET', url: '/me/events?state=bogus', status: 422 },
    { method: 'GET', url: '/me/events?state=', status: 422 },
    { method: 'GET', url: '/me/events?state=today%00', status: 422 },
    { method: 'GET', url: '/me/events?page=2', status: 422 },
  ] as const)('$method $url → $status', async ({ method, url, status }) => {
    const res = await call(t, method, url, { user: 'nikita' });
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBeTruthy();
    expect(await snapshot(t.store.db)).toEqual(before);
  });

  it.each([
    { body: { tz: 'Mars/Olympus' }, field: 'tz' },
    { body: { tz: '+02:00' }, field: 'tz' },
    { body: { tz: 5 }, field: 'tz' },
    { body: { tz: 'Europe/Madrid\u0000' }, field: 'tz' },
    { body: { quiet_start: '25:00' }, field: 'quiet_start' },
    { body: { quiet_start: '9:00' }, field: 'quiet_start' },
    { body: { quiet_end: '23:00' }, field: 'quiet_end' },
    { body: { language: 'en' }, field: 'language' },
  ])('PATCH /me $body → 422 naming $field', async ({ body, field }) => {
    const res = await call(t, 'PATCH', '/me', { user: 'nikita', body });
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe(field);
    expect(await snapshot(t.store.db)).toEqual(before);
  });
});

describe('client input never causes a 500', () => {
  // Any JSON value (and strings with any code unit, lone surrogates and NUL
  // included) in any field of an event: the answer is 200 or a 4xx with a message.
  const anyValue = fc.oneof(
    fc.jsonValue(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('\u0000', '\ud800', '2026-02-29', '0000-01-01', '9999-12-31', '2026-08-14T07:00-14:00', 'javascript:x'),
  );
  const fields = ['user', 'source_ref', 'topic', 'due_at', 'fire_at', 'after_due', 'payload', 'extra'];
  const payloadFields = ['title', 'subtitle', 'deep_link', 'done_label'];

  it('PUT /api/events with a random value in one field', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields, ...payloadFields.map((f) => `payload.${f}`)), anyValue, async (field, value) => {
        const event = birthday({ source_ref: 'fuzz' }) as Record<string, unknown>;
        if (field.startsWith('payload.')) event.payload = { ...(event.payload as object), [field.slice(8)]: value };
        else event[field] = value;
        const res = await put(t, docs, [event]);
        expect(res.status === 200 || (res.status >= 400 && res.status < 500), `${field}=${JSON.stringify(value)}: ${res.status}`).toBe(true);
        if (res.status !== 200) expect(res.body.error.message).toBeTruthy();
      }),
      { numRuns: 300 },
    );
    await t.store.db.deleteFrom('events').where('source_ref', '=', 'fuzz').execute();
  });

  it('random dates and offsets in due_at and fire_at', async () => {
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    const date = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
    const offset = fc.oneof(
      fc.constant(''),
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 60 })).map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`),
    );
    const dueAt = fc.oneof(
      date,
      fc.tuple(date, fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), offset).map(([d, h, m, o]) => `${d}T${pad(h, 2)}:${pad(m, 2)}${o}`),
    );
    await fc.assert(
      fc.asyncProperty(dueAt, fc.option(date), async (due_at, fire_at) => {
        const res = await put(t, docs, [birthday({ source_ref: 'fuzz', due_at, fire_at: fire_at ?? undefined })]);
        expect(res.status === 200 || res.status === 422, `${due_at} / ${fire_at}: ${res.status}`).toBe(true);
      }),
      { numRuns: 300 },
    );
    await t.store.db.deleteFrom('events').where('source_ref', '=', 'fuzz').execute();
  });
});
