import { describe, expect, it } from 'vitest';
import { CHANNEL_TEXT_LIMITS, cutText } from '../../src/domain/cut-text.ts';

describe('cutText (issue 24)', () => {
  it('keeps a text that fits as it is', () => {
    expect(cutText('short text', 10, 'https://x.example/n/1')).toBe('short text');
  });

  it('cuts at a word boundary and adds … and the deep link, within the limit', () => {
    const out = cutText('alpha beta gamma delta epsilon', 20, 'https://a.b');
    expect(out).toBe('alpha…\nhttps://a.b');
    expect([...out].length).toBeLessThanOrEqual(20);
    expect(cutText('alpha beta gamma delta epsilon', 17)).toBe('alpha beta gamma…');
  });

  it('cuts inside a word only when one word is longer than the room', () => {
    expect(cutText('abcdefghijklmnop', 8)).toBe('abcdefg…');
  });

  it('counts code points, not UTF-16 units', () => {
    const out = cutText('😀😀 😀😀 😀😀', 6);
    expect(out).toBe('😀😀 😀😀…');
    expect([...out].length).toBeLessThanOrEqual(6);
  });

  it('cuts a 100 KB body to Telegram and Slack sizes', () => {
    const body = 'word '.repeat(20_480).trim();
    for (const max of [CHANNEL_TEXT_LIMITS.telegram, CHANNEL_TEXT_LIMITS.slack, CHANNEL_TEXT_LIMITS.push]) {
      const out = cutText(body, max, 'https://app.example/n/7');
      expect([...out].length).toBeLessThanOrEqual(max);
      expect(out.endsWith('…\nhttps://app.example/n/7')).toBe(true);
      expect(out).toMatch(/word…\n/);
    }
  });
});
