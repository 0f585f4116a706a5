// Web Push and mobile show no markup (issue 24): a markdown notice's body
// arrives there as its words without the marks, cut at a word boundary with
// "…"; a plain body is as written. Pure builders, no server.
import { describe, expect, it } from 'vitest';
import { expoMessage } from '../../src/channels/mobile/message.ts';
import { renderPushPayload } from '../../src/channels/push/payload.ts';
import type { OutgoingMessage } from '../../src/channels/types.ts';
import { markdownToPlainText } from '../../src/core/markdown.ts';

const MARKDOWN = ['## Session summary', '', 'Thanks **everyone**, see the [slides](https://conf.example/s/1).', '', '- first `point`', '- second'].join('\n');

function notice(subtitle: string | null, markdown: string | null): OutgoingMessage {
  return {
    deliveryId: 9,
    actionToken: 'tok',
    kind: 'notice',
    body: { notice: { id: 41 }, push: 1 },
    title: 'Summary of “Scaling Postgres”',
    subtitle,
    markdown,
    deepLink: 'https://conf.example/s/1',
    doneLabel: null,
    locale: 'en',
  };
}

describe('markdown bodies on channels without markup', () => {
  it('plain text keeps the words, drops the marks, lists as bullets', () => {
    expect(markdownToPlainText(MARKDOWN)).toBe('Session summary\n\nThanks everyone, see the slides.\n\n• first point\n• second');
    expect(markdownToPlainText('<b>raw</b> & <script>x</script>')).toBe('<b>raw</b> & <script>x</script>');
  });

  it('Web Push and Expo show the words, not the source', () => {
    const m = notice(MARKDOWN, MARKDOWN);
    const push = renderPushPayload(m, 'https://hado.example.org/');
    expect(push.body).toBe(markdownToPlainText(MARKDOWN));
    expect(push.body).not.toMatch(/\*\*|##|\]\(/);
    const expo = expoMessage(m, { token: 'ExponentPushToken[abc]', platform: 'ios' }, 'default');
    expect(expo.body).toBe(markdownToPlainText(MARKDOWN));
  });

  it('a plain body is shown as written, markdown characters and all', () => {
    const text = 'Use **two** stars';
    expect(renderPushPayload(notice(text, null), 'https://hado.example.org/').body).toBe(text);
    expect(expoMessage(notice(text, null), { token: 'ExponentPushToken[abc]', platform: 'android' }, 'default').body).toBe(text);
  });

  it('a long body is cut at a word boundary with …, within 1,000 characters', () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    for (const body of [
      renderPushPayload(notice(long, `**${long}**`), 'https://hado.example.org/').body!,
      expoMessage(notice(long, null), { token: 'ExponentPushToken[abc]', platform: 'ios' }, 'default').body!,
    ]) {
      expect([...body].length).toBeLessThanOrEqual(1000);
      expect(body).toMatch(/ word\d+…$/);
      expect(long.startsWith(body.slice(0, -1))).toBe(true);
    }
  });
});
