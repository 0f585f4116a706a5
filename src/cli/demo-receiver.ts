// `hado demo`'s receiver: a webhook receiver on this machine's loopback, as
// Home Assistant or a service's own endpoint would be. GET /presence answers
// {"present": true} (someone is here: Hado delivers at once, inside active
// hours); POST /deliver checks the Standard Webhooks signature with the
// channel's secret and records what came. Loopback is refused by the
// outbound policy in every mode, so the demo asks the running server, through
// its admin socket, to allow exactly this address and port, for a while.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../channels/webhook/channel.ts';

export interface Received {
  /** "reminder" (an event's body) or "notice". */
  kind: 'reminder' | 'notice';
  title: string;
  /** The event's state when it was sent (reminders only). */
  state: string | null;
  /** The webhook-signature header verified against the channel's secret. */
  signed: boolean;
}

export interface DemoReceiver {
  address: '127.0.0.1';
  port: number;
  deliverUrl: string;
  presenceUrl: string;
  received: Received[];
  /** The secret Hado signs with, once the channel is made (checked on every later POST). */
  setSecret(secret: string): void;
  /** Resolves with the first reminder received (now or later), or null after timeoutMs. */
  reminder(timeoutMs: number): Promise<Received | null>;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

function readOf(body: string): Omit<Received, 'signed'> {
  const json = JSON.parse(body) as { event?: { title?: string; state?: string }; notice?: { title?: string } };
  if (json.event) return { kind: 'reminder', title: String(json.event.title ?? ''), state: json.event.state ?? null };
  return { kind: 'notice', title: String(json.notice?.title ?? ''), state: null };
}

export async function startDemoReceiver(onReceived: (r: Received) => void): Promise<DemoReceiver> {
  let secret: string | null = null;
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/presence') return answer(200, { present: true });
    if (req.method !== 'POST' || req.url !== '/deliver') return answer(404, { error: 'not found' });
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) req.destroy();
    });
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const ts = Number(req.headers['webhook-timestamp']);
      const sent = String(req.headers['webhook-signature'] ?? '').split(' ');
      const signed = secret !== null && sent.includes(signWebhook(secret, id, ts, body));
      let read: Omit<Received, 'signed'>;
      try {
        read = readOf(body);
      } catch {
        return answer(400, { error: 'not JSON' });
      }
      const r = { ...read, signed };
      received.push(r);
      onReceived(r);
      for (const wake of waiters) wake();
      answer(200, { ok: true });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    address: '127.0.0.1',
    port,
    deliverUrl: `${base}/deliver`,
    presenceUrl: `${base}/presence`,
    received,
    setSecret: (s) => {
      secret = s;
    },
    reminder: (timeoutMs) =>
      new Promise((resolve) => {
        const check = (): boolean => {
          const r = received.find((x) => x.kind === 'reminder');
          if (!r) return false;
          done(r);
          return true;
        };
        const timer = setTimeout(() => done(null), timeoutMs);
        const done = (r: Received | null) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(r);
        };
        const wake = (): void => void check();
        if (!check()) waiters.add(wake);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
