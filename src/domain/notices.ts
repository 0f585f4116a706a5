// Notices (SPEC B1–B5): the rules of the three write modes, the feed's
// unread label and the delivery decision, as pure functions of their inputs
// and an injected "now". No I/O here: src/core/notices.ts loads, calls these
// and writes.
import { type ChannelRef, type ChannelType, INBOX, type Presence, pickChannels } from './channels.ts';
import { activeHours } from './windows.ts';
import { type Instant, before, dayIn } from './time.ts';
import type { UserSettings } from './user.ts';

export type NoticeMode = 'create' | 'upsert' | 'group';
export const NOTICE_MODES: readonly NoticeMode[] = ['create', 'upsert', 'group'];

/** A group keeps only its last messages (seed 003: "only the last 10"). */
export const GROUP_MESSAGES_KEPT = 10;
/** Default sliding window of a group, from its last update (SPEC B1). */
export const DEFAULT_GROUP_WINDOW_MINUTES = 30;
/** A regroup re-pushes a notice to open inboxes at most this often (SPEC B1). */
export const REPUSH_INTERVAL_SECONDS = 30;
/** The unread count is counted up to this and shown as "99+" (SPEC B2). */
export const UNREAD_COUNTED_UP_TO = 100;
/** An app icon's badge stops here (issue 23): a phone shows "99" for a hundred or more. */
export const BADGE_MAX = 99;

/** The badge of an app icon (Expo's `badge`, the Web Push payload's): the unread notices, at most BADGE_MAX. */
export const badgeOf = (unread: number): number => Math.max(0, Math.min(Math.trunc(unread), BADGE_MAX));

/** What a notice says and who gets it: the part a write replaces. */
export interface NoticeContent {
  title: string;
  body: string | null;
  deepLink: string | null;
  data: Record<string, unknown>;
  actor: string | null;
  urgent: boolean;
}

/** The stored state of a notice that the write rules read and rewrite. */
export interface NoticeState extends NoticeContent {
  /** Recipient logins. */
  recipients: string[];
  groupCount: number;
  groupMessages: string[];
  template: string | null;
  claimable: boolean;
  claimedBy: number | null;
  claimedAt: Instant | null;
  updatedAt: Instant;
  lastPushedAt: Instant;
  pushSeq: number;
}

/** One call of POST /api/notices after validation. */
export interface NoticeCall extends NoticeContent {
  mode: NoticeMode;
  recipients: string[];
  /** One-time claim: the first recipient to claim wins (SPEC B1). */
  claim: boolean;
  /** group only: the counter step (default 1). */
  step: number;
  /** group only: the title template. */
  template: string | null;
  /** group only: this call's portion of messages (default: its title). */
  messages: string[];
  /** group only: the sliding window in minutes. */
  windowMinutes: number;
}

/** What a write does to the stored notice besides its new state. */
export interface WriteEffect {
  state: NoticeState;
  /** Every recipient's read (and archive) state is cleared: the meaning changed. */
  resetRead: boolean;
  /** The recipient list is replaced by state.recipients. */
  replaceRecipients: boolean;
  /** The notice goes to open inboxes and channels again (a new push, push_seq + 1). */
  repush: boolean;
}

const lastN = <T>(items: readonly T[], n: number): T[] => items.slice(Math.max(0, items.length - n));

/** The state of a brand-new notice made by a call (every mode's "nothing yet" branch). */
export function newNotice(call: NoticeCall, now: Instant): NoticeState {
  return {
    title: call.title,
    body: call.body,
    deepLink: call.deepLink,
    data: call.data,
    actor: call.actor,
    urgent: call.urgent,
    recipients: unique(call.recipients),
    groupCount: call.mode === 'group' ? call.step : 1,
    groupMessages: call.mode === 'group' ? lastN(call.messages, GROUP_MESSAGES_KEPT) : [],
    template: call.mode === 'group' ? call.template : null,
    claimable: call.claim,
    claimedBy: null,
    claimedAt: null,
    updatedAt: now,
    lastPushedAt: now,
    pushSeq: 1,
  };
}

/**
 * Is a group still open for a new event? The window slides: it is measured
 * from the notice's last update, so a group lives while events keep coming
 * at least once per window (seed 003). The boundary itself is inside.
 */
export function groupIsOpen(updatedAt: Instant, now: Instant, windowMinutes: number): boolean {
  return !before(updatedAt, now.subtract({ minutes: windowMinutes }));
}

/** "<template> (<count>): <last message>", or "<template> (<count>)" without a message (SPEC B1). */
export function groupTitle(template: string, count: number, lastMessage: string | undefined): string {
  return lastMessage === undefined || lastMessage === '' ? `${template} (${count})` : `${template} (${count}): ${lastMessage}`;
}

/** A re-push to open inboxes at most once per REPUSH_INTERVAL_SECONDS per notice (SPEC B1). */
export function mayRepush(lastPushedAt: Instant, now: Instant): boolean {
  return !before(now, lastPushedAt.add({ seconds: REPUSH_INTERVAL_SECONDS }));
}

/** Data is merged: the old keys, overwritten by the new ones (shallow). */
export function mergeData(old: Record<string, unknown>, incoming: Record<string, unknown>): Record<string, unknown> {
  return { ...old, ...incoming };
}

function unique(logins: readonly string[]): string[] {
  return [...new Set(logins)];
}

/** The claim after a write: a one-time call resets it (anyone may take it again); otherwise unchanged. */
function claimAfter(old: NoticeState, call: NoticeCall): Pick<NoticeState, 'claimable' | 'claimedBy' | 'claimedAt'> {
  if (!call.claim) return { claimable: old.claimable, claimedBy: old.claimedBy, claimedAt: old.claimedAt };
  return { claimable: true, claimedBy: null, claimedAt: null };
}

function pushed(old: NoticeState, now: Instant, repush: boolean): Pick<NoticeState, 'lastPushedAt' | 'pushSeq'> {
  return repush ? { lastPushedAt: now, pushSeq: old.pushSeq + 1 } : { lastPushedAt: old.lastPushedAt, pushSeq: old.pushSeq };
}

/**
 * upsert onto the one live notice of (source, source_ref, topic) (SPEC B1):
 * new text, data and recipients; read state reset for everyone, because its
 * meaning changed; topic and channels stay as created (the caller does not
 * touch them). Data is replaced, not merged: an upsert states the current
 * truth. Every upsert is a push.
 */
export function applyUpsert(old: NoticeState, call: NoticeCall, now: Instant): WriteEffect {
  const state: NoticeState = {
    ...old,
    title: call.title,
    body: call.body,
    deepLink: call.deepLink,
    data: call.data,
    actor: call.actor,
    urgent: call.urgent,
    recipients: unique(call.recipients),
    ...claimAfter(old, call),
    updatedAt: now,
    ...pushed(old, now, true),
  };
  return { state, resetRead: true, replaceRecipients: true, repush: true };
}

/**
 * A regroup of an open group (SPEC B1, seed 003 "group found"): the counter
 * grows by the step; the title is rebuilt from the template (this call's, or
 * the one the group was made with) or is the call's own title; data merged;
 * the messages are the old ones plus this portion, last 10 kept; recipients
 * replaced only by a non-empty list; a one-time call resets the claim; read
 * state reset. It re-pushes only if the last push is 30 s old or more.
 */
export function applyRegroup(old: NoticeState, call: NoticeCall, now: Instant): WriteEffect {
  const count = old.groupCount + call.step;
  const messages = lastN([...old.groupMessages, ...call.messages], GROUP_MESSAGES_KEPT);
  const template = call.template ?? old.template;
  const title = template === null ? call.title : groupTitle(template, count, call.messages.at(-1));
  const replaceRecipients = call.recipients.length > 0;
  const repush = mayRepush(old.lastPushedAt, now);
  const state: NoticeState = {
    ...old,
    title,
    body: call.body ?? old.body,
    deepLink: call.deepLink ?? old.deepLink,
    data: mergeData(old.data, call.data),
    actor: call.actor ?? old.actor,
    urgent: call.urgent,
    recipients: replaceRecipients ? unique(call.recipients) : old.recipients,
    groupCount: count,
    groupMessages: messages,
    template,
    ...claimAfter(old, call),
    updatedAt: now,
    ...pushed(old, now, repush),
  };
  return { state, resetRead: true, replaceRecipients, repush };
}

/** "" for none, the number up to 99, "99+" from 100 (SPEC B2). */
export function unreadLabel(counted: number): string {
  if (counted <= 0) return '';
  return counted >= UNREAD_COUNTED_UP_TO ? '99+' : String(counted);
}

// ---------------------------------------------------------------------------
// Delivery (SPEC B5)

/** A recipient's channel as the notice decision needs it. */
export type NoticeChannel = ChannelRef;

/** (source, topic) × channel type → on/off; a missing cell is on (SPEC B3). */
export type PreferenceLookup = (channel: ChannelType) => boolean;

export interface NoticeDeliveryInput {
  now: Instant;
  /** When the push this decision is about happened (the fallback wait starts here). */
  pushedAt: Instant;
  urgent: boolean;
  /** presence: SPEC B5 (presence first, the default); all: every eligible channel at once (issue 23). */
  delivery?: 'presence' | 'all';
  /** The recipient read (or archived) it already: they have seen it. */
  read: boolean;
  user: UserSettings;
  fallbackMinutes: number;
  /** The channel types the notice was created for; null = every type. */
  noticeChannels: readonly ChannelType[] | null;
  /** The recipient's channels, web included. */
  channels: readonly NoticeChannel[];
  /** The recipient's preferences for the notice's (source, topic). */
  wants: PreferenceLookup;
  /** Presence answers by channel id; a channel missing here is `unknown`. */
  presence: ReadonlyMap<number, Presence>;
}

export type NoticeDecision =
  | { kind: 'deliver'; channelIds: number[]; why: 'present' | 'fallback' | 'all' }
  | { kind: 'wait'; until: Instant; why: 'absent' | 'quiet' }
  | { kind: 'drop'; why: 'no-channels' | 'read' };

/** The channels a notice may use for this recipient: enabled, of the notice's types, wanted. */
export function eligibleChannels<C extends NoticeChannel>(channels: readonly C[], noticeChannels: readonly ChannelType[] | null, wants: PreferenceLookup): C[] {
  return channels.filter((c) => c.enabled && (noticeChannels === null || noticeChannels.includes(c.type)) && wants(c.type));
}

/** Is `at` inside the user's quiet hours, i.e. outside [quiet_end, quiet_start) of its day? */
export function inQuietHours(at: Instant, user: UserSettings): boolean {
  const active = activeHours(dayIn(at, user.tz), user);
  return before(at, active.start) || !before(at, active.end);
}

/** The next start of active hours at or after `at` (the moment a quiet-hours fallback may go). */
export function nextActiveStart(at: Instant, user: UserSettings): Instant {
  const day = dayIn(at, user.tz);
  const today = activeHours(day, user);
  if (!before(at, today.end)) return activeHours(day.add({ days: 1 }), user).start;
  return before(at, today.start) ? today.start : at;
}

/**
 * SPEC B5 for one recipient of one push:
 * 0. a recipient who has read it (in the inbox) has seen it: nothing to do;
 * 1. the channels are the enabled ones of the notice's types that the
 *    recipient's preferences allow; none → nothing to do;
 * 2. someone present → deliver to the present ones now (quiet hours or not:
 *    present means at the device);
 * 3. nobody present → wait until pushed + HADO_NOTICE_FALLBACK_MINUTES, then
 *    deliver to all of them; but never inside quiet hours — the fallback
 *    waits for the next active-hours start — unless the notice is urgent.
 * A wait names the moment the fallback may go; the caller still looks again
 * every tick, because presence can change any minute.
 */
export function decideNotice(input: NoticeDeliveryInput): NoticeDecision {
  if (input.read) return { kind: 'drop', why: 'read' };
  if (input.delivery === 'all') return decideAll(input);
  const pick = pickChannels(eligibleChannels(input.channels, input.noticeChannels, input.wants), input.presence);
  if (pick.why === 'no-channels') return { kind: 'drop', why: 'no-channels' };
  if (pick.why === 'present') return { kind: 'deliver', channelIds: pick.channelIds, why: 'present' };
  const fallbackAt = input.pushedAt.add({ minutes: input.fallbackMinutes });
  if (before(input.now, fallbackAt)) return { kind: 'wait', until: fallbackAt, why: 'absent' };
  if (!input.urgent && inQuietHours(input.now, input.user)) {
    return { kind: 'wait', until: nextActiveStart(input.now, input.user), why: 'quiet' };
  }
  return { kind: 'deliver', channelIds: pick.fallbackIds, why: 'fallback' };
}

/**
 * delivery "all" (issue 23): every eligible channel at once, presence not
 * asked. Quiet hours hold back everything but the web (which the inbox row
 * and its frame already are) until active hours start, unless urgent.
 */
function decideAll(input: NoticeDeliveryInput): NoticeDecision {
  const eligible = eligibleChannels(input.channels, input.noticeChannels, input.wants);
  if (eligible.length === 0) return { kind: 'drop', why: 'no-channels' };
  const held = !input.urgent && inQuietHours(input.now, input.user) && eligible.some((c) => c.type !== INBOX);
  if (held) return { kind: 'wait', until: nextActiveStart(input.now, input.user), why: 'quiet' };
  return { kind: 'deliver', channelIds: eligible.map((c) => c.id), why: 'all' };
}
