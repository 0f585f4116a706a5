// A local fake of a Home Assistant webhook receiver (SPEC A7 webhook
// channel): node:http on 127.0.0.1 serving GET /presence → {"present": …}
// and taking POST /deliver, recording every request with the fake-clock
// instant it arrived at. Its answers are scripted: presence true/false,
// garbage, a 500 or a hang; deliveries a status code or a hang.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../src/clock.ts';

export interface HaRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The fake-clock instant at arrival (ISO). */
  at: string;
}

export type PresenceAnswer = boolean | 'garbage' | 'error' | 'hang';

export interface FakeHa {
  url: string;
  presenceUrl: string;
  deliverUrl: string;
  presence: PresenceAnswer;
  /** Status for POST /deliver, or 'hang'. */
  deliverStatus: number | 'hang';
  requests: HaRequest[];
  presenceCalls(): HaRequest[];
  deliveries(): HaRequest[];
  close(): Promise<void>;
}

export async function startFakeHa(clock: Clock): Promise<FakeHa> {
  const held = new Set<http.ServerResponse>();
  const ha: FakeHa = {
    url: '',
    presenceUrl: '',
    deliverUrl: '',
    presence: false,
    deliverStatus: 200,
    requests: [],
    presenceCalls: () => ha.requests.filter((r) => r.path === '/presence'),
    deliveries: () => ha.requests.filter((r) => r.path === '/deliver'),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      ha.requests.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: clock.now().toString(),
      });
      if (path === '/presence' && req.method === 'GET') {
        const p = ha.presence;
        if (p === 'hang') {
          held.add(res);
          return;
        }
        if (p === 'error') return void res.writeHead(500).end('boom');
        if (p === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"present": "maybe"');
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ present: p }));
      }
      if (path === '/deliver' && req.method === 'POST') {
        const s = ha.deliverStatus;
        if (s === 'hang') {
          held.add(res);
          return;
        }
        if (s >= 300 && s < 400) return void res.writeHead(s, { location: 'http://127.0.0.1:1/elsewhere' }).end();
        return void res.writeHead(s, { 'content-type': 'text/plain' }).end(s < 300 ? 'ok' : `failure ${s}`);
      }
      res.writeHead(404).end();
    });
  });
  // Longer than the client's keep-alive (undici: 4 s), as real receivers are: the client closes idle sockets first.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ha.url = `http://127.0.0.1:${port}`;
  ha.presenceUrl = `${ha.url}/presence`;
  ha.deliverUrl = `${ha.url}/deliver`;
  return ha;
}
