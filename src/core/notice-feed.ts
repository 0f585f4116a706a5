// Use cases of the recipient's side of notices (SPEC B2): the feed by
// keyset cursor, the unread count, read and archived state, the one-time
// claim. The write point is notices.ts.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import {
  type FeedCursor,
  type FeedFilter,
  feedPage,
  feedPageOfLogin,
  isRecipient,
  type RecipientNoticeRow,
  markRead,
  recipientRows,
  setArchived,
  tryClaim,
  unreadCount,
} from '../db/notice-feed.ts';
import { recipientIds } from '../db/notices.ts';
import { notifyNotices, notifyUnread } from '../db/notify.ts';
import { unreadLabel } from '../domain/notices.ts';
import { Temporal, toDate } from '../domain/time.ts';
import { conflict, HadoError, notFound } from '../errors.ts';
import { type RecipientNoticeView, recipientNoticeView } from './notice-views.ts';

/** A feed cursor: the position after the last notice of a page, opaque to the client. */
export function encodeCursor(c: FeedCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

/** A timestamptz as Postgres prints it: "2026-08-01 10:00:00.123456+00". */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/;

/** The shape alone lets "2026-02-30" or "25:61" through, which Postgres refuses (a 500): parse it. */
function namesAMoment(at: string): boolean {
  try {
    // Postgres has no year 0.
    return !at.startsWith('0000') && Temporal.Instant.from(at.replace(' ', 'T')) !== undefined;
  } catch {
    return false;
  }
}

export function decodeCursor(raw: string): FeedCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at === 'string' && TIMESTAMP.test(at) && namesAMoment(at) && Number.isSafeInteger(id) && (id as number) > 0) {
      return { at, id: id as number };
    }
  } catch {
    // fall through
  }
  throw new HadoError(422, 'invalid', 'cursor: is not a cursor this server gave out; start again without it', {
    field: 'cursor',
  });
}

export interface FeedPage {
  notices: RecipientNoticeView[];
  next_cursor: string | null;
  /** Unread notices in the inbox, counted up to 100. */
  unread: number;
  /** "", "1" … "99", "99+" (SPEC B2). */
  unread_label: string;
}

export interface FeedOptions {
  filter: FeedFilter;
  cursor: string | null;
  limit: number;
  /** A user token's source, whose notices alone it sees (issue 25); null for every source. */
  sourceId?: number | null;
}

export async function getFeed(db: Db, userId: number, opts: FeedOptions): Promise<FeedPage> {
  const cursor = opts.cursor === null ? null : decodeCursor(opts.cursor);
  const sourceId = opts.sourceId ?? null;
  const rows = await feedPage(db, userId, opts.filter, cursor, opts.limit + 1, sourceId);
  // The count rides on the page's rows (one statement); an empty page asks for it alone.
  return feedPageOf(rows, rows[0]?.unread ?? (await unreadCount(db, userId, sourceId)), opts.limit);
}

/**
 * getFeed of the user with this login, the user's lookup and the page one
 * statement (issue 28); null when no user has this login yet.
 */
export async function getFeedOfLogin(db: Db, login: string, opts: FeedOptions): Promise<FeedPage | null> {
  const cursor = opts.cursor === null ? null : decodeCursor(opts.cursor);
  const found = await feedPageOfLogin(db, login, opts.filter, cursor, opts.limit + 1, opts.sourceId ?? null);
  return found === null ? null : feedPageOf(found.rows, found.unread, opts.limit);
}

/** The page of `limit` rows out of `limit + 1` (the last one, if there, says another page follows). */
function feedPageOf(rows: RecipientNoticeRow[], unread: number, limit: number): FeedPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notices: page.map(recipientNoticeView),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.feed_key, id: last.id }) : null,
    unread,
    unread_label: unreadLabel(unread),
  };
}

export async function unreadSummary(db: Db, userId: number, sourceId: number | null = null): Promise<{ unread: number; unread_label: string }> {
  const unread = await unreadCount(db, userId, sourceId);
  return { unread, unread_label: unreadLabel(unread) };
}

export async function readNotices(db: Db, clock: Clock, userId: number, ids: number[] | 'all', sourceId: number | null = null) {
  const changed = await markRead(db, userId, ids, toDate(clock.now()), sourceId);
  if (changed > 0) await notifyUnread(db, userId);
  return { changed, ...(await unreadSummary(db, userId, sourceId)) };
}

export async function archiveNotices(db: Db, clock: Clock, userId: number, ids: number[], archived: boolean, sourceId: number | null = null) {
  const changed = await setArchived(db, userId, ids, archived, toDate(clock.now()), sourceId);
  if (changed > 0) await notifyUnread(db, userId);
  return { changed, ...(await unreadSummary(db, userId, sourceId)) };
}

/**
 * One-time claim (SPEC B1): the first recipient to claim wins; claiming
 * again is a no-op for the holder; anyone else gets a 409 naming who has it.
 * Claiming also marks it read for the claimer.
 */
export async function claimNotice(db: Db, clock: Clock, noticeId: number, userId: number, sourceId: number | null = null): Promise<RecipientNoticeView> {
  const nowDate = toDate(clock.now());
  if (!(await isRecipient(db, noticeId, userId, sourceId))) throw notFound(`No notice ${noticeId} for you`);
  const won = await tryClaim(db, noticeId, userId, nowDate);
  const [row] = await recipientRows(db, [noticeId], [userId]);
  if (!row) throw notFound(`No notice ${noticeId} for you`);
  if (!row.claimable) throw conflict(`Notice ${noticeId} is not claimable: its source did not mark it one-time`);
  if (!won && row.claimed_by !== userId) {
    throw new HadoError(409, 'conflict', `Notice ${noticeId} is already claimed by ${row.claimed_by_login ?? 'someone'}`, {
      field: 'claimed_by',
    });
  }
  await markRead(db, userId, [noticeId], nowDate);
  if (won) await notifyNotices(db, [{ id: noticeId, userIds: await recipientIds(db, noticeId) }]);
  else await notifyUnread(db, userId);
  const [fresh] = await recipientRows(db, [noticeId], [userId]);
  return recipientNoticeView(fresh!);
}

/** Some notices as this recipient sees them, in the order asked (once each); ids that are not theirs are left out. */
export async function getNotices(db: Db, userId: number, ids: number[]): Promise<RecipientNoticeView[]> {
  const wanted = [...new Set(ids)];
  const byId = new Map((await recipientRows(db, wanted, [userId])).map((r) => [r.id, recipientNoticeView(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
