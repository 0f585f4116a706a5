// The operations listener on HADO_METRICS_ADDR: /metrics, /healthz and
// /readyz of this process, whatever its kind (start, serve, scheduler,
// worker). Kept off the public port: metrics tell an outsider too much, and a
// scheduler or a worker has no public port at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Store } from '../db/connect.ts';
import { liveness, type Probe, readiness } from './health.ts';

export interface OpsListener {
  /** The bound address (the port is the real one when 0 was asked for). */
  address: { host: string; port: number };
  close(): Promise<void>;
}

export async function startOpsListener(opts: {
  host: string;
  port: number;
  registry: Registry;
  store: Store;
  onError?: (err: unknown) => void;
}): Promise<OpsListener> {
  const send = (res: http.ServerResponse, probe: Probe) => {
    res.writeHead(probe.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(probe.body));
  };
  const server = http.createServer((req, res) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const answer = async () => {
      if (route === 'GET /metrics') {
        const text = await opts.registry.metrics();
        res.writeHead(200, { 'content-type': opts.registry.contentType }).end(text);
      } else if (route === 'GET /healthz') send(res, await liveness(opts.store));
      else if (route === 'GET /readyz') send(res, await readiness(opts.store));
      else res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: /metrics, /healthz or /readyz\n');
    };
    answer().catch((err) => {
      opts.onError?.(err);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  // Scrapers hold keep-alive connections: a stopping process must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    address: { host: bound.address, port: bound.port },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
