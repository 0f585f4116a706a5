// PUT /api/users (issue 24, capability `provision`): a source tells Hado about
// the people it knows — their zone and language until they choose their own,
// and the email and Slack ids it vouches for, which become confirmed channels
// without a mail or DM. A batch of at most 500, all or nothing.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import type { ChannelType } from '../domain/channels.ts';
import { deleteVouchedChannel, provideSettings, upsertVouchedChannel } from '../db/provision.ts';
import { ensureUsers, type NewUserDefaults } from '../db/users.ts';
import { notifyUserChanged } from '../db/notify.ts';
import { isValidTimeZone, toDate } from '../domain/time.ts';
import { HadoError } from '../errors.ts';
import { isLocale, LOCALES } from '../i18n/locales.ts';
import { LOGIN_PATTERN } from '../config.ts';
import { resettleUser } from './users.ts';

/**
 * What provisioning needs of the channel types (the registry of channels/
 * satisfies it; core/ does not import channels/): each type that a source may
 * vouch for, with the user field naming it and the row config made from it.
 */
export interface VouchingChannels {
  all(): ReadonlyArray<{ readonly type: ChannelType; readonly vouch?: Vouch }>;
  get(type: ChannelType): { readonly vouch?: Vouch } | undefined;
}
type Vouch = { field: string; config(value: string): { config: Record<string, unknown>; secret: string | null } };

export const MAX_USERS_PER_BATCH = 500;

const BASE_FIELDS = ['login', 'name', 'timezone', 'locale'];

type Vouched = { type: ChannelType; value: string | null };

export interface ProvisionedUser {
  login: string;
  timezone?: string;
  locale?: string;
  /** Per vouched channel type: its value, or null to remove the source's channel. Absent: left as it is. */
  vouched: Vouched[];
}

const bad = (index: number, field: string, message: string): HadoError =>
  new HadoError(422, 'invalid', `users[${index}].${field}: ${message}`, { index, field: `users[${index}].${field}` });

function optionalText(raw: Record<string, unknown>, index: number, field: string): string | undefined {
  const v = raw[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw bad(index, field, 'must be a string');
  return v;
}

/** Checks the batch; a 422 names users[i].field. Channel values are checked by their channel type (Channel.vouch). */
export function parseUsers(raw: unknown, channels: VouchingChannels): ProvisionedUser[] {
  if (!Array.isArray(raw)) throw new HadoError(422, 'invalid', 'users: must be an array', { field: 'users' });
  if (raw.length > MAX_USERS_PER_BATCH) throw new HadoError(422, 'invalid', `users: at most ${MAX_USERS_PER_BATCH} per request`, { field: 'users' });
  const vouching = channels.all().filter((c) => c.vouch);
  const known = new Set([...BASE_FIELDS, ...vouching.map((c) => c.vouch!.field)]);
  const seen = new Set<string>();
  return raw.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(i, 'login', 'each user must be an object');
    const u = entry as Record<string, unknown>;
    const unknown = Object.keys(u).find((k) => !known.has(k));
    if (unknown !== undefined) throw bad(i, unknown, `is not a field of a user (${[...known].join(', ')})`);
    const login = u.login;
    if (typeof login !== 'string' || !LOGIN_PATTERN.test(login)) throw bad(i, 'login', 'must be a login: 1-128 letters, digits and . _ @ + -');
    if (seen.has(login)) throw bad(i, 'login', `"${login}" is listed twice`);
    seen.add(login);
    const name = optionalText(u, i, 'name');
    if (name !== undefined && name.length > 200) throw bad(i, 'name', 'at most 200 characters');
    const timezone = optionalText(u, i, 'timezone');
    if (timezone !== undefined && !isValidTimeZone(timezone)) throw bad(i, 'timezone', `"${timezone}" is not an IANA time zone (e.g. Europe/Kyiv)`);
    const locale = optionalText(u, i, 'locale');
    if (locale !== undefined && !isLocale(locale)) throw bad(i, 'locale', `"${locale}" is not a language Hado speaks; one of ${LOCALES.join(', ')}`);
    const vouched = vouching.flatMap((c): Vouched[] => {
      const field = c.vouch!.field;
      if (!(field in u)) return [];
      const value = u[field];
      if (value === null) return [{ type: c.type, value: null }];
      if (typeof value !== 'string') throw bad(i, field, 'must be a string, or null to remove it');
      try {
        c.vouch!.config(value);
      } catch (e) {
        if (e instanceof HadoError) throw bad(i, field, e.message.replace(/^[\w.]+: /, ''));
        throw e;
      }
      return [{ type: c.type, value }];
    });
    return { login, ...(timezone === undefined ? {} : { timezone }), ...(locale === undefined ? {} : { locale }), vouched };
  });
}

export interface ProvisionResult {
  login: string;
  created: boolean;
}

/** Writes the batch in one transaction. */
export async function provisionUsers(
  db: Db,
  clock: Clock,
  channels: VouchingChannels,
  defaults: NewUserDefaults,
  sourceId: number,
  users: ProvisionedUser[],
): Promise<ProvisionResult[]> {
  const now = clock.now();
  const nowDate = toDate(now);
  return db.transaction().execute(async (trx) => {
    const before = new Set(
      (
        await trx
          .selectFrom('users')
          .select('login')
          .where('login', 'in', users.length > 0 ? users.map((u) => u.login) : [''])
          .execute()
      ).map((r) => r.login),
    );
    const rows = await ensureUsers(
      trx,
      users.map((u) => u.login),
      defaults,
      nowDate,
    );
    const results: ProvisionResult[] = [];
    for (const u of users) {
      const user = rows.get(u.login)!;
      const given = { ...(u.timezone === undefined ? {} : { tz: u.timezone }), ...(u.locale === undefined ? {} : { locale: u.locale }) };
      const changed = await provideSettings(trx, user.id, given, nowDate);
      if (changed && changed.tz !== user.tz) await resettleUser(trx, changed, now);
      else if (changed) await notifyUserChanged(trx, user.id);
      for (const v of u.vouched) {
        const type = v.type;
        if (v.value === null) {
          await deleteVouchedChannel(trx, user.id, type, sourceId);
          continue;
        }
        const made = channels.get(type)!.vouch!.config(v.value);
        await upsertVouchedChannel(trx, { userId: user.id, type, sourceId, ...made }, nowDate);
      }
      results.push({ login: u.login, created: !before.has(u.login) });
    }
    return results;
  });
}
