// Every operation of the OpenAPI document, called with a request generated
// from the document itself (openapi-sampler: the schemas' examples, else
// values built from the schemas): the server accepts it with a documented
// 2xx, and the answer's body fits the documented schema.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rotateKey } from '../../src/core/user-tokens.ts';
import { createSource, createTestApp, type TestApp } from '../support/app.ts';
import { BOT_TOKEN, type FakeTelegram, startFakeTelegram } from '../support/fake-telegram.ts';
import { exampleOf, getDocument, type OpenApiDoc, type Operation, operations, schemaValidator, type WithExamples } from '../support/openapi.ts';
import { deliveredRow, SECRET } from '../telegram/support.ts';

/** The order to call them in (a withdraw after the read, a delete after the patch); every operation must be here. */
const ORDER = [
  'getOpenApi',
  'health',
  'ready',
  'putEvents',
  'getEvent',
  'postNotices',
  'listNotices',
  'getNotice',
  // After the notice: the example declares other topics than the notice's, which a declared set would refuse.
  'putTopics',
  'getTopics',
  'putUsers',
  'putAudience',
  'patchAudience',
  'getAudience',
  'postUserToken',
  'postFrames',
  'getMe',
  'patchMe',
  'getMyEvents',
  'ackMyEvent',
  'doneMyEvent',
  'whyMyEvent',
  'heartbeat',
  'getMyNotices',
  'readMyNotices',
  'readAllMyNotices',
  'archiveMyNotices',
  'unarchiveMyNotices',
  'claimMyNotice',
  'getMyPreferences',
  'putMyPreferences',
  'getMyChannels',
  'addMyChannel',
  'patchMyChannel',
  'rotateMyWebhookSecret',
  'deleteMyChannel',
  'getPushKey',
  'addPushSubscription',
  'getPushSubscriptions',
  'deletePushSubscription',
  'addMyDevice',
  'getMyDevices',
  'patchMyDevice',
  'deleteMyDevice',
  'linkTelegram',
  'telegramUpdate',
  'slackInteraction',
  'ackByLink',
  'doneByLink',
  'stream',
  'withdrawNotices',
  'deleteEvent',
  'deleteAudience',
];

const USER = 'nikita';
const SLACK_SECRET = 'abcdef0123456789abcdef0123456789';
let t: TestApp;
let tg: FakeTelegram;
let doc: OpenApiDoc;
let token: string;
/** Path parameters the document cannot know: ids and tokens made by the fixture. */
const fixture: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  tg = await startFakeTelegram();
  t = await createTestApp({
    now: '2026-08-01T12:00:00Z',
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_ROOT: tg.url,
      SLACK_BOT_TOKEN: 'xoxb-1-test',
      SLACK_SIGNING_SECRET: SLACK_SECRET,
      LOG_LEVEL: 'silent',
    },
  });
  doc = await getDocument(t);
  token = await createSource(t, 'docs', ['provision']);
  await rotateKey(t.store.db, t.clock, 'docs', 0); // a signing key, for postUserToken
  // An event due today (Ack and Done apply), a one-time notice to claim, a delivery's action token.
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/events',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      events: [
        { user: USER, source_ref: 'fixture:ack', due_at: '2026-08-01T20:00', payload: { title: 'Ack me' } },
        { user: USER, source_ref: 'fixture:done', due_at: '2026-08-01T20:00', payload: { title: 'Done me' } },
        { user: USER, source_ref: 'fixture:link', due_at: '2026-08-01T20:00', payload: { title: 'By link' } },
      ],
    },
  });
  const [ack, done, link] = (JSON.parse(put.body) as { events: Array<{ id: number; state: string }> }).events;
  expect(ack!.state).toBe('today');
  const notice = await t.app.inject({
    method: 'POST',
    url: '/api/notices',
    headers: { authorization: `Bearer ${token}` },
    payload: { recipients: [USER], title: 'Take the job', claim: true },
  });
  const web = await t.store.db
    .selectFrom('channels')
    .innerJoin('users', 'users.id', 'channels.user_id')
    .select('channels.id')
    .where('users.login', '=', USER)
    .executeTakeFirstOrThrow();
  const ackToken = await deliveredRow(t.store.db, link!.id, web.id, 'x1', '2026-08-01T12:00:00Z');
  fixture.ackMyEvent = { id: String(ack!.id) };
  fixture.doneMyEvent = { id: String(done!.id) };
  fixture.whyMyEvent = { id: String(done!.id) };
  fixture.claimMyNotice = { id: String((JSON.parse(notice.body) as { notice: { id: number } }).notice.id) };
  fixture.getNotice = fixture.claimMyNotice;
  fixture.ackByLink = { token: ackToken };
  fixture.doneByLink = { token: ackToken };
});

afterAll(async () => {
  await t.close();
  await tg.close();
});

/** The headers of the operation's security scheme; Slack's signature is over the raw body sent. */
function credentials(op: Operation, rawBody = ''): Record<string, string> {
  const scheme = Object.keys(op.security?.[0] ?? {})[0];
  if (scheme === 'sourceToken') return { authorization: `Bearer ${token}` };
  if (scheme === 'forwardAuth') return { 'x-remote-user': USER };
  if (scheme === 'telegramSecret') return { 'x-telegram-bot-api-secret-token': SECRET };
  if (scheme === 'slackSignature') {
    const ts = Math.floor(t.clock.now().epochMilliseconds / 1000);
    return {
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': `v0=${createHmac('sha256', SLACK_SECRET).update(`v0:${ts}:${rawBody}`).digest('hex')}`,
    };
  }
  return {};
}

const FORM = 'application/x-www-form-urlencoded';

/** The request the document describes, with the fixture's ids and tokens in the path; a body as sent (JSON or a form). */
function requestFor(path: string, op: Operation) {
  let url = path;
  const query = new URLSearchParams();
  for (const p of (op.parameters ?? []) as Array<WithExamples & { in: string; name: string; required?: boolean }>) {
    if (p.in === 'path') {
      const value = fixture[op.operationId!]?.[p.name] ?? String(exampleOf(doc, p));
      url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    } else if (p.in === 'query' && (p.required || p.example !== undefined || p.examples !== undefined)) {
      query.set(p.name, String(exampleOf(doc, p)));
    }
  }
  const json = op.requestBody?.content['application/json'] as WithExamples | undefined;
  const form = op.requestBody?.content[FORM] as WithExamples | undefined;
  const body = json ? exampleOf(doc, json) : form ? exampleOf(doc, form) : undefined;
  const raw = body === undefined ? undefined : json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString();
  return { url: query.size > 0 ? `${url}?${query}` : url, body, raw, contentType: json ? 'application/json' : FORM };
}

it('every operation accepts the request generated from the document, and answers as documented', async () => {
  const ops = operations(doc);
  expect(ops.map((o) => o.op.operationId).sort()).toEqual([...ORDER].sort());
  ops.sort((a, b) => ORDER.indexOf(a.op.operationId!) - ORDER.indexOf(b.op.operationId!));
  const ajv = schemaValidator();
  for (const { path, method, op } of ops) {
    const { url, body, raw, contentType } = requestFor(path, op);
    const where = `${op.operationId}: ${method.toUpperCase()} ${url} ${JSON.stringify(body) ?? ''}`;
    if (op.operationId === 'stream') {
      // A stream never ends: check its head on a real socket and hang up.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const head = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${address}${url}`, { headers: credentials(op) }, resolve).on('error', reject);
      });
      expect(head.statusCode, where).toBe(200);
      expect(head.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(Object.keys(op.responses['200']!.content!)).toEqual(['text/event-stream']);
      // Hang up, and let the server see it before the app closes.
      const closed = new Promise((resolve) => head.socket.once('close', resolve));
      head.destroy();
      await closed;
      continue;
    }
    if (op.operationId === 'slackInteraction') {
      // A real interaction: a signed form whose payload is a block_actions press (Slack's shape).
      expect(contentType).toBe(FORM);
      expect(JSON.parse(new URLSearchParams(raw).get('payload')!)).toMatchObject({ type: 'block_actions', actions: [{ action_id: 'hado_ack' }] });
    }
    const res = await t.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      headers: { ...credentials(op, raw), ...(raw === undefined ? {} : { 'content-type': contentType }) },
      ...(raw === undefined ? {} : { payload: raw }),
    });
    expect(res.statusCode, `${where} → ${res.body}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${where} → ${res.body}`).toBeLessThan(300);
    const documented = op.responses[String(res.statusCode)];
    expect(documented, `${where}: status ${res.statusCode} is not documented`).toBeDefined();
    const schema = documented!.content?.['application/json']?.schema;
    if (schema === undefined || (schema as { type?: string }).type === 'null') {
      expect(res.body, where).toBe('');
      continue;
    }
    const validate = ajv.compile(schema);
    const answer = JSON.parse(res.body) as unknown;
    expect(validate(answer) ? [] : validate.errors, `${where} → ${res.body}`).toEqual([]);
    if (op.operationId === 'addMyChannel') {
      const id = String((answer as { channel: { id: number } }).channel.id);
      fixture.patchMyChannel = { id };
      fixture.rotateMyWebhookSecret = { id };
      fixture.deleteMyChannel = { id };
    }
    if (op.operationId === 'addMyDevice') {
      const id = String((answer as { device: { id: number } }).device.id);
      fixture.patchMyDevice = { id };
      fixture.deleteMyDevice = { id };
    }
    if (op.operationId === 'addPushSubscription') {
      fixture.deletePushSubscription = { id: String((answer as { subscription: { id: number } }).subscription.id) };
    }
  }
});

it('documents every error body the server gives: a few bad requests checked against their documented schemas', async () => {
  const ajv = schemaValidator();
  const cases: Array<{ op: string; method: string; url: string; headers?: Record<string, string>; body?: unknown; status: number }> = [
    { op: 'putEvents', method: 'PUT', url: '/api/events', status: 401, body: { events: [] } },
    { op: 'putEvents', method: 'PUT', url: '/api/events', headers: { authorization: `Bearer ${token}` }, body: { events: [{ user: 'x' }] }, status: 422 },
    { op: 'getEvent', method: 'GET', url: '/api/events?source_ref=nope', headers: { authorization: `Bearer ${token}` }, status: 404 },
    { op: 'getMe', method: 'GET', url: '/me', status: 401 },
    { op: 'doneMyEvent', method: 'POST', url: `/me/events/${fixture.doneMyEvent!.id}/done`, headers: { 'x-remote-user': USER }, status: 200 },
    { op: 'ackMyEvent', method: 'POST', url: `/me/events/${fixture.doneMyEvent!.id}/ack`, headers: { 'x-remote-user': USER }, status: 409 },
    { op: 'ackByLink', method: 'POST', url: '/a/not-a-token/ack', status: 404 },
  ];
  for (const c of cases) {
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: c.headers ?? {},
      ...(c.body === undefined ? {} : { payload: c.body as object }),
    });
    expect(res.statusCode, `${c.op} ${res.body}`).toBe(c.status);
    const found = operations(doc).find((o) => o.op.operationId === c.op)!;
    const schema = found.op.responses[String(c.status)]?.content?.['application/json']?.schema;
    expect(schema, `${c.op} documents ${c.status}`).toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate(JSON.parse(res.body)) ? [] : validate.errors).toEqual([]);
  }
});
