// Which Host a request may name (issue 10, item 2). A DNS-rebinding page in
// the user's browser reaches 127.0.0.1:8080 under its own name
// (evil.example:8080): for the browser that is same-origin, so it could read
// the inbox, add a webhook or send X-Remote-User. It can never make the
// browser send a loopback literal or APP_URL's name as Host, so a request is
// served only when its Host is APP_URL's host and port, a loopback name or
// literal (localhost, 127.0.0.1, [::1]) with the port the connection came in
// on, or a name the operator listed in HADO_ALLOWED_HOSTS. Checked first,
// before any credential. /healthz and /readyz are exempt: container probes
// call them by the pod's address, and they say nothing but "ok" or "ready".
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HadoError } from '../errors.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The probes, answered whatever the Host. */
const PROBES = new Set(['/healthz', '/readyz']);

const HOST_SHAPE = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** "Hado.Example:443" under https → { name: "hado.example", port: "443" }; null when it is not a host[:port]. */
function normalise(host: string, protocol: string): { name: string; port: string } | null {
  if (!HOST_SHAPE.test(host)) return null;
  try {
    const u = new URL(`${protocol}//${host}`);
    return { name: u.hostname, port: u.port || (protocol === 'https:' ? '443' : '80') };
  } catch {
    return null;
  }
}

export interface HostPolicy {
  /** True when a request with this Host header, arriving on `localPort`, is meant for this Hado. */
  accepts(host: string | undefined, localPort: number | undefined): boolean;
  /** True when a browser Origin is this Hado's own (APP_URL, or loopback on the listening port). */
  ownOrigin(origin: string, localPort: number | undefined): boolean;
}

export function hostPolicy(config: Pick<Config, 'appUrl' | 'allowedHosts'>): HostPolicy {
  const app = new URL(config.appUrl);
  const appHost = normalise(app.host, app.protocol);
  // "hado:8080" is that port only; "hado.internal" any port.
  const listed = config.allowedHosts.map((h) => ({ ...normalise(h, app.protocol), anyPort: !/:\d+$/.test(h) }));
  // No local port: not a TCP connection (inject() in tests, a Unix socket), which no web page can reach.
  const loopback = (name: string, port: string, localPort: number | undefined) =>
    LOOPBACK_NAMES.has(name) && (localPort === undefined || port === String(localPort));
  return {
    accepts(host, localPort) {
      // HTTP/1.0 without Host: not a browser, so not a rebinding page.
      if (host === undefined) return true;
      const h = normalise(host, app.protocol);
      if (!h) return false;
      if (appHost && h.name === appHost.name && h.port === appHost.port) return true;
      if (loopback(h.name, h.port, localPort)) return true;
      return listed.some((l) => l.name === h.name && (l.anyPort || l.port === h.port));
    },
    ownOrigin(origin, localPort) {
      let o: URL;
      try {
        o = new URL(origin);
      } catch {
        return false;
      }
      if (o.origin === app.origin) return true;
      if (o.protocol !== 'http:' && o.protocol !== 'https:') return false;
      return loopback(o.hostname, o.port || (o.protocol === 'https:' ? '443' : '80'), localPort);
    },
  };
}

/** An onRequest check: 421 Misdirected Request for a Host that is not this Hado's. */
export function checkHost(policy: HostPolicy): (request: FastifyRequest) => void {
  return (request) => {
    if (PROBES.has(request.routeOptions.url ?? request.url)) return;
    if (policy.accepts(request.headers.host, request.socket.localPort)) return;
    throw new HadoError(
      421,
      'misdirected',
      'This Host is not served here: use APP_URL or a loopback address (an operator can add names with HADO_ALLOWED_HOSTS)',
    );
  };
}
