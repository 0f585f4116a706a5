// Issue 24: a body may be up to 100 KB, but Telegram takes 4096 characters,
// a Slack block about 3000, a push's body 1000 (the phone shows a few lines). Pure: a text longer than a
// channel's limit is cut at a word boundary, with "…" and the deep link after
// it, so the reader can open the whole notice.

/** Per-channel limits in characters (code points). */
export const CHANNEL_TEXT_LIMITS = { telegram: 4096, slack: 3000, push: 1000, mobile: 1000 } as const;

/**
 * The text as it is when it fits in `max` characters; otherwise its longest
 * prefix ending at a word boundary, then "…" and (on a new line) the link, the
 * whole within `max`. A single word longer than the room is cut inside it.
 */
export function cutText(text: string, max: number, link: string | null = null): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const tail = link ? `…\n${link}` : '…';
  const room = max - [...tail].length;
  if (room <= 0) return [...tail].slice(0, max).join('');
  let cut = room;
  // Back off to the last whitespace at or before the room (the word at the cut is dropped whole).
  while (cut > 0 && !/\s/.test(chars[cut]!)) cut--;
  if (cut === 0) cut = room;
  return `${chars.slice(0, cut).join('').trimEnd()}${tail}`;
}
