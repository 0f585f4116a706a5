// Audiences (issue 24, capability `provision`): a source's named sets of
// users — "company-42/staff" — that a notice or a frame may name instead of
// listing logins. Unknown logins are made users, as POST /api/notices does
// for its recipients: the person exists in Hado from the first mention.
// Every write is one transaction of set-based statements (db/audiences.ts).
import type { Clock } from '../clock.ts';
import {
  addMembers,
  countMembers,
  deleteAudience,
  ensureLogins,
  findAudience,
  keepOnlyMembers,
  lockOrCreateAudience,
  memberPage,
  removeMembers,
  touchAudience,
} from '../db/audiences.ts';
import type { Db } from '../db/connect.ts';
import type { NewUserDefaults } from '../db/users.ts';
import { toDate } from '../domain/time.ts';
import { HadoError, notFound } from '../errors.ts';
import { LOGIN_PATTERN } from '../config.ts';

export const MAX_AUDIENCE_MEMBERS = 100_000;
export const MAX_AUDIENCE_PAGE = 1000;
export const DEFAULT_AUDIENCE_PAGE = 100;

/** Letters, digits and . _ - : @ +, in segments joined by single slashes ("company-42/staff"). */
export const AUDIENCE_NAME_PATTERN = /^(?=.{1,200}$)[A-Za-z0-9._:@+-]+(?:\/[A-Za-z0-9._:@+-]+)*$/;

const invalidAt = (field: string, message: string, index?: number): HadoError =>
  new HadoError(422, 'invalid', `${field}: ${message}`, index === undefined ? { field } : { field, index });

/** The audience name of a path or a notice; a 422 naming `field` otherwise. */
export function parseAudienceName(raw: unknown, field = 'name'): string {
  if (typeof raw !== 'string' || !AUDIENCE_NAME_PATTERN.test(raw)) {
    throw invalidAt(field, 'must be 1-200 letters, digits and . _ - : @ +, in segments joined by single slashes (e.g. company-42/staff)');
  }
  return raw;
}

/** A list of logins (members, add, remove): a 422 names field[i]. Duplicates are folded. */
export function parseLogins(raw: unknown, field: string): string[] {
  if (!Array.isArray(raw)) throw invalidAt(field, 'must be an array of logins');
  if (raw.length > MAX_AUDIENCE_MEMBERS) throw invalidAt(field, `at most ${MAX_AUDIENCE_MEMBERS} logins, got ${raw.length}`);
  raw.forEach((login: unknown, i) => {
    if (typeof login !== 'string' || !LOGIN_PATTERN.test(login)) {
      throw invalidAt(`${field}[${i}]`, 'must be a login: 1-128 letters, digits and . _ @ + -', i);
    }
  });
  return [...new Set(raw as string[])];
}

function parseBody(raw: unknown, fields: string[]): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidAt('body', `must be an object with ${fields.join(', ')}`);
  const unknown = Object.keys(raw).find((k) => !fields.includes(k));
  if (unknown !== undefined) throw invalidAt(unknown, `is not a field here (${fields.join(', ')})`);
  return raw as Record<string, unknown>;
}

export function parsePutBody(raw: unknown): string[] {
  const body = parseBody(raw, ['members']);
  return parseLogins(body.members, 'members');
}

export function parsePatchBody(raw: unknown): { add: string[]; remove: string[] } {
  const body = parseBody(raw, ['add', 'remove']);
  const add = body.add === undefined ? [] : parseLogins(body.add, 'add');
  const remove = body.remove === undefined ? [] : parseLogins(body.remove, 'remove');
  const removed = new Set(remove);
  const both = add.findIndex((l) => removed.has(l));
  if (both >= 0) throw invalidAt(`add[${both}]`, `"${add[both]}" is also in remove; name it once`, both);
  return { add, remove };
}

const tooMany = (field: string, count: number) => invalidAt(field, `the audience would hold ${count} members; at most ${MAX_AUDIENCE_MEMBERS}`);

export interface AudienceWriteResult {
  name: string;
  created: boolean;
  count: number;
  added: number;
  removed: number;
}

/** PUT: the members are exactly these logins (unknown ones made users). One transaction. */
export async function replaceAudience(
  db: Db,
  clock: Clock,
  defaults: NewUserDefaults,
  sourceId: number,
  name: string,
  logins: string[],
): Promise<AudienceWriteResult> {
  const now = toDate(clock.now());
  return db.transaction().execute(async (trx) => {
    const audience = await lockOrCreateAudience(trx, sourceId, name, now);
    await ensureLogins(trx, logins, defaults, now);
    const removed = await keepOnlyMembers(trx, audience.id, logins);
    const added = await addMembers(trx, audience.id, logins);
    return { name, created: audience.created, count: logins.length, added, removed };
  });
}

/** PATCH: adds and removes members of an existing audience (404 for none). One transaction. */
export async function changeAudience(
  db: Db,
  clock: Clock,
  defaults: NewUserDefaults,
  sourceId: number,
  name: string,
  change: { add: string[]; remove: string[] },
): Promise<AudienceWriteResult> {
  const now = toDate(clock.now());
  return db.transaction().execute(async (trx) => {
    const audience = await findAudience(trx, sourceId, name, true);
    if (audience === undefined) throw noAudience(name);
    const removed = await removeMembers(trx, audience.id, change.remove);
    await ensureLogins(trx, change.add, defaults, now);
    const added = await addMembers(trx, audience.id, change.add);
    const count = await countMembers(trx, audience.id);
    if (count > MAX_AUDIENCE_MEMBERS) throw tooMany('add', count);
    await touchAudience(trx, audience.id, now);
    return { name, created: false, count, added, removed };
  });
}

export const noAudience = (name: string): HadoError =>
  notFound(`This source has no audience "${name}"; make it with PUT /api/audiences/${encodeURIComponent(name)}`);

export interface AudiencePage {
  name: string;
  count: number;
  created_at: string;
  updated_at: string;
  members: string[];
  next_cursor: string | null;
}

/** The keyset cursor: the last member's user id, opaque to clients. */
const encodeCursor = (userId: number) => Buffer.from(`m${userId}`).toString('base64url');

function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^m(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw invalidAt('cursor', "is not a cursor this route gave; pass the previous page's next_cursor");
  return Number(m[1]);
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_AUDIENCE_PAGE;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_AUDIENCE_PAGE) throw invalidAt('limit', `must be 1..${MAX_AUDIENCE_PAGE}`);
  return n;
}

/** GET: a page of members' logins (keyset, in the order they joined Hado), with the count. */
export async function readAudience(db: Db, sourceId: number, name: string, page: { limit: number; cursor?: string }): Promise<AudiencePage> {
  const after = decodeCursor(page.cursor);
  const audience = await findAudience(db, sourceId, name);
  if (audience === undefined) throw noAudience(name);
  const rows = await memberPage(db, audience.id, after, page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    name,
    count: await countMembers(db, audience.id),
    created_at: audience.created_at.toISOString(),
    updated_at: audience.updated_at.toISOString(),
    members: shown.map((r) => r.login),
    next_cursor: rows.length > page.limit ? encodeCursor(shown.at(-1)!.id) : null,
  };
}

/** DELETE: the audience and its memberships (the users stay); 404 for none. */
export async function removeAudience(db: Db, sourceId: number, name: string): Promise<void> {
  if (!(await deleteAudience(db, sourceId, name))) throw noAudience(name);
}
