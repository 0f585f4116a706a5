// A source's frame heard on the live channel (issue 25): `event: frame`,
// data { source, type, data }, on the busy lane ("event", SPEC B4) of the
// token streams of that source — of its users, or of everyone (`all`). A
// person's notices ride their own lane, so frames never push one out; an
// overflow is the lane's usual resync.
import type { LiveMessage } from '../db/notify.ts';
import type { Hub } from './hub.ts';

function detailOf(d: unknown): { s: number; n: string; t: string; x: unknown; all?: true } | null {
  if (typeof d !== 'object' || d === null) return null;
  const v = d as Record<string, unknown>;
  if (!Number.isSafeInteger(v.s) || typeof v.n !== 'string' || typeof v.t !== 'string') return null;
  return v as { s: number; n: string; t: string; x: unknown; all?: true };
}

/** Publishes a frame message on this process's streams; returns the connections reached. */
export function publishFrame(hub: Hub, msg: LiveMessage): number {
  const d = detailOf(msg.d);
  if (d === null) return 0;
  const frame = { type: 'frame', data: { source: d.n, type: d.t, data: d.x } };
  const audience = { source: d.s, only: true } as const;
  if (d.all === true) return hub.publishAll(frame, 'event', audience);
  return hub.publish(hub.connected(msg.u ?? []), frame, 'event', audience);
}
