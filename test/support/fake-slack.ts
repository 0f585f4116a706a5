// A fake Slack Web API on 127.0.0.1 (issue 17): conversations.open,
// users.getPresence, chat.postMessage, chat.update and auth.test, answering as Slack
// does ({ok:false, error} with HTTP 200 for platform errors, 429 with
// Retry-After when told to), and recording every call with its arguments.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  token: string | undefined;
}

export interface FakeSlack {
  apiRoot: string;
  calls: SlackCall[];
  /** Members of the workspace: Slack user id → presence ("active" | "away"). */
  users: Map<string, string>;
  /** Next answers of a method: a number is an HTTP status (429 comes with Retry-After: retryAfter), a string a platform error. */
  fail: Map<string, Array<number | string>>;
  retryAfter: number;
  /** The bot token auth.test accepts. */
  validToken: string;
  /** Posts by conversation, in order. */
  posts(channel?: string): SlackCall[];
  close(): Promise<void>;
}

async function readArgs(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return raw ? JSON.parse(raw) : {};
  const args: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    // The WebClient sends arrays and objects (blocks) as JSON strings.
    args[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
  }
  return args;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  let ts = 1_700_000_000;
  const fake = {
    calls: [] as SlackCall[],
    users: new Map<string, string>(),
    fail: new Map<string, Array<number | string>>(),
    retryAfter: 2,
    validToken: 'xoxb-test',
  };
  const server = createServer(async (req, res) => {
    const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0]!;
    const args = await readArgs(req);
    const auth = req.headers.authorization;
    fake.calls.push({ method, args, token: auth?.replace(/^Bearer /, '') });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const failure = fake.fail.get(method)?.shift();
    if (typeof failure === 'number') {
      return failure === 429
        ? json(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(fake.retryAfter) })
        : json(failure, { ok: false, error: 'http' });
    }
    if (typeof failure === 'string') return json(200, { ok: false, error: failure });
    switch (method) {
      case 'conversations.open': {
        const user = String(args.users ?? '');
        if (!fake.users.has(user)) return json(200, { ok: false, error: 'user_not_found' });
        return json(200, { ok: true, channel: { id: `D${user.slice(1)}` } });
      }
      case 'users.getPresence': {
        const p = fake.users.get(String(args.user ?? ''));
        return p ? json(200, { ok: true, presence: p }) : json(200, { ok: false, error: 'user_not_found' });
      }
      case 'chat.postMessage':
        ts += 1;
        return json(200, { ok: true, channel: args.channel, ts: `${ts}.000100`, message: { text: args.text } });
      case 'auth.test':
        return auth === `Bearer ${fake.validToken}`
          ? json(200, { ok: true, team: 'Hado Test', user: 'hado', team_id: 'T1', user_id: 'U1' })
          : json(200, { ok: false, error: 'invalid_auth' });
      case 'chat.update':
        return json(200, { ok: true, channel: args.channel, ts: args.ts });
      default:
        return json(200, { ok: false, error: 'unknown_method' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    apiRoot: `http://127.0.0.1:${port}/api`,
    posts: (channel?: string) => fake.calls.filter((c) => c.method === 'chat.postMessage' && (channel === undefined || c.args.channel === channel)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
