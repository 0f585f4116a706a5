// The retention sweep of notices (SPEC B2): a notice not updated for
// HADO_NOTICE_RETENTION_DAYS is removed with its recipients, keys and
// deliveries. Run from the scheduler loop and from `hado tick`.
import type { Db } from '../db/connect.ts';
import { sweepNotices } from '../db/notice-pushes.ts';
import { type Instant, toDate } from '../domain/time.ts';

export async function noticeRetentionSweep(db: Db, now: Instant, retentionDays: number): Promise<number> {
  return sweepNotices(db, toDate(now.subtract({ hours: 24 * retentionDays })));
}
