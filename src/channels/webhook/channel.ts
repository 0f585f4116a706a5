// The webhook channel (SPEC A7), Home Assistant's way in: presence from
// `GET presence_url` (with the channel's presence headers) answering
// {"present": true|false} or a configured field (presence-answer.ts, e.g.
// Home Assistant's {"state": "home"}), delivery as a signed
// `POST deliver_url` with A7's body and absolute action links.
//
// Signing follows Standard Webhooks (https://www.standardwebhooks.com/):
// webhook-id (the delivery id, so a receiver can drop a repeat),
// webhook-timestamp (Unix seconds) and webhook-signature
// "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>" keyed with the
// channel's secret "whsec_<base64 key>", shown once when the channel is made.
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { addUserChannel } from '../../core/channels.ts';
import { invalid } from '../../errors.ts';
import { t } from '../../i18n/messages.ts';
import { type HttpClient, type HttpResponse, httpClient } from '../../net/http-client.ts';
import { checkOutboundUrl, OutboundRefusedError, type OutboundPolicy } from '../../net/outbound.ts';
import { configText, nothingToStop, shortUrl } from '../common.ts';
import type { Added, AddRequest, Channel, ChannelRecord, ChannelRow, DeliveryResult, Presence } from '../types.ts';
import { presenceFromAnswer, presenceRule } from './presence-answer.ts';
import { PRESENCE_KEYS, parsePresenceConfig } from './presence-config.ts';

/** SPEC A7: "a 15 s request timeout". */
export const DELIVER_TIMEOUT_MS = 15_000;
const USER_AGENT = 'Hado-Webhook/1';
/** Enough of an error body to explain it; never the whole page. */
const ERROR_BODY_CHARS = 200;
/** A presence answer is a small JSON object (a Home Assistant state with its attributes is ~1 KB); anything much bigger is garbage. */
const PRESENCE_BODY_MAX = 16 * 1024;

export const SECRET_PREFIX = 'whsec_';

/**
 * Issue 10: 48 webhooks of one user whose presence URLs never answered took
 * the whole shared presence pool. Twenty is more than anyone's homes and
 * devices, and bounds what one account can ask the tick to do.
 */
export const MAX_WEBHOOKS_PER_USER = 20;

const WEBHOOK_KEYS = ['deliver_url', 'presence_url', ...PRESENCE_KEYS];

/** A new signing secret: 32 random bytes (Standard Webhooks asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The webhook-signature value for one message: one `v1,<mac>` per secret,
 * space-separated (Standard Webhooks, "Signature scheme": several signatures
 * let a receiver rotate its secret; any one that verifies is enough).
 */
export function signWebhook(secret: string | string[], id: string, timestampSeconds: number, body: string): string {
  return (Array.isArray(secret) ? secret : [secret])
    .map((s) => {
      const key = Buffer.from(s.startsWith(SECRET_PREFIX) ? s.slice(SECRET_PREFIX.length) : s, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

/** The secrets a delivery at `now` is signed with: the current one, and the previous one during its grace (issue 27). */
export function signingSecrets(channel: Pick<ChannelRecord, 'secret' | 'previousSecret'>, now: Date): string[] {
  if (!channel.secret) return [];
  const prev = channel.previousSecret;
  return prev && prev.until.getTime() > now.getTime() ? [channel.secret, prev.secret] : [channel.secret];
}

export interface WebhookConfig {
  deliver_url: string;
  presence_url?: string;
}

/** The channel's URLs, or null when the stored config is not usable. */
export function webhookConfig(config: Record<string, unknown>): WebhookConfig | null {
  const deliver = config.deliver_url;
  const presence = config.presence_url;
  if (typeof deliver !== 'string') return null;
  if (presence !== undefined && presence !== null && typeof presence !== 'string') return null;
  return typeof presence === 'string' ? { deliver_url: deliver, presence_url: presence } : { deliver_url: deliver };
}

export interface WebhookOptions {
  clock: Clock;
  /** HADO_PRESENCE_TIMEOUT in milliseconds. */
  presenceTimeoutMs: number;
  deliverTimeoutMs?: number;
  /** HADO_CONNECT_TIMEOUT in milliseconds: getting a connection, shorter than the answer's timeout. */
  connectTimeoutMs?: number;
  /** Where the user's URLs may lead (HADO_OUTBOUND_ALLOWED_NETWORKS, local mode): always explicit. */
  outbound: OutboundPolicy;
}

const isTimeout = (e: unknown): boolean => e instanceof Error && e.name === 'TimeoutError';
const isConnectTimeout = (e: unknown): boolean => e instanceof Error && e.name === 'ConnectTimeoutError';

const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/** "connect ECONNREFUSED 127.0.0.1:1", "getaddrinfo ENOTFOUND ha.local", "socket hang up". */
const describeError = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * `GET presence_url` with the channel's presence headers → the answer read by
 * presenceFromAnswer; an error, a timeout or a non-2xx answer is unknown.
 */
export async function webhookPresence(client: HttpClient, channel: ChannelRecord, timeoutMs: number): Promise<Presence> {
  const url = webhookConfig(channel.config)?.presence_url;
  if (!url) return 'unknown';
  const rule = presenceRule(channel.config);
  const get = () =>
    client.request(url, {
      method: 'GET',
      // The user's headers (Home Assistant's "Authorization: Bearer …") come last: an Accept of their own wins.
      headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...channel.presenceHeaders },
      timeoutMs,
      maxBody: PRESENCE_BODY_MAX,
    });
  try {
    let res: HttpResponse;
    try {
      res = await get();
    } catch (e) {
      // A kept-alive connection the server had just closed: the GET is idempotent, ask once more.
      if (!STALE_SOCKET.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
      res = await get();
    }
    if (res.status < 200 || res.status > 299 || res.truncated) return 'unknown';
    return presenceFromAnswer(JSON.parse(res.body), rule);
  } catch {
    // Timeout, refused connection (by the receiver or the outbound policy), garbage: nobody can say.
    return 'unknown';
  }
}

/**
 * One signed POST. 2xx is delivered; 3xx is a failure (redirects are not
 * followed: the signature names the URL's owner); 5xx, 408, 429, timeouts
 * and network errors are worth retrying; other 4xx are final. A POST is
 * never repeated here: a failed one may have been received, so it takes the
 * outbox's ordinary retry (receivers drop a repeated webhook-id).
 */
export async function postWebhook(
  client: HttpClient,
  url: string,
  secret: string | string[],
  id: string,
  timestampSeconds: number,
  body: string,
  timeoutMs: number,
): Promise<DeliveryResult> {
  let res: HttpResponse;
  try {
    res = await client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': id,
        'webhook-timestamp': String(timestampSeconds),
        'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
      },
      body,
      timeoutMs,
      maxBody: ERROR_BODY_CHARS,
    });
  } catch (e) {
    if (isTimeout(e)) return { ok: false, error: `timeout: no answer within ${timeoutMs / 1000} s`, retryable: true };
    if (isConnectTimeout(e)) return { ok: false, error: `connect timeout: ${describeError(e)}`, retryable: true };
    // The policy will refuse the next attempt as well: final.
    if (e instanceof OutboundRefusedError) return { ok: false, error: e.message, retryable: false };
    return { ok: false, error: describeError(e), retryable: true };
  }
  if (res.status >= 200 && res.status <= 299) return { ok: true };
  const text = res.truncated ? `${res.body}…` : res.body;
  const error = `HTTP ${res.status}${text ? `: ${text}` : ''}`;
  if (res.status >= 300 && res.status <= 399) {
    return { ok: false, error: `${error} (redirect to ${res.headers.location ?? '?'} not followed)`, retryable: false };
  }
  if (res.status === 429) {
    const seconds = Number(res.headers['retry-after']);
    const retry = { ok: false as const, error, retryable: true };
    return Number.isFinite(seconds) && seconds > 0 ? { ...retry, retryAfterMs: seconds * 1000 } : retry;
  }
  return { ok: false, error, retryable: res.status >= 500 || res.status === 408 };
}

/**
 * POST /me/channels {type: "webhook", config}: every URL judged by the
 * outbound policy the channel connects under (a 422 naming the field), the
 * presence keys checked, and a new signing secret, shown this once.
 */
async function addWebhook(outbound: OutboundPolicy, request: AddRequest): Promise<Added> {
  const config = request.config ?? {};
  const unknown = Object.keys(config).find((k) => !WEBHOOK_KEYS.includes(k));
  if (unknown !== undefined) throw invalid(`config.${unknown}`, `is not a known field (${WEBHOOK_KEYS.join(', ')})`);
  if (config.deliver_url === undefined) throw invalid('config.deliver_url', 'is required');
  const stored: Record<string, unknown> = { deliver_url: checkOutboundUrl(outbound, 'config.deliver_url', config.deliver_url) };
  if (config.presence_url !== undefined) stored.presence_url = checkOutboundUrl(outbound, 'config.presence_url', config.presence_url);
  const presence = parsePresenceConfig(config, stored.presence_url !== undefined);
  Object.assign(stored, presence.config);
  const secret = newWebhookSecret();
  const { row } = await addUserChannel(
    request.db,
    {
      userId: request.user.id,
      type: 'webhook',
      config: stored,
      secret,
      presenceHeaders: presence.headers,
      limit: { max: MAX_WEBHOOKS_PER_USER, message: `At most ${MAX_WEBHOOKS_PER_USER} webhook channels per user; delete one before adding another` },
    },
    request.now,
  );
  // Shown this once: receivers verify webhook-signature with it (README, "Webhook channel").
  return { row, secret };
}

/** "ha.example.org/api/webhook/x" and where its presence comes from. */
function describeWebhook(row: ChannelRow, l: Parameters<Channel['describe']>[1]) {
  const deliver = shortUrl(configText(row.config, 'deliver_url'));
  const presenceUrl = configText(row.config, 'presence_url');
  const presence = presenceUrl ? t(l, 'settings.channel.presence', { url: shortUrl(presenceUrl) }) : t(l, 'settings.channel.noPresence');
  return { name: t(l, 'settings.channel.webhook'), details: [deliver, presence] };
}

/** "https://ha.example.org:8123" of a URL; null for none or garbage. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function webhookChannel(opts: WebhookOptions): Channel {
  const deliverTimeoutMs = opts.deliverTimeoutMs ?? DELIVER_TIMEOUT_MS;
  const client = httpClient(opts.outbound, opts.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: opts.connectTimeoutMs });
  return {
    type: 'webhook',
    settings: { keys: [], configured: true },
    addedBy: 'config',
    confirms: 'none',
    // One receiver host (scheme, name, port): the unit of the worker's per-destination limit and breaker.
    destination: (channel) => originOf(webhookConfig(channel.config)?.deliver_url),
    presence: (_user, channel) => webhookPresence(client, channel, opts.presenceTimeoutMs),
    presenceHost: (channel) => originOf(webhookConfig(channel.config)?.presence_url),
    async deliver(message, _user, channel) {
      const config = webhookConfig(channel.config);
      if (!config) return { ok: false, error: 'webhook channel has no deliver_url in its config', retryable: false };
      if (!channel.secret) return { ok: false, error: 'webhook channel has no signing secret', retryable: false };
      const nowMs = opts.clock.now().epochMilliseconds;
      const secrets = signingSecrets(channel, new Date(nowMs));
      const timestamp = Math.floor(nowMs / 1000);
      return postWebhook(client, config.deliver_url, secrets, String(message.deliveryId), timestamp, JSON.stringify(message.body), deliverTimeoutMs);
    },
    add: (request) => addWebhook(opts.outbound, request),
    describe: describeWebhook,
    ...nothingToStop,
  };
}
