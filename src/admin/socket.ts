// On embedded storage only one process may open the database, so commands
// such as `hado source:create` cannot open it while a server runs. The
// server listens on a Unix socket inside the data directory instead (its
// file permissions are the access control: 0600, the owner only), and those
// commands go through it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSource, sourceSummaries } from '../core/sources.ts';
import { HadoError } from '../errors.ts';
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
  app.post<{ Body: { name?: unknown } }>('/sources', async (request, reply) => {
    const name = typeof request.body?.name === 'string' ? request.body.name : '';
    return reply.status(201).send(await createSource(ctx.db, ctx.clock, name));
  });
  app.get('/sources', async () => ({ sources: await sourceSummaries(ctx.db) }));
  await app.listen({ path: socket });
  fs.chmodSync(socket, 0o600);
  return app;
}

/** Calls the running server's admin socket; the error catalogue's body becomes a HadoError. */
export function callAdminSocket<T>(socket: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        socketPath: socket,
        method,
        path: url,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            const json = JSON.parse(text);
            if ((res.statusCode ?? 500) >= 400) {
              reject(new HadoError(res.statusCode ?? 500, json?.error?.code ?? 'internal', json?.error?.message ?? text));
            } else resolve(json as T);
          } catch {
            reject(new Error(`The running Hado answered ${res.statusCode}: ${text.slice(0, 200)}`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('The running Hado did not answer on its admin socket')));
    req.on('error', reject);
    req.end(payload);
  });
}
