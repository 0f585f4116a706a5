// Registering client services (SPEC A9): a name and a token shown once.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { findSourceByTokenHash, insertSource, listSources, type Source, updateSourceCapabilities } from '../db/sources.ts';
import { toDate } from '../domain/time.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { type Capability, CAPABILITIES, isCapability } from './capabilities.ts';
import { insertSigningKey } from '../db/signing-keys.ts';
import { hashToken, newToken } from './tokens.ts';
import { newSigningKey } from './user-tokens.ts';

export type { Source };

export const SOURCE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export function checkSourceName(name: string): void {
  if (!SOURCE_NAME.test(name)) {
    throw invalid('name', `"${name}" is not a valid name: use 1-64 lower-case letters, digits, ".", "_" and "-"`);
  }
}

/**
 * Creates a source; the token is returned once and only its SHA-256 is
 * stored. Its signing key (user tokens, issue 25) is returned once too, and
 * kept as it is (HS256 needs it).
 */
export async function createSource(
  db: Db,
  clock: Clock,
  name: string,
  capabilities: string[] = [],
): Promise<{ id: number; name: string; capabilities: string[]; token: string; signing_key: string }> {
  checkSourceName(name);
  const unknown = capabilities.find((c) => !isCapability(c));
  if (unknown !== undefined) throw invalid('capabilities', `"${unknown}" is not a capability; one of ${CAPABILITIES.join(', ')}`);
  const token = newToken('hado_');
  const signingKey = newSigningKey();
  const now = toDate(clock.now());
  const created = await db.transaction().execute(async (trx) => {
    const row = await insertSource(trx, name, hashToken(token), now, [...new Set(capabilities)].sort());
    if (row) await insertSigningKey(trx, row.id, signingKey, now);
    return row;
  });
  if (!created) throw conflict(`a source named "${name}" already exists`);
  return { ...created, token, signing_key: signingKey };
}

/** Grants or revokes one capability of the source named; answers the capabilities it holds after. */
export async function changeCapability(
  db: Db,
  name: string,
  change: 'grant' | 'revoke',
  capability: string,
): Promise<{ name: string; capabilities: string[] }> {
  if (!isCapability(capability)) throw invalid('capability', `"${capability}" is not a capability; one of ${CAPABILITIES.join(', ')}`);
  const updated = await updateSourceCapabilities(db, name, (have) =>
    change === 'grant' ? [...new Set([...have, capability])].sort() : have.filter((c) => c !== (capability as Capability)),
  );
  if (!updated) throw notFound(`no source named "${name}"`);
  return { name: updated.name, capabilities: updated.capabilities };
}

export async function sourceSummaries(db: Db): Promise<Array<{ id: number; name: string; capabilities: string[]; events: number; created_at: string }>> {
  return (await listSources(db)).map((s) => ({
    id: s.id,
    name: s.name,
    capabilities: s.capabilities,
    events: Number(s.events),
    created_at: s.created_at.toISOString(),
  }));
}

/** The source a bearer token belongs to (only its SHA-256 is stored), or null. */
export function sourceByToken(db: Db, token: string): Promise<Source | null> {
  return findSourceByTokenHash(db, hashToken(token));
}
