// What the page shows a person for an API error (issue 13). The error body's
// `code` and `message` stay English — machines and logs read them — and a
// request under a user's session also gets `text`, the same trouble in the
// user's language. English readers get the API's own message, which names
// the exact value; the other languages say what to do about the field.
import type { HadoError } from '../errors.ts';
import { BASE_LOCALE, type Locale } from '../i18n/locales.ts';
import { type MessageKey, t } from '../i18n/messages.ts';

function invalidKey(field: string | undefined): MessageKey {
  if (field === 'tz') return 'error.tz';
  // The time inputs always send HH:MM: what the server refuses is their order.
  if (field === 'quiet_start' || field === 'quiet_end') return 'error.quietHours';
  if (field === 'locale') return 'error.locale';
  if (field?.endsWith('_url')) return 'error.url';
  return 'error.invalid';
}

function statusKey(status: number): MessageKey {
  if (status === 401 || status === 403) return 'error.denied';
  if (status === 404) return 'error.notFound';
  if (status === 409) return 'error.conflict';
  if (status === 429) return 'error.busy';
  if (status === 502 || status === 503 || status === 504) return 'error.upstream';
  return status >= 500 ? 'error.server' : 'error.invalid';
}

/** The error as the user reads it. */
export function errorText(locale: Locale, e: HadoError): string {
  if (locale === BASE_LOCALE) return e.message;
  return t(locale, e.code === 'invalid' ? invalidKey(e.detail.field) : statusKey(e.status));
}
