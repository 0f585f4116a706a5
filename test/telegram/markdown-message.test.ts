// Markdown notices in Telegram and Slack messages (issue 24): the converted
// text, and a long body cut at a word boundary with "…" and the deep link,
// within each channel's limit.
import { describe, expect, it } from 'vitest';
import { renderSlack, slackContentOf } from '../../src/channels/slack/message.ts';
import { renderMessage } from '../../src/channels/telegram/channel.ts';
import type { OutgoingMessage } from '../../src/channels/types.ts';

const LINK = 'https://conf.example/n/7';
const message = (markdown: string): OutgoingMessage => ({
  deliveryId: 1,
  actionToken: 'tok',
  kind: 'notice',
  body: {},
  title: 'Keynote',
  subtitle: markdown,
  markdown,
  deepLink: LINK,
  doneLabel: null,
  locale: 'en',
});

describe('markdown notices in chat messages (issue 24)', () => {
  it('Telegram: its HTML subset, the rest escaped', () => {
    const { text } = renderMessage(message('**Done** & [notes](https://n.example/1)\n\n<script>x</script>'));
    expect(text).toBe('<b>Keynote</b>\n<b>Done</b> &amp; <a href="https://n.example/1">notes</a>\n\n&lt;script&gt;x&lt;/script&gt;');
  });

  it('Telegram: a 100 KB body is cut to 4096 characters at a word boundary, with … and the deep link', () => {
    const { text } = renderMessage(message('**word** '.repeat(11_000).trim()));
    expect([...text].length).toBeLessThanOrEqual(4096);
    expect(text).toMatch(/<b>word<\/b>…\n<a href="https:\/\/conf\.example\/n\/7">https:\/\/conf\.example\/n\/7<\/a>$/);
  });

  it('Slack: a long body fits its section (3000) and ends with … and the deep link', () => {
    const { blocks } = renderSlack(slackContentOf(message('_word_ '.repeat(20_000).trim())));
    const text = (blocks[0] as { text: { text: string } }).text.text;
    expect([...text].length).toBeLessThanOrEqual(3000);
    expect(text.startsWith('*Keynote*\n_word_ _word_')).toBe(true);
    expect(text.endsWith(`_word_…\n<${LINK}|${LINK}>`)).toBe(true);
  });
});
