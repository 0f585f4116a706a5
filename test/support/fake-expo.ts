// A fake Expo push API on 127.0.0.1 (issue 12): POST /--/api/v2/push/send
// answers a ticket per message, POST /--/api/v2/push/getReceipts a receipt
// per ticket it has made one for. Tokens can be marked dead at once (an
// error ticket with DeviceNotRegistered) or dead by receipt (an ok ticket,
// then a DeviceNotRegistered receipt); `mode` makes it hang, answer garbage,
// fail with a status, or hold receipts back ("not ready yet").
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExpoSent {
  to: string;
  title?: string;
  body?: string;
  data?: Record<string, unknown>;
  categoryId?: string;
  channelId?: string;
  priority?: string;
  ttl?: number;
  collapseId?: string;
  tag?: string;
  [k: string]: unknown;
}

export type ExpoMode = 'ok' | 'hang' | 'garbage' | 'wrong-count' | 'http-500' | 'http-429' | 'http-401';

export interface FakeExpo {
  /** The root to give as HADO_EXPO_API_ROOT. */
  root: string;
  /** Every message Expo accepted (an ok ticket), in order. */
  messages: ExpoSent[];
  /** Every send request's messages, as sent (chunk sizes). */
  requests: ExpoSent[][];
  /** Every getReceipts request's ids. */
  receiptRequests: string[][];
  /** The Authorization header of the last request. */
  lastAuthorization: string | undefined;
  /** What send answers; receipts answer as `receiptMode` says. */
  mode: ExpoMode;
  receiptMode: 'ok' | 'hang' | 'garbage' | 'not-ready';
  /** Tokens whose ticket is an error DeviceNotRegistered. */
  deadNow: Set<string>;
  /** Tokens whose ticket is ok and whose receipt is DeviceNotRegistered. */
  deadByReceipt: Set<string>;
  /** A token to a ticket error of another kind (MessageTooBig, MessageRateExceeded …). */
  ticketErrors: Map<string, string>;
  close(): Promise<void>;
}

export async function startFakeExpo(): Promise<FakeExpo> {
  const receipts = new Map<string, { status: 'ok' } | { status: 'error'; message: string; details: { error: string } }>();
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeExpo = {
    root: '',
    messages: [],
    requests: [],
    receiptRequests: [],
    lastAuthorization: undefined,
    mode: 'ok',
    receiptMode: 'ok',
    deadNow: new Set(),
    deadByReceipt: new Set(),
    ticketErrors: new Map(),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      raw += c;
    });
    req.on('end', () => {
      fake.lastAuthorization = req.headers.authorization;
      if (req.method !== 'POST') return json(res, 405, { errors: [{ code: 'METHOD', message: 'POST only' }] });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, { errors: [{ code: 'VALIDATION_ERROR', message: 'not JSON' }] });
      }
      if (req.url === '/--/api/v2/push/send') {
        const messages = body as ExpoSent[];
        fake.requests.push(messages);
        if (fake.mode === 'hang') {
          hanging.add(res);
          return;
        }
        if (fake.mode === 'garbage') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>502 Bad Gateway</html>');
        }
        if (fake.mode === 'http-500') return json(res, 500, { errors: [{ code: 'INTERNAL_SERVER_ERROR', message: 'boom' }] });
        if (fake.mode === 'http-429') {
          res.setHeader('retry-after', '120');
          return json(res, 429, { errors: [{ code: 'TOO_MANY_REQUESTS', message: 'slow down' }] });
        }
        if (fake.mode === 'http-401') return json(res, 401, { errors: [{ code: 'UNAUTHORIZED', message: 'bad access token' }] });
        if (messages.length > 100) return json(res, 400, { errors: [{ code: 'PUSH_TOO_MANY_NOTIFICATIONS', message: 'over 100' }] });
        const tickets = messages.map((m) => {
          if (fake.deadNow.has(m.to)) {
            return {
              status: 'error',
              message: `"${m.to}" is not a registered push notification recipient`,
              details: { error: 'DeviceNotRegistered', expoPushToken: m.to },
            };
          }
          const other = fake.ticketErrors.get(m.to);
          if (other) return { status: 'error', message: `${other} for ${m.to}`, details: { error: other } };
          const id = randomUUID();
          fake.messages.push(m);
          receipts.set(
            id,
            fake.deadByReceipt.has(m.to)
              ? { status: 'error', message: 'The device cannot receive push notifications anymore', details: { error: 'DeviceNotRegistered' } }
              : { status: 'ok' },
          );
          return { status: 'ok', id };
        });
        if (fake.mode === 'wrong-count') return json(res, 200, { data: tickets.slice(1) });
        return json(res, 200, { data: tickets });
      }
      if (req.url === '/--/api/v2/push/getReceipts') {
        const ids = (body as { ids: string[] }).ids;
        fake.receiptRequests.push(ids);
        if (fake.receiptMode === 'hang') {
          hanging.add(res);
          return;
        }
        if (fake.receiptMode === 'garbage') return json(res, 200, { data: ['not', 'a', 'map'] });
        if (fake.receiptMode === 'not-ready') return json(res, 200, { data: {} });
        const data: Record<string, unknown> = {};
        for (const id of ids) {
          const r = receipts.get(id);
          if (r) data[id] = r;
        }
        return json(res, 200, { data });
      }
      json(res, 404, { errors: [{ code: 'NOT_FOUND', message: req.url }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A token as Expo makes them. */
export const expoToken = (n: number | string): string => `ExponentPushToken[${String(n).padStart(22, 'x')}]`;
