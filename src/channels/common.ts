// Small parts several channel types share.
import type { HadoError } from '../errors.ts';
import type { Locale } from '../i18n/locales.ts';
import { t } from '../i18n/messages.ts';
import type { Added, AddRequest, Channel, ChannelRow } from './types.ts';

/** For a type that is not added with POST /me/channels: refuses, saying how it is added instead. */
export const addedElsewhere =
  (refusal: () => HadoError) =>
  async (_request: AddRequest): Promise<Added> => {
    throw refusal();
  };

/** A channel with no background work and nothing to release. */
export const nothingToStop: Pick<Channel, 'idle' | 'close'> = {
  idle: async () => {},
  close: async () => {},
};

/** "waiting for confirmation" while its owner has not confirmed it (issue 17): it delivers nothing until then. */
export const pendingDetail = (row: Pick<ChannelRow, 'confirmed'>, l: Locale): string[] => (row.confirmed ? [] : [t(l, 'settings.channel.unconfirmed')]);

/** A text field of a stored config, or "" (configs are the channel's own JSON). */
export const configText = (config: Record<string, unknown> | null | undefined, key: string): string => {
  const value = config?.[key];
  return typeof value === 'string' ? value : '';
};

/** "ha.example.org/api/webhook/x": a URL without its scheme, for a narrow list. */
export function shortUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return raw;
  }
}
