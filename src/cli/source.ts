import { callAdminSocket } from '../admin/socket.ts';
import { loadConfig } from '../config.ts';
import { CAPABILITIES, parseCapabilities } from '../core/capabilities.ts';
import { changeCapability, createSource, SOURCE_NAME, sourceSummaries } from '../core/sources.ts';
import { hasEmbeddedDatabase } from '../db/backup.ts';
import { openContext } from '../runtime.ts';
import { defineCommand, UsageError } from './command.ts';
import { viaStoreOrServer } from './via-server.ts';
import { rotateKey } from '../core/user-tokens.ts';

type Source = { id: number; name: string; capabilities: string[]; token: string; signing_key: string };
type Rotated = { name: string; key: string; retires_at: string };
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
  console.log(`\nIts signing key for user tokens (the embedded inbox), shown only this once:\n\n  ${created.signing_key}\n`);
  console.log('Its backend signs HS256 JWTs with it: sub = login, iss = the source\'s name, aud = "hado", exp at most 24 h ahead.');
  return 0;
}

/** "24h", "90m", "30s", "2d" or "0": the grace period of the old key. */
export function parseGrace(text: string): number {
  const m = /^(\d{1,6})([smhd]?)$/.exec(text.trim());
  if (!m) throw new UsageError(`--grace must be a number with s, m, h or d ("24h"), got "${text}"`);
  const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  const ms = Number(m[1]) * unit;
  if (ms > 30 * 86_400_000) throw new UsageError('--grace is at most 30 days');
  return ms;
}

async function sourceRotateKey(name: string, grace: string): Promise<number> {
  const graceMs = parseGrace(grace);
  const config = loadConfig();
  const rotated = await viaStoreOrServer(
    () => openContext(config, { migrate: true }),
    (ctx) => rotateKey(ctx.db, ctx.clock, name, graceMs),
    (socket) => callAdminSocket<Rotated>(socket, 'POST', '/sources/rotate-key', { name, grace_ms: graceMs }),
  );
  console.log(`New signing key of "${rotated.name}", shown only this once:\n\n  ${rotated.key}\n`);
  console.log(`Tokens signed with the previous key are accepted until ${rotated.retires_at}.`);
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
    'Registers a client service and prints its bearer token, shown only this once (the database keeps its SHA-256),\n' +
    'and its signing key for user tokens (shown once too).\n' +
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

export const sourceRotateKeyCommand = defineCommand({
  name: 'source:rotate-key',
  summary: 'give a source a new signing key for user tokens; the old one stays valid for --grace',
  description:
    'Prints the new signing key once. Tokens signed with the previous key keep working for the grace period (default 24h), then are refused.\n' +
    'Works while a server holds the embedded data directory (through its admin socket).',
  args: [{ name: 'name', doc: "the source's name" }],
  options: { grace: { type: 'string', value: 'duration', doc: 'how long the previous key stays valid: 30s, 90m, 24h, 2d, 0 (default 24h)' } },
  run: ({ args, values }) => sourceRotateKey(args[0]!, values.grace ?? '24h'),
});

export const sourceListCommand = defineCommand({
  name: 'source:list',
  summary: 'list registered sources',
  description:
    'Lists registered sources with their event counts and capabilities (never tokens). Changes nothing: on a schema that is behind it asks for "hado migrate".',
  run: () => sourceList(),
});
