// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm (RFC 8291):
// the `web-push` library makes the keys, signs the JWT and encrypts
// (generateRequestDetails); the request itself goes through Hado's own
// HTTP client (channels/http.ts) so the outbound policy, keep-alive and a
// hard deadline apply to every push service like to every webhook.
//
// One instance per process (runtime.ts buildContext): it holds the key pair
// (the operator's, or the one kept in the database, made on first start),
// the keep-alive agents, and the close messages sent after Done.
import webpush from 'web-push';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { type ChannelRow, channelRecord } from '../../db/channels.ts';
import { deletePushChannel, loadVapidKeys, pushChannelsOfEvent, saveVapidKeys, type VapidKeyPair } from '../../db/push.ts';
import { toDate } from '../../domain/time.ts';
import type { ErrorSink } from '../../errors.ts';
import { OutboundRefusedError, type OutboundPolicy } from '../../net/outbound.ts';
import { type HttpClient, type HttpResponse, httpClient } from '../http.ts';
import type { ChannelRecord, DeliveryResult, OutgoingMessage } from '../types.ts';
import { closePayload, eventTopic, noticeTopic, type PushPayload, renderPushPayload } from './payload.ts';

/** Like a webhook (SPEC A7's 15 s): a push service that hangs is a failed, retried attempt. */
export const PUSH_TIMEOUT_MS = 15_000;
/** A reminder older than this is not worth showing: the next window sends a fresh one. */
export const REMINDER_TTL_S = 6 * 3600;
/** A notice and a close message may wait a day for a phone that is off. */
export const NOTICE_TTL_S = 24 * 3600;
const ERROR_BODY_CHARS = 200;
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
  config: { vapidPublicKey: string | null; vapidPrivateKey: string | null; vapidSubject: string; appUrl: string };
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
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(private readonly opts: WebPushOptions) {
    this.client = httpClient(opts.outbound);
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
    try {
      details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: this.opts.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: opts.ttl,
        urgency: opts.urgency,
        contentEncoding: 'aes128gcm',
        ...(opts.topic ? { topic: opts.topic } : {}),
      });
    } catch (e) {
      // A subscription key that is not a P-256 point, an endpoint that is not a URL: it will not get better.
      return { ok: false, error: `cannot encrypt for this subscription: ${(e as Error).message}`, retryable: false };
    }
    const headers: Record<string, string> = { 'user-agent': USER_AGENT };
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
      return Number.isFinite(seconds) && seconds > 0 ? { ok: false, error, retryable: true, retryAfterMs: seconds * 1000 } : { ok: false, error, retryable: true };
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
   * the service worker closes it. Best effort, in the background.
   */
  closeEvent(eventId: number): void {
    this.background(async () => {
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
    });
  }

  private background(work: () => Promise<unknown>): void {
    const p: Promise<unknown> = Promise.resolve()
      .then(work)
      .catch((err: unknown) => this.opts.onError(err, 'web push background work'))
      .finally(() => this.inflight.delete(p));
    this.inflight.add(p);
  }

  /** Resolves when the close messages started so far have been sent. */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }
}

export const hostOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};
