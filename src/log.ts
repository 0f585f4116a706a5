// The process logger (pino, JSON on stdout). The links under /a/ are
// credentials (issue 10, item 7; issue 17): whoever reads a log line with
// /a/<token>/done could close the event, /a/confirm/<code> confirm someone's
// email channel, /a/unsubscribe/<token> switch it off. So every line has
// their secret segments replaced before it is written — the request log's
// URL, any other field, and the message text alike.
import pino, { type DestinationStream, type Logger } from 'pino';

// "/a/" as the router reads it: the "a" may come percent-encoded ("/%61/x/done" is routed as
// "/a/x/done"; %41 and "A" too, though not routed: too much hidden is harmless). Then the rest
// of the path, up to the query, the fragment, or the end of the JSON string or word.
const ACTION_LINK = /\/(?:a|%61|%41)\/([^?#\s"]*)/gi;

/** The segments of those paths that name the action, never a secret: kept for a readable log. */
const ACTION_WORDS = new Set(['ack', 'done', 'confirm', 'unsubscribe']);

function actionWord(segment: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: not a word either.
  }
  return ACTION_WORDS.has(decoded.toLowerCase());
}

const redactSegments = (rest: string): string =>
  rest
    .split('/')
    .map((s) => (s === '' || actionWord(s) ? s : '[redacted]'))
    .join('/');

/**
 * Every segment after /a/ but the action's name: "/a/Xq3…/done?x" → "/a/[redacted]/done?x",
 * "/a/confirm/<code>" → "/a/confirm/[redacted]", "/%61/<token>/ack" → "/%61/[redacted]/ack".
 */
export const redactActionLinks = (text: string): string =>
  text.replace(ACTION_LINK, (whole, rest: string) => `${whole.slice(0, whole.length - rest.length)}${redactSegments(rest)}`);

// A user token in a query (GET /me/stream?token=, issue 25) is a credential too: its value goes.
const QUERY_TOKEN = /([?&](?:token|%74oken)=)[^&#\s"]*/gi;

/** "/me/stream?token=eyJ…&x" → "/me/stream?token=[redacted]&x". */
export const redactQueryTokens = (text: string): string => text.replace(QUERY_TOKEN, '$1[redacted]');

export function createLogger(level: string, destination?: DestinationStream): Logger {
  // On the finished JSON line: after every serializer (Fastify's request serializer included).
  const options: pino.LoggerOptions = { level, hooks: { streamWrite: (line) => redactQueryTokens(redactActionLinks(line)) } };
  return destination ? pino(options, destination) : pino(options);
}
