// The inbox page's notice items (issue 24): a markdown notice shows its
// sanitized body_html; a plain one its body as escaped text.
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../src/core/markdown.ts';
import type { RecipientNoticeView } from '../../src/core/notice-views.ts';
import { Temporal } from '../../src/domain/time.ts';
import { renderNoticeItems } from '../../src/http/views/notices.ts';

const BODY = '**Bold** [x](javascript:alert(1)) <script>alert(2)</script>';
const view = (over: Partial<RecipientNoticeView>): RecipientNoticeView => ({
  id: 1,
  source: 'conf',
  source_ref: null,
  topic: '',
  mode: 'create',
  title: 'T',
  body: BODY,
  body_format: 'plain',
  body_html: null,
  deep_link: null,
  data: {},
  actor: null,
  urgent: false,
  entity_label: null,
  group: null,
  claim: null,
  read_at: null,
  archived_at: null,
  created_at: '2026-09-01T10:00:00.000Z',
  updated_at: '2026-09-01T10:00:00.000Z',
  ...over,
});
const reader = { login: 'nina', tz: 'UTC', locale: 'en' as const, now: Temporal.Instant.from('2026-09-01T11:00:00Z') };
const render = (n: RecipientNoticeView) => renderNoticeItems([n], { unread: 1, unread_label: '1' }, reader, false).toString();

describe('markdown notices on the inbox page (issue 24)', () => {
  it('inserts the sanitized body_html of a markdown notice', () => {
    const out = render(view({ body_format: 'markdown', body_html: markdownToSafeHtml(BODY) }));
    expect(out).toContain('<div class="nt-text nt-md"><p><strong>Bold</strong> <a rel="noopener noreferrer nofollow" target="_blank">x</a> </p></div>');
    expect(out).not.toMatch(/<script|javascript:/);
  });

  it('shows a plain body as escaped text', () => {
    const out = render(view({}));
    expect(out).toContain('<p class="nt-text">**Bold** [x](javascript:alert(1)) &lt;script&gt;alert(2)&lt;/script&gt;</p>');
  });
});
