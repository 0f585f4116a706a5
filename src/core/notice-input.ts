// Validation of client notices beyond their JSON shape (http/notice-schemas.ts
// checks types and unknown fields first): the fields each mode needs, safe
// links, the size of data. Pure: no I/O. One bad record rejects the whole
// batch with a 422 naming its index and field (SPEC A3, B1).
import type { ChannelType } from '../domain/channels.ts';
import { DEFAULT_GROUP_WINDOW_MINUTES, type NoticeCall, type NoticeMode } from '../domain/notices.ts';
import type { DeliveryPolicy } from '../domain/topics.ts';
import { HadoError } from '../errors.ts';
import { type AddressRecipient, type RecipientJson, splitRecipients } from './address-input.ts';
import { AUDIENCE_NAME_PATTERN } from './audiences.ts';
import { checkLink } from './event-input.ts';
import { MAX_FREE_JSON_DEPTH, nestingDepth } from './json-depth.ts';

export interface NoticeInputJson {
  /** Logins, and (capability `address`) emails and Slack channels (address-input.ts); with `audience`, the list its members are narrowed to. */
  recipients?: RecipientJson[];
  /** One of the source's audiences (issue 24): its members at write time are the recipients. */
  audience?: string;
  mode?: NoticeMode;
  source_ref?: string;
  topic?: string;
  title: string;
  body?: string;
  body_format?: BodyFormat;
  deep_link?: string;
  data?: object;
  actor?: string;
  urgent?: boolean;
  dedupe_key?: string;
  claim?: boolean;
  channels?: ChannelType[];
  delivery?: DeliveryPolicy;
  entity_label?: string;
  group?: { window_minutes?: number; step?: number; template?: string; messages?: string[] };
}

/** A validated notice of a batch: the call the domain rules take, plus what identifies it. */
export interface NoticeInput {
  index: number;
  sourceRef: string | null;
  topic: string;
  dedupeKey: string | null;
  /** Channel types fixed at creation; null = every type. */
  channels: ChannelType[] | null;
  /** The notice's own delivery policy, over its topic's; null = the topic's. */
  delivery: DeliveryPolicy | null;
  /** The object's name at write time (issue 23); null = none given. */
  entityLabel: string | null;
  /** Recipients that are addresses (issue 24): mailed or posted at each push, never in an inbox. */
  addresses: AddressRecipient[];
  /** How the body is written (issue 24): plain text or markdown. */
  bodyFormat: BodyFormat;
  /** The audience named (issue 24); then call.recipients narrows it, and the write puts its members there. */
  audience: string | null;
  call: NoticeCall;
}

const MAX_DATA_BYTES = 16 * 1024;
/** Issue 24: a body (plain or markdown) may be up to 100 KB; channels with smaller limits cut it (domain/cut-text.ts). */
export const MAX_BODY_BYTES = 100 * 1024;

export type BodyFormat = 'plain' | 'markdown';

export const noticeInvalid = (index: number, field: string, message: string): HadoError =>
  new HadoError(422, 'invalid', `notices[${index}].${field}: ${message}`, { index, field });

export function parseNoticeInput(raw: NoticeInputJson, index: number): NoticeInput {
  const mode = raw.mode ?? 'create';
  const recipients = raw.recipients ?? [];
  const audience = raw.audience ?? null;
  if (audience !== null && !AUDIENCE_NAME_PATTERN.test(audience)) {
    throw noticeInvalid(index, 'audience', 'must be an audience name: letters, digits and . _ - : @ +, in segments joined by single slashes');
  }
  if (mode !== 'create' && raw.source_ref === undefined) {
    throw noticeInvalid(index, 'source_ref', `is required for mode "${mode}" (it names the object the notice is about)`);
  }
  if (mode !== 'group' && recipients.length === 0 && audience === null) {
    throw noticeInvalid(index, 'recipients', 'must name at least one login (or name an audience)');
  }
  const { logins, addresses } = splitRecipients(index, recipients);
  // A group pushes again with every event it folds in: a stream of mails to a guest is what the limits are there to stop.
  if (mode === 'group' && addresses.length > 0) {
    throw noticeInvalid(
      index,
      `recipients[${recipients.findIndex((r) => typeof r !== 'string')}]`,
      'an address is for modes "create" and "upsert", not "group"',
    );
  }
  if (mode !== 'group' && raw.group !== undefined) {
    throw noticeInvalid(index, 'group', 'is only for mode "group"');
  }
  if (raw.deep_link !== undefined) {
    const problem = checkLink(raw.deep_link);
    if (problem) throw noticeInvalid(index, 'deep_link', problem);
  }
  if (raw.body !== undefined && Buffer.byteLength(raw.body) > MAX_BODY_BYTES) {
    throw noticeInvalid(index, 'body', `must be at most ${MAX_BODY_BYTES} bytes (UTF-8)`);
  }
  const data = (raw.data ?? {}) as Record<string, unknown>;
  // Depth first: a deep value is refused by name before it is serialised.
  if (nestingDepth(data) > MAX_FREE_JSON_DEPTH) {
    throw noticeInvalid(index, 'data', `must not be nested deeper than ${MAX_FREE_JSON_DEPTH} levels`);
  }
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_DATA_BYTES) {
    throw noticeInvalid(index, 'data', `must be at most ${MAX_DATA_BYTES} bytes of JSON`);
  }
  const g = raw.group ?? {};
  return {
    index,
    sourceRef: raw.source_ref ?? null,
    topic: raw.topic ?? '',
    dedupeKey: raw.dedupe_key ?? null,
    channels: raw.channels ?? null,
    delivery: raw.delivery ?? null,
    entityLabel: raw.entity_label ?? null,
    addresses,
    audience,
    bodyFormat: raw.body_format ?? 'plain',
    call: {
      mode,
      recipients: logins,
      title: raw.title,
      body: raw.body ?? null,
      deepLink: raw.deep_link ?? null,
      data,
      actor: raw.actor ?? null,
      urgent: raw.urgent ?? false,
      claim: raw.claim ?? false,
      step: g.step ?? 1,
      template: g.template ?? null,
      messages: g.messages ?? [raw.title],
      windowMinutes: g.window_minutes ?? DEFAULT_GROUP_WINDOW_MINUTES,
    },
  };
}

export function parseNoticeBatch(notices: NoticeInputJson[]): NoticeInput[] {
  return notices.map(parseNoticeInput);
}
