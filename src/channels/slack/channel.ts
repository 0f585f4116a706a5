// The Slack channel (issue 17): presence is real — users.getPresence says
// "active" (present) or "away" (absent), cached like every presence answer
// (channels/presence.ts) — so a person at their desk in Slack gets the
// reminder there and nowhere else. Delivery is one DM per outbox row; after
// Done by any path the event's earlier messages lose their buttons.
import { SLACK_CHANNEL_PATTERN } from '../../core/address-input.ts';
import type { Db } from '../../db/connect.ts';
import { sentSlackMessages } from '../../db/slack.ts';
import { toLocale } from '../../i18n/locales.ts';
import { t } from '../../i18n/messages.ts';
import { configText, pendingDetail } from '../common.ts';
import type { Channel, ChannelRecord, DeliveryResult, Presence, SentNoticeMessage } from '../types.ts';
import type { SlackClient } from './api.ts';
import { addSlackChannel, SLACK_USER_PATTERN, slackConfigOf } from './link.ts';
import { renderSlack, slackContentOf } from './message.ts';

export { SLACK_USER_PATTERN };

/** The Slack user and DM conversation a slack channel delivers to, from its config ({ slack_user_id, dm_channel }). */
export function slackTargetOf(config: Record<string, unknown>): { user: string; dm: string } | null {
  const user = config.slack_user_id;
  const dm = config.dm_channel;
  if (typeof user !== 'string' || !SLACK_USER_PATTERN.test(user) || typeof dm !== 'string' || !/^[A-Z0-9]{2,40}$/.test(dm)) return null;
  return { user, dm };
}

/** The Slack channel an address row posts to ({ slack_channel }: issue 24), or null. */
export function slackConversationOf(config: Record<string, unknown>): string | null {
  const c = config.slack_channel;
  return typeof c === 'string' && SLACK_CHANNEL_PATTERN.test(c) ? c : null;
}

/** users.getPresence's answer as a presence. */
export const presenceOfSlack = (presence: string): Presence => (presence === 'active' ? 'present' : presence === 'away' ? 'absent' : 'unknown');

/**
 * The channel. `client` is null without SLACK_BOT_TOKEN: a slack row then
 * fails with a clear, final error. `db` serves the hook after Done (without
 * it there is none); `configured` says whether SLACK_SIGNING_SECRET is set,
 * without which no Confirm press could reach Hado.
 */
export function slackChannel(client: SlackClient | null, opts: { db?: Db; configured?: boolean; appUrl?: string } = {}): Channel {
  const db = opts.db;
  const configured = client !== null && (opts.configured ?? true);
  return {
    type: 'slack',
    settings: { keys: ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET'], configured },
    addedBy: 'config',
    confirms: 'button',
    async presence(_user, channel: ChannelRecord) {
      const target = slackTargetOf(channel.config);
      if (!client || !target) return 'unknown';
      const answer = await client.presence(target.user);
      // A failed question is no answer: unknown (the fallback still reaches the person).
      return answer.ok ? presenceOfSlack(answer.value) : 'unknown';
    },
    async deliver(message, _user, channel): Promise<DeliveryResult> {
      if (!client) return { ok: false, error: 'Slack is not configured (SLACK_BOT_TOKEN is unset)', retryable: false };
      // A user's DM, or a channel a source named in a notice (issue 24). Slack's not_in_channel and
      // channel_not_found come back final (api.ts): the bot must be invited first, retrying changes nothing.
      const to = slackTargetOf(channel.config)?.dm ?? slackConversationOf(channel.config);
      if (!to) return { ok: false, error: 'slack channel has no valid slack_user_id / dm_channel in its config', retryable: false };
      const { text, blocks } = renderSlack(slackContentOf(message));
      const sent = await client.post(to, text, blocks);
      if (!sent.ok) {
        const { error, retryable, retryAfterMs } = sent;
        return retryAfterMs === undefined ? { ok: false, error, retryable } : { ok: false, error, retryable, retryAfterMs };
      }
      return { ok: true, externalId: `${sent.value.channel}:${sent.value.ts}` };
    },
    add: (request) => addSlackChannel(client, configured, request, opts.appUrl ?? 'http://localhost:8080'),
    vouch: { field: 'slack_user_id', config: (id) => ({ config: slackConfigOf({ slack_user_id: id }), secret: null }) },
    describe: (row, l) => ({
      name: t(l, 'settings.channel.slack'),
      details: [t(l, 'settings.channel.slackUser', { user: configText(row.config, 'slack_user_id') }), ...pendingDetail(row, l)],
    }),
    ...(db && client ? { afterDone: (eventId: number) => clearSlackButtonsAfterDone({ db, slack: client }, eventId) } : {}),
    ...(client ? { afterWithdraw: (sent: SentNoticeMessage[]) => clearSlackNoticeButtons(client, sent) } : {}),
    // The client's background work: messages updated after a button press.
    idle: async () => client?.idle(),
    close: async () => client?.idle(),
  };
}

/**
 * After Done (from any path), the event's earlier Slack messages say
 * "Done ✓" and lose their buttons (best effort: failures are logged, none
 * thrown).
 */
export async function clearSlackButtonsAfterDone(ctx: { db: Db; slack: SlackClient | null }, eventId: number): Promise<void> {
  const client = ctx.slack;
  if (!client) return;
  const rows = await sentSlackMessages(ctx.db, eventId);
  await Promise.all(
    rows.map(async (row) => {
      const m = /^([A-Z0-9]+):(\d+\.\d+)$/.exec(row.external_id ?? '');
      if (!m) return client.log.warn({ delivery: row.id, external_id: row.external_id }, 'slack external_id is not channel:ts');
      const { text, blocks } = renderSlack(
        {
          title: row.payload.title,
          subtitle: row.payload.subtitle ?? null,
          deepLink: row.payload.deep_link ?? null,
          doneLabel: row.payload.done_label?.trim() || null,
          actionToken: row.action_token,
          locale: toLocale(row.locale),
        },
        'done',
      );
      const updated = await client.update(m[1]!, m[2]!, text, blocks);
      if (!updated.ok) client.log.warn({ delivery: row.id, event: eventId, error: updated.error }, 'could not remove slack buttons');
    }),
  );
}

/**
 * A withdrawn notice's messages lose their buttons (issue 24): the same
 * title and body, no Open button. Best effort: failures are logged.
 */
export async function clearSlackNoticeButtons(client: SlackClient, sent: SentNoticeMessage[]): Promise<void> {
  await Promise.all(
    sent.map(async (row) => {
      const m = /^([A-Z0-9]+):(\d+\.\d+)$/.exec(row.external_id);
      if (!m) return client.log.warn({ delivery: row.delivery_id, external_id: row.external_id }, 'slack external_id is not channel:ts');
      // The same text as the message sent (core/messages.ts: the entity label above the body), without buttons.
      const subtitle = [row.entity_label, row.body].filter((x) => x !== null && x !== '').join('\n') || null;
      const { text, blocks } = renderSlack({
        title: row.title,
        subtitle,
        deepLink: null,
        doneLabel: null,
        actionToken: null,
        locale: toLocale(row.locale),
      });
      const updated = await client.update(m[1]!, m[2]!, text, blocks);
      if (!updated.ok) client.log.warn({ delivery: row.delivery_id, error: updated.error }, 'could not remove the buttons of a withdrawn notice');
    }),
  );
}
