// The process logger (pino, JSON on stdout). Action links are credentials
// (issue 10, item 7): whoever reads a log line with /a/<token>/done could
// close the event, so every line has the token replaced before it is written
// — the request log's URL, any other field, and the message text alike.
import pino, { type DestinationStream, type Logger } from 'pino';

const ACTION_LINK = /\/a\/[^/?#\s"]+/g;

/** "/a/Xq3…/done?x" → "/a/[redacted]/done?x". */
export const redactActionLinks = (text: string): string => text.replace(ACTION_LINK, '/a/[redacted]');

export function createLogger(level: string, destination?: DestinationStream): Logger {
  // On the finished JSON line: after every serializer (Fastify's request serializer included).
  const options: pino.LoggerOptions = { level, hooks: { streamWrite: redactActionLinks } };
  return destination ? pino(options, destination) : pino(options);
}
