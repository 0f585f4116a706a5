// The Telegram Bot API client: grammY's `Api` (typed methods, the root URL
// configurable as TELEGRAM_API_ROOT so tests talk to a local fake server)
// behind Hado's flood limiter, with every failure turned into a plain outcome
// the outbox understands (retryable or not, and how long Telegram asked to wait).
import { Api, GrammyError, HttpError } from 'grammy';
import type { InlineKeyboardMarkup, Message, UserFromGetMe } from 'grammy/types';
import pino, { type Logger } from 'pino';
import type { Config } from '../../config.ts';
import { Background } from '../../background.ts';
import { type ErrorSink, ignoreErrors } from '../../errors.ts';
import { realTime, SendLimiter, type SendLimits, TELEGRAM_LIMITS, type TimeSource } from './limiter.ts';

export type ApiOutcome<T> = { ok: true; value: T } | { ok: false; error: string; retryable: boolean; retryAfterMs?: number; code?: number };

export interface TelegramClientOptions {
  token: string;
  apiRoot: string;
  /** Per-request timeout; a hung Bot API must not hold a worker for long. */
  timeoutSeconds?: number;
  limits?: Partial<SendLimits>;
  time?: TimeSource;
  log?: Pick<Logger, 'warn' | 'info' | 'debug'>;
  /** The process's error sink: background work that failed. */
  onError?: ErrorSink;
}

/** A Bot API failure as an outcome: 429 and 5xx and network errors are worth retrying, the rest is final. */
export function describeFailure(err: unknown): Extract<ApiOutcome<never>, { ok: false }> {
  if (err instanceof GrammyError) {
    const error = `${err.method}: ${err.error_code} ${err.description}`;
    if (err.error_code === 429) {
      // Specs: https://core.telegram.org/bots/api#responseparameters (retry_after, in seconds)
      const seconds = err.parameters?.retry_after;
      const retryAfterMs = typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : 1000;
      return { ok: false, error, retryable: true, retryAfterMs, code: 429 };
    }
    return { ok: false, error, retryable: err.error_code >= 500, code: err.error_code };
  }
  // grammY's HttpError never contains the URL, so the bot token does not leak into deliveries.error.
  if (err instanceof HttpError) return { ok: false, error: err.message, retryable: true };
  return { ok: false, error: err instanceof Error ? err.message : String(err), retryable: true };
}

export class TelegramClient {
  readonly api: Api;
  readonly limiter: SendLimiter;
  readonly log: Pick<Logger, 'warn' | 'info' | 'debug'>;
  readonly onError: ErrorSink;
  private me: Promise<UserFromGetMe> | null = null;
  private readonly work: Background;

  constructor(opts: TelegramClientOptions) {
    this.api = new Api(opts.token, { apiRoot: opts.apiRoot, timeoutSeconds: opts.timeoutSeconds ?? 15 });
    this.limiter = new SendLimiter({ ...TELEGRAM_LIMITS, ...opts.limits }, opts.time ?? realTime);
    this.log = opts.log ?? pino({ level: 'silent' });
    this.onError = opts.onError ?? ignoreErrors;
    this.work = new Background(this.onError, 'telegram background work');
  }

  /** The bot's @username, from getMe once; a failure is not cached, so the next call asks again. */
  async botUsername(): Promise<string> {
    // Specs: https://core.telegram.org/bots/api#getme
    this.me ??= this.api.getMe().catch((e: unknown) => {
      this.me = null;
      throw e;
    });
    const me = await this.me;
    if (!me.username) throw new Error('getMe returned a bot without a username');
    return me.username;
  }

  /**
   * Sends an HTML message to a chat within the flood limits. When the next
   * free slot is too far away, answers retryable with `retryAfterMs` rather
   * than waiting; a 429 blocks the chat for `retry_after`.
   */
  async sendMessage(chatId: number | string, text: string, replyMarkup?: InlineKeyboardMarkup): Promise<ApiOutcome<Message.TextMessage>> {
    const chat = String(chatId);
    const slot = await this.limiter.acquire(chat);
    if (!slot.ok) {
      return { ok: false, error: 'sendMessage: held back by the flood limit', retryable: true, retryAfterMs: slot.retryAfterMs };
    }
    try {
      // Specs: https://core.telegram.org/bots/api#sendmessage
      const message = await this.api.sendMessage(chatId, text, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      });
      return { ok: true, value: message };
    } catch (e) {
      return this.failed(chat, e);
    }
  }

  /** Removes (or replaces) the inline keyboard of a sent message; waits for its slot however long. */
  async editReplyMarkup(chatId: number | string, messageId: number, replyMarkup?: InlineKeyboardMarkup): Promise<ApiOutcome<true>> {
    const chat = String(chatId);
    await this.limiter.acquire(chat, Number.POSITIVE_INFINITY);
    try {
      // Specs: https://core.telegram.org/bots/api#editmessagereplymarkup (no reply_markup = no keyboard)
      await this.api.editMessageReplyMarkup(chatId, messageId, replyMarkup ? { reply_markup: replyMarkup } : {});
      return { ok: true, value: true };
    } catch (e) {
      return this.failed(chat, e);
    }
  }

  /** Answers a button press (the spinner on the button stops, the text shows as a toast). Not rate limited. */
  async answerCallback(callbackQueryId: string, text: string): Promise<ApiOutcome<true>> {
    try {
      // Specs: https://core.telegram.org/bots/api#answercallbackquery (text: 0-200 characters)
      await this.api.answerCallbackQuery(callbackQueryId, { text: truncate(text, 200) });
      return { ok: true, value: true };
    } catch (e) {
      return describeFailure(e);
    }
  }

  /** Runs work after the HTTP answer; failures go to the error sink, never thrown. `idle()` waits for all of it. */
  background(what: string, work: () => Promise<unknown>): void {
    this.work.run(what, work);
  }

  /** Resolves when the background work started so far (and any it started) has finished. */
  idle(): Promise<void> {
    return this.work.idle();
  }

  private failed(chat: string, e: unknown): Extract<ApiOutcome<never>, { ok: false }> {
    const outcome = describeFailure(e);
    if (outcome.code === 429 && outcome.retryAfterMs !== undefined) this.limiter.block(chat, outcome.retryAfterMs);
    return outcome;
  }
}

/** Cuts a string to at most `max` characters (code points), marking the cut with "…". */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The process's Telegram client for this configuration; null when
 * TELEGRAM_BOT_TOKEN is unset. The composition root makes one and hands it
 * to every path (worker, webhook, Done hook), so they share one flood
 * limiter and one getMe cache.
 */
export function telegramClientOf(config: Config, parts: Pick<TelegramClientOptions, 'log' | 'onError'> = {}): TelegramClient | null {
  if (!config.telegramBotToken) return null;
  return new TelegramClient({ token: config.telegramBotToken, apiRoot: config.telegramApiRoot, ...parts });
}
