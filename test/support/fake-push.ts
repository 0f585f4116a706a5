// A local fake of a Web Push service (RFC 8030) on 127.0.0.1, strict the
// way real ones are: every POST /push/<id> must carry a VAPID JWT (RFC 8292)
// signed ES256 by the key the server advertises, with `aud` = this service's
// origin, `exp` within 24 h of the real time, and a mailto:/https: `sub`;
// the body must be aes128gcm (RFC 8291) that decrypts with the subscription
// key pair the test made (`newSubscription`). Decrypted messages are kept
// with the fake-clock instant they arrived at. Answers are scripted per
// subscription: a status (201, 404, 410, 413, 429, 500 …) or a hang.
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece is the reference implementation of RFC 8188 that web-push itself builds on.
import ece from 'http_ece';
import type { Clock } from '../../src/clock.ts';

export interface PushedMessage {
  subscription: string;
  /** The decrypted JSON. */
  payload: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  jwt: { aud: string; exp: number; sub: string };
  at: string;
}

export interface Rejected {
  subscription: string;
  why: string;
}

export interface TestSubscription {
  id: string;
  /** What PushSubscription.toJSON() gives. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface FakePush {
  url: string;
  /** The VAPID public key the service accepts (the server's GET /me/push/vapid-key). */
  vapidKey: string;
  newSubscription(): TestSubscription;
  /** Answer for one subscription (default 201), or 'hang'. */
  answer: Map<string, number | 'hang'>;
  messages: PushedMessage[];
  rejected: Rejected[];
  requests: number;
  close(): Promise<void>;
}

const b64url = (b: Buffer): string => b.toString('base64url');

/** A P-256 public key (the 65-byte point) as a KeyObject. */
function publicKeyOf(point: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** Checks a `vapid t=<jwt>, k=<key>` header; returns the claims or why not. */
export function checkVapid(
  header: string | undefined,
  vapidKey: string,
  origin: string,
  nowSeconds: number,
): { aud: string; exp: number; sub: string } | string {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), ?k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return `bad Authorization: ${header}`;
  const [jwt, k] = [m[1]!, m[2]!];
  if (k !== vapidKey) return 'k is not the advertised key';
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') return `alg ${head.alg}`;
  // JWS ES256 signatures are r‖s (IEEE P1363), not DER.
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKeyOf(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) return 'signature does not verify';
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) return `exp ${claims.exp} not within 24 h`;
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return `sub ${claims.sub}`;
  return claims;
}

export async function startFakePush(clock: Clock, vapidKey: string): Promise<FakePush> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const held = new Set<http.ServerResponse>();
  const fake: FakePush = {
    url: '',
    vapidKey,
    answer: new Map(),
    messages: [],
    rejected: [],
    requests: 0,
    newSubscription() {
      const id = b64url(randomBytes(12));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        id,
        json: { endpoint: `${fake.url}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
      };
    },
    close: async () => {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.requests++;
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const reject = (status: number, why: string) => {
        fake.rejected.push({ subscription: id, why });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
      };
      const sub = keys.get(id);
      if (req.method !== 'POST' || !sub) return reject(404, 'no such subscription');
      const answer = fake.answer.get(id) ?? 201;
      if (answer === 'hang') {
        held.add(res);
        return;
      }
      // Like the real services: the request is judged before the scripted answer.
      const claims = checkVapid(req.headers.authorization, fake.vapidKey, fake.url, Math.floor(Date.now() / 1000));
      if (typeof claims === 'string') return reject(403, claims);
      if (req.headers['content-encoding'] !== 'aes128gcm') return reject(415, `content-encoding ${req.headers['content-encoding']}`);
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return reject(400, 'no TTL');
      if (!['very-low', 'low', 'normal', 'high'].includes(String(req.headers.urgency))) return reject(400, `urgency ${req.headers.urgency}`);
      let payload: Record<string, unknown>;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64url(sub.auth) });
        payload = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
      } catch (e) {
        return reject(400, `cannot decrypt: ${(e as Error).message}`);
      }
      if (answer >= 200 && answer <= 299) {
        fake.messages.push({ subscription: id, payload, headers: req.headers, jwt: claims, at: clock.now().toString() });
        res.writeHead(answer, { location: `${fake.url}/message/${fake.messages.length}` }).end();
        return;
      }
      res.writeHead(answer, answer === 429 ? { 'retry-after': '120' } : {}).end(`scripted ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
