// Markdown bodies (issue 24): `body_format: "markdown"` rendered per channel.
// Pure functions, no I/O. Mail and the inbox get HTML from `marked`, always
// passed through `sanitize-html` (no scripts, no event handlers, only http(s)
// and mailto links). Slack gets mrkdwn and Telegram its HTML subset, both
// built by walking marked's tokens: every piece of text is escaped for the
// target, so nothing in a body can become markup of its own.
import { Lexer, type Token, type Tokens, marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { cutText } from '../domain/cut-text.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li'],
    ...['strong', 'b', 'em', 'i', 'del', 's', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};
// The transform adds rel and target: allow them on links (after the transform, so a body cannot set them).
SANITIZE.allowedAttributes = { ...(SANITIZE.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel', 'target'] };

/** Markdown to HTML that is safe to insert into a page or a mail: sanitized whatever the body holds. */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true }) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}

/** The rules of one target: how to escape text and write each kind of span. */
interface Style {
  escape: (text: string) => string;
  bold: (inner: string) => string;
  italic: (inner: string) => string;
  strike: (inner: string) => string;
  code: (text: string) => string;
  pre: (text: string) => string;
  link: (href: string, inner: string) => string;
  quote: (inner: string) => string;
}

const safeHref = (href: string): string | null => (/^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null);

function inline(tokens: Token[] | undefined, s: Style): string {
  return (tokens ?? []).map((t) => span(t, s)).join('');
}

function span(t: Token, s: Style): string {
  switch (t.type) {
    case 'strong':
      return s.bold(inline((t as Tokens.Strong).tokens, s));
    case 'em':
      return s.italic(inline((t as Tokens.Em).tokens, s));
    case 'del':
      return s.strike(inline((t as Tokens.Del).tokens, s));
    case 'codespan':
      return s.code((t as Tokens.Codespan).text);
    case 'br':
      return '\n';
    case 'link': {
      const l = t as Tokens.Link;
      const href = safeHref(l.href);
      const inner = inline(l.tokens, s);
      return href ? s.link(href, inner) : inner;
    }
    case 'image':
      return s.escape((t as Tokens.Image).text);
    case 'text': {
      const x = t as Tokens.Text;
      return x.tokens ? inline(x.tokens, s) : s.escape(x.text);
    }
    default:
      // escape, html and anything else: its text, escaped (raw HTML in a body is shown, never obeyed).
      return s.escape('text' in t && typeof t.text === 'string' ? t.text : t.raw);
  }
}

function block(t: Token, s: Style, indent = ''): string {
  switch (t.type) {
    case 'heading':
      return s.bold(inline((t as Tokens.Heading).tokens, s));
    case 'paragraph':
      return inline((t as Tokens.Paragraph).tokens, s);
    case 'code':
      return s.pre((t as Tokens.Code).text);
    case 'blockquote':
      return s.quote(blocks((t as Tokens.Blockquote).tokens, s, indent));
    case 'hr':
      return '———';
    case 'space':
      return '';
    case 'list': {
      const l = t as Tokens.List;
      const start = typeof l.start === 'number' ? l.start : 1;
      return l.items
        .map((item, i) => {
          const mark = l.ordered ? `${start + i}.` : '•';
          const inner = item.tokens.map((c) => (c.type === 'list' ? `\n${block(c, s, `${indent}  `)}` : c.type === 'text' ? span(c, s) : block(c, s, indent)));
          return `${indent}${mark} ${inner.join('')}`;
        })
        .join('\n');
    }
    default:
      return span(t, s);
  }
}

function blocks(tokens: Token[], s: Style, indent = ''): string {
  return tokens
    .map((t) => block(t, s, indent))
    .filter((x) => x !== '')
    .join('\n\n');
}

const render = (markdown: string, s: Style): string => blocks(new Lexer({ gfm: true, breaks: true }).lex(markdown), s).trim();

/** Slack's escaping: only & < > (channel/message.ts's escapeMrkdwn), so no "<!channel>" or "<@U…>" from a body. */
const escapeSlack = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SLACK: Style = {
  escape: escapeSlack,
  bold: (x) => `*${x}*`,
  italic: (x) => `_${x}_`,
  strike: (x) => `~${x}~`,
  code: (x) => `\`${escapeSlack(x)}\``,
  pre: (x) => `\`\`\`\n${escapeSlack(x)}\n\`\`\``,
  // A link's text must not close it: | and > are not allowed inside <url|text>.
  link: (href, x) => `<${href.replace(/[<>|\s]/g, encodeURIComponent)}|${x.replace(/\|/g, '¦')}>`,
  quote: (x) => x.replace(/^/gm, '> '),
};

/** Markdown to Slack mrkdwn: **x** → *x*, [t](u) → <u|t>, headings as bold lines, lists kept. */
export const markdownToMrkdwn = (markdown: string): string => render(markdown, SLACK);

const escapeTelegram = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const TELEGRAM: Style = {
  escape: escapeTelegram,
  bold: (x) => `<b>${x}</b>`,
  italic: (x) => `<i>${x}</i>`,
  strike: (x) => `<s>${x}</s>`,
  code: (x) => `<code>${escapeTelegram(x)}</code>`,
  pre: (x) => `<pre>${escapeTelegram(x)}</pre>`,
  link: (href, x) => `<a href="${escapeTelegram(href).replace(/"/g, '&quot;')}">${x}</a>`,
  quote: (x) => `<blockquote>${x}</blockquote>`,
};

/** Markdown to Telegram's HTML subset (b, i, s, a, code, pre, blockquote); everything else escaped. */
export const markdownToTelegramHtml = (markdown: string): string => render(markdown, TELEGRAM);

const PLAIN: Style = {
  escape: (text) => text,
  bold: (x) => x,
  italic: (x) => x,
  strike: (x) => x,
  code: (x) => x,
  pre: (x) => x,
  link: (_href, x) => x,
  quote: (x) => x,
};

/** Markdown to plain text for a push notification, which shows no markup: the words, lists as • and 1., no marks. */
export const markdownToPlainText = (markdown: string): string => render(markdown, PLAIN);

/** The entity label (issue 23) as a markdown line above the body, its own characters escaped. */
export function markdownWithLabel(label: string | null, body: string): string {
  return label ? `${label.replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, '\\$&')}\n\n${body}` : body;
}

/**
 * A markdown body converted for a channel of at most `max` characters: the
 * source is cut at a word boundary (cutText, with "…" and the deep link), then
 * converted; should the markup make it longer than `max`, cut shorter again.
 */
export function fitMarkdown(markdown: string, max: number, link: string | null, convert: (md: string) => string): string {
  let budget = max;
  for (;;) {
    const out = convert(cutText(markdown, budget, link));
    if ([...out].length <= max || budget <= 16) return out;
    budget = Math.floor(budget * 0.8);
  }
}
