// Signed user tokens for the inbox embedded in a sibling web app (issue 25):
// an HS256 JWT signed with the source's signing key, which Hado checks with
// no round trip. Claims: sub = the user's login, iss = the source's name,
// aud = "hado", exp at most 24 h ahead, optional nbf, iat, jti.
//
// The key is an opaque string ("hado_sk_…", shown once by hado
// source:create); its HMAC key is the UTF-8 bytes of the whole string, as
// the clients say (clients/python hado_client.signing_key_bytes).
import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, errors as jose, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';
import { LOGIN_PATTERN } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { rotateSigningKey, type SigningKeySource, signingKeysOf } from '../db/signing-keys.ts';
import { toDate } from '../domain/time.ts';
import { invalid, notFound, unauthorized } from '../errors.ts';

export const AUDIENCE = 'hado';
export const MAX_TTL_SECONDS = 24 * 60 * 60;
/** The longest user token accepted: far above sub, iss, aud, exp, nbf, iat and jti, far below a header's limit. */
export const MAX_TOKEN_CHARS = 4096;
/** Clocks of two machines disagree a little: this much is forgiven on exp and nbf. */
const LEEWAY_SECONDS = 5;

/** When a token of this `exp` stops being accepted (ms since the epoch): its exp plus the leeway. */
export const tokenRefusedFromMs = (exp: number): number => (exp + LEEWAY_SECONDS) * 1000;

export interface UserTokenClaims {
  source: SigningKeySource;
  login: string;
  /** When the token expires (seconds since the epoch). */
  exp: number;
}

export const newSigningKey = (): string => `hado_sk_${randomBytes(32).toString('base64url')}`;

const keyBytes = (key: string): Uint8Array => new TextEncoder().encode(key);

const seconds = (clock: Clock): number => Math.floor(clock.now().epochMilliseconds / 1000);

/** The token `POST /api/user-tokens` answers: the same a sibling's backend signs itself. */
export async function mintUserToken(
  db: Db,
  clock: Clock,
  source: SigningKeySource,
  login: string,
  ttlSeconds: number,
): Promise<{ token: string; exp: number }> {
  if (!LOGIN_PATTERN.test(login)) throw invalid('login', 'must be 1-128 letters, digits and ._@+-');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TTL_SECONDS) {
    throw invalid('ttl_seconds', `must be a whole number of seconds from 1 to ${MAX_TTL_SECONDS}`);
  }
  const found = await signingKeysOf(db, source.name, toDate(clock.now()));
  const key = found?.keys[0];
  if (!key) throw notFound(`The source "${source.name}" has no signing key yet: run "hado source:rotate-key ${source.name}"`);
  const now = seconds(clock);
  const exp = now + ttlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(login)
    .setIssuer(source.name)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(keyBytes(key));
  return { token, exp };
}

const refused = (reason: string) => unauthorized(`User token refused: ${reason}`);

/** The header and claims before any signature is checked: only to say why a token is refused, and to find its keys. */
function peek(token: string): { alg: unknown; iss: unknown } {
  try {
    return { alg: decodeProtectedHeader(token).alg, iss: decodeJwt(token).iss };
  } catch {
    throw refused('not a JWT (header.payload.signature, base64url)');
  }
}

/** Checks a user token; a refused one is a 401 that says why. */
export async function verifyUserToken(db: Db, clock: Clock, token: string): Promise<UserTokenClaims> {
  // A real token is a few hundred characters: a huge one is never parsed, even if its signature holds (issue 27).
  if (token.length > MAX_TOKEN_CHARS) throw refused(`longer than ${MAX_TOKEN_CHARS} characters`);
  const { alg, iss } = peek(token);
  if (alg !== 'HS256') throw refused(`alg must be HS256, not ${JSON.stringify(alg ?? null)}`);
  if (typeof iss !== 'string') throw refused("iss (the source's name) is missing");
  const found = await signingKeysOf(db, iss, toDate(clock.now()));
  if (!found) throw refused(`no source named "${iss}" (iss)`);
  const currentDate = new Date(clock.now().epochMilliseconds);
  for (const key of found.keys) {
    try {
      const { payload } = await jwtVerify(token, keyBytes(key), {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: iss,
        currentDate,
        clockTolerance: LEEWAY_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
      const exp = payload.exp!;
      if (exp - seconds(clock) > MAX_TTL_SECONDS + LEEWAY_SECONDS) throw refused('exp is more than 24 h ahead');
      if (typeof payload.sub !== 'string' || !LOGIN_PATTERN.test(payload.sub)) throw refused('sub is not a login');
      return { source: found.source, login: payload.sub, exp };
    } catch (err) {
      if (err instanceof jose.JWSSignatureVerificationFailed) continue;
      throw claimRefusal(err);
    }
  }
  throw refused(`the signature does not match a signing key of the source "${iss}" (wrong or retired key)`);
}

function claimRefusal(err: unknown): Error {
  if (err instanceof jose.JWTExpired) return refused('expired (exp)');
  if (err instanceof jose.JWTClaimValidationFailed) {
    if (err.claim === 'nbf') return refused('not valid yet (nbf)');
    if (err.claim === 'aud') return refused(`wrong audience: aud must be "${AUDIENCE}"`);
    return refused(`${err.claim} ${err.reason === 'missing' ? 'is missing' : 'is not valid'}`);
  }
  if (err instanceof jose.JOSEError) return refused(err.message);
  return err as Error;
}

/** `hado source:rotate-key`: a new current key; the old ones stay valid for `graceMs`. */
export async function rotateKey(db: Db, clock: Clock, name: string, graceMs: number): Promise<{ name: string; key: string; retires_at: string }> {
  const key = newSigningKey();
  const now = toDate(clock.now());
  const retiresAt = new Date(now.getTime() + graceMs);
  const source = await rotateSigningKey(db, name, key, now, retiresAt);
  if (!source) throw notFound(`No source named "${name}"`);
  return { name: source.name, key, retires_at: retiresAt.toISOString() };
}
