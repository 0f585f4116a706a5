// What Hado does with an interaction Slack posts to /hooks/slack (issue 17):
// every request is verified with the signing secret first; then a button
// press — Confirm (links the channel), Ack or Done (acts on the event) —
// acts only for the Slack user the message was sent to, and the message is
// updated in the background ("Noted ✓" / "Done ✓"), so Slack gets its 200
// within its 3 seconds.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Action } from '../../core/actions.ts';
import { hashToken } from '../../core/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { redeemConfirmation } from '../../db/confirmations.ts';
import { findSlackDelivery } from '../../db/slack.ts';
import { userLocale } from '../../db/users.ts';
import { toDate } from '../../domain/time.ts';
import { HadoError } from '../../errors.ts';
import { type Locale, toLocale } from '../../i18n/locales.ts';
import { CONFIRM_CODE_PATTERN, hashConfirmCode } from '../../core/confirmations.ts';
import type { SlackClient } from './api.ts';
import { ACTION, renderConfirm, renderSlack } from './message.ts';

/** Requests older (or newer) than this are refused: a captured request cannot be replayed later. */
export const MAX_SKEW_SECONDS = 5 * 60;

/**
 * Slack's request signature: `v0=` + HMAC-SHA256(signing secret, `v0:{timestamp}:{raw body}`),
 * compared in constant time; a timestamp more than 5 minutes away is refused.
 * Specs: https://api.slack.com/authentication/verifying-requests-from-slack
 */
export function verifySlackSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  nowSeconds: number,
): { ok: true } | { ok: false; why: string } {
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, why: 'missing or malformed X-Slack-Request-Timestamp' };
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_SKEW_SECONDS) return { ok: false, why: 'X-Slack-Request-Timestamp is more than 5 minutes away' };
  if (!signature || !/^v0=[0-9a-f]{64}$/.test(signature)) return { ok: false, why: 'missing or malformed X-Slack-Signature' };
  const expected = Buffer.from(`v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { ok: true } : { ok: false, why: 'wrong X-Slack-Signature' };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A button press as Hado reads it from a block_actions payload. */
export interface ButtonPress {
  userId: string;
  actionId: string;
  value: string;
  channel: string | null;
  ts: string | null;
}

/** The first action of a block_actions payload (https://api.slack.com/reference/interaction-payloads/block-actions); null for other payloads. */
export function parseInteraction(form: string): ButtonPress | null | 'malformed' {
  const raw = new URLSearchParams(form).get('payload');
  // Nothing to act on (Slack always sends one; a signed request without it changes nothing).
  if (raw === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return 'malformed';
  }
  if (!isObject(payload) || typeof payload.type !== 'string') return 'malformed';
  if (payload.type !== 'block_actions') return null;
  const user = payload.user;
  const action = Array.isArray(payload.actions) ? payload.actions[0] : undefined;
  if (!isObject(user) || typeof user.id !== 'string' || !isObject(action) || typeof action.action_id !== 'string') return 'malformed';
  const container = isObject(payload.container) ? payload.container : {};
  const channel =
    isObject(payload.channel) && typeof payload.channel.id === 'string'
      ? payload.channel.id
      : typeof container.channel_id === 'string'
        ? container.channel_id
        : null;
  const ts =
    typeof container.message_ts === 'string'
      ? container.message_ts
      : isObject(payload.message) && typeof payload.message.ts === 'string'
        ? payload.message.ts
        : null;
  return { userId: user.id, actionId: action.action_id, value: typeof action.value === 'string' ? action.value : '', channel, ts };
}

export interface InteractionDeps {
  db: Db;
  clock: Clock;
  client: SlackClient;
  defaultLocale: Locale;
  /** Ack or Done by a delivery's action token (the same rules as /a/{token}). */
  act(token: string, action: Action): Promise<unknown>;
}

export type InteractionOutcome = 'confirmed' | 'confirm-refused' | 'acted' | 'action-refused' | 'not-for-user' | 'ignored';

export async function handleInteraction(deps: InteractionDeps, press: ButtonPress): Promise<InteractionOutcome> {
  const update = (text: string, blocks: Parameters<SlackClient['update']>[3]) => {
    if (!press.channel || !press.ts) return;
    const { channel, ts } = press;
    deps.client.background('chat.update', async () => {
      const done = await deps.client.update(channel, ts, text, blocks);
      if (!done.ok) deps.client.log.warn({ error: done.error }, 'slack message not updated');
    });
  };
  const now = toDate(deps.clock.now());
  if (press.actionId === ACTION.confirm) {
    if (!CONFIRM_CODE_PATTERN.test(press.value)) return 'confirm-refused';
    // Only the Slack user the DM went to may confirm it.
    const outcome = await redeemConfirmation(deps.db, hashConfirmCode(press.value), now, (c) => c.type === 'slack' && c.config.slack_user_id === press.userId);
    if (!outcome.ok) return 'confirm-refused';
    const locale = toLocale(await userLocale(deps.db, outcome.userId));
    const confirmed = renderConfirm(locale, press.value, true);
    update(confirmed.text, confirmed.blocks);
    return 'confirmed';
  }
  if (press.actionId !== ACTION.ack && press.actionId !== ACTION.done) return 'ignored';
  const action: Action = press.actionId === ACTION.ack ? 'ack' : 'done';
  // A token acts only for the Slack user its message was sent to.
  const row = await findSlackDelivery(deps.db, hashToken(press.value), press.userId);
  if (!row) return 'not-for-user';
  const content = {
    title: row.payload.title,
    subtitle: row.payload.subtitle ?? null,
    deepLink: row.payload.deep_link ?? null,
    doneLabel: row.payload.done_label?.trim() || null,
    // The pressed button's own token: the database keeps only its hash once the message went out.
    actionToken: press.value,
    locale: toLocale(row.locale),
  };
  try {
    await deps.act(press.value, action);
  } catch (e) {
    if (!(e instanceof HadoError) || e.status >= 500) throw e;
    // Spent (the event is over) or refused: the message stays as it is; Done by another path already updated it.
    return 'action-refused';
  }
  const next = renderSlack(content, action === 'ack' ? 'noted' : 'done');
  update(next.text, next.blocks);
  return 'acted';
}
