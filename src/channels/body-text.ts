// The body line of a notification that shows no markup (Web Push, mobile):
// a markdown notice's words without its marks (issue 24), else the subtitle
// as it is. Pure.
import { markdownToPlainText } from '../core/markdown.ts';
import type { OutgoingMessage } from './types.ts';

export function bodyText(message: OutgoingMessage): string | null {
  if (message.markdown) return markdownToPlainText(message.markdown) || null;
  return message.subtitle;
}
