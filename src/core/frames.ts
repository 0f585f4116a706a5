// A source's own frames on its users' live streams (issue 25): resolved to
// user ids and sent by NOTIFY (db/frames.ts); never stored.
import type { Db } from '../db/connect.ts';
import { notifyFrame, userIdsOf } from '../db/frames.ts';

export interface SourceFrame {
  type: string;
  data?: unknown;
  /** Logins; ignored when `all` is set. */
  recipients?: string[];
  all?: boolean;
}

/** Sends each frame to its recipients' streams (or every stream of the source's users); answers how many were accepted. */
export async function sendFrames(db: Db, source: { id: number; name: string }, frames: SourceFrame[]): Promise<number> {
  for (const f of frames) {
    const users = f.all ? 'all' : await userIdsOf(db, f.recipients ?? []);
    await notifyFrame(db, { s: source.id, n: source.name, t: f.type, x: f.data ?? null }, users);
  }
  return frames.length;
}
