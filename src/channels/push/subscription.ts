// A browser's PushSubscription as POST /me/push/subscriptions takes it
// (its toJSON()): the push channel's config, checked field by field (a 422
// names the field), the endpoint also by the outbound policy the channel
// sends under.
import { invalid } from '../../errors.ts';
import { checkOutboundUrl, type OutboundPolicy } from '../../net/outbound.ts';

export interface ParsedSubscription {
  endpoint: string;
  /** Milliseconds since the epoch, or null. */
  expiration: number | null;
  /** base64url, unpadded. */
  keys: { p256dh: string; auth: string };
}

/** Unpadded or padded base64url of exactly `bytes` bytes; the key as stored (unpadded). */
function base64urlKey(field: string, raw: unknown, bytes: number, what: string): string {
  if (typeof raw !== 'string' || raw.length === 0) throw invalid(field, `must be a base64url string (${what})`);
  const bare = raw.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(bare)) throw invalid(field, 'must be base64url (A-Z, a-z, 0-9, - and _)');
  const decoded = Buffer.from(bare, 'base64url');
  if (decoded.length !== bytes) throw invalid(field, `must be ${bytes} bytes (${what}), got ${decoded.length}`);
  return bare;
}

/** The subscription as the browser sends it. */
export function parseSubscription(body: unknown, outbound: OutboundPolicy): ParsedSubscription {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', 'must be a PushSubscription object');
  const b = body as Record<string, unknown>;
  const unknownKey = Object.keys(b).find((k) => !['endpoint', 'expirationTime', 'keys'].includes(k));
  if (unknownKey !== undefined) throw invalid(unknownKey, 'is not a field of a PushSubscription (endpoint, expirationTime, keys)');
  // Push services are on the public internet; the same policy the channel connects under (net/outbound.ts).
  const endpoint = checkOutboundUrl(outbound, 'endpoint', b.endpoint);
  const expiration = b.expirationTime ?? null;
  if (expiration !== null && (typeof expiration !== 'number' || !Number.isFinite(expiration) || expiration < 0)) {
    throw invalid('expirationTime', 'must be null or milliseconds since the epoch');
  }
  if (typeof b.keys !== 'object' || b.keys === null || Array.isArray(b.keys)) throw invalid('keys', 'must be an object with p256dh and auth');
  const keys = b.keys as Record<string, unknown>;
  const extra = Object.keys(keys).find((k) => k !== 'p256dh' && k !== 'auth');
  if (extra !== undefined) throw invalid(`keys.${extra}`, 'is not a key of a PushSubscription (p256dh, auth)');
  const p256dh = base64urlKey('keys.p256dh', keys.p256dh, 65, 'an uncompressed P-256 point');
  if (Buffer.from(p256dh, 'base64url')[0] !== 0x04) throw invalid('keys.p256dh', 'must be an uncompressed P-256 point (starting with 0x04)');
  const auth = base64urlKey('keys.auth', keys.auth, 16, 'the authentication secret');
  return { endpoint, expiration: expiration as number | null, keys: { p256dh, auth } };
}
