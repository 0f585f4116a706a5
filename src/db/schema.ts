// Row types of the tables, as Kysely sees them. Dates (`date`) and times
// (`time`) come back as strings, int8 as numbers, timestamptz as Date.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ChannelType } from '../domain/channels.ts';
import type { State } from '../domain/lifecycle.ts';
import type { NoticeMode } from '../domain/notices.ts';
import type { RecurrenceRule } from '../domain/recurrence.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type ValueFrom = 'default' | 'source' | 'user';

export interface SourcesTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  created_at: Timestamp;
  /** What the source may do beyond events and notices (issue 24): 'provision', 'address'. */
  capabilities: ColumnType<string[], string | undefined, string>;
}

/** A source's keys for signing user tokens (issue 25): the current one has retires_at NULL. */
export interface SourceSigningKeysTable {
  id: Generated<number>;
  source_id: number;
  key: string;
  created_at: Timestamp;
  retires_at: Timestamp | null;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  tz: string;
  quiet_start: ColumnType<string, string | undefined, string>;
  quiet_end: ColumnType<string, string | undefined, string>;
  /** en, ru or uk (src/i18n/locales.ts); any other stored code reads as English. */
  locale: ColumnType<string, string | undefined, string>;
  /** Where tz and locale come from (issue 24): Hado's default, a provisioning source, or the person. */
  tz_from: ColumnType<ValueFrom, ValueFrom | undefined, ValueFrom>;
  locale_from: ColumnType<ValueFrom, ValueFrom | undefined, ValueFrom>;
  last_heartbeat_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventPayload {
  title: string;
  subtitle?: string;
  deep_link?: string;
  done_label?: string;
}

export interface EventsTable {
  id: Generated<number>;
  source_id: number;
  user_id: number;
  source_ref: string;
  topic: string;
  due_mode: 'local' | 'fixed';
  due_date: string | null;
  due_time: string | null;
  due_instant: Timestamp | null;
  due_at: string;
  fire_on: string;
  after_due: 'keep' | 'expire';
  payload: JSONColumnType<EventPayload>;
  state: State;
  quiet_until: ColumnType<Date, Date | string | undefined, Date | string>;
  done_at: Timestamp | null;
  next_transition_at: Timestamp | null;
  /** Lower bound of the next moment the delivery tick must look at the event (reminding states). */
  next_check_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The event's round: bumped by a trigger whenever its due changes; delivery tokens act only on their round. */
  round: ColumnType<number, never, never>;
  /** The rule of a recurring event (SPEC Part C), written as JSON text; null for a one-off event. */
  recurrence: ColumnType<RecurrenceRule | null, string | null | undefined, string | null>;
  /** The lead of each occurrence in days; set exactly when recurrence is. */
  fire_days_before: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChannelsTable {
  id: Generated<number>;
  /** The owner; null for an address a source named in a notice (issue 24: a guest's email, a Slack channel). */
  user_id: ColumnType<number | null, number | null, number | null>;
  /** The source whose notices named this address (user_id is then null). */
  address_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** The address as named, normalised (a lower-case email, a Slack channel id); set exactly with address_of. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  type: ChannelType;
  config: JSONColumnType<Record<string, unknown>>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  secret: string | null;
  /** Headers of a webhook's presence request (e.g. Authorization for Home Assistant); never shown back. */
  presence_headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  last_seen_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Consecutive presence calls that timed out (webhooks). */
  presence_timeouts: ColumnType<number, number | undefined, number>;
  /** Not asked for presence before this moment: it kept timing out. */
  presence_backoff_until: Timestamp | null;
  /** False for an email address or a Slack user not confirmed yet by its owner: nothing is delivered to it (issue 17). */
  confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  /** The source that vouched for the channel (PUT /api/users), or null for one the person added. */
  vouched_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** A webhook's signing secret before its rotation, still signing until `previous_secret_until` (issue 27). */
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface DeliveriesTable {
  id: Generated<number>;
  /** The event delivered, or null for a notice delivery (exactly one of event_id and notice_id). */
  event_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The notice delivered (SPEC B5), with the push it belongs to: one delivery per channel per push. */
  notice_id: ColumnType<number | null, number | null | undefined, number | null>;
  push_seq: ColumnType<number | null, number | null | undefined, number | null>;
  channel_id: number;
  window_start: Timestamp;
  /**
   * The row's action token (the credential of /a/{token} and of buttons), kept
   * only while the row is pending, for the worker to compose the message;
   * cleared when the result is final (issue 10 item 7). Rows are found by the hash.
   */
  action_token: ColumnType<string | null, string | null, null>;
  /** SHA-256 (hex) of the action token, like source tokens: how a link finds its row. */
  action_token_hash: string;
  result: ColumnType<'pending' | 'ok' | 'failed', 'pending' | 'ok' | 'failed' | undefined>;
  sent_at: Timestamp | null;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp | null;
  locked_until: Timestamp | null;
  external_id: string | null;
  /** The event's round when the row was written (see EventsTable.round). */
  round: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface NoticesTable {
  id: Generated<number>;
  source_id: number;
  source_ref: string | null;
  topic: string;
  mode: NoticeMode;
  title: string;
  body: string | null;
  /** Issue 24: how the body is written; each channel renders Markdown its own way. */
  body_format: ColumnType<'plain' | 'markdown', 'plain' | 'markdown' | undefined, 'plain' | 'markdown'>;
  deep_link: string | null;
  data: JSONColumnType<Record<string, unknown>>;
  actor: string | null;
  urgent: boolean;
  channels: JSONColumnType<ChannelType[] | null, string | null, string | null>;
  group_count: number;
  group_messages: JSONColumnType<string[]>;
  template: string | null;
  claimable: boolean;
  claimed_by: number | null;
  claimed_at: Timestamp | null;
  push_seq: number;
  last_pushed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Issue 23: the policies the notice was written under (its topic's, or its own delivery). */
  delivery: ColumnType<'presence' | 'all', 'presence' | 'all' | undefined>;
  regroup: ColumnType<'web' | 'all', 'web' | 'all' | undefined>;
  toast: ColumnType<boolean, boolean | undefined>;
  /** The object's name at write time (issue 23). */
  entity_label: ColumnType<string | null, string | null | undefined>;
}

export interface NoticeRecipientsTable {
  notice_id: number;
  user_id: number;
  read_at: Timestamp | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  pending_seq: number | null;
  pending_since: Timestamp | null;
  next_check_at: Timestamp | null;
}

export interface NoticeKeysTable {
  source_id: number;
  dedupe_key: string;
  notice_id: number;
  created_at: Timestamp;
}

export interface NoticeTopicsTable {
  source_id: number;
  topic: string;
  created_at: Timestamp;
}

/** A source's declared topics (issue 23, PUT /api/topics): the whole set, replaced at once. */
export interface SourceTopicsTable {
  source_id: number;
  topic: string;
  position: number;
  labels: JSONColumnType<Record<string, string>>;
  section: JSONColumnType<Record<string, string>>;
  channels: JSONColumnType<ChannelType[] | null, string | null, string | null>;
  defaults: JSONColumnType<Record<string, boolean>>;
  delivery: 'presence' | 'all';
  toast: boolean;
  regroup: 'web' | 'all';
  updated_at: Timestamp;
}

export interface PreferencesTable {
  user_id: number;
  source_id: number;
  topic: string;
  channel_type: ChannelType;
  enabled: boolean;
  updated_at: Timestamp;
}

export interface TelegramLinkCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** One-time codes confirming an email or Slack channel (issue 17): only the SHA-256 is kept. */
export interface ChannelConfirmationsTable {
  id: Generated<number>;
  code_hash: string;
  channel_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** One row per confirmation mail or Slack DM sent (issue 27): counted per user and per target across delete and re-add. */
export interface ConfirmationSendsTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  /** `email:<address>` or `slack:<member id>`. */
  target: string;
  sent_at: Timestamp;
}

/** Targets whose owner answered "this wasn't me": Hado sends them no confirmation again. */
export interface ConfirmationBlocksTable {
  target: string;
  blocked_at: Timestamp;
}

/** A Web Push subscription or an Expo token another user registered: it moved to them; the first user is told. */
export interface DeviceTakeoversTable {
  id: Generated<number>;
  user_id: number;
  channel_type: string;
  label: string;
  moved_at: Timestamp;
}

export interface VapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
}

/** A ticket Expo answered a mobile push with, until its receipt is read (db/mobile.ts). */
export interface MobileTicketsTable {
  ticket_id: string;
  channel_id: number;
  delivery_id: number | null;
  /** The token the push went to: a DeviceNotRegistered removes the device only while it still has it. */
  token: string;
  check_after: Timestamp;
  checks: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** A source's named set of users (issue 24). */
export interface AudiencesTable {
  id: Generated<number>;
  source_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AudienceMembersTable {
  audience_id: number;
  user_id: number;
}

/** What a source addressed (issue 24): one row per write, for HADO_RATE_LIMIT_ADDRESS_*. */
export interface AddressSendsTable {
  id: Generated<number>;
  source_id: number;
  sent_at: Timestamp;
  recipients: number;
}

/** Addresses a source's mails no longer go to (one-click unsubscribe). */
export interface SuppressionsTable {
  source_id: number;
  email: string;
  created_at: Timestamp;
}

export interface Database {
  sources: SourcesTable;
  source_signing_keys: SourceSigningKeysTable;
  users: UsersTable;
  events: EventsTable;
  channels: ChannelsTable;
  deliveries: DeliveriesTable;
  telegram_link_codes: TelegramLinkCodesTable;
  channel_confirmations: ChannelConfirmationsTable;
  notices: NoticesTable;
  notice_recipients: NoticeRecipientsTable;
  notice_keys: NoticeKeysTable;
  notice_topics: NoticeTopicsTable;
  source_topics: SourceTopicsTable;
  preferences: PreferencesTable;
  vapid_keys: VapidKeysTable;
  mobile_tickets: MobileTicketsTable;
  audiences: AudiencesTable;
  audience_members: AudienceMembersTable;
  suppressions: SuppressionsTable;
  address_sends: AddressSendsTable;
  confirmation_sends: ConfirmationSendsTable;
  confirmation_blocks: ConfirmationBlocksTable;
  device_takeovers: DeviceTakeoversTable;
}
