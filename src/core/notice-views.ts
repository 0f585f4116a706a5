// JSON shape of a notice as one recipient sees it: the feed item and the
// live frame (the whole row, SPEC B2, B4).
import type { RecipientNoticeRow } from '../db/notice-feed.ts';
import { markdownToSafeHtml } from './markdown.ts';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** A notice as its recipient sees it: the feed item and the live frame (the whole row). */
export function recipientNoticeView(row: RecipientNoticeRow) {
  return {
    id: row.id,
    source: row.source,
    source_ref: row.source_ref,
    topic: row.topic,
    mode: row.mode,
    title: row.title,
    body: row.body,
    body_format: row.body_format,
    // A markdown body (issue 24) rendered here, sanitized: pages insert this, never the body, as HTML.
    body_html: row.body_format === 'markdown' && row.body ? markdownToSafeHtml(row.body) : null,
    deep_link: row.deep_link,
    data: row.data,
    actor: row.actor,
    urgent: row.urgent,
    entity_label: row.entity_label,
    group: row.mode === 'group' ? { count: row.group_count, messages: row.group_messages } : null,
    claim: row.claimable ? { claimed_by: row.claimed_by_login, claimed_at: iso(row.claimed_at) } : null,
    read_at: iso(row.read_at),
    archived_at: iso(row.archived_at),
    created_at: iso(row.feed_at),
    updated_at: iso(row.updated_at),
  };
}

export type RecipientNoticeView = ReturnType<typeof recipientNoticeView>;
