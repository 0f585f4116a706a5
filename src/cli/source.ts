import { callAdminSocket } from '../admin/socket.ts';
import { loadConfig } from '../config.ts';
import { createSource, SOURCE_NAME, sourceSummaries } from '../core/sources.ts';
import { hasEmbeddedDatabase } from '../db/backup.ts';
import { openContext } from '../runtime.ts';
import { defineCommand, UsageError } from './command.ts';
import { viaStoreOrServer } from './via-server.ts';

type Source = { id: number; name: string; token: string };
type Summary = { id: number; name: string; events: number; created_at: string };

async function sourceCreate(name: string): Promise<number> {
  if (!SOURCE_NAME.test(name)) {
    throw new UsageError(`"${name}" is not a valid name: use 1-64 lower-case letters, digits, ".", "_" and "-"`);
  }
  const config = loadConfig();
  const created = await viaStoreOrServer(
    () => openContext(config, { migrate: true }),
    (ctx) => createSource(ctx.db, ctx.clock, name),
    (socket) => callAdminSocket<Source>(socket, 'POST', '/sources', { name }),
  );
  console.log(`Created source "${name}" (id ${created.id}). Its token, shown only this once:\n\n  ${created.token}\n`);
  console.log('Clients send it as "Authorization: Bearer <token>" on /api/*.');
  return 0;
}

/** A listing changes nothing: it neither creates a database nor migrates one (a shared server's schema is "hado migrate"'s). */
async function sourceList(): Promise<number> {
  const config = loadConfig();
  const none = 'No sources yet. Create one with: hado source:create <name>';
  if (!config.databaseUrl && !hasEmbeddedDatabase(config.dataDir)) {
    console.log(none);
    return 0;
  }
  const { sources } = await viaStoreOrServer(
    () => openContext(config, { migrate: false }),
    async (ctx) => ({ sources: await sourceSummaries(ctx.db) }),
    (socket) => callAdminSocket<{ sources: Summary[] }>(socket, 'GET', '/sources'),
  );
  if (sources.length === 0) {
    console.log(none);
    return 0;
  }
  console.log(['ID', 'NAME', 'EVENTS', 'CREATED'].join('\t'));
  for (const s of sources) console.log([s.id, s.name, s.events, s.created_at].join('\t'));
  return 0;
}

export const sourceCreateCommand = defineCommand({
  name: 'source:create',
  summary: 'register a client service and print its token once',
  description:
    'Registers a client service and prints its bearer token, shown only this once (the database keeps its SHA-256).\n' +
    'Works while a server holds the embedded data directory (through its admin socket).',
  args: [{ name: 'name', doc: '1-64 lower-case letters, digits, ".", "_" and "-"' }],
  run: ({ args }) => sourceCreate(args[0]!),
});

export const sourceListCommand = defineCommand({
  name: 'source:list',
  summary: 'list registered sources',
  description: 'Lists registered sources with their event counts (never tokens). Changes nothing: on a schema that is behind it asks for "hado migrate".',
  run: () => sourceList(),
});
