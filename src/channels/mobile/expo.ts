// Expo push (issue 12): messages to Expo's push API in chunks of at most
// 100, the tickets it answers with kept (db/mobile.ts), and their receipts
// read later by the worker (checkReceipts) once Expo has them — about 15
// minutes on. DeviceNotRegistered, in a ticket or in a receipt, removes the
// device; a hang, a refused connection or an answer that is not Expo's is a
// failed attempt (retried by the outbox), and never removes anything.
//
// expo-server-sdk (6.1) gives the token check and the chunking. Its own
// requests are not used: its base URL is fixed when the module loads (from
// EXPO_BASE_URL, "only for internal Expo use"), so HADO_EXPO_API_ROOT could
// not be honoured per process, and it sends with undici's fetch, outside
// Hado's HTTP client — no outbound policy on the resolved address, no
// deadline (it would wait for a hung server as long as undici does) and a
// retry loop of its own on 429 inside what must be one attempt. So the
// two endpoints are called here, as the SDK calls them (same bodies, same
// answers), through net/http-client.ts.
//
// One instance per process (runtime.ts buildContext).
import Expo, { type ExpoPushMessage, type ExpoPushReceipt, type ExpoPushTicket } from 'expo-server-sdk';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { claimDueTickets, deleteTickets, insertTickets, noteReceiptError, postponeTickets, removeDeadDevice, type TicketRow } from '../../db/mobile.ts';
import { Background } from '../../background.ts';
import { toDate } from '../../domain/time.ts';
import { type ErrorSink, ignoreErrors } from '../../errors.ts';
import { OutboundRefusedError, type OutboundPolicy } from '../../net/outbound.ts';
import { type HttpClient, type HttpResponse, httpClient } from '../../net/http-client.ts';
import type { ChannelRecord, DeliveryResult, OutgoingMessage } from '../types.ts';
import { expoMessage, type MobileDevice, type MobilePlatform } from './message.ts';

/** Like a webhook (SPEC A7's 15 s): Expo hanging is a failed, retried attempt. */
export const EXPO_TIMEOUT_MS = 15_000;
/** Expo: "check receipts about 15 minutes after sending". */
export const RECEIPT_DELAY_MS = 15 * 60_000;
/** A receipt Expo has not made yet is asked for again this much later. */
export const RECEIPT_RETRY_MS = 15 * 60_000;
/** Expo keeps receipts about a day: a ticket older than this is forgotten. */
export const RECEIPT_KEPT_MS = 24 * 3600_000;
/** A worker that claimed tickets has this long to ask for them before another may. */
const RECEIPT_LEASE_MS = 5 * 60_000;
/** Tickets claimed per round; Expo takes at most 1000 ids per getReceipts, the SDK chunks them by 300. */
const RECEIPT_ROUND = 1000;
/** Expo asks for at most 6 requests at once per sender (the SDK's default). */
const MAX_CONCURRENT = 6;
/** A hundred tickets are ~10 KB; a receipt answer for 300 ids ~40 KB. Anything far bigger is not Expo's. */
const ANSWER_MAX = 512 * 1024;
const ERROR_BODY_CHARS = 200;
const USER_AGENT = 'Hado-Expo/1';
/** When Expo says MessageRateExceeded without a Retry-After. */
const RATE_RETRY_MS = 60_000;

export const PLATFORMS: readonly MobilePlatform[] = ['ios', 'android'];

/** An Expo push token as the SDK knows them (ExponentPushToken[…], ExpoPushToken[…]), at most 256 characters. */
export function isExpoToken(token: unknown): token is string {
  return typeof token === 'string' && token.length <= 256 && Expo.isExpoPushToken(token);
}

/** The device a mobile channel row stands for, or null when its stored parts are not usable. */
export function deviceOf(channel: Pick<ChannelRecord, 'config' | 'secret'>): MobileDevice | null {
  const platform = channel.config.platform;
  if (!isExpoToken(channel.secret)) return null;
  if (platform !== 'ios' && platform !== 'android') return null;
  return { token: channel.secret, platform };
}

export interface ExpoPushOptions {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'expoApiRoot' | 'expoAccessToken' | 'expoAndroidChannelId'>;
  outbound: OutboundPolicy;
  log?: Pick<Logger, 'info'>;
  /** The process's error sink: tickets not kept, a device not removed, a receipts request that failed. */
  onError?: ErrorSink;
  timeoutMs?: number;
}

interface Pending {
  message: ExpoPushMessage;
  channelId: number;
  deliveryId: number;
  token: string;
  resolve: (r: DeliveryResult) => void;
}

/** What one receipts round did (tests, logs). */
export interface ReceiptReport {
  asked: number;
  ok: number;
  failed: number;
  removed: number;
  notReady: number;
  /** The error of a request that failed (its tickets wait for the next round). */
  error: string | null;
}

const isTimeout = (e: unknown): boolean => e instanceof Error && e.name === 'TimeoutError';
const describe = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A failed request as a delivery result: what Expo said, and whether another attempt may do better. */
type RequestFailure = { ok: false; error: string; retryable: boolean; retryAfterMs?: number };

export class ExpoPush {
  /** Token check and chunking only: no request goes through it (see the top of the file). */
  private readonly sdk = new Expo();
  private readonly client: HttpClient;
  private readonly timeoutMs: number;
  private readonly onError: ErrorSink;
  private queue: Pending[] = [];
  private flushing = false;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Chunks on their way: each resolves its deliveries itself. */
  private readonly sending: Background;

  constructor(private readonly opts: ExpoPushOptions) {
    this.client = httpClient(opts.outbound);
    this.timeoutMs = opts.timeoutMs ?? EXPO_TIMEOUT_MS;
    this.onError = opts.onError ?? ignoreErrors;
    this.sending = new Background(this.onError, 'Expo push');
  }

  private url(path: 'send' | 'getReceipts'): string {
    return `${this.opts.config.expoApiRoot}/--/api/v2/push/${path}`;
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', 'user-agent': USER_AGENT };
    if (this.opts.config.expoAccessToken) h.authorization = `Bearer ${this.opts.config.expoAccessToken}`;
    return h;
  }

  /**
   * Sends one delivery. Deliveries that arrive together (a worker round)
   * go to Expo together, in chunks of at most 100 messages.
   */
  deliver(message: OutgoingMessage, channel: ChannelRecord): Promise<DeliveryResult> {
    const device = deviceOf(channel);
    if (!device) return Promise.resolve({ ok: false, error: 'mobile channel has no valid Expo push token or platform', retryable: false });
    let expo: ExpoPushMessage;
    try {
      expo = expoMessage(message, device, this.opts.config.expoAndroidChannelId);
    } catch (e) {
      return Promise.resolve({ ok: false, error: describe(e), retryable: false });
    }
    return new Promise((resolve) => {
      this.queue.push({ message: expo, channelId: channel.id, deliveryId: message.deliveryId, token: device.token, resolve });
      if (this.flushing) return;
      this.flushing = true;
      // Everything the worker hands over in this turn of the event loop goes in the same requests.
      setImmediate(() => this.flush());
    });
  }

  /** Resolves when every send and receipt request started so far has finished. */
  async idle(): Promise<void> {
    while (this.sending.size > 0 || this.flushing) {
      if (this.sending.size > 0) await this.sending.idle();
      else await new Promise((r) => setImmediate(r));
    }
  }

  private flush(): void {
    this.flushing = false;
    const batch = this.queue.splice(0);
    const chunks = this.sdk.chunkPushNotifications(batch.map((p) => p.message));
    let at = 0;
    for (const chunk of chunks) {
      // Each message has one recipient, so a chunk is the next chunk.length items of the batch, in order.
      const items = batch.slice(at, at + chunk.length);
      at += chunk.length;
      this.sending.track(this.limited(() => this.sendChunk(items)));
    }
  }

  /** At most MAX_CONCURRENT requests to Expo at once, as Expo asks. */
  private async limited<T>(run: () => Promise<T>): Promise<T> {
    if (this.active >= MAX_CONCURRENT) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await run();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** POSTs `body` as JSON; the parsed `data` of Expo's answer, or a failure that says what went wrong. */
  private async post(path: 'send' | 'getReceipts', body: unknown): Promise<{ ok: true; data: unknown } | RequestFailure> {
    let res: HttpResponse;
    try {
      res = await this.client.request(this.url(path), {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify(body),
        timeoutMs: this.timeoutMs,
        maxBody: ANSWER_MAX,
      });
    } catch (e) {
      if (isTimeout(e)) return { ok: false, error: `Expo push API: timeout, no answer within ${this.timeoutMs / 1000} s`, retryable: true };
      if (e instanceof OutboundRefusedError) return { ok: false, error: e.message, retryable: false };
      return { ok: false, error: `Expo push API: ${describe(e)}`, retryable: true };
    }
    const text = res.body.slice(0, ERROR_BODY_CHARS);
    if (res.status !== 200) {
      const error = `Expo push API: HTTP ${res.status}${text ? `: ${expoErrors(res.body) ?? text}` : ''}`;
      if (res.status === 429) {
        const seconds = Number(res.headers['retry-after']);
        return { ok: false, error, retryable: true, retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RATE_RETRY_MS };
      }
      // 5xx and 408 pass; other 4xx (a bad access token, a malformed request) will answer the same next time.
      return { ok: false, error, retryable: res.status >= 500 || res.status === 408 };
    }
    if (res.truncated) return { ok: false, error: `Expo push API: answer over ${ANSWER_MAX} bytes, not Expo's`, retryable: true };
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      return { ok: false, error: `Expo push API: answer is not JSON: ${JSON.stringify(text)}`, retryable: true };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { ok: false, error: `Expo push API: answer is not a JSON object: ${JSON.stringify(text)}`, retryable: true };
    }
    const errors = expoErrors(res.body);
    if (errors) return { ok: false, error: `Expo push API: ${errors}`, retryable: false };
    return { ok: true, data: (parsed as { data?: unknown }).data };
  }

  private async sendChunk(items: Pending[]): Promise<void> {
    let answer: Awaited<ReturnType<ExpoPush['post']>>;
    try {
      answer = await this.post(
        'send',
        items.map((i) => i.message),
      );
    } catch (e) {
      answer = { ok: false, error: `Expo push API: ${describe(e)}`, retryable: true };
    }
    if (!answer.ok) {
      for (const i of items) i.resolve(answer);
      return;
    }
    const tickets = answer.data;
    if (!Array.isArray(tickets) || tickets.length !== items.length) {
      const got = Array.isArray(tickets) ? `${tickets.length} tickets` : 'no ticket list';
      const failure: RequestFailure = { ok: false, error: `Expo push API: expected ${items.length} tickets, got ${got}`, retryable: true };
      for (const i of items) i.resolve(failure);
      return;
    }
    const now = toDate(this.opts.clock.now());
    const kept: Array<{ ticketId: string; channelId: number; deliveryId: number; token: string }> = [];
    const results: DeliveryResult[] = [];
    for (const [n, item] of items.entries()) {
      const result = await this.readTicket(tickets[n] as ExpoPushTicket, item);
      if (result.ok && result.externalId) kept.push({ ticketId: result.externalId, channelId: item.channelId, deliveryId: item.deliveryId, token: item.token });
      results.push(result);
    }
    try {
      await insertTickets(this.opts.db, kept, new Date(now.getTime() + RECEIPT_DELAY_MS), now);
    } catch (e) {
      // The pushes went out: they are delivered; only their receipts will not be read.
      this.onError(e, 'keeping Expo tickets', { tickets: kept.length });
    }
    for (const [n, item] of items.entries()) item.resolve(results[n]!);
  }

  /** One ticket: ok with its id, or Expo's error — DeviceNotRegistered removes the device. */
  private async readTicket(ticket: ExpoPushTicket | undefined, item: Pending): Promise<DeliveryResult> {
    if (ticket && ticket.status === 'ok' && typeof ticket.id === 'string' && ticket.id.length > 0 && ticket.id.length <= 200) {
      return { ok: true, externalId: ticket.id };
    }
    if (ticket?.status !== 'error') {
      return { ok: false, error: `Expo push API: not a ticket: ${JSON.stringify(ticket)?.slice(0, ERROR_BODY_CHARS)}`, retryable: true };
    }
    const code = ticket.details?.error;
    const error = `Expo: ${code ?? 'error'}: ${String(ticket.message ?? '').slice(0, ERROR_BODY_CHARS)}`;
    if (code === 'DeviceNotRegistered') {
      const removed = await removeDeadDevice(this.opts.db, item.channelId, item.token).catch((e) => {
        this.onError(e, 'removing an unregistered Expo device', { channel: item.channelId });
        return false;
      });
      if (removed) this.opts.log?.info({ channel: item.channelId }, 'Expo: device not registered, removed');
      return { ok: false, error: `${error} (device removed)`, retryable: false };
    }
    if (code === 'MessageRateExceeded') return { ok: false, error, retryable: true, retryAfterMs: RATE_RETRY_MS };
    // ExpoError, ProviderError: Expo's or Apple's / Google's trouble, worth another attempt. The rest
    // (MessageTooBig, InvalidCredentials, DeveloperError) would fail the same way again.
    return { ok: false, error, retryable: code === 'ExpoError' || code === 'ProviderError' || code === undefined };
  }

  /**
   * Reads the receipts that are due (the worker, once a minute): ok ones are
   * forgotten, DeviceNotRegistered removes the device, other errors are noted
   * on the delivery, receipts Expo does not have yet are asked for again
   * later (for a day). A request that fails leaves its tickets for the next
   * round — a timeout never removes a device.
   */
  async checkReceipts(): Promise<ReceiptReport> {
    const report: ReceiptReport = { asked: 0, ok: 0, failed: 0, removed: 0, notReady: 0, error: null };
    const now = toDate(this.opts.clock.now());
    const tickets = await claimDueTickets(this.opts.db, now, new Date(now.getTime() + RECEIPT_LEASE_MS), RECEIPT_ROUND);
    if (tickets.length === 0) return report;
    const byId = new Map(tickets.map((t) => [t.ticket_id, t]));
    const chunks = this.sdk.chunkPushNotificationReceiptIds(tickets.map((t) => t.ticket_id));
    await Promise.all(chunks.map((ids) => this.limited(() => this.receiptChunk(ids, byId, now, report))));
    if (report.error) this.onError(new Error(report.error), 'Expo receipts request (asked again later)');
    return report;
  }

  private async receiptChunk(ids: string[], byId: Map<string, TicketRow>, now: Date, report: ReceiptReport): Promise<void> {
    report.asked += ids.length;
    const answer = await this.post('getReceipts', { ids });
    const data = answer.ok ? answer.data : null;
    if (!answer.ok || typeof data !== 'object' || data === null || Array.isArray(data)) {
      report.error = answer.ok ? 'Expo push API: getReceipts answer has no map of receipts' : answer.error;
      // The lease already moved them RECEIPT_LEASE_MS on: the next round asks again.
      return;
    }
    const receipts = data as Record<string, ExpoPushReceipt | undefined>;
    const done: string[] = [];
    const later: string[] = [];
    for (const id of ids) {
      const ticket = byId.get(id)!;
      const receipt = receipts[id];
      if (!receipt || (receipt.status !== 'ok' && receipt.status !== 'error')) {
        // Not made yet (Expo can take half an hour under load), or gone: kept for a day.
        if (now.getTime() - ticket.created_at.getTime() >= RECEIPT_KEPT_MS) done.push(id);
        else later.push(id);
        report.notReady++;
        continue;
      }
      done.push(id);
      if (receipt.status === 'ok') {
        report.ok++;
        continue;
      }
      report.failed++;
      const code = receipt.details?.error ?? 'error';
      if (code === 'DeviceNotRegistered' && (await removeDeadDevice(this.opts.db, ticket.channel_id, ticket.token))) {
        report.removed++;
        this.opts.log?.info({ channel: ticket.channel_id }, 'Expo receipt: device not registered, removed');
        continue;
      }
      if (ticket.delivery_id !== null) {
        await noteReceiptError(this.opts.db, ticket.delivery_id, `Expo receipt: ${code}: ${String(receipt.message ?? '').slice(0, ERROR_BODY_CHARS)}`);
      }
    }
    await deleteTickets(this.opts.db, done);
    await postponeTickets(this.opts.db, later, new Date(now.getTime() + RECEIPT_RETRY_MS));
  }
}

/** Expo's request-level errors ({"errors": [{code, message}]}) as one line, or null. */
function expoErrors(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ code?: string; message?: string }> };
    if (!Array.isArray(parsed.errors) || parsed.errors.length === 0) return null;
    return parsed.errors.map((e) => `${e.code ?? 'error'}: ${e.message ?? ''}`.slice(0, ERROR_BODY_CHARS)).join('; ');
  } catch {
    return null;
  }
}
