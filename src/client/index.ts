// hado/client: a small typed client of Hado's client API (/api/*) for the
// services that push events and notices. Plain JavaScript at run time with
// nothing but the platform's fetch; its types come from the OpenAPI document
// (api.ts, generated). Imports nothing from the server.
//
//   import { createClient } from 'hado/client';
//   const hado = createClient({ baseUrl: 'https://hado.example', token: process.env.HADO_TOKEN });
//   await hado.putEvents([{ user: 'nikita', source_ref: 'person:42', topic: 'birthday',
//                           recurrence: { type: 'yearly', month: 8, day: 14 }, payload: { title: "Vasya's birthday" } }]);
import type { operations } from './api.ts';

type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type JsonAnswer<Op, S extends number> = Op extends { responses: { [K in S]: { content: { 'application/json': infer B } } } } ? B : never;

/** One event of PUT /api/events: `due_at` (with `fire_at`) or `recurrence` (with `fire_days_before`). */
export type EventInput = JsonBody<operations['putEvents']>['events'][number];
/** What Hado answers for each event of a batch, in order. */
export type UpsertResult = JsonAnswer<operations['putEvents'], 200>['events'][number];
/** A user a source provisions (PUT /api/users, issue 24). */
export type UserInput = JsonBody<operations['putUsers']>['users'][number];
export type ProvisionResult = JsonAnswer<operations['putUsers'], 200>['users'][number];
/** GET /api/events: the event and the state Hado keeps. */
export type ApiEvent = JsonAnswer<operations['getEvent'], 200>;
export type EventState = ApiEvent['state'];
/** A recurrence rule (SPEC Part C). */
export type RecurrenceRule = NonNullable<EventInput['recurrence']>;
/** One notice of POST /api/notices. */
export type NoticeInput = Extract<JsonBody<operations['postNotices']>, { title: unknown }>;
/** What Hado answers for each notice written (`result: "duplicate"` for a repeated dedupe_key). */
export type NoticeResult = Extract<JsonAnswer<operations['postNotices'], 200>, { notice: unknown }>['notice'];
/** GET /api/notices (issue 24): a page of the source's own notices, newest first. */
export type SourceNoticePage = JsonAnswer<operations['listNotices'], 200>;
export type SourceNotice = SourceNoticePage['notices'][number];
/** GET /api/notices/{id}: the notice, each recipient's read state, each delivery's state and reason. */
export type SourceNoticeDetail = JsonAnswer<operations['getNotice'], 200>;
/** DELETE /api/notices: what was withdrawn. */
export type WithdrawResult = JsonAnswer<operations['withdrawNotices'], 200>;
/** One topic of PUT /api/topics (issue 23): labels, section, allowed channels, defaults, delivery, toast, regroup. */
export type TopicInput = JsonBody<operations['putTopics']>['topics'][number];
/** A declared topic as GET /api/topics answers it, every default filled in. */
export type Topic = JsonAnswer<operations['getTopics'], 200>['topics'][number];
/** POST /api/user-tokens (issue 25): a user token for the embedded inbox and when it expires. */
export type UserToken = JsonAnswer<operations['postUserToken'], 200>;
/** One frame of POST /api/frames (issue 25): a type, JSON data (at most 4 KB), and recipients or all: true. */
export type FrameInput = Extract<JsonBody<operations['postFrames']>, { type: unknown }>;
/** PUT/PATCH /api/audiences/{name} (issue 24): the audience's name, whether this call made it, its count, and how many were added and removed. */
export type AudienceWriteResult = JsonAnswer<operations['putAudience'], 200>;
/** GET /api/audiences/{name}: a page of members' logins, the count, and next_cursor (null on the last page). */
export type AudiencePage = JsonAnswer<operations['getAudience'], 200>;

/** The path of an audience: its name encoded whole, so a slash travels as %2F. */
const audiencePath = (name: string): string => `/api/audiences/${encodeURIComponent(name)}`;

type Call = (method: string, path: string, body: unknown, repeatable: boolean) => Promise<{ status: number; json: unknown }>;

/** The audience methods (issue 24): every one may be repeated. */
function audienceMethods(call: Call): Pick<HadoClient, 'putAudience' | 'patchAudience' | 'getAudience' | 'deleteAudience'> {
  return {
    async putAudience(name, members) {
      return (await call('PUT', audiencePath(name), { members }, true)).json as AudienceWriteResult;
    },
    async patchAudience(name, change) {
      return (await call('PATCH', audiencePath(name), change, true)).json as AudienceWriteResult;
    },
    async getAudience(name, page = {}) {
      const q = new URLSearchParams();
      if (page.limit !== undefined) q.set('limit', String(page.limit));
      if (page.cursor !== undefined) q.set('cursor', page.cursor);
      const query = q.size > 0 ? `?${q}` : '';
      return (await call('GET', `${audiencePath(name)}${query}`, undefined, true)).json as AudiencePage;
    },
    async deleteAudience(name) {
      await call('DELETE', audiencePath(name), undefined, true);
    },
  };
}

/** The body of every error answer. */
export type ErrorBody = JsonAnswer<operations['putEvents'], 422>;

/** An error answer from Hado: its status, and the catalogue's code, field and (in a batch) index. */
export class HadoApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly index: number | undefined;
  /** The answer's body as Hado sent it (parsed when it was JSON). */
  readonly body: unknown;

  constructor(status: number, body: unknown, fallback: string) {
    const e = (body as Partial<ErrorBody> | null)?.error;
    super(e?.message ?? fallback);
    this.name = 'HadoApiError';
    this.status = status;
    this.code = e?.code ?? (status >= 500 ? 'internal' : 'bad_request');
    this.field = e?.field;
    this.index = e?.index;
    this.body = body;
  }
}

export interface ClientOptions {
  /** Where Hado is, e.g. "https://hado.example" (a path prefix is kept). */
  baseUrl: string;
  /** The source's token from `hado source:create <name>`. */
  token: string;
  /** Attempts in all for a call that may be repeated (default 4: one and three retries). */
  attempts?: number;
  /** The first retry's delay in ms, doubled each time with jitter (default 500), at most maxDelayMs (default 30000). */
  retryDelayMs?: number;
  maxDelayMs?: number;
  /** One attempt's deadline in ms (default 15000). */
  timeoutMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** How to wait between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

export interface HadoClient {
  /** PUT /api/users: provision a batch of users (capability provision; at most 500, all or nothing). Retried: the same batch writes the same. */
  putUsers(users: UserInput[]): Promise<ProvisionResult[]>;
  /** PUT /api/events: upsert a batch (at most 500, all or nothing). Retried: an upsert can be repeated. */
  putEvents(events: EventInput[]): Promise<UpsertResult[]>;
  /** GET /api/events: one event by its identity (topic omitted = ""). A 404 is thrown. Retried. */
  getEvents(query: { source_ref: string; topic?: string }): Promise<ApiEvent>;
  /** DELETE /api/events: withdraw the event (a whole series). Retried: withdrawing twice is the same. */
  deleteEvent(sourceRef: string, topic?: string): Promise<void>;
  /**
   * POST /api/notices: one notice, or a batch (an array or { notices }). Retried only when every
   * notice has a dedupe_key: a repeat is then a no-op that returns the existing notice.
   */
  postNotices(notice: NoticeInput): Promise<NoticeResult>;
  postNotices(batch: NoticeInput[] | { notices: NoticeInput[] }): Promise<NoticeResult[]>;
  /** GET /api/notices: the source's own notices, newest first; pass next_cursor back as cursor. Retried. */
  listNotices(query?: { source_ref?: string; topic?: string; cursor?: string; limit?: number }): Promise<SourceNoticePage>;
  /** GET /api/notices/{id}: one of the source's notices with its recipients and deliveries. A 404 is thrown. Retried. */
  getNotice(id: number): Promise<SourceNoticeDetail>;
  /**
   * DELETE /api/notices: withdraw notices by ids, or every notice of (source_ref, topic): they leave the
   * inboxes at once, pending deliveries are cancelled. Retried: withdrawing twice is the same.
   */
  withdrawNotices(by: { ids: number[] } | { source_ref: string; topic?: string }): Promise<WithdrawResult>;
  /** PUT /api/topics: declare the source's whole set of topics (replaces the earlier set). Retried: the same set twice is the same. */
  putTopics(topics: TopicInput[]): Promise<Topic[]>;
  /** GET /api/topics: the source's declared topics. Retried. */
  getTopics(): Promise<Topic[]>;
  /**
   * POST /api/user-tokens: a user token for the embedded inbox (the one a backend signs with the
   * source's signing key); ttlSeconds defaults to 3600, at most 24 h. Retried: minting changes nothing.
   */
  createUserToken(login: string, ttlSeconds?: number): Promise<UserToken>;
  /**
   * POST /api/frames: put the source's own frames on its users' live streams (never stored): one frame,
   * or a batch (an array or { frames }, at most 100). Answers how many were accepted. Never retried:
   * a repeated frame reaches the streams twice.
   */
  postFrames(frames: FrameInput | FrameInput[] | { frames: FrameInput[] }): Promise<number>;
  /** PUT /api/audiences/{name}: the whole set of members (capability provision; at most 100,000). Retried: the same set twice is the same. */
  putAudience(name: string, members: string[]): Promise<AudienceWriteResult>;
  /** PATCH /api/audiences/{name}: add and remove members (a 404 for an audience never made). Retried: adding or removing twice is the same. */
  patchAudience(name: string, change: { add?: string[]; remove?: string[] }): Promise<AudienceWriteResult>;
  /** GET /api/audiences/{name}: one page of members (pass next_cursor back as cursor). Retried. */
  getAudience(name: string, page?: { limit?: number; cursor?: string }): Promise<AudiencePage>;
  /** DELETE /api/audiences/{name}: the audience goes, its users stay. Retried (a repeat after a lost answer is a 404). */
  deleteAudience(name: string): Promise<void>;
}

const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** Retry-After in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Math.min(Number(value.trim()) * 1000, RETRY_AFTER_MAX_MS);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - nowMs), RETRY_AFTER_MAX_MS);
}

/** Answers worth another attempt of a repeatable call: rate limited, or the server failed. */
const retryable = (status: number): boolean => status === 429 || status >= 500;

/** An answer's body: JSON, null when empty, or the text itself when it is not JSON (a proxy's error page). */
function parseBody(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

export function createClient(options: ClientOptions): HadoClient {
  if (!options?.baseUrl) throw new TypeError('createClient: baseUrl is required');
  if (!options.token) throw new TypeError('createClient: token is required');
  const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const doFetch = options.fetch ?? globalThis.fetch;
  const attempts = Math.max(1, options.attempts ?? 4);
  const firstDelay = options.retryDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Exponential backoff with full jitter (so many clients do not retry in step). */
  const backoff = (attempt: number): number => Math.round(Math.random() * Math.min(maxDelay, firstDelay * 2 ** attempt));

  async function call(method: string, path: string, body: unknown, repeatable: boolean): Promise<{ status: number; json: unknown }> {
    const url = new URL(path.replace(/^\//, ''), base);
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const tries = repeatable ? attempts : 1;
    for (let attempt = 0; ; attempt++) {
      const last = attempt + 1 >= tries;
      let res: Response;
      try {
        res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (e) {
        // No answer (refused, reset, timed out): the call may or may not have happened.
        if (last) throw e;
        await sleep(backoff(attempt));
        continue;
      }
      const json = parseBody(await res.text());
      if (res.ok) return { status: res.status, json };
      if (!retryable(res.status) || last) {
        throw new HadoApiError(res.status, json, `${method} ${url.pathname}: HTTP ${res.status}`);
      }
      const wait = res.status === 429 ? retryAfterMs(res.headers.get('retry-after')) : null;
      await sleep(wait ?? backoff(attempt));
    }
  }

  const identity = (sourceRef: string, topic?: string): string => {
    const q = new URLSearchParams({ source_ref: sourceRef });
    if (topic !== undefined) q.set('topic', topic);
    return q.toString();
  };

  return {
    async putUsers(users) {
      const { json } = await call('PUT', '/api/users', { users }, true);
      return (json as { users: ProvisionResult[] }).users;
    },
    async putEvents(events) {
      const { json } = await call('PUT', '/api/events', { events }, true);
      return (json as { events: UpsertResult[] }).events;
    },
    async getEvents(query) {
      const { json } = await call('GET', `/api/events?${identity(query.source_ref, query.topic)}`, undefined, true);
      return json as ApiEvent;
    },
    async deleteEvent(sourceRef, topic) {
      await call('DELETE', `/api/events?${identity(sourceRef, topic)}`, undefined, true);
    },
    async postNotices(input: NoticeInput | NoticeInput[] | { notices: NoticeInput[] }) {
      const batch = Array.isArray(input) ? input : 'notices' in input ? input.notices : null;
      const body = batch === null ? input : { notices: batch };
      const repeatable = (batch ?? [input as NoticeInput]).every((n) => typeof n.dedupe_key === 'string');
      const { json } = await call('POST', '/api/notices', body, repeatable);
      const answer = json as { notice?: NoticeResult; notices?: NoticeResult[] };
      return (batch === null ? answer.notice : answer.notices) as NoticeResult & NoticeResult[];
    },
    ...noticeViewMethods(call),
    async putTopics(topics) {
      const { json } = await call('PUT', '/api/topics', { topics }, true);
      return (json as { topics: Topic[] }).topics;
    },
    async getTopics() {
      const { json } = await call('GET', '/api/topics', undefined, true);
      return (json as { topics: Topic[] }).topics;
    },
    async createUserToken(login, ttlSeconds) {
      const body = ttlSeconds === undefined ? { login } : { login, ttl_seconds: ttlSeconds };
      const { json } = await call('POST', '/api/user-tokens', body, true);
      return json as UserToken;
    },
    async postFrames(input) {
      const body = Array.isArray(input) ? { frames: input } : input;
      const { json } = await call('POST', '/api/frames', body, false);
      return (json as { accepted: number }).accepted;
    },
    ...audienceMethods(call),
  };
}

/** The source's view of its notices (issue 24): read back and withdraw. */
function noticeViewMethods(call: Call): Pick<HadoClient, 'listNotices' | 'getNotice' | 'withdrawNotices'> {
  return {
    async listNotices(query = {}) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
      const { json } = await call('GET', `/api/notices${q.size > 0 ? `?${q}` : ''}`, undefined, true);
      return json as SourceNoticePage;
    },
    async getNotice(id) {
      const { json } = await call('GET', `/api/notices/${encodeURIComponent(String(id))}`, undefined, true);
      return json as SourceNoticeDetail;
    },
    async withdrawNotices(by) {
      const { json } = await call('DELETE', '/api/notices', by, true);
      return json as WithdrawResult;
    },
  };
}
