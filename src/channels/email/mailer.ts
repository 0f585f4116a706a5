// The SMTP side of the email channel (issue 17): one nodemailer pool to the
// operator's relay (HADO_SMTP_URL), built once by the composition root and
// shared by the worker (deliveries) and the routes (confirmation mails).
// Every failure becomes an outcome the outbox understands: a permanent SMTP
// reply (5xx) is final, a transient one (4xx) and a connection that failed
// are retried with the outbox's backoff.
//
// The relay is the operator's own configuration, not a user-given URL, so
// the outbound policy for user destinations (net/outbound.ts) does not apply.
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import pino from 'pino';
import type { Config } from '../../config.ts';

/** One mail as Hado sends it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`: the same for every attempt of one delivery, so a retry is recognisably the same mail. */
  messageId: string;
  headers: Record<string, string>;
}

export type MailOutcome = { ok: true; messageId: string } | { ok: false; error: string; retryable: boolean };

/** What nodemailer attaches to its errors (NodemailerError): the SMTP reply and whether it is permanent. */
interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
}

/** A send failure as an outcome: a permanent reply (5xx) is final; 4xx, timeouts and dropped connections are retried. */
export function describeMailFailure(err: unknown): Extract<MailOutcome, { ok: false }> {
  const e = (err ?? {}) as SmtpError;
  const reply = e.response ? e.response.replace(/\s+/g, ' ').slice(0, 300) : null;
  const error = [e.command ? `${e.command}:` : 'smtp:', reply ?? e.message ?? String(err), e.code ? `(${e.code})` : ''].filter(Boolean).join(' ');
  // nodemailer sets `permanent` from the reply class (5xx except 503); without a reply it is a connection problem.
  const permanent = e.permanent ?? (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode !== 503);
  return { ok: false, error, retryable: !permanent };
}

export interface MailerOptions {
  url: string;
  from: string;
  /** Connections to the relay at once (a pool: each carries many mails). */
  maxConnections?: number;
  /** Deadlines of one connection; a hung relay must not hold a worker for long. */
  timeoutMs?: number;
  log?: Pick<Logger, 'warn' | 'info' | 'debug'>;
}

/** The transport options of an smtp:// or smtps:// URL: STARTTLS when the relay offers it (nodemailer's default), TLS from the start for smtps. */
export function transportOptionsOf(url: string, opts: Pick<MailerOptions, 'maxConnections' | 'timeoutMs'> = {}) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const timeout = opts.timeoutMs ?? 15_000;
  return {
    pool: true as const,
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    maxConnections: opts.maxConnections ?? 5,
    maxMessages: 1000,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  };
}

export class Mailer {
  readonly from: string;
  /** The domain of the From address: the right side of every Message-ID. */
  readonly domain: string;
  readonly log: Pick<Logger, 'warn' | 'info' | 'debug'>;
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(opts: MailerOptions) {
    this.from = opts.from;
    this.domain = /@([^@>\s]+)>?\s*$/.exec(opts.from)?.[1]?.toLowerCase() ?? 'hado.invalid';
    this.log = opts.log ?? pino({ level: 'silent' });
    this.transport = nodemailer.createTransport(transportOptionsOf(opts.url, opts));
  }

  // Specs: RFC 5321 (SMTP replies: 4yz transient, 5yz permanent), RFC 3834 (Auto-Submitted).
  async send(mail: OutgoingMail): Promise<MailOutcome> {
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
        // No tracking of any kind, and nothing fetched by the composer.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return { ok: true, messageId: String(info.messageId ?? mail.messageId) };
    } catch (e) {
      return describeMailFailure(e);
    }
  }

  /** Closes the pool's connections (at shutdown). */
  close(): void {
    this.transport.close();
  }
}

/** The process's mailer for this configuration; null without HADO_SMTP_URL (no email channel). */
export function mailerOf(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log?: MailerOptions['log']): Mailer | null {
  if (!config.smtpUrl || !config.mailFrom) return null;
  return new Mailer({ url: config.smtpUrl, from: config.mailFrom, ...(log ? { log } : {}) });
}
