import { callAdminSocket } from '../admin/socket.ts';
import { loadConfig } from '../config.ts';
import { CAPABILITIES, parseCapabilities } from '../core/capabilities.ts';
import { changeCapability, createSource, SOURCE_NAME, sourceSummaries } from '../core/sources.ts';
import { hasEmbeddedDatabase } from '../db/backup.ts';
import { openContext } from '../runtime.ts';
import { defineCommand, UsageError } from './command.ts';
import { viaStoreOrServer } from './via-server.ts';

type Source = { id: number; name: string; capabilities: string[]; token: string };
type Summary = { id: number; name: string; capabilities: string[]; events: number; created_at: string };

function capabilitiesOf(list: string): string[] {
  try {
    return parseCapabilities(list);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

async function sourceCreate(name: string, can: string | undefined): Promise<number> {
  if (!SOURCE_NAME.test(name)) {
    throw new UsageError(`"${name}" is not a valid name: use 1-64 lower-case letters, digits, ".", "_" and "-"`);
  }
  const capabilities = capabilitiesOf(can ?? '');
  const config = loadConfig();
  const created = await viaStoreOrServer(
    () => openContext(config, { migrate: true }),
    (ctx) => createSource(ctx.db, ctx.clock, name, capabilities),
    (socket) => callAdminSocket<Source>(socket, 'POST', '/sources', { name, capabilities }),
  );
  const can_ = created.capabilities.length > 0 ? `, may ${created.capabilities.join(', ')}` : '';
  console.log(`Created source "${name}" (id ${created.id}${can_}). Its token, shown only this once:\n\n  ${created.token}\n`);
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
  console.log(['ID', 'NAME', 'EVENTS', 'CREATED', 'CAPABILITIES'].join('\t'));
  for (const s of sources) console.log([s.id, s.name, s.events, s.created_at, s.capabilities.join(',') || '-'].join('\t'));
  return 0;
}

async function sourceCapability(change: 'grant' | 'revoke', name: string, capability: string): Promise<number> {
  if (!(CAPABILITIES as readonly string[]).includes(capability)) {
    throw new UsageError(`"${capability}" is not a capability; one of ${CAPABILITIES.join(', ')}`);
  }
  const config = loadConfig();
  const after = await viaStoreOrServer(
    () => openContext(config, { migrate: true }),
    (ctx) => changeCapability(ctx.db, name, change, capability),
    (socket) => callAdminSocket<{ name: string; capabilities: string[] }>(socket, 'POST', `/sources/${encodeURIComponent(name)}/${change}`, { capability }),
  );
  console.log(`Source "${after.name}" may now: ${after.capabilities.join(', ') || 'nothing beyond events and notices'}`);
  return 0;
}

export const sourceCreateCommand = defineCommand({
  name: 'source:create',
  summary: 'register a client service and print its token once',
  description:
    'Registers a client service and prints its bearer token, shown only this once (the database keeps its SHA-256).\n' +
    'Works while a server holds the embedded data directory (through its admin socket).',
  args: [{ name: 'name', doc: '1-64 lower-case letters, digits, ".", "_" and "-"' }],
  options: { can: { type: 'string', value: 'capabilities', doc: `comma-separated capabilities: ${CAPABILITIES.join(', ')}` } },
  run: ({ args, values }) => sourceCreate(args[0]!, values.can),
});

const CAPABILITY_ARGS = [
  { name: 'name', doc: 'the source' },
  { name: 'capability', doc: `one of ${CAPABILITIES.join(', ')}: provision (PUT /api/users, audiences), address (email and Slack-channel recipients)` },
];

export const sourceGrantCommand = defineCommand({
  name: 'source:grant',
  summary: 'give a source a capability (provision, address)',
  args: CAPABILITY_ARGS,
  run: ({ args }) => sourceCapability('grant', args[0]!, args[1]!),
});

export const sourceRevokeCommand = defineCommand({
  name: 'source:revoke',
  summary: 'take a capability back from a source',
  args: CAPABILITY_ARGS,
  run: ({ args }) => sourceCapability('revoke', args[0]!, args[1]!),
});

export const sourceListCommand = defineCommand({
  name: 'source:list',
  summary: 'list registered sources',
  description:
    'Lists registered sources with their event counts and capabilities (never tokens). Changes nothing: on a schema that is behind it asks for "hado migrate".',
  run: () => sourceList(),
});
