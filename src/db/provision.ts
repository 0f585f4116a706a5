// What PUT /api/users writes (issue 24): a user's zone and language from a
// source unless the person chose their own, and the channels a source vouches for.
import type { Db } from './connect.ts';
import type { ChannelType } from '../domain/channels.ts';
import type { UserRow } from './rows.ts';

const USER_COLUMNS = ['id', 'login', 'tz', 'quiet_start', 'quiet_end', 'locale'] as const;

/** Sets the zone or language a source gives, where the person has not chosen their own; the row when it changed. */
export async function provideSettings(db: Db, userId: number, given: { tz?: string; locale?: string }, now: Date): Promise<UserRow | null> {
  let changed: UserRow | null = null;
  if (given.tz !== undefined) {
    const row = await db
      .updateTable('users')
      .set({ tz: given.tz, tz_from: 'source', updated_at: now })
      .where('id', '=', userId)
      .where('tz_from', '<>', 'user')
      .where((eb) => eb.or([eb('tz', '<>', given.tz!), eb('tz_from', '<>', 'source')]))
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    changed = row ?? changed;
  }
  if (given.locale !== undefined) {
    const row = await db
      .updateTable('users')
      .set({ locale: given.locale, locale_from: 'source', updated_at: now })
      .where('id', '=', userId)
      .where('locale_from', '<>', 'user')
      .where((eb) => eb.or([eb('locale', '<>', given.locale!), eb('locale_from', '<>', 'source')]))
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    changed = row ?? changed;
  }
  return changed;
}

/**
 * The channel of `type` a source vouches for (one per user, type and source):
 * made confirmed, its config replaced when the value changed (and confirmed
 * again), left alone when the same. A value the person removed comes back
 * only when the source sends it again.
 */
export async function upsertVouchedChannel(
  db: Db,
  c: { userId: number; type: ChannelType; sourceId: number; config: Record<string, unknown>; secret: string | null },
  now: Date,
): Promise<'created' | 'replaced' | 'same'> {
  const have = await db
    .selectFrom('channels')
    .select(['id', 'config'])
    .where('user_id', '=', c.userId)
    .where('type', '=', c.type)
    .where('vouched_by', '=', c.sourceId)
    .forUpdate()
    .executeTakeFirst();
  if (have && JSON.stringify(have.config) === JSON.stringify(c.config)) return 'same';
  if (have) {
    await db
      .updateTable('channels')
      .set({ config: JSON.stringify(c.config), secret: c.secret, confirmed: true, updated_at: now })
      .where('id', '=', have.id)
      .execute();
    return 'replaced';
  }
  await db
    .insertInto('channels')
    .values({
      user_id: c.userId,
      type: c.type,
      config: JSON.stringify(c.config),
      secret: c.secret,
      enabled: true,
      confirmed: true,
      vouched_by: c.sourceId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return 'created';
}

/** Removes the channel of `type` a source vouched for (a null value); whether there was one. */
export async function deleteVouchedChannel(db: Db, userId: number, type: ChannelType, sourceId: number): Promise<boolean> {
  const res = await db.deleteFrom('channels').where('user_id', '=', userId).where('type', '=', type).where('vouched_by', '=', sourceId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
