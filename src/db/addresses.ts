// Addresses a source names in a notice instead of a login (issue 24 point
// 4): their channel rows (owned by the source, no user), the source's
// suppression list (one-click unsubscribe) and what it addressed lately (its
// rate limits). Every "now" is a parameter.
import { sql } from 'kysely';
import type { ChannelType } from '../domain/channels.ts';
import type { Db } from './connect.ts';

/** An address channel to have: its type, the normalised address (the unique key), its config and a secret for a new row. */
export interface AddressChannelWant {
  type: Extract<ChannelType, 'email' | 'slack'>;
  address: string;
  config: Record<string, unknown>;
  secret: string | null;
}

/**
 * The channel rows of these addresses for the source, made when missing; an
 * existing row takes the new config (a guest's name) and is switched on
 * again (a row is only off while its address is suppressed, which the caller
 * checked). Returns `type:address` → channel id.
 */
export async function ensureAddressChannels(db: Db, sourceId: number, wants: AddressChannelWant[], now: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Map(wants.map((w) => [`${w.type}:${w.address}`, w])).values()];
  if (unique.length === 0) return out;
  const rows = await db
    .insertInto('channels')
    .values(
      unique.map((w) => ({
        user_id: null,
        address_of: sourceId,
        address: w.address,
        type: w.type,
        config: JSON.stringify(w.config),
        secret: w.secret,
        enabled: true,
        confirmed: true,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['address_of', 'type', 'address'])
        .where('address_of', 'is not', null)
        .doUpdateSet((eb) => ({ config: eb.ref('excluded.config'), enabled: true, updated_at: now })),
    )
    .returning(['id', 'type', 'address'])
    .execute();
  for (const r of rows) out.set(`${r.type}:${r.address}`, r.id);
  return out;
}

/** The address channel behind a channel id (an address a source named), or undefined for a user's channel. */
export async function findAddressChannel(db: Db, channelId: number) {
  return db
    .selectFrom('channels')
    .select(['id', 'type', 'address', 'address_of', 'secret', 'config'])
    .where('id', '=', channelId)
    .where('address_of', 'is not', null)
    .executeTakeFirst();
}

/** The emails among `emails` (normalised) that the source must not mail. */
export async function suppressedAmong(db: Db, sourceId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('suppressions')
    .select('email')
    .where('source_id', '=', sourceId)
    .where('email', 'in', [...new Set(emails)])
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** Puts an address on the source's suppression list (once) and switches its channel off. */
export async function suppressAddress(db: Db, sourceId: number, email: string, channelId: number, now: Date): Promise<void> {
  await db
    .insertInto('suppressions')
    .values({ source_id: sourceId, email, created_at: now })
    .onConflict((oc) => oc.columns(['source_id', 'email']).doNothing())
    .execute();
  await db.updateTable('channels').set({ enabled: false, updated_at: now }).where('id', '=', channelId).execute();
}

/** What the source addressed since `since`: the total, and the writes oldest first (for the moment room frees up). */
export async function addressSendsSince(db: Db, sourceId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('address_sends')
    .select(sql<string | null>`sum(recipients)`.as('n'))
    .where('source_id', '=', sourceId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** The source's writes since `since`, oldest first. */
export async function addressSendRows(db: Db, sourceId: number, since: Date): Promise<Array<{ sent_at: Date; recipients: number }>> {
  return db
    .selectFrom('address_sends')
    .select(['sent_at', 'recipients'])
    .where('source_id', '=', sourceId)
    .where('sent_at', '>', since)
    .orderBy('sent_at')
    .orderBy('id')
    .execute();
}

/** Records one write's addressed recipients, and forgets the source's rows older than `forgetBefore`. */
export async function recordAddressSend(db: Db, sourceId: number, recipients: number, now: Date, forgetBefore: Date): Promise<void> {
  await db.deleteFrom('address_sends').where('source_id', '=', sourceId).where('sent_at', '<', forgetBefore).execute();
  if (recipients > 0) await db.insertInto('address_sends').values({ source_id: sourceId, sent_at: now, recipients }).execute();
}
