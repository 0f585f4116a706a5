// The deliveries of address recipients (issue 24 point 4), written in the
// notice batch's transaction: each push of a notice that names addresses
// puts one outbox row per address, through the address's own channel row
// (owned by the source), so the worker mails or posts it like any other
// delivery and the source's view of the notice shows it. No inbox row, no
// user, no presence: an address has nobody to be present.
//
// - A suppressed email (its one-click unsubscribe) is skipped and counted.
// - The source's rate limits (HADO_RATE_LIMIT_ADDRESS_MINUTE / _DAY) hold
//   across requests and processes: the batch holds the source's address lock
//   (taken with its other locks, see notices.ts), counts what the source
//   addressed in each window, and refuses the whole batch with a 429 and the
//   Retry-After at which enough of it has aged out.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { type AddressChannelWant, addressSendRows, addressSendsSince, ensureAddressChannels, recordAddressSend, suppressedAmong } from '../db/addresses.ts';
import { insertDeliveries } from '../db/deliveries.ts';
import { lockKey } from '../db/notices.ts';
import { HadoError } from '../errors.ts';
import { type AddressRecipient, addressKey } from './address-input.ts';
import { outboxRows } from './outbox.ts';

export interface AddressLimits {
  perMinute: number;
  perDay: number;
}

/** One push of a notice to its addresses: the input's index (for its `suppressed` count). */
export interface AddressPush {
  index: number;
  noticeId: number;
  push: number;
  addresses: AddressRecipient[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The advisory lock of a source's address writes and unsubscribes: a suppression and a write never cross. */
export const addressLock = (sourceId: number): string => lockKey(['address', sourceId]);

/**
 * How long until `wanted` more fit under `max` in a sliding window of
 * `windowMs`, given the writes in it now (oldest first): the moment the
 * oldest writes that must age out have done so. Pure.
 */
export function retryAfterMs(rows: ReadonlyArray<{ sent_at: Date; recipients: number }>, wanted: number, max: number, windowMs: number, now: Date): number {
  let used = rows.reduce((n, r) => n + r.recipients, 0);
  for (const r of rows) {
    if (used + wanted <= max) break;
    used -= r.recipients;
    if (used + wanted <= max) return Math.max(1000, r.sent_at.getTime() + windowMs - now.getTime());
  }
  return windowMs;
}

const WINDOWS = [
  { ms: MINUTE_MS, limit: (l: AddressLimits) => l.perMinute, key: 'HADO_RATE_LIMIT_ADDRESS_MINUTE', per: 'a minute' },
  { ms: DAY_MS, limit: (l: AddressLimits) => l.perDay, key: 'HADO_RATE_LIMIT_ADDRESS_DAY', per: '24 hours' },
] as const;

/** Refuses the batch when `wanted` more addresses would pass one of the source's limits. */
async function checkLimits(trx: Db, sourceId: number, wanted: number, now: Date, limits: AddressLimits): Promise<void> {
  for (const w of WINDOWS) {
    const max = w.limit(limits);
    if (wanted > max) {
      throw new HadoError(
        422,
        'invalid',
        `notices: this batch addresses ${wanted} recipients; a source may address at most ${max} in ${w.per} (${w.key}); split it`,
        {
          field: 'notices',
        },
      );
    }
    const since = new Date(now.getTime() - w.ms);
    const used = await addressSendsSince(trx, sourceId, since);
    if (used + wanted <= max) continue;
    const wait = retryAfterMs(await addressSendRows(trx, sourceId, since), wanted, max, w.ms, now);
    throw new HadoError(
      429,
      'too_many_requests',
      `This source addressed ${used} email or Slack recipients in the last ${w.per}; at most ${max} (${w.key}); retry later`,
      {},
      { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) },
    );
  }
}

const channelWant = (a: AddressRecipient): AddressChannelWant =>
  a.kind === 'email'
    ? // The secret keys the one-click unsubscribe link of every mail to it (email/links.ts), as for a user's address.
      { type: 'email', address: a.address, config: { address: a.address, ...(a.name ? { name: a.name } : {}) }, secret: randomBytes(32).toString('base64url') }
    : { type: 'slack', address: a.channel, config: { slack_channel: a.channel }, secret: null };

/**
 * Writes the outbox rows of these pushes, minus suppressed addresses, after
 * checking the source's limits. Returns the suppressed count per input index.
 */
export async function writeAddressDeliveries(trx: Db, sourceId: number, pushes: AddressPush[], now: Date, limits: AddressLimits): Promise<Map<number, number>> {
  const suppressedCount = new Map<number, number>();
  if (pushes.length === 0) return suppressedCount;
  const emails = pushes.flatMap((p) => p.addresses.flatMap((a) => (a.kind === 'email' ? [a.address] : [])));
  const suppressed = await suppressedAmong(trx, sourceId, emails);
  const sends = pushes.map((p) => {
    const unique = [...new Map(p.addresses.map((a) => [addressKey(a), a])).values()];
    const go = unique.filter((a) => !(a.kind === 'email' && suppressed.has(a.address)));
    suppressedCount.set(p.index, (suppressedCount.get(p.index) ?? 0) + unique.length - go.length);
    return { ...p, go };
  });
  const wanted = sends.reduce((n, s) => n + s.go.length, 0);
  if (wanted === 0) return suppressedCount;
  await checkLimits(trx, sourceId, wanted, now, limits);
  const channels = await ensureAddressChannels(
    trx,
    sourceId,
    sends.flatMap((s) => s.go.map(channelWant)),
    now,
  );
  await insertDeliveries(
    trx,
    sends.flatMap((s) =>
      outboxRows(
        { noticeId: s.noticeId, push: s.push, pushedAt: now },
        s.go.map((a) => ({ id: channels.get(addressKey(a))!, type: a.kind })),
        now,
      ),
    ),
  );
  await recordAddressSend(trx, sourceId, wanted, now, new Date(now.getTime() - DAY_MS));
  return suppressedCount;
}
