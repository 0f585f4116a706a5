// For container and service-manager health checks: exits 0 when the local
// server answers 200, 1 otherwise, with one line saying which.
import { isIP } from 'node:net';
import { loadConfig } from '../config.ts';
import { defineCommand, UsageError } from './command.ts';

/** A listening address as a URL host: wildcard addresses are reached on loopback. */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return isIP(host) === 6 ? `[${host}]` : host;
}

function targetUrl(values: { url: string | undefined; metrics: boolean; ready: boolean }): string {
  const route = values.ready ? '/readyz' : '/healthz';
  if (values.url !== undefined) {
    try {
      return new URL(values.url).toString();
    } catch {
      throw new UsageError(`--url must be an absolute URL, got "${values.url}"`);
    }
  }
  const config = loadConfig();
  if (values.metrics) {
    if (!config.metricsAddr) throw new UsageError('--metrics needs HADO_METRICS_ADDR to be set');
    return `http://${reachableHost(config.metricsAddr.host)}:${config.metricsAddr.port}${route}`;
  }
  return `http://${reachableHost(config.host)}:${config.port}${route}`;
}

export const healthcheckCommand = defineCommand({
  name: 'healthcheck',
  summary: 'exit 0 when the local server answers /healthz (for container health checks)',
  description:
    'Asks the local server for /healthz (from HOST and PORT, or --url) and exits 0 on a 200, 1 otherwise.\n' +
    'For a scheduler or worker, which have no HTTP port, use --metrics (the HADO_METRICS_ADDR listener).',
  options: {
    url: { type: 'string', value: 'url', doc: 'the URL to ask instead, e.g. http://127.0.0.1:8080/healthz' },
    metrics: { type: 'boolean', doc: 'ask the metrics listener (HADO_METRICS_ADDR) instead of the HTTP port' },
    ready: { type: 'boolean', doc: 'ask /readyz (schema current, database reachable) instead of /healthz' },
    timeout: { type: 'string', value: 'seconds', doc: 'how long to wait for the answer (default 5)' },
  },
  run: async ({ values }) => {
    const timeout = values.timeout === undefined ? 5 : Number(values.timeout);
    if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 300) {
      throw new UsageError(`--timeout must be a number of seconds in (0, 300], got "${values.timeout}"`);
    }
    const url = targetUrl(values);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeout * 1000), redirect: 'manual' });
      await res.body?.cancel();
      if (res.status === 200) {
        console.log(`healthy: ${url} answered 200`);
        return 0;
      }
      console.error(`unhealthy: ${url} answered ${res.status}`);
    } catch (e) {
      const why = e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeout} s` : String((e as Error).cause ?? e);
      console.error(`unhealthy: ${url}: ${why}`);
    }
    return 1;
  },
});
