// The Slack Web API client (issue 17): Slack's own WebClient (typed methods;
// its root is SLACK_API_ROOT through `slackApiUrl`, so tests talk to a local
// fake) with its own retries off — the outbox retries — and every failure
// turned into an outcome the outbox understands. A 429 blocks that method
// for the Retry-After Slack names (Slack's limits are per method); posts to
// one conversation are spaced about a second apart (Slack's per-channel
// posting limit).
import {
  LogLevel,
  type Block,
  type KnownBlock,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
  WebClient,
} from '@slack/web-api';
import type { Logger } from 'pino';
import pino from 'pino';
import type { Config } from '../../config.ts';
import { Background } from '../../background.ts';
import { type ErrorSink, ignoreErrors } from '../../errors.ts';
import { realTime, SendLimiter, type SendLimits, type TimeSource } from '../telegram/limiter.ts';

export type SlackBlocks = (KnownBlock | Block)[];

export type SlackOutcome<T> = { ok: true; value: T } | { ok: false; error: string; retryable: boolean; retryAfterMs?: number; slackError?: string };

/** Slack's "about one message per second" per conversation, and well under the workspace limits overall. */
export const SLACK_LIMITS: SendLimits = { perChatIntervalMs: 1000, globalPerSecond: 50, maxWaitMs: 10_000 };

/** Platform errors worth another attempt; everything else Slack says (channel_not_found, not_authed …) is final. */
const TRANSIENT = new Set(['ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout', 'team_added_to_org']);

/** A Web API failure as an outcome. */
export function describeSlackFailure(method: string, err: unknown): Extract<SlackOutcome<never>, { ok: false }> {
  if (err instanceof WebAPIRateLimitedError) {
    // Specs: https://api.slack.com/apis/rate-limits (HTTP 429 with Retry-After, in seconds)
    const retryAfterMs = Math.max(1, err.retryAfter) * 1000;
    return { ok: false, error: `${method}: 429 rate limited (retry after ${err.retryAfter} s)`, retryable: true, retryAfterMs };
  }
  if (err instanceof WebAPIPlatformError) {
    const code = err.data.error;
    return { ok: false, error: `${method}: ${code}`, retryable: TRANSIENT.has(code), slackError: code };
  }
  if (err instanceof WebAPIHTTPError)
    return { ok: false, error: `${method}: HTTP ${err.statusCode}`, retryable: err.statusCode >= 500 || err.statusCode === 408 };
  if (err instanceof WebAPIRequestError) return { ok: false, error: `${method}: ${err.original?.message ?? err.message}`, retryable: true };
  return { ok: false, error: `${method}: ${err instanceof Error ? err.message : String(err)}`, retryable: true };
}

export interface SlackClientOptions {
  token: string;
  apiRoot: string;
  timeoutMs?: number;
  limits?: Partial<SendLimits>;
  time?: TimeSource;
  log?: Pick<Logger, 'warn' | 'info' | 'debug'>;
  /** The process's error sink: background work that failed. */
  onError?: ErrorSink;
}

export class SlackClient {
  readonly web: WebClient;
  readonly log: Pick<Logger, 'warn' | 'info' | 'debug'>;
  readonly onError: ErrorSink;
  private readonly limiter: SendLimiter;
  private readonly time: TimeSource;
  /** Method → the moment (TimeSource ms) before which it is not called: Slack asked to wait. */
  private readonly blocked = new Map<string, number>();
  private readonly work: Background;

  constructor(opts: SlackClientOptions) {
    this.time = opts.time ?? realTime;
    this.log = opts.log ?? pino({ level: 'silent' });
    this.onError = opts.onError ?? ignoreErrors;
    this.work = new Background(this.onError, 'slack background work');
    this.web = new WebClient(opts.token, {
      // The WebClient joins method names to this root; it must end with a slash.
      slackApiUrl: `${opts.apiRoot.replace(/\/+$/, '')}/`,
      // No retries or queueing inside the client: a 429 comes back at once, and the outbox decides.
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: opts.timeoutMs ?? 10_000,
      logLevel: LogLevel.ERROR,
      logger: {
        debug: () => {},
        info: () => {},
        warn: (...msg: unknown[]) => this.log.warn({ slack: msg.join(' ') }, 'slack client'),
        error: (...msg: unknown[]) => this.log.warn({ slack: msg.join(' ') }, 'slack client'),
        setLevel: () => {},
        getLevel: () => LogLevel.ERROR,
        setName: () => {},
      },
    });
    this.limiter = new SendLimiter({ ...SLACK_LIMITS, ...opts.limits }, this.time);
  }

  /** Calls one method unless Slack asked to wait for it; a 429 blocks the method for its Retry-After. */
  private async call<T>(method: string, run: () => Promise<T>): Promise<SlackOutcome<T>> {
    const until = this.blocked.get(method);
    const now = this.time.now();
    if (until !== undefined && until > now) {
      return { ok: false, error: `${method}: held back after a 429`, retryable: true, retryAfterMs: Math.ceil(until - now) };
    }
    try {
      return { ok: true, value: await run() };
    } catch (e) {
      const outcome = describeSlackFailure(method, e);
      if (outcome.retryAfterMs !== undefined) this.blocked.set(method, this.time.now() + outcome.retryAfterMs);
      return outcome;
    }
  }

  /** The DM conversation with a user (opened if need be). Specs: https://api.slack.com/methods/conversations.open */
  async openDm(userId: string): Promise<SlackOutcome<string>> {
    return this.call('conversations.open', async () => {
      const res = await this.web.conversations.open({ users: userId });
      const id = res.channel?.id;
      if (!id) throw new Error('no channel in the answer');
      return id;
    });
  }

  /** Specs: https://api.slack.com/methods/users.getPresence ("active" or "away"). */
  async presence(userId: string): Promise<SlackOutcome<string>> {
    return this.call('users.getPresence', async () => {
      const res = await this.web.users.getPresence({ user: userId });
      return String(res.presence ?? '');
    });
  }

  /**
   * Posts to a conversation within the per-conversation limit. When its next
   * slot is too far away, answers retryable with `retryAfterMs` rather than
   * holding a worker. Specs: https://api.slack.com/methods/chat.postMessage
   */
  async post(channel: string, text: string, blocks: SlackBlocks): Promise<SlackOutcome<{ channel: string; ts: string }>> {
    const slot = await this.limiter.acquire(channel);
    if (!slot.ok) return { ok: false, error: 'chat.postMessage: held back by the per-channel limit', retryable: true, retryAfterMs: slot.retryAfterMs };
    return this.call('chat.postMessage', async () => {
      const res = await this.web.chat.postMessage({ channel, text, blocks, unfurl_links: false, unfurl_media: false });
      if (!res.ts) throw new Error('no ts in the answer');
      return { channel: res.channel ?? channel, ts: res.ts };
    });
  }

  /** Replaces a message's text and blocks. Specs: https://api.slack.com/methods/chat.update */
  async update(channel: string, ts: string, text: string, blocks: SlackBlocks): Promise<SlackOutcome<true>> {
    await this.limiter.acquire(channel, Number.POSITIVE_INFINITY);
    return this.call('chat.update', async () => {
      await this.web.chat.update({ channel, ts, text, blocks });
      return true as const;
    });
  }

  /** Runs work after the HTTP answer; failures go to the error sink, never thrown. `idle()` waits for all of it. */
  background(what: string, work: () => Promise<unknown>): void {
    this.work.run(what, work);
  }

  idle(): Promise<void> {
    return this.work.idle();
  }
}

/** The process's Slack client; null without SLACK_BOT_TOKEN (no Slack channel). */
export function slackClientOf(
  config: Pick<Config, 'slackBotToken' | 'slackApiRoot'>,
  parts: Pick<SlackClientOptions, 'log' | 'onError'> = {},
): SlackClient | null {
  if (!config.slackBotToken) return null;
  return new SlackClient({ token: config.slackBotToken, apiRoot: config.slackApiRoot, ...parts });
}
