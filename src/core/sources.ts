// Registering client services (SPEC A9): a name and a token shown once.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { findSourceByTokenHash, insertSource, listSources, type Source } from '../db/sources.ts';
import { toDate } from '../domain/time.ts';
import { conflict, invalid } from '../errors.ts';
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
export async function createSource(db: Db, clock: Clock, name: string): Promise<{ id: number; name: string; token: string; signing_key: string }> {
  checkSourceName(name);
  const token = newToken('hado_');
  const signingKey = newSigningKey();
  const now = toDate(clock.now());
  const created = await db.transaction().execute(async (trx) => {
    const row = await insertSource(trx, name, hashToken(token), now);
    if (row) await insertSigningKey(trx, row.id, signingKey, now);
    return row;
  });
  if (!created) throw conflict(`a source named "${name}" already exists`);
  return { ...created, token, signing_key: signingKey };
}

export async function sourceSummaries(db: Db): Promise<Array<{ id: number; name: string; events: number; created_at: string }>> {
  return (await listSources(db)).map((s) => ({ id: s.id, name: s.name, events: Number(s.events), created_at: s.created_at.toISOString() }));
}

/** The source a bearer token belongs to (only its SHA-256 is stored), or null. */
export function sourceByToken(db: Db, token: string): Promise<Source | null> {
  return findSourceByTokenHash(db, hashToken(token));
}
