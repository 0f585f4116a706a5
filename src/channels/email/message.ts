// The email channel's message builder (issue 17): pure functions from an
// OutgoingMessage (core/messages.ts) to one mail — subject, a plain-text and
// an HTML part (everything escaped; readable without images or styles the
// client drops), the deep link, and for an event the absolute Ack and Done
// links. Headers: a Message-ID stable per delivery (a retry is the same
// mail), List-Unsubscribe with an https one-click link (RFC 8058) and
// Auto-Submitted (RFC 3834).
import { createHash } from 'node:crypto';
import type { Locale } from '../../i18n/locales.ts';
import { markdownToSafeHtml } from '../../core/markdown.ts';
import { t } from '../../i18n/messages.ts';
import type { OutgoingMessage } from '../types.ts';
import type { OutgoingMail } from './mailer.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** An absolute http(s) link, or null: a mail has no page to resolve a relative one against. */
export function absoluteLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const u = new URL(link.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Header values are one line: no CR/LF from a client's title can add a header. */
const oneLine = (text: string, max = 200): string => {
  const flat = text.replace(/[\r\n\t]+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
};

/** `<hado.d{id}.{hash of the action token}@{domain}>`: the same for every attempt of a delivery, unique across deployments. */
export function messageIdOf(deliveryId: number, actionToken: string, domain: string): string {
  const tag = createHash('sha256').update(actionToken).digest('base64url').slice(0, 12);
  return `<hado.d${deliveryId}.${tag}@${domain}>`;
}

const STATE_WORDS = { preparing: 'mail.state.preparing', today: 'mail.state.today', overdue: 'mail.state.overdue' } as const;

/** The subject: the title, and for an event a short state word ("Pay rent — today"). */
export function subjectOf(message: OutgoingMessage): string {
  const state = ((message.body.event ?? {}) as { state?: unknown }).state;
  const key = typeof state === 'string' ? STATE_WORDS[state as keyof typeof STATE_WORDS] : undefined;
  return oneLine(key ? `${message.title} — ${t(message.locale, key)}` : message.title);
}

function actionLinks(message: OutgoingMessage): { ack: string; done: string } | null {
  if (message.kind !== 'event') return null;
  const actions = message.body.actions as { ack?: unknown; done?: unknown } | undefined;
  const ack = absoluteLink(typeof actions?.ack === 'string' ? actions.ack : null);
  const done = absoluteLink(typeof actions?.done === 'string' ? actions.done : null);
  return ack && done ? { ack, done } : null;
}

export interface MailContext {
  to: string;
  /** The https one-click link that switches this channel off (routes/email.ts). */
  unsubscribeUrl: string;
  /** The right side of the Message-ID (the From address's domain). */
  domain: string;
  /** A guest's address (issue 24): the footer says a sender addressed it, not that it is one of their channels. */
  guest?: boolean;
}

/** The headers every mail of a channel carries. */
export function channelHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    // Specs: RFC 2369 (List-Unsubscribe), RFC 8058 (one-click: a POST with "List-Unsubscribe=One-Click").
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    // Specs: RFC 3834 §5: no out-of-office or other automatic answers to these.
    'Auto-Submitted': 'auto-generated',
  };
}

const button = (href: string, label: string, primary: boolean): string =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;padding:8px 16px;border-radius:6px;text-decoration:none;font-weight:600;${
    primary ? 'background:#1f6feb;color:#ffffff;border:1px solid #1f6feb' : 'background:#ffffff;color:#1f2328;border:1px solid #d0d7de'
  }">${escapeHtml(label)}</a>`;

/** The frame every mail shares: a card like the inbox's, the footer with the unsubscribe link. */
function frame(locale: Locale, inner: string, footer: string): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>`,
    '<body style="margin:0;padding:16px;background:#f6f8fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2328">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d0d7de;border-radius:8px;padding:20px">',
    inner,
    '</div>',
    `<p style="max-width:560px;margin:12px auto 0;font-size:12px;color:#59636e">${footer}</p>`,
    '</body></html>',
  ].join('\n');
}

/** One mail for a delivery: a reminder (event) with Ack and Done, or a notice (title, body, deep link). */
export function renderMail(message: OutgoingMessage, ctx: MailContext): OutgoingMail {
  const l = message.locale;
  const deepLink = absoluteLink(message.deepLink);
  const actions = actionLinks(message);
  const doneLabel = message.doneLabel || t(l, 'mail.done');
  const footerText = t(l, ctx.guest ? 'mail.footerGuest' : 'mail.footer', { address: ctx.to });
  const unsubscribe = t(l, 'mail.unsubscribe');

  const text = [
    message.title,
    ...(message.subtitle ? ['', message.subtitle] : []),
    ...(deepLink ? ['', `${t(l, 'mail.open')}: ${deepLink}`] : []),
    ...(actions ? ['', `${t(l, 'mail.ack')}: ${actions.ack}`, `${doneLabel}: ${actions.done}`, t(l, 'mail.actionsHint')] : []),
    '',
    '-- ',
    footerText,
    `${unsubscribe}: ${ctx.unsubscribeUrl}`,
    '',
  ].join('\n');

  const buttons = [
    ...(actions ? [button(actions.ack, t(l, 'mail.ack'), false), button(actions.done, doneLabel, true)] : []),
    ...(deepLink ? [button(deepLink, t(l, 'mail.open'), !actions)] : []),
  ];
  const inner = [
    `<h1 style="margin:0 0 8px;font-size:18px;line-height:1.3">${escapeHtml(message.title)}</h1>`,
    // A markdown notice (issue 24): rendered and sanitized; the text part keeps its source (in subtitle).
    message.markdown
      ? `<div style="margin:0 0 16px;line-height:1.5">${markdownToSafeHtml(message.markdown)}</div>`
      : message.subtitle
        ? `<p style="margin:0 0 16px;white-space:pre-line;color:#59636e">${escapeHtml(message.subtitle)}</p>`
        : '',
    buttons.length > 0 ? `<p style="margin:16px 0 0">${buttons.join('')}</p>` : '',
    actions ? `<p style="margin:8px 0 0;font-size:12px;color:#59636e">${escapeHtml(t(l, 'mail.actionsHint'))}</p>` : '',
  ].join('\n');
  const footer = `${escapeHtml(footerText)} <a href="${escapeHtml(ctx.unsubscribeUrl)}" style="color:#59636e">${escapeHtml(unsubscribe)}</a>`;

  return {
    to: ctx.to,
    subject: subjectOf(message),
    text,
    html: frame(l, inner, footer),
    messageId: messageIdOf(message.deliveryId, message.actionToken, ctx.domain),
    headers: channelHeaders(ctx.unsubscribeUrl),
  };
}

/** The confirmation mail: the link opens a page with a Confirm button (a GET alone confirms nothing). */
export function renderConfirmationMail(opts: { locale: Locale; to: string; confirmUrl: string; notMeUrl: string; domain: string; code: string }): OutgoingMail {
  const l = opts.locale;
  const intro = t(l, 'mail.confirm.text', { address: opts.to });
  const ignore = t(l, 'mail.confirm.ignore');
  const label = t(l, 'mail.confirm.button');
  const notMe = t(l, 'mail.confirm.notMe');
  const text = [intro, '', `${label}: ${opts.confirmUrl}`, '', ignore, `${notMe}: ${opts.notMeUrl}`, ''].join('\n');
  const inner = [
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
    `<p style="margin:0 0 16px">${button(opts.confirmUrl, label, true)}</p>`,
    `<p style="margin:0 0 16px;font-size:12px;color:#59636e">${escapeHtml(opts.confirmUrl)}</p>`,
    `<p style="margin:0;font-size:12px"><a href="${escapeHtml(opts.notMeUrl)}" style="color:#59636e">${escapeHtml(notMe)}</a></p>`,
  ].join('\n');
  const tag = createHash('sha256').update(opts.code).digest('base64url').slice(0, 12);
  return {
    to: opts.to,
    subject: oneLine(t(l, 'mail.confirm.subject')),
    text,
    html: frame(l, inner, escapeHtml(ignore)),
    messageId: `<hado.confirm.${tag}@${opts.domain}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
