import { adminSocketPath, callAdminSocket } from '../admin/socket.ts';
import { type Config, loadConfig } from '../config.ts';
import { createSource, SOURCE_NAME, sourceSummaries } from '../core/sources.ts';
import { DataDirBusyError } from '../db/connect.ts';
import { openContext } from '../runtime.ts';

type Source = { id: number; name: string; token: string };
type Summary = { id: number; name: string; events: number; created_at: string };

/**
 * Runs an admin command on the database, or — when a running server holds
 * the embedded data directory — through that server's admin socket.
 */
async function viaStoreOrServer<T>(
  config: Config,
  direct: (ctx: Awaited<ReturnType<typeof openContext>>) => Promise<T>,
  remote: { method: 'GET' | 'POST'; url: string; body?: unknown },
): Promise<T> {
  let ctx: Awaited<ReturnType<typeof openContext>>;
  try {
    ctx = await openContext(config, { migrate: true });
  } catch (e) {
    const socket = e instanceof DataDirBusyError ? adminSocketPath(e.dataDir) : null;
    if (!socket) throw e;
    try {
      return await callAdminSocket<T>(socket, remote.method, remote.url, remote.body);
    } catch (viaServer) {
      // No socket (an older or stuck server): the lock's clear message is the better answer.
      if ((viaServer as NodeJS.ErrnoException).code === 'ENOENT' || (viaServer as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
        throw e;
      }
      throw viaServer;
    }
  }
  try {
    return await direct(ctx);
  } finally {
    await ctx.store.close();
  }
}

export async function sourceCreate(args: string[]): Promise<number> {
  const name = args[0];
  if (!name || args.length > 1) {
    console.error('Usage: hado source:create <name>');
    return 2;
  }
  if (!SOURCE_NAME.test(name)) {
    console.error(`hado source:create: "${name}" is not a valid name: use 1-64 lower-case letters, digits, ".", "_" and "-"`);
    return 2;
  }
  const created = await viaStoreOrServer<Source>(loadConfig(), (ctx) => createSource(ctx.db, ctx.clock, name), {
    method: 'POST',
    url: '/sources',
    body: { name },
  });
  console.log(`Created source "${name}" (id ${created.id}). Its token, shown only this once:\n\n  ${created.token}\n`);
  console.log('Clients send it as "Authorization: Bearer <token>" on /api/*.');
  return 0;
}

export async function sourceList(): Promise<number> {
  const { sources } = await viaStoreOrServer<{ sources: Summary[] }>(
    loadConfig(),
    async (ctx) => ({ sources: await sourceSummaries(ctx.db) }),
    { method: 'GET', url: '/sources' },
  );
  if (sources.length === 0) {
    console.log('No sources yet. Create one with: hado source:create <name>');
    return 0;
  }
  console.log(['ID', 'NAME', 'EVENTS', 'CREATED'].join('\t'));
  for (const s of sources) console.log([s.id, s.name, s.events, s.created_at].join('\t'));
  return 0;
}
