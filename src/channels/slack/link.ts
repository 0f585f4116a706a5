// Adding a Slack channel (issue 17): Hado opens a DM with the Slack user
// (conversations.open) and sends a message with a Confirm button carrying a
// one-time code; the channel delivers only after that very user presses it.
import type { Db } from '../../db/connect.ts';
import {
  type ChannelRow,
  countUserChannels,
  deleteChannel,
  findUserChannelByConfig,
  insertChannel,
  lockUserChannels,
} from '../../db/channels.ts';
import { conflict, HadoError, invalid } from '../../errors.ts';
import type { Locale } from '../../i18n/locales.ts';
import { createConfirmation } from '../../core/confirmations.ts';
import type { SlackClient } from './api.ts';
import { SLACK_USER_PATTERN } from './channel.ts';
import { renderConfirm } from './message.ts';

export const SLACK_NOT_CONFIGURED = 'Slack is not configured on this Hado: an administrator sets SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET';
export const MAX_SLACK_CHANNELS_PER_USER = 5;

export function slackConfigOf(config: Record<string, unknown> | undefined): { slack_user_id: string } {
  const unknown = Object.keys(config ?? {}).find((k) => k !== 'slack_user_id');
  if (unknown !== undefined) throw invalid(`config.${unknown}`, 'is not a known field (slack_user_id)');
  const id = config?.slack_user_id;
  if (id === undefined) throw invalid('config.slack_user_id', 'is required');
  if (typeof id !== 'string' || !SLACK_USER_PATTERN.test(id.trim())) {
    throw invalid('config.slack_user_id', 'must be a Slack member ID such as U024BE7LH (profile → ⋮ → Copy member ID)');
  }
  return { slack_user_id: id.trim() };
}

export async function addSlackChannel(
  deps: { db: Db; slack: SlackClient | null; configured: boolean },
  user: { id: number; locale: Locale },
  rawConfig: Record<string, unknown> | undefined,
  now: Date,
): Promise<ChannelRow> {
  const client = deps.slack;
  if (!client || !deps.configured) throw conflict(SLACK_NOT_CONFIGURED);
  const { slack_user_id } = slackConfigOf(rawConfig);
  const dm = await client.openDm(slack_user_id);
  if (!dm.ok) {
    if (dm.slackError === 'user_not_found' || dm.slackError === 'users_not_found' || dm.slackError === 'user_disabled') {
      throw invalid('config.slack_user_id', `is not a user of this Slack workspace (${dm.slackError})`);
    }
    throw new HadoError(502, 'bad_gateway', `Could not open a Slack DM (${dm.error}); nothing was added. Try again later.`);
  }
  const { row, code } = await deps.db.transaction().execute(async (trx) => {
    await lockUserChannels(trx, user.id);
    if (await findUserChannelByConfig(trx, user.id, 'slack', 'slack_user_id', slack_user_id)) {
      throw conflict(`Slack user ${slack_user_id} is already one of your channels`);
    }
    if ((await countUserChannels(trx, user.id, 'slack')) >= MAX_SLACK_CHANNELS_PER_USER) {
      throw conflict(`At most ${MAX_SLACK_CHANNELS_PER_USER} Slack channels per user; delete one before adding another`);
    }
    const created = await insertChannel(trx, {
      userId: user.id,
      type: 'slack',
      config: { slack_user_id, dm_channel: dm.value },
      secret: null,
      confirmed: false,
      now,
    });
    const { code } = await createConfirmation(trx, created.id, now);
    return { row: created, code };
  });
  const { text, blocks } = renderConfirm(user.locale, code);
  const sent = await client.post(dm.value, text, blocks);
  if (!sent.ok) {
    await deleteChannel(deps.db, user.id, row.id);
    throw new HadoError(502, 'bad_gateway', `The Slack confirmation message could not be sent (${sent.error}); nothing was added. Try again later.`);
  }
  return row;
}
