import { describe, expect, it } from 'vitest';
import { markdownToMrkdwn, markdownToSafeHtml, markdownToTelegramHtml } from '../../src/core/markdown.ts';

const XSS = [
  '# Summary',
  '',
  'Hello **team** and _all_: [agenda](https://conf.example/a?x=1&y=2)',
  '',
  '<script>alert(1)</script>',
  '[click](javascript:alert(2)) <img src=x onerror="alert(3)">',
  '',
  '- one',
  '- two <!channel>',
].join('\n');

describe('markdown bodies (issue 24)', () => {
  it('renders HTML and sanitizes it: no script, no javascript: link, no event handler', () => {
    const html = markdownToSafeHtml(XSS);
    expect(html).toContain('<h1>Summary</h1>');
    expect(html).toContain('<strong>team</strong>');
    expect(html).toContain('<a href="https://conf.example/a?x=1&amp;y=2" rel="noopener noreferrer nofollow" target="_blank">agenda</a>');
    expect(html).toContain('<li>one</li>');
    expect(html).not.toMatch(/<script|javascript:|onerror|<img/i);
  });

  it('converts to Slack mrkdwn: bold, links, headings as bold lines, lists kept, & < > escaped', () => {
    const out = markdownToMrkdwn(XSS);
    expect(out).toContain('*Summary*');
    expect(out).toContain('Hello *team* and _all_: <https://conf.example/a?x=1&y=2|agenda>');
    expect(out).toContain('• one\n• two &lt;!channel&gt;');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain('javascript:');
    expect(out).not.toMatch(/<(script|!channel|img)/);
  });

  it("converts to Telegram's HTML subset, escaping the rest", () => {
    const out = markdownToTelegramHtml(XSS);
    expect(out).toContain('<b>Summary</b>');
    expect(out).toContain('Hello <b>team</b> and <i>all</i>: <a href="https://conf.example/a?x=1&amp;y=2">agenda</a>');
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('• one');
    expect(out).not.toContain('javascript:');
    expect(out.replace(/<\/?(b|i|a|code|pre|s|blockquote)( href="[^"]*")?>/g, '')).not.toMatch(/[<>]/);
  });

  it('keeps code as code, escaped', () => {
    expect(markdownToTelegramHtml('`a<b>` and\n\n```\nx < y\n```')).toBe('<code>a&lt;b&gt;</code> and\n\n<pre>x &lt; y</pre>');
    expect(markdownToMrkdwn('1. first\n2. **second**')).toBe('1. first\n2. *second*');
  });
});
