// The one contract every channel type implements (SPEC A7, A8): its whole
// life behind one interface — what it needs from the deployment, how a user
// adds one and how it is confirmed, how it says who is there, how it
// delivers, how the settings page names it, what it does after Done, and its
// stop. The registry (registry.ts) holds one per type; the ticks ask
// presence, the worker delivers, the routes add and describe through it, and
// nothing outside channels/ compares channel types.
//
// Room left for what comes next, without building it: a delivery to an
// address that is not a user (a Slack channel id, a guest's email) is one
// more member beside `deliver`, and a per-channel fan-out policy one more
// property; the contract suite (test/channels/contract.test.ts) grows with
// them.
import type { ConfirmLimits } from '../core/confirmation-limits.ts';
import type { DeliveryResult, OutgoingMessage } from '../core/outgoing.ts';
import type { ChannelRecord, ChannelRow, PresenceUser } from '../db/channels.ts';
import type { SentNoticeMessage } from '../db/source-notices.ts';
import type { Db } from '../db/connect.ts';
import type { ChannelType, Presence } from '../domain/channels.ts';
import type { Locale } from '../i18n/locales.ts';

export type { ChannelRecord, ChannelRow, ChannelType, DeliveryResult, OutgoingMessage, Presence, PresenceUser, SentNoticeMessage };

/**
 * How a channel proves its owner asked for it before it delivers anything
 * (issue 17): `none`; a `link` mailed to it (/a/confirm/{code}); a `button`
 * in a message to it (Slack's Confirm); a `code` the user sends from it
 * (Telegram's "/start <code>", which links and confirms at once).
 */
export type Confirmation = 'none' | 'link' | 'button' | 'code';

/**
 * How a user gets one (SPEC A8): `with-user` — made with the user, never
 * added or deleted (the inbox); `config` — POST /me/channels {type, config}
 * (Channel.add); `own-route` — an entry of its own (Telegram's link code, a
 * browser's subscription, a phone's registration), which Channel.add names.
 */
export type AddedBy = 'with-user' | 'config' | 'own-route';

/** The deployment settings a type needs (environment keys, src/config.ts), and whether this process has them. */
export interface ChannelSettings {
  keys: readonly string[];
  /** False: the settings page says what to set, adding one is refused, and existing rows fail with a clear, final error. */
  configured: boolean;
}

/** POST /me/channels {type, config} for this type. */
export interface AddRequest {
  db: Db;
  user: { id: number; locale: Locale };
  /** The request's `config`, unchecked: the channel checks it and names the field it refuses (`config.address`). */
  config: Record<string, unknown> | undefined;
  now: Date;
  /** How many confirmation mails and Slack DMs may go out (HADO_CONFIRMATIONS_PER_TARGET / _PER_USER). */
  confirmLimits: ConfirmLimits;
}

export interface Added {
  row: ChannelRow;
  /** Shown this once in the answer (a webhook's signing secret). */
  secret?: string;
}

/** A channel as the settings page lists it. */
export interface ChannelDescription {
  /** The type's name in the reader's language ("Web inbox", "Slack"). */
  name: string;
  /** What tells this one apart: an address, a device, "waiting for confirmation". */
  details: string[];
}

export interface Channel {
  readonly type: ChannelType;
  /** What it needs from the deployment. */
  readonly settings: ChannelSettings;
  /** How a user gets one. */
  readonly addedBy: AddedBy;
  /** How a new one is confirmed by its owner (rows of types other than `none` start unconfirmed). */
  readonly confirms: Confirmation;

  /**
   * Whether the user is at this channel now: `present` only when certain,
   * `absent` when certainly not, otherwise `unknown`. Asked at most once a
   * minute per channel (channels/presence.ts), never for a disabled one,
   * within HADO_PRESENCE_TIMEOUT: a channel that cannot tell answers `unknown`.
   */
  presence(user: PresenceUser, channel: ChannelRecord, now: Date): Promise<Presence>;
  /**
   * The same answer as `presence`, when it needs nothing but the rows the
   * tick already holds (the web inbox's heartbeat, Telegram's last message,
   * the channels that always answer `unknown`): asked inline by
   * channels/presence.ts, without a slot in its queue (issue 28). Must not
   * do I/O; absent for a channel that asks someone.
   */
  presenceNow?(user: PresenceUser, channel: ChannelRecord, now: Date): Presence;
  /**
   * The host a `presence` call goes to (a webhook's presence_url origin):
   * calls to one host share its lane of keep-alive connections in
   * channels/presence.ts instead of each waiting for a slot (issue 28).
   * Absent or null: every call takes a slot of its own.
   */
  presenceHost?(channel: ChannelRecord): string | null;
  /**
   * Sends one message; never called for a disabled or unconfirmed channel. A throw counts as a retryable failure.
   * `user` is null for an address a source named in a notice (issue 24: a guest's email, a Slack channel).
   */
  deliver(message: OutgoingMessage, user: PresenceUser | null, channel: ChannelRecord): Promise<DeliveryResult>;
  /**
   * Where a delivery through this channel goes, for the worker's per-destination
   * limit and circuit breaker (worker/destinations.ts): e.g. a webhook's
   * "https://ha.example.org:8123". None (absent or null) for channels with
   * limits of their own (the inbox, Telegram's flood control).
   */
  destination?(channel: ChannelRecord): string | null;
  /** Upkeep the worker runs about once a minute beside its deliveries (Expo's receipts); errors go to the worker's sink. */
  maintain?(): Promise<void>;

  /**
   * POST /me/channels with this type: checks the config (a 422 naming the
   * field), makes the row and answers it; or refuses, saying where this type
   * is added instead (Telegram's link, a browser's subscription).
   */
  add(request: AddRequest): Promise<Added>;
  /**
   * A channel a source may vouch for in PUT /api/users (issue 24): the user
   * field that names it (`email`, `slack_user_id`), and the row's config
   * made from its value — throwing a 422 (invalid) when it is not one.
   * Vouched rows are confirmed without a mail or DM.
   */
  readonly vouch?: { field: string; config(value: string): { config: Record<string, unknown>; secret: string | null } };
  /** The channel in the settings page's list. Pure. */
  describe(row: ChannelRow, locale: Locale): ChannelDescription;

  /**
   * After Done by any path, once committed: edits or closes the messages it
   * sent about the event (Telegram's buttons, Slack's "Done ✓", a browser's
   * notification). Best effort: run in the background, resolves when tried,
   * and a side that is gone is logged, never thrown.
   */
  afterDone?(eventId: number): Promise<void>;
  /**
   * After a source withdrew notices (issue 24), once committed: edits the
   * messages it already sent about them (Telegram and Slack lose their
   * buttons). Best effort, like afterDone.
   */
  afterWithdraw?(sent: SentNoticeMessage[]): Promise<void>;
  /** Resolves when the work it started in the background has finished. */
  idle(): Promise<void>;
  /** Releases what it holds (a connection pool) once idle; at a process's stop. */
  close(): Promise<void>;
}
