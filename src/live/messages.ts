// What travels through Postgres NOTIFY (SPEC B4): small messages naming
// what changed and for whom — ids and user ids, never rows. A receiving
// process loads whatever its own connected users need. A NOTIFY payload must
// stay under 8000 bytes, so a message that would not fit loses its detail
// (its users resync), and past that its user list (everyone resyncs).
// Pure: no I/O.

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
