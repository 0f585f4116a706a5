// GET /openapi.json: a valid OpenAPI 3.1 document (checked by a real
// validator) covering every route of the server, every answer's body, every
// error shape, and the credentials of each entry.
import { TOKEN_ROUTES } from '../../src/http/user-token-auth.ts';
import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecurrence } from '../../src/domain/recurrence.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { getDocument, METHODS, type OpenApiDoc, openApiPath, operations, schemaValidator } from '../support/openapi.ts';

/** Routes for the browser, deliberately left out of the document (metrics are on HADO_METRICS_ADDR only). */
const NOT_DOCUMENTED = [
  'GET /',
  'GET /inbox/groups',
  'GET /inbox/channels',
  'GET /inbox/events/:id/why',
  'GET /inbox/notices',
  'GET /inbox/notices/items',
  'GET /inbox/preferences',
  'GET /static/:file',
  // The installable inbox (issue 12): the manifest and the service worker, for the browser.
  'GET /manifest.webmanifest',
  'GET /sw.js',
  // The pages behind links in mails (issue 17): HTML for a browser, each with one button posting the same URL
  // (README, "Email channel"); the POST of /a/:token/ack|done is documented, and answers a page to that form.
  'GET /a/confirm/:code',
  'POST /a/confirm/:code',
  'GET /a/unsubscribe/:token',
  'POST /a/unsubscribe/:token',
  // A confirmation's "this wasn't me" link (issue 27): the same kind of page.
  'GET /a/not-me',
  'POST /a/not-me',
  'GET /a/:token/ack',
  'GET /a/:token/done',
  // The <hado-inbox> element's modules (issue 25): static ES modules for the browser, like /static/.
  'GET /embed.js',
  'GET /embed/:file',
];

let t: TestApp;
let doc: OpenApiDoc;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (r) => void routes.push(r) });
  doc = await getDocument(t);
});
afterAll(async () => {
  await t.close();
});

describe('GET /openapi.json', () => {
  it('is served without credentials and is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every route of the server (except the page and its assets)', () => {
    const served = new Set<string>();
    for (const r of routes) {
      for (const m of [r.method].flat()) {
        if (m === 'HEAD' || m === 'OPTIONS') continue;
        served.add(`${m} ${r.url}`);
      }
    }
    // The API reference (/docs/api, Swagger UI over this document) is a page and its assets; test/http/docs-api.test.ts covers it.
    const hidden = [...served]
      .filter((key) => !key.includes(' /docs/api'))
      .filter((key) => {
        const [method, url] = key.split(' ') as [string, string];
        return !doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      });
    expect(hidden.sort()).toEqual([...NOT_DOCUMENTED].sort());
    // Everything the issue names is there.
    for (const prefix of ['/api/', '/me', '/a/', '/hooks/telegram']) {
      expect(Object.keys(doc.paths).some((p) => p.startsWith(prefix))).toBe(true);
    }
    // And nothing the server does not serve.
    for (const { path, method } of operations(doc)) {
      expect(served.has(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)).toBe(true);
    }
  });

  it('names each operation, and every answer has a documented body (an error: the catalogue shape)', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toBeTruthy();
      expect(ids.has(op.operationId!), `${where}: duplicate operationId`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary ?? op.tags, where).toBeTruthy();
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        where,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '204' || response.content === undefined) {
          // Only bodiless answers may leave the body out.
          expect(['204', '200'].includes(status) && (status === '204' || path === '/hooks/telegram' || path === '/hooks/slack'), `${where} ${status}`).toBe(
            true,
          );
          continue;
        }
        const schema = Object.values(response.content)[0]!.schema;
        expect(schema, `${where} ${status}`).toBeTruthy();
        // The probes' 503 is their own body ({"status":"unavailable"}), for probes.
        if (Number(status) >= 400 && path !== '/healthz' && path !== '/readyz') {
          expect(schema).toMatchObject({ type: 'object', required: ['error'] });
          expect((schema.properties as Record<string, { required: string[] }>).error!.required).toEqual(['code', 'message']);
        }
      }
    }
  });

  it('documents the errors every entry can meet: 503 anywhere, 408 and 413 for a body, 429 on the guessable entries', () => {
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.responses['503'], where).toBeDefined();
      // HADO_REQUEST_TIMEOUT (app.ts) and the body limit apply to every body.
      if (op.requestBody) {
        expect(op.responses['408'], where).toBeDefined();
        expect(op.responses['413'], where).toBeDefined();
      }
      // A client address that keeps guessing credentials is turned away there (rate-limit.ts).
      if (/^\/(api|hooks|a)\//.test(path)) expect(op.responses['429'], where).toBeDefined();
    }
    const byId = new Map(operations(doc).map(({ op }) => [op.operationId, op]));
    for (const id of ['telegramUpdate', 'slackInteraction']) expect(byId.get(id)?.responses['429'], id).toBeDefined();
    for (const id of ['putEvents', 'postNotices', 'slackInteraction']) {
      expect(byId.get(id)?.responses['408'], id).toBeDefined();
      expect(byId.get(id)?.responses['413'], id).toBeDefined();
    }
    const meBodies = operations(doc).filter(({ path, op }) => path.startsWith('/me') && op.requestBody);
    expect(meBodies.length).toBeGreaterThan(5);
  });

  it('names the credentials: the bearer token for /api/*, the forward-auth header for /me/*', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      sourceToken: { type: 'http', scheme: 'bearer' },
      forwardAuth: { type: 'apiKey', in: 'header', name: 'X-Remote-User' },
      telegramSecret: { type: 'apiKey', in: 'header', name: 'X-Telegram-Bot-Api-Secret-Token' },
      slackSignature: { type: 'apiKey', in: 'header', name: 'X-Slack-Signature' },
      userToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      userTokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
    });
    for (const { path, op } of operations(doc)) {
      if (path.startsWith('/api/')) expect(op.security, path).toEqual([{ sourceToken: [] }]);
      // The inbox's routes take a signed user token too (issue 25); the stream also in ?token=.
      const method = Object.entries(doc.paths[path] ?? {})
        .find(([, o]) => o === op)?.[0]
        ?.toUpperCase();
      const byToken = TOKEN_ROUTES.has(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      const token = path === '/me/stream' ? [{ userToken: [] }, { userTokenQuery: [] }] : [{ userToken: [] }];
      if (path.startsWith('/me')) expect(op.security, `${method} ${path}`).toEqual([{ forwardAuth: [] }, ...(byToken ? token : [])]);
      if (path.startsWith('/a/')) expect(op.security, path).toEqual([]);
      if (path === '/hooks/telegram') expect(op.security, path).toEqual([{ telegramSecret: [] }]);
      if (path === '/hooks/slack') expect(op.security, path).toEqual([{ slackSignature: [] }]);
      if (path.startsWith('/api/')) expect(op.responses['401'], path).toBeDefined();
    }
  });

  it('every schema in it compiles as JSON Schema 2020-12 (strict)', () => {
    const ajv = schemaValidator();
    let count = 0;
    for (const { op } of operations(doc)) {
      const schemas = [
        ...(op.parameters ?? []).map((p) => p.schema),
        ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
        ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
      ];
      for (const s of schemas) {
        ajv.compile(s);
        count++;
      }
    }
    expect(count).toBeGreaterThan(60);
  });
});

describe('the recurrence rule has a real schema', () => {
  const eventSchema = () =>
    (
      doc.paths['/api/events']!.put!.requestBody!.content['application/json']!.schema as {
        properties: { events: { items: { properties: Record<string, Record<string, unknown>> } } };
      }
    ).properties.events.items.properties;

  it('documents each rule type with its fields', () => {
    const recurrence = eventSchema().recurrence!;
    const text = JSON.stringify(recurrence);
    for (const field of ['weekdays', 'anchor_date', 'day_of_month', 'interval_days', 'month', 'day', 'time_local', 'timezone']) {
      expect(text).toContain(`"${field}"`);
    }
    expect(text).not.toContain('x-documented-as');
    expect(eventSchema().fire_days_before).toMatchObject({ anyOf: [{ type: 'integer', minimum: 0, maximum: 3660 }, { type: 'null' }] });
  });

  it('accepts every rule the server accepts, and refuses the shapes it refuses', () => {
    const validate = schemaValidator().compile(eventSchema().recurrence!);
    const weekdays = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 });
    const day = fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const clock = fc.option(
      fc.record(
        { time_local: fc.constantFrom('00:00', '09:30', '23:59', '24:00', '9:30'), timezone: fc.constantFrom('Europe/Madrid', 'UTC', 'Mars/Olympus') },
        { requiredKeys: [] },
      ),
      { nil: {} },
    );
    const loose = fc.oneof(fc.integer({ min: -2, max: 40 }), fc.double(), fc.string(), fc.constant(null));
    const rule = fc.oneof(
      fc.record({ type: fc.constant('weekly'), weekdays }),
      fc.record({ type: fc.constant('biweekly'), weekdays, anchor_date: day }),
      fc.record({ type: fc.constant('monthly'), day_of_month: loose }),
      fc.record({ type: fc.constant('every_n_days'), interval_days: fc.oneof(loose, fc.integer({ min: 1, max: 4000 })), anchor_date: day }),
      fc.record({ type: fc.constant('yearly'), month: loose, day: loose }),
      fc.record({ type: fc.constantFrom('weekly', 'hourly'), weekdays: fc.array(loose), day: loose }, { requiredKeys: ['type'] }),
    );
    fc.assert(
      fc.property(rule, clock, (r, c) => {
        const candidate = { ...r, ...c };
        if (parseRecurrence(candidate).ok) expect(validate(candidate), JSON.stringify(candidate)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    for (const bad of [
      'weekly',
      { type: 'hourly' },
      { weekdays: [0] },
      { type: 'weekly' },
      { type: 'weekly', weekdays: [7] },
      { type: 'weekly', weekdays: [] },
      { type: 'biweekly', weekdays: [0] },
      { type: 'monthly', day_of_month: 32 },
      { type: 'every_n_days', interval_days: 0, anchor_date: '2026-01-01' },
      { type: 'yearly', month: 13, day: 1 },
      { type: 'weekly', weekdays: [0], time_local: '25:00' },
      { type: 'weekly', weekdays: [0], day: 3 },
    ]) {
      expect(parseRecurrence(bad).ok).toBe(false);
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("keeps the server's own messages for a bad rule", async () => {
    const token = await (await import('../support/app.ts')).createSource(t, 'docs');
    const events = [0, 1, 2].map((i) => ({
      user: 'nikita',
      source_ref: `s:${i}`,
      recurrence: i === 2 ? { type: 'monthly', day_of_month: 32 } : { type: 'weekly', weekdays: [0] },
      payload: { title: 'x' },
    }));
    const res = await t.app.inject({ method: 'PUT', url: '/api/events', headers: { authorization: `Bearer ${token}` }, payload: { events } });
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'invalid',
        message: 'events[2].recurrence.day_of_month: must be an integer 1..31, got 32',
        index: 2,
        field: 'recurrence.day_of_month',
      },
    });
  });
});

it('lists only the methods it knows', () => {
  for (const item of Object.values(doc.paths)) {
    for (const key of Object.keys(item)) expect([...METHODS, 'parameters']).toContain(key);
  }
});
