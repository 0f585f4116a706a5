// Adding a Slack channel (issue 17): Hado opens a DM with the Slack user
// (conversations.open) and sends a message with a Confirm button carrying a
// one-time code; the channel delivers only after that very user presses it.
import { addUserChannel, forgetChannel } from '../../core/channels.ts';
import { conflict, HadoError, invalid } from '../../errors.ts';
import { notMeUrl } from '../email/links.ts';
import type { Added, AddRequest } from '../types.ts';
import type { SlackClient } from './api.ts';
import { renderConfirm } from './message.ts';

/** A Slack member ID (users start with U, Enterprise Grid users with W). */
export const SLACK_USER_PATTERN = /^[UW][A-Z0-9]{2,30}$/;

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

/**
 * POST /me/channels {type: "slack", config: {slack_user_id}}: opens the DM,
 * makes the unconfirmed channel and sends the Confirm button. A DM that
 * cannot be sent undoes the channel: a 502, and the user may try again.
 */
export async function addSlackChannel(client: SlackClient | null, configured: boolean, request: AddRequest, appUrl: string): Promise<Added> {
  if (!client || !configured) throw conflict(SLACK_NOT_CONFIGURED);
  const { slack_user_id } = slackConfigOf(request.config);
  const dm = await client.openDm(slack_user_id);
  if (!dm.ok) {
    if (dm.slackError === 'user_not_found' || dm.slackError === 'users_not_found' || dm.slackError === 'user_disabled') {
      throw invalid('config.slack_user_id', `is not a user of this Slack workspace (${dm.slackError})`);
    }
    throw new HadoError(502, 'bad_gateway', `Could not open a Slack DM (${dm.error}); nothing was added. Try again later.`);
  }
  const { user } = request;
  const { row, code } = await addUserChannel(
    request.db,
    {
      userId: user.id,
      type: 'slack',
      config: { slack_user_id, dm_channel: dm.value },
      secret: null,
      confirmed: false,
      unique: { key: 'slack_user_id', value: slack_user_id, message: `Slack user ${slack_user_id} is already one of your channels` },
      limit: { max: MAX_SLACK_CHANNELS_PER_USER, message: `At most ${MAX_SLACK_CHANNELS_PER_USER} Slack channels per user; delete one before adding another` },
      confirm: { target: `slack:${slack_user_id}`, label: `Slack user ${slack_user_id}`, limits: request.confirmLimits },
    },
    request.now,
  );
  const { text, blocks } = renderConfirm(user.locale, code!, false, notMeUrl(appUrl, code!));
  const sent = await client.post(dm.value, text, blocks);
  if (!sent.ok) {
    await forgetChannel(request.db, user.id, row.id);
    throw new HadoError(502, 'bad_gateway', `The Slack confirmation message could not be sent (${sent.error}); nothing was added. Try again later.`);
  }
  // Unconfirmed: nothing is delivered until that Slack user presses Confirm in the DM.
  return { row };
}
