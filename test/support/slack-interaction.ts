// A Slack interaction POSTed to /hooks/slack as Slack sends it: a form body
// with the payload, signed v0 with the app's signing secret over the
// request timestamp (https://api.slack.com/authentication/verifying-requests-from-slack).
import { createHmac } from 'node:crypto';
import type { Harness } from '../delivery/harness.ts';

/** Slack's v0 signature of `body` sent at `ts` (seconds). */
export const slackSignature = (secret: string, ts: number, body: string): string =>
  `v0=${createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`;

/** A block_actions payload: `user` pressed button `actionId` (value `value`) on message `messageTs` in `channel`. */
export const slackPress = (user: string, actionId: string, value: string, channel: string, messageTs = '1.000100') => ({
  type: 'block_actions',
  user: { id: user },
  container: { type: 'message', channel_id: channel, message_ts: messageTs },
  channel: { id: channel },
  actions: [{ action_id: actionId, value }],
});

/**
 * POSTs `payload` to /hooks/slack signed with `secret` at the harness clock's
 * now (or `opts.ts`); `opts.signature` replaces the signature (a forged one).
 */
export function postSlackInteraction(h: Pick<Harness, 'app' | 'clock'>, secret: string, payload: unknown, opts: { ts?: number; signature?: string } = {}) {
  const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const ts = opts.ts ?? Math.floor(h.clock.now().epochMilliseconds / 1000);
  return h.app.inject({
    method: 'POST',
    url: '/hooks/slack',
    headers: {
      host: 'hado.example.org',
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': opts.signature ?? slackSignature(secret, ts, body),
    },
    payload: body,
  });
}
