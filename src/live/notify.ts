// The write side of the live stream: one NOTIFY per write batch, issued on
// the same connection as the write. Inside a transaction Postgres (and
// PGlite) delivers it at commit and drops it on rollback, so a page never
// hears of a change that did not happen. A NOTIFY is only a hint: a page
// that misses one catches up on its next resync or reconnect.
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { type EventChange, encodeMessage, LIVE_CHANNEL } from './messages.ts';

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
  if (ids.length === 0) return;
  const rows = await db.selectFrom('events').select(['id', 'user_id', 'state']).where('id', 'in', ids).execute();
  await notifyEvents(db, rows);
}

/** A user's settings changed (zone, quiet hours): their pages re-read everything. */
export async function notifyUserChanged(db: Db, userId: number): Promise<void> {
  await notifyChange(db, 'user', [userId]);
}
