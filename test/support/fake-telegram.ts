// A local fake of the Telegram Bot API (https://core.telegram.org/bots/api):
// node:http on 127.0.0.1 speaking its protocol at /bot<token>/<method> —
// getMe, sendMessage, editMessageReplyMarkup, answerCallbackQuery — recording
// every request with its arrival time, and able to answer with scripted
// failures (a 429 with retry_after, a 5xx, a 400) or to hang.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  token: string;
  // biome-ignore lint/suspicious/noExplicitAny: the recorded body is whatever JSON the client sent
  body: any;
  /** Arrival, in performance.now() milliseconds. */
  at: number;
}

export interface ScriptedFailure {
  status: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export const BOT_TOKEN = '123456:TEST-token_abc';
export const BOT_USERNAME = 'hado_test_bot';

export interface FakeTelegram {
  /** The API root to give the client (TELEGRAM_API_ROOT). */
  url: string;
  requests: RecordedRequest[];
  /** The recorded requests of one method. */
  calls(method: string): RecordedRequest[];
  /** The next `times` calls of `method` fail like this. */
  failNext(method: string, failure: ScriptedFailure, times?: number): void;
  /** The next call of `method` gets no answer until `release()` (for timeouts); release answers every held call. */
  hangNext(method: string): { release(): void };
  /** Waits until at least `count` calls of `method` arrived (polls; fails after `timeoutMs`). */
  waitFor(method: string, count?: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  clear(): void;
  close(): Promise<void>;
}

export async function startFakeTelegram(opts: { token?: string; username?: string } = {}): Promise<FakeTelegram> {
  const token = opts.token ?? BOT_TOKEN;
  const username = opts.username ?? BOT_USERNAME;
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, ScriptedFailure[]>();
  const hangs = new Map<string, number>();
  const held: Array<() => void> = [];
  let nextMessageId = 100;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
      if (!m) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, gotToken, method] = m as unknown as [string, string, string];
      let body: Record<string, unknown> = {};
      const raw = Buffer.concat(chunks).toString('utf8');
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
        }
      }
      requests.push({ method, token: gotToken, body, at });
      if (gotToken !== token) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });

      const answer = () => {
        const failure = failures.get(method)?.shift();
        if (failure) {
          return send(failure.status, {
            ok: false,
            error_code: failure.status,
            description: failure.description,
            ...(failure.parameters ? { parameters: failure.parameters } : {}),
          });
        }
        const date = Math.floor(Date.now() / 1000);
        switch (method) {
          case 'getMe':
            return send(200, { ok: true, result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Hado', username } });
          case 'sendMessage': {
            if (body.chat_id === undefined || typeof body.text !== 'string' || body.text === '') {
              return send(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
            }
            const chatId = Number(body.chat_id);
            return send(200, {
              ok: true,
              result: { message_id: nextMessageId++, date, chat: { id: chatId, type: 'private' }, text: body.text },
            });
          }
          case 'editMessageReplyMarkup':
            if (body.chat_id === undefined || body.message_id === undefined) {
              return send(400, { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' });
            }
            return send(200, { ok: true, result: true });
          case 'answerCallbackQuery':
            if (typeof body.callback_query_id !== 'string') {
              return send(400, { ok: false, error_code: 400, description: 'Bad Request: query is too old' });
            }
            return send(200, { ok: true, result: true });
          default:
            return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
        }
      };
      const hanging = hangs.get(method) ?? 0;
      if (hanging > 0) {
        hangs.set(method, hanging - 1);
        held.push(answer);
        return;
      }
      answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const calls = (method: string) => requests.filter((r) => r.method === method);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls,
    failNext(method, failure, times = 1) {
      const list = failures.get(method) ?? [];
      for (let i = 0; i < times; i++) list.push(failure);
      failures.set(method, list);
    },
    hangNext(method) {
      hangs.set(method, (hangs.get(method) ?? 0) + 1);
      return {
        release() {
          for (const answer of held.splice(0)) answer();
        },
      };
    },
    async waitFor(method, count = 1, timeoutMs = 5000) {
      const start = performance.now();
      while (calls(method).length < count) {
        if (performance.now() - start > timeoutMs) {
          throw new Error(`fake Telegram: expected ${count} ${method} call(s), got ${calls(method).length}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return calls(method);
    },
    clear() {
      requests.length = 0;
      failures.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
