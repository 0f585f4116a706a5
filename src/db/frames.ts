// The source's own frames on its users' streams (issue 25): never stored,
// only announced to every process on the live channel (NOTIFY), one message
// per frame — split by recipients when they would not fit.
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import { LIVE_CHANNEL, MAX_PAYLOAD_BYTES } from './notify.ts';

/** A frame as it travels: source id and name, type, data, and its users (none with `all`). */
export interface FrameDetail {
  s: number;
  n: string;
  t: string;
  x: unknown;
  all?: true;
}

/** The ids of these logins' users; logins Hado has never seen have no stream and are left out. */
export async function userIdsOf(db: Db, logins: string[]): Promise<number[]> {
  if (logins.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('login', 'in', logins).execute();
  return rows.map((r) => r.id);
}

/** NOTIFYs one frame: to every token stream of its source (`all`), or to these users' in as many messages as fit. */
export async function notifyFrame(db: Db, detail: FrameDetail, userIds: number[] | 'all'): Promise<void> {
  const payloads: string[] = [];
  if (userIds === 'all') payloads.push(JSON.stringify({ k: 'frame', u: [], d: { ...detail, all: true } }));
  else {
    const base = Buffer.byteLength(JSON.stringify({ k: 'frame', u: [], d: detail }));
    let chunk: number[] = [];
    let size = base;
    for (const id of userIds) {
      const add = String(id).length + 1;
      if (size + add > MAX_PAYLOAD_BYTES && chunk.length > 0) {
        payloads.push(JSON.stringify({ k: 'frame', u: chunk, d: detail }));
        chunk = [];
        size = base;
      }
      chunk.push(id);
      size += add;
    }
    if (chunk.length > 0) payloads.push(JSON.stringify({ k: 'frame', u: chunk, d: detail }));
  }
  for (const p of payloads) await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${p})`.execute(db);
}
