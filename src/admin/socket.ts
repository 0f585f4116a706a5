// On embedded storage only one process may open the database, so commands
// such as `hado source:create` cannot open it while a server runs. The
// server listens on a Unix socket inside the data directory instead (its
// file permissions are the access control: 0600, the owner only), and those
// commands go through it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { changeCapability, createSource, sourceSummaries } from '../core/sources.ts';
import { rotateKey } from '../core/user-tokens.ts';
import { snapshotEmbedded } from '../db/backup.ts';
import { HadoError, invalid } from '../errors.ts';
import { processEndpoints } from '../net/outbound.ts';
import { errorHandler } from '../http/error-handler.ts';
import type { AppContext } from '../http/context.ts';

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export function adminSocketPath(dataDir: string): string | null {
  const p = path.join(path.resolve(dataDir), 'hado.sock');
  return Buffer.byteLength(p) <= MAX_SOCKET_PATH ? p : null;
}

/** Serves the admin commands on the data directory's socket; null when the path is too long. */
export async function startAdminSocket(ctx: AppContext, dataDir: string): Promise<FastifyInstance | null> {
  const socket = adminSocketPath(dataDir);
  if (!socket) return null;
  // This process holds the data directory's lock, so a socket file left here is stale.
  fs.rmSync(socket, { force: true });
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.post<{ Body: { name?: unknown; capabilities?: unknown } }>('/sources', async (request, reply) => {
    const name = typeof request.body?.name === 'string' ? request.body.name : '';
    const can = Array.isArray(request.body?.capabilities) ? request.body.capabilities.map(String) : [];
    return reply.status(201).send(await createSource(ctx.db, ctx.clock, name, can));
  });
  for (const change of ['grant', 'revoke'] as const) {
    app.post<{ Params: { name: string }; Body: { capability?: unknown } }>(`/sources/:name/${change}`, async (request) =>
      changeCapability(ctx.db, request.params.name, change, String(request.body?.capability ?? '')),
    );
  }
  app.post<{ Body: { name?: unknown; grace_ms?: unknown } }>('/sources/rotate-key', async (request) => {
    const name = typeof request.body?.name === 'string' ? request.body.name : '';
    const grace = typeof request.body?.grace_ms === 'number' ? request.body.grace_ms : 0;
    return rotateKey(ctx.db, ctx.clock, name, grace);
  });
  app.get('/sources', async () => ({ sources: await sourceSummaries(ctx.db) }));
  // hado demo's receiver: one loopback address and port, for a while (net/outbound.ts EndpointAllowances).
  app.post<{ Body: { address?: unknown; port?: unknown; ttl_ms?: unknown; revoke?: unknown } }>('/outbound/endpoints', async (request) => {
    const { address, port, ttl, revoke } = demoEndpoint(request.body ?? {});
    if (revoke) processEndpoints.revoke(address, port);
    else processEndpoints.allow(address, port, ttl);
    return { address, port, allowed: !revoke, ttl_ms: revoke ? 0 : ttl };
  });
  // hado backup: the snapshot as plain tar bytes, what it holds in a header. The command compresses
  // it (the slow part) in its own process, where it can show progress, rather than in the server's.
  app.post('/backup', async (_request, reply) => {
    const { tar, summary } = await snapshotEmbedded(ctx.store);
    return reply.type('application/x-tar').header('x-hado-summary', JSON.stringify(summary)).send(Buffer.from(tar));
  });
  await app.listen({ path: socket });
  fs.chmodSync(socket, 0o600);
  return app;
}

/** The longest a demo receiver stays allowed: a demo, not a way around HADO_OUTBOUND_ALLOWED_NETWORKS. */
export const DEMO_ENDPOINT_MAX_MS = 60 * 60_000;

/** A loopback address and a port (only loopback: what a demo receiver on this machine listens on). */
function demoEndpoint(body: { address?: unknown; port?: unknown; ttl_ms?: unknown; revoke?: unknown }) {
  const address = String(body.address ?? '');
  if (address !== '127.0.0.1' && address !== '::1') throw invalid('address', 'must be 127.0.0.1 or ::1 (a receiver on this machine)');
  const port = Number(body.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid('port', 'must be a port number');
  const ttl = body.ttl_ms === undefined ? DEMO_ENDPOINT_MAX_MS : Number(body.ttl_ms);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > DEMO_ENDPOINT_MAX_MS) throw invalid('ttl_ms', `must be 1 to ${DEMO_ENDPOINT_MAX_MS} ms`);
  return { address, port, ttl, revoke: body.revoke === true };
}

export interface AdminAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to the running server's admin socket. */
export function requestAdminSocket(
  socket: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; timeoutMs?: number } = {},
): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      {
        socketPath: socket,
        method,
        path: url,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        timeout: opts.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('The running Hado did not answer on its admin socket')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The error catalogue's body of a failed answer as a HadoError. */
export function adminError(answer: AdminAnswer): Error {
  const text = answer.body.toString('utf8');
  try {
    const json = JSON.parse(text);
    return new HadoError(answer.status, json?.error?.code ?? 'internal', json?.error?.message ?? text);
  } catch {
    return new Error(`The running Hado answered ${answer.status}: ${text.slice(0, 200)}`);
  }
}

/** Calls the running server's admin socket for JSON. */
export async function callAdminSocket<T>(socket: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const answer = await requestAdminSocket(socket, method, url, { body });
  if (answer.status >= 400) throw adminError(answer);
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    throw new Error(`The running Hado answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
  }
}
