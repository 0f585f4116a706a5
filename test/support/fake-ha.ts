// A local fake of a Home Assistant webhook receiver (SPEC A7 webhook
// channel): node:http on 127.0.0.1 serving GET /presence → {"present": …}
// and taking POST /deliver, recording every request with the fake-clock
// instant it arrived at. Its answers are scripted: presence true/false,
// garbage, a 500 or a hang; deliveries a status code or a hang.
// It also speaks Home Assistant's REST API for a person entity:
// GET /api/states/person.<name> needs "Authorization: Bearer <token>"
// (401 otherwise, as HA does) and answers the entity's state object.
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
  /** Home Assistant: the long-lived token it accepts, and each person's state ("home", "not_home", …); absent = 404. */
  haToken: string;
  personStates: Record<string, string>;
  /** GET /api/states/person.<name> answers an object without `state` (a broken integration). */
  personNoState: boolean;
  /** URL of a person's state in HA's REST API. */
  personUrl(name: string): string;
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
    haToken: 'ha-long-lived-token',
    personStates: {},
    personNoState: false,
    personUrl: (name) => `${ha.url}/api/states/person.${name}`,
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
      const person = /^\/api\/states\/person\.([a-z0-9_]+)$/.exec(path);
      if (person && req.method === 'GET') {
        const json = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.headers.authorization !== `Bearer ${ha.haToken}`) return json(401, { message: 'Unauthorized' });
        const state = ha.personStates[person[1]!];
        if (state === undefined) return json(404, { message: 'Entity not found.' });
        const attributes = { editable: true, id: person[1], device_trackers: ['device_tracker.phone'], friendly_name: person[1] };
        if (ha.personNoState) return json(200, { entity_id: `person.${person[1]}`, attributes });
        return json(200, {
          entity_id: `person.${person[1]}`,
          state,
          attributes,
          last_changed: '2026-08-01T07:00:00+00:00',
          last_updated: '2026-08-01T07:00:00+00:00',
          context: { id: '01J0000000000000000000000', parent_id: null, user_id: null },
        });
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
