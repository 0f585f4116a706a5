// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm (RFC 8291):
// the `web-push` library makes the keys, signs the JWT and encrypts
// (generateRequestDetails); the request itself goes through Hado's own
// HTTP client (net/http-client.ts) so the outbound policy, keep-alive and a
// hard deadline apply to every push service like to every webhook.
//
// One instance per process (runtime.ts buildContext): it holds the key pair
// (the operator's, or the one kept in the database, made on first start),
// the keep-alive agents, and sends the close messages after Done.
import webpush from 'web-push';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { type ChannelRow, channelRecord } from '../../db/channels.ts';
import { deletePushChannel, loadVapidKeys, pushChannelsOfEvent, saveVapidKeys, type VapidKeyPair } from '../../db/push.ts';
import { toDate } from '../../domain/time.ts';
import type { ErrorSink } from '../../errors.ts';
import { OutboundRefusedError, type OutboundPolicy } from '../../net/outbound.ts';
import { type HttpClient, type HttpResponse, httpClient } from '../../net/http-client.ts';
import type { ChannelRecord, DeliveryResult, OutgoingMessage } from '../types.ts';
import { closePayload, eventTopic, noticeTopic, type PushPayload, renderPushPayload } from './payload.ts';

/** Like a webhook (SPEC A7's 15 s): a push service that hangs is a failed, retried attempt. */
export const PUSH_TIMEOUT_MS = 15_000;
/** A reminder older than this is not worth showing: the next window sends a fresh one. */
export const REMINDER_TTL_S = 6 * 3600;
/** A notice and a close message may wait a day for a phone that is off. */
export const NOTICE_TTL_S = 24 * 3600;
const ERROR_BODY_CHARS = 200;
/** RFC 8292 §2: a JWT may be reused for many messages; ours live 12 h (web-push's default) and are signed anew every hour. */
const JWT_LIFETIME_S = 12 * 3600;
const JWT_REUSE_MS = 3600_000;
const USER_AGENT = 'Hado-WebPush/1';

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** A browser's PushSubscription as stored: the endpoint and its two keys (base64url). */
export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The subscription a push channel row stands for, or null when its stored parts are not usable. */
export function subscriptionOf(channel: Pick<ChannelRecord, 'config' | 'secret'>): Subscription | null {
  const endpoint = channel.config.endpoint;
  if (typeof endpoint !== 'string' || !channel.secret) return null;
  try {
    const keys = JSON.parse(channel.secret) as { p256dh?: unknown; auth?: unknown };
    if (typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') return null;
    return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  } catch {
    return null;
  }
}

export interface WebPushOptions {
  db: Db;
  clock: Clock;
  config: { vapidPublicKey: string | null; vapidPrivateKey: string | null; vapidSubject: string; appUrl: string; connectTimeoutMs?: number };
  outbound: OutboundPolicy;
  onError: ErrorSink;
  timeoutMs?: number;
}

/** One push's outcome, and whether the subscription is gone for good (404/410: removed). */
type Sent = DeliveryResult & { gone?: boolean };

export class WebPush {
  private readonly client: HttpClient;
  private readonly timeoutMs: number;
  private keyPair: Promise<VapidKeyPair> | null = null;
  /** The signed `Authorization` per push service origin (the JWT's aud), and until when it is reused. */
  private readonly jwts = new Map<string, { header: string; until: number }>();

  constructor(private readonly opts: WebPushOptions) {
    this.client = httpClient(opts.outbound, opts.config.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: opts.config.connectTimeoutMs });
    this.timeoutMs = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  }

  /**
   * The key pair in force: the operator's, else the kept one, else a new one
   * kept now (two processes starting at once keep the first one written).
   */
  keys(): Promise<VapidKeyPair> {
    this.keyPair ??= this.loadKeys().catch((e: unknown) => {
      this.keyPair = null;
      throw e;
    });
    return this.keyPair;
  }

  private async loadKeys(): Promise<VapidKeyPair> {
    const { vapidPublicKey, vapidPrivateKey } = this.opts.config;
    if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
    const kept = await loadVapidKeys(this.opts.db);
    if (kept) return kept;
    return saveVapidKeys(this.opts.db, webpush.generateVAPIDKeys(), toDate(this.opts.clock.now()));
  }

  /** The applicationServerKey browsers subscribe with (base64url of the 65-byte P-256 point). */
  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  /** Sends one encrypted message to one subscription; a 404/410 removes the subscription's channel at once. */
  async send(channelId: number, subscription: Subscription, payload: PushPayload, opts: { ttl: number; urgency: Urgency; topic?: string }): Promise<Sent> {
    const keys = await this.keys();
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    let authorization: string;
    try {
      authorization = this.vapidAuthorization(new URL(subscription.endpoint).origin, keys);
      // Without vapidDetails the library only encrypts; the JWT is the one signed above.
      details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
        TTL: opts.ttl,
        urgency: opts.urgency,
        contentEncoding: 'aes128gcm',
        ...(opts.topic ? { topic: opts.topic } : {}),
      });
    } catch (e) {
      // A subscription key that is not a P-256 point, an endpoint that is not a URL: it will not get better.
      return { ok: false, error: `cannot encrypt for this subscription: ${(e as Error).message}`, retryable: false };
    }
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, authorization };
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = String(value);
    }
    let res: HttpResponse;
    try {
      res = await this.client.request(details.endpoint, {
        method: 'POST',
        headers,
        ...(details.body ? { body: details.body as Buffer } : {}),
        timeoutMs: this.timeoutMs,
        maxBody: ERROR_BODY_CHARS,
      });
    } catch (e) {
      // A timeout says nothing about the subscription: retried, never removed.
      if (e instanceof Error && e.name === 'TimeoutError') {
        return { ok: false, error: `timeout: no answer within ${this.timeoutMs / 1000} s`, retryable: true };
      }
      if (e instanceof OutboundRefusedError) return { ok: false, error: e.message, retryable: false };
      return { ok: false, error: e instanceof Error ? e.message : String(e), retryable: true };
    }
    return this.outcome(channelId, subscription, res);
  }

  /**
   * `vapid t=<JWT>, k=<public key>` for a push service (RFC 8292 §3), signed
   * by web-push's getVapidHeaders. Signing costs more than encrypting, so one
   * JWT serves an origin for an hour. Its `exp` is judged by the push
   * service against real time, so it is computed from real time, not from
   * the injected clock (which tests move by days).
   */
  private vapidAuthorization(origin: string, keys: VapidKeyPair): string {
    const now = Date.now();
    const cached = this.jwts.get(origin);
    if (cached && cached.until > now) return cached.header;
    const exp = Math.floor(now / 1000) + JWT_LIFETIME_S;
    const { Authorization } = webpush.getVapidHeaders(origin, this.opts.config.vapidSubject, keys.publicKey, keys.privateKey, 'aes128gcm', exp);
    // Bounded: a deployment talks to a handful of push services; a flood of origins just re-signs.
    if (this.jwts.size > 1000) this.jwts.clear();
    this.jwts.set(origin, { header: Authorization, until: now + JWT_REUSE_MS });
    return Authorization;
  }

  /** RFC 8030 §5: 201 Created; RFC 8030 §7.3 and the services' docs for the rest. */
  private async outcome(channelId: number, subscription: Subscription, res: HttpResponse): Promise<Sent> {
    if (res.status >= 200 && res.status <= 299) {
      const location = res.headers.location;
      return location ? { ok: true, externalId: location.slice(0, 500) } : { ok: true };
    }
    const text = res.truncated ? `${res.body}…` : res.body;
    const error = `HTTP ${res.status}${text ? `: ${text.trim()}` : ''}`;
    if (res.status === 404 || res.status === 410) {
      // The browser unsubscribed, or the service expired the subscription: it never comes back.
      await deletePushChannel(this.opts.db, channelId);
      return { ok: false, error: `${error} (subscription gone: removed)`, retryable: false, gone: true };
    }
    if (res.status === 413) {
      // Payloads are cut to MAX_PAYLOAD_BYTES: a 413 means that limit is wrong, a bug to report.
      this.opts.onError(new Error(`push service refused the payload as too large: ${error}`), 'web push', {
        channel: channelId,
        host: hostOf(subscription.endpoint),
      });
      return { ok: false, error, retryable: false };
    }
    if (res.status === 429) {
      const seconds = Number(res.headers['retry-after']);
      return Number.isFinite(seconds) && seconds > 0
        ? { ok: false, error, retryable: true, retryAfterMs: seconds * 1000 }
        : { ok: false, error, retryable: true };
    }
    return { ok: false, error, retryable: res.status >= 500 || res.status === 408 };
  }

  /** A delivery of the outbox (SPEC A7, B5) to one subscription. */
  async deliver(message: OutgoingMessage, channel: ChannelRecord): Promise<DeliveryResult> {
    const subscription = subscriptionOf(channel);
    if (!subscription) return { ok: false, error: 'push channel has no usable subscription (endpoint and keys)', retryable: false };
    const payload = renderPushPayload(message, `${this.opts.config.appUrl.replace(/\/+$/, '')}/`);
    const event = message.kind === 'event';
    const urgent = event || (message.body.notice as { urgent?: boolean } | undefined)?.urgent === true;
    const topic = payload.event_id !== null ? eventTopic(payload.event_id) : payload.notice_id !== null ? noticeTopic(payload.notice_id) : undefined;
    const { gone: _gone, ...result } = await this.send(channel.id, subscription, payload, {
      ttl: event ? REMINDER_TTL_S : NOTICE_TTL_S,
      urgency: urgent ? 'high' : 'normal',
      ...(topic ? { topic } : {}),
    });
    return result;
  }

  /**
   * After Done by any path (SPEC A7, like Telegram's buttons): a silent
   * message to every subscription that showed a reminder of the event, so
   * the service worker closes it. Best effort: the registry runs it in the
   * background (Channel.afterDone); a push that fails is reported, a gone
   * subscription was removed.
   */
  async closeEvent(eventId: number): Promise<void> {
    const channels: ChannelRow[] = await pushChannelsOfEvent(this.opts.db, eventId);
    await Promise.all(
      channels.map(async (row) => {
        const subscription = subscriptionOf(channelRecord(row));
        if (!subscription) return;
        const sent = await this.send(row.id, subscription, closePayload(eventId), { ttl: NOTICE_TTL_S, urgency: 'normal', topic: eventTopic(eventId) });
        if (!sent.ok && !sent.gone) {
          this.opts.onError(new Error(sent.error), 'web push close', { event: eventId, channel: row.id });
        }
      }),
    );
  }
}

export const hostOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};
