// The operations listener on HADO_METRICS_ADDR: /metrics, /healthz and
// /readyz of this process, whatever its kind (start, serve, scheduler,
// worker). Kept off the public port: metrics tell an outsider too much, and a
// scheduler or a worker has no public port at all.
//
// Its Host is checked too (issue 10, item 2): a DNS-rebinding page
// (evil.example resolving to 127.0.0.1) would otherwise read /metrics as
// same-origin. Such a page always names itself in Host, never an IP address,
// so /metrics answers a Host that is an IP literal (a scraper by pod address,
// 127.0.0.1 on a mapped port), localhost, APP_URL's name or a name listed in
// HADO_ALLOWED_HOSTS, with any port; anything else is a 421. The probes
// answer whatever the Host, as on the public port.
import http from 'node:http';
import { type AddressInfo, isIP } from 'node:net';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Store } from '../db/connect.ts';
import { liveness, type Probe, readiness } from './health.ts';

const HOST_SHAPE = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** True when a request naming this Host may read the listener's metrics. */
export function opsHostAccepted(host: string | undefined, names: ReadonlySet<string>): boolean {
  // HTTP/1.0 without Host: not a browser, so not a rebinding page.
  if (host === undefined) return true;
  const m = HOST_SHAPE.exec(host);
  if (!m) return false;
  const name = m[1]!.toLowerCase().replace(/^\[|\]$/g, '');
  return isIP(name) !== 0 || name === 'localhost' || names.has(name);
}

/** APP_URL's host name and those of HADO_ALLOWED_HOSTS ("hado2:9000" → "hado2"), lower case. */
export function opsHostNames(config: Pick<Config, 'appUrl' | 'allowedHosts'>): Set<string> {
  const names = new Set<string>();
  for (const raw of [config.appUrl, ...config.allowedHosts]) {
    try {
      names.add(new URL(raw.includes('://') ? raw : `http://${raw}`).hostname.toLowerCase());
    } catch {
      // config.ts validated them; a name that does not parse names nothing.
    }
  }
  return names;
}

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
  /** The names besides IP literals and localhost that may read /metrics (none when not given). */
  hosts?: Pick<Config, 'appUrl' | 'allowedHosts'>;
  onError?: (err: unknown) => void;
}): Promise<OpsListener> {
  const names = opts.hosts ? opsHostNames(opts.hosts) : new Set<string>();
  const send = (res: http.ServerResponse, probe: Probe) => {
    res.writeHead(probe.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(probe.body));
  };
  const server = http.createServer((req, res) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const answer = async () => {
      if (route !== 'GET /healthz' && route !== 'GET /readyz' && !opsHostAccepted(req.headers.host, names)) {
        const body = {
          error: {
            code: 'misdirected',
            message: 'This Host is not served here: use an IP address or localhost (an operator can add names with HADO_ALLOWED_HOSTS)',
          },
        };
        res.writeHead(421, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      } else if (route === 'GET /metrics') {
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
