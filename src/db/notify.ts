// The live stream's write side and its protocol (SPEC B4). A write NOTIFYs
// once per batch, on the same connection as the write: inside a transaction
// Postgres (and PGlite) delivers it at commit and drops it on rollback, so a
// page never hears of a change that did not happen. What travels is small —
// a kind, ids and user ids, never rows; every receiving process (src/live)
// loads whatever its own connected users need. A NOTIFY is only a hint: a
// page that misses one catches up on its next resync or reconnect.
//
// A payload must stay under 8000 bytes, so a message that would not fit
// loses its detail (its users resync), and past that its user list
// (everyone resyncs); a notice fan-out is split into as few messages as fit.
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import { eventUsersAndStates } from './events.ts';

/** The one Postgres channel every Hado process listens on. */
export const LIVE_CHANNEL = 'hado_live';

/** Postgres refuses payloads of 8000 bytes or more; keep a margin. */
export const MAX_PAYLOAD_BYTES = 7800;

export interface LiveMessage {
  /** Kind of change: "event", "user", and whatever kinds.ts lists (e.g. "notice"). */
  k: string;
  /** The users whose connections it concerns; absent when `all`. */
  u?: number[];
  /** Kind-specific detail (ids and small values); absent when it did not fit. */
  d?: unknown;
  /** Too many users to name: every connection resyncs. */
  all?: true;
}

/** Event detail: [event id, user id, state] per changed event. */
export type EventChange = [id: number, userId: number, state: string];

/** The NOTIFY payload for a change, degraded to fit the size limit. */
export function encodeMessage(kind: string, users: Iterable<number>, detail?: unknown): string {
  const u = [...new Set(users)];
  if (detail !== undefined) {
    const full = JSON.stringify({ k: kind, u, d: detail });
    if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES) return full;
  }
  const usersOnly = JSON.stringify({ k: kind, u });
  if (Buffer.byteLength(usersOnly) <= MAX_PAYLOAD_BYTES) return usersOnly;
  return JSON.stringify({ k: kind, all: true });
}

/** Parses a payload; null for anything that is not a message (another writer on the channel). */
export function parseMessage(text: string): LiveMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  if (typeof m.k !== 'string') return null;
  if (m.all === true) return { k: m.k, all: true };
  if (!Array.isArray(m.u) || !m.u.every((x) => Number.isSafeInteger(x))) return null;
  return m.d === undefined ? { k: m.k, u: m.u as number[] } : { k: m.k, u: m.u as number[], d: m.d };
}

/** Event detail from a message, or null when it is missing or malformed (then: resync). */
export function eventChanges(d: unknown): EventChange[] | null {
  if (!Array.isArray(d)) return null;
  for (const c of d) {
    if (!Array.isArray(c) || c.length !== 3 || !Number.isSafeInteger(c[0]) || !Number.isSafeInteger(c[1])) return null;
    if (typeof c[2] !== 'string') return null;
  }
  return d as EventChange[];
}

/**
 * Announces a change of `kind` concerning `users` to every Hado process.
 * `detail` is kind-specific and small (ids, states); it is dropped when the
 * payload would not fit, and then those users resync.
 */
export async function notifyChange(db: Db, kind: string, users: Iterable<number>, detail?: unknown): Promise<void> {
  const ids = [...new Set(users)];
  if (ids.length === 0) return;
  await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${encodeMessage(kind, ids, detail)})`.execute(db);
}

/** Events changed (created, state, payload, Ack): one frame per event for its user, then the badge. */
export async function notifyEvents(db: Db, events: Array<{ id: number; user_id: number; state: string }>): Promise<void> {
  if (events.length === 0) return;
  const detail: EventChange[] = events.map((e) => [e.id, e.user_id, e.state]);
  await notifyChange(
    db,
    'event',
    events.map((e) => e.user_id),
    detail,
  );
}

/** Events changed, known only by id (e.g. after an UPDATE that returned ids). */
export async function notifyEventIds(db: Db, ids: number[]): Promise<void> {
  await notifyEvents(db, await eventUsersAndStates(db, ids));
}

/** A user's settings changed (zone, quiet hours): their pages re-read everything. */
export async function notifyUserChanged(db: Db, userId: number): Promise<void> {
  await notifyChange(db, 'user', [userId]);
}

export interface NoticePush {
  id: number;
  userIds: number[];
}

/**
 * The messages announcing these pushes: one, unless its recipient list would
 * not fit a NOTIFY payload — then as few as fit, each naming its notices and
 * their recipients, so a fan-out to thousands still arrives as rows rather
 * than a resync. Pure.
 */
export function noticeMessages(pushes: NoticePush[]): Array<{ users: number[]; ids: number[] }> {
  // Sizes are counted, not encoded each time: a fan-out to thousands is planned in one pass.
  const BASE = JSON.stringify({ k: 'notice', u: [], d: [] }).length;
  const cost = (n: number) => String(n).length + 1; // the number and its comma
  const out: Array<{ users: number[]; ids: number[] }> = [];
  let users = new Set<number>();
  let ids: number[] = [];
  let size = BASE;
  const flush = () => {
    if (ids.length > 0) out.push({ users: [...users], ids });
    users = new Set();
    ids = [];
    size = BASE;
  };
  for (const push of pushes) {
    const fresh = [...new Set(push.userIds)].filter((u) => !users.has(u));
    const add = (ids.includes(push.id) ? 0 : cost(push.id)) + fresh.reduce((n, u) => n + cost(u), 0);
    if (size + add > MAX_PAYLOAD_BYTES) {
      flush();
      // A notice whose recipients alone do not fit goes out in slices of them.
      ids = [push.id];
      size = BASE + cost(push.id);
      for (const u of new Set(push.userIds)) {
        if (size + cost(u) > MAX_PAYLOAD_BYTES && users.size > 0) {
          flush();
          ids = [push.id];
          size = BASE + cost(push.id);
        }
        users.add(u);
        size += cost(u);
      }
      continue;
    }
    if (!ids.includes(push.id)) ids.push(push.id);
    for (const u of fresh) users.add(u);
    size += add;
  }
  flush();
  return out;
}

/** Notices (re)pushed: ids as the detail, recipients as the users. One message per write batch (or as few as fit). */
export async function notifyNotices(db: Db, pushes: NoticePush[]): Promise<void> {
  for (const m of noticeMessages(pushes)) await notifyChange(db, 'notice', m.users, m.ids);
}

/** A user's read or archive state changed: their tabs get the new count. */
export async function notifyUnread(db: Db, userId: number): Promise<void> {
  await notifyChange(db, 'unread', [userId]);
}

/**
 * Notices withdrawn by their source (issue 24): their recipients' pages drop
 * them (`notice_removed`) and get the new count. The detail names the source,
 * so a token stream hears only of its own source's notices.
 */
export async function notifyNoticesRemoved(db: Db, sourceId: number, ids: number[], users: number[]): Promise<void> {
  if (ids.length === 0) return;
  await notifyChange(db, 'notice_removed', users, { s: sourceId, ids });
}
