// Recipients that are addresses, not logins (issue 24 point 4): an entry of
// a notice's `recipients` may be `{ "email": …, "name": … }` (a guest: the
// notice by mail only, no inbox row, no user) or `{ "slack_channel": … }`
// (one chat.postMessage to that channel). Pure: splits and checks the
// entries, naming `notices[i].recipients[j].<field>` in a 422.
import { ADDRESS_PATTERN } from '../domain/email-address.ts';
import { HadoError } from '../errors.ts';

export type AddressRecipient = { kind: 'email'; address: string; name: string | null } | { kind: 'slack'; channel: string };

export type RecipientJson = string | { email: string; name?: string } | { slack_channel: string };

/** A Slack conversation id (public C…, private G…), or a public channel's name with its "#". */
export const SLACK_CHANNEL_PATTERN = /^(?:[CG][A-Z0-9]{2,39}|#[a-z0-9][a-z0-9._-]{0,79})$/;

const invalidAt = (index: number, field: string, message: string): HadoError =>
  new HadoError(422, 'invalid', `notices[${index}].${field}: ${message}`, { index, field });

/**
 * The email as Hado keys it: trimmed and lower-cased whole. Real mailboxes
 * do not tell case apart, and a suppression must catch "Guest@" as "guest@".
 */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase();
}

/** Splits a notice's recipients into logins and addresses, checking each address. */
export function splitRecipients(index: number, entries: RecipientJson[]): { logins: string[]; addresses: AddressRecipient[] } {
  const logins: string[] = [];
  const addresses: AddressRecipient[] = [];
  entries.forEach((entry, j) => {
    if (typeof entry === 'string') {
      logins.push(entry);
      return;
    }
    if ('email' in entry) {
      const address = normalEmail(entry.email);
      if (address.length > 254 || !ADDRESS_PATTERN.test(address)) {
        throw invalidAt(index, `recipients[${j}].email`, 'must be one email address, such as guest@example.org');
      }
      const name = entry.name?.replace(/[\r\n\t]+/g, ' ').trim() || null;
      addresses.push({ kind: 'email', address, name });
      return;
    }
    const channel = entry.slack_channel.trim();
    if (!SLACK_CHANNEL_PATTERN.test(channel)) {
      throw invalidAt(index, `recipients[${j}].slack_channel`, 'must be a Slack channel id (C0CREATIVE) or a public channel name (#creative)');
    }
    addresses.push({ kind: 'slack', channel });
  });
  return { logins, addresses };
}

/** The key of an address among a notice's deliveries (and of its channel row). */
export const addressKey = (a: AddressRecipient): string => (a.kind === 'email' ? `email:${a.address}` : `slack:${a.channel}`);
