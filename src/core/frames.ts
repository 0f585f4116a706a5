// A source's own frames on its users' live streams (issue 25): resolved to
// user ids and sent by NOTIFY (db/frames.ts); never stored. A frame may name
// one of the source's audiences (issue 24): its members at send time.
import { findAudiences, membersOf } from '../db/audiences.ts';
import type { Db } from '../db/connect.ts';
import { notifyFrame, userIdsOf } from '../db/frames.ts';
import { HadoError } from '../errors.ts';

export interface SourceFrame {
  type: string;
  data?: unknown;
  /** Logins; ignored when `all` is set. */
  recipients?: string[];
  /** One of the source's audiences. */
  audience?: string;
  all?: boolean;
}

/**
 * Sends each frame to its recipients' streams (or every stream of the
 * source's users); answers how many were accepted. Every audience named is
 * checked before any frame goes out: an unknown one is a 422 naming
 * `audience` (frames[i].audience in a batch) and nothing is sent.
 */
export async function sendFrames(db: Db, source: { id: number; name: string }, frames: SourceFrame[], batch = false): Promise<number> {
  const audiences = await findAudiences(
    db,
    source.id,
    frames.flatMap((f) => (f.audience === undefined ? [] : [f.audience])),
  );
  for (const [index, f] of frames.entries()) {
    if (f.audience !== undefined && !audiences.has(f.audience)) {
      const message = `this source has no audience "${f.audience}"; make it with PUT /api/audiences/{name}`;
      throw new HadoError(422, 'invalid', batch ? `frames[${index}].audience: ${message}` : `audience: ${message}`, {
        field: 'audience',
        ...(batch ? { index } : {}),
      });
    }
  }
  for (const f of frames) {
    const users = f.all
      ? 'all'
      : f.audience !== undefined
        ? (await membersOf(db, audiences.get(f.audience)!, null)).map((m) => m.id)
        : await userIdsOf(db, f.recipients ?? []);
    await notifyFrame(db, { s: source.id, n: source.name, t: f.type, x: f.data ?? null }, users);
  }
  return frames.length;
}
