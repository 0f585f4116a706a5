// An email channel's one setting: the address (issue 17) — what Hado accepts
// as one, and the cap per user.
import { ADDRESS_PATTERN } from '../../domain/email-address.ts';
import { invalid } from '../../errors.ts';

export const MAX_EMAIL_CHANNELS_PER_USER = 5;

/** The address an email channel delivers to, from its config ({ address }). */
export function addressOf(config: Record<string, unknown>): string | null {
  const a = config.address;
  return typeof a === 'string' && a.length <= 254 && ADDRESS_PATTERN.test(a) ? a : null;
}

/** The config of a new email channel, or a 422 naming the field. */
export function emailConfigOf(config: Record<string, unknown> | undefined): { address: string } {
  const unknown = Object.keys(config ?? {}).find((k) => k !== 'address');
  if (unknown !== undefined) throw invalid(`config.${unknown}`, 'is not a known field (address)');
  const address = config?.address;
  if (address === undefined) throw invalid('config.address', 'is required');
  if (typeof address !== 'string' || address.length > 254 || !ADDRESS_PATTERN.test(address.trim())) {
    throw invalid('config.address', 'must be one email address, such as ana@example.org');
  }
  // The domain is case-insensitive; the local part is kept as given (RFC 5321 §2.4).
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  return { address: `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}` };
}
