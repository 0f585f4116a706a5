// The Slack channel's message builder (issue 17): pure functions from an
// OutgoingMessage to Block Kit. A reminder: the title in bold, the subtitle,
// a link button for the deep link, and the buttons Ack and the event's
// done_label (their value is the delivery's action token). A notice has no
// action buttons. After Ack the message says "Noted ✓" and keeps Done;
// after Done it says "Done ✓" and has no buttons left.
// Specs: https://api.slack.com/reference/block-kit/blocks, .../block-elements#button
import { fitMarkdown, markdownToMrkdwn } from '../../core/markdown.ts';
import type { Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import type { OutgoingMessage } from '../types.ts';
import type { SlackBlocks } from './api.ts';

export const ACTION = { ack: 'hado_ack', done: 'hado_done', open: 'hado_open', confirm: 'hado_confirm', notMe: 'hado_not_me' } as const;

/**
 * Slack parses &, < and > as control characters in every text it is given,
 * plain_text, mrkdwn and a message's fallback `text` alike, so they are
 * escaped everywhere, or a title "<!channel>" pings the whole channel and
 * "<@U123>" someone else (issue 27, finding 3). Nothing more is escaped:
 * Slack decodes only these three entities.
 * Specs: https://api.slack.com/reference/surfaces/formatting#escaping
 */
export const escapeMrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain_text object; cut before escaping, so no entity is cut in half. */
const plain = (text: string) => ({ type: 'plain_text' as const, text: escapeMrkdwn(text) });
/** A mrkdwn object whose whole text is ours to escape. */
const mrkdwn = (text: string) => ({ type: 'mrkdwn' as const, text: escapeMrkdwn(text) });

const cut = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** An absolute http(s) link (a button's url), or null. */
function httpLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const u = new URL(link);
    return (u.protocol === 'https:' || u.protocol === 'http:') && link.length <= 3000 ? u.toString() : null;
  } catch {
    return null;
  }
}

/** What a reminder message shows, and what its buttons carry. */
export interface SlackContent {
  title: string;
  subtitle: string | null;
  /** A markdown notice's body (issue 24): converted to mrkdwn instead of escaping the subtitle. */
  markdown?: string | null;
  deepLink: string | null;
  /** The client's done_label, or null for the reader's "Done". */
  doneLabel: string | null;
  /** The action token the buttons carry; null for a notice. */
  actionToken: string | null;
  locale: Locale;
}

export type SlackState = 'open' | 'noted' | 'done';

/** The fallback text (notifications, screen readers) and the blocks of a message in a state. */
export function renderSlack(c: SlackContent, state: SlackState = 'open'): { text: string; blocks: SlackBlocks } {
  const l = c.locale;
  const title = cut(c.title, 200);
  // A section's text is at most 3000 characters.
  const body = c.markdown
    ? `*${escapeMrkdwn(title)}*\n${fitMarkdown(c.markdown, 2700, httpLink(c.deepLink), markdownToMrkdwn)}`
    : c.subtitle
      ? `*${escapeMrkdwn(title)}*\n${escapeMrkdwn(cut(c.subtitle, 2700))}`
      : `*${escapeMrkdwn(title)}*`;
  const blocks: SlackBlocks = [{ type: 'section', text: { type: 'mrkdwn', text: body } }];
  const buttons: Record<string, unknown>[] = [];
  const link = httpLink(c.deepLink);
  if (link) buttons.push({ type: 'button', action_id: ACTION.open, text: plain(t(l, 'slack.open')), url: link });
  if (c.actionToken && state !== 'done') {
    if (state === 'open') {
      buttons.push({ type: 'button', action_id: ACTION.ack, text: plain(t(l, 'slack.ack')), value: c.actionToken });
    }
    buttons.push({
      type: 'button',
      action_id: ACTION.done,
      style: 'primary',
      // A client's done_label is its own words, sent as given; the default is ours, in the reader's language.
      text: plain(cut(c.doneLabel || t(l, 'slack.done'), 75)),
      value: c.actionToken,
    });
  }
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons } as SlackBlocks[number]);
  if (state !== 'open') {
    blocks.push({ type: 'context', elements: [mrkdwn(t(l, state === 'done' ? 'slack.doneMark' : 'slack.noted'))] });
  }
  // The fallback text is what notifications show: Slack parses it as well.
  const fallback = c.subtitle ? `${escapeMrkdwn(title)}: ${escapeMrkdwn(cut(c.subtitle, 200))}` : escapeMrkdwn(title);
  return { text: fallback, blocks };
}

/** The content of a delivery's message. */
export function slackContentOf(message: OutgoingMessage): SlackContent {
  return {
    title: message.title,
    subtitle: message.subtitle,
    markdown: message.markdown ?? null,
    deepLink: message.deepLink,
    doneLabel: message.doneLabel,
    actionToken: message.kind === 'event' ? message.actionToken : null,
    locale: message.locale,
  };
}

/** The DM that asks the Slack user to confirm the channel; the button carries the one-time code. */
export function renderConfirm(locale: Locale, code: string, confirmed = false, notMeUrl?: string): { text: string; blocks: SlackBlocks } {
  const text = escapeMrkdwn(t(locale, confirmed ? 'slack.confirmed' : 'slack.confirm.text'));
  const blocks: SlackBlocks = [{ type: 'section', text: { type: 'mrkdwn', text } }];
  if (!confirmed) {
    blocks.push({
      type: 'actions',
      elements: [
        { type: 'button', action_id: ACTION.confirm, style: 'primary', text: plain(t(locale, 'slack.confirm.button')), value: code },
        // "This wasn't me" (issue 27): a link to Hado's page that blocks further confirmations to this Slack user.
        ...(notMeUrl ? [{ type: 'button', action_id: ACTION.notMe, text: plain(t(locale, 'slack.confirm.notMe')), url: notMeUrl }] : []),
      ],
    } as SlackBlocks[number]);
  }
  return { text, blocks };
}
