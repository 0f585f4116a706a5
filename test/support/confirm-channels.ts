// Linking a Slack or an email channel the way a person does, for tests that
// need one confirmed: Slack's Confirm button pressed on the DM (the payload
// signed as Slack signs it), the email's confirmation link opened.
import { expect } from 'vitest';
import type { Harness } from '../delivery/harness.ts';
import { call } from './app.ts';
import type { FakeSlack } from './fake-slack.ts';
import { postSlackInteraction, slackPress } from './slack-interaction.ts';
import type { FakeSmtp } from './smtp.ts';

type Block = { type: string; elements?: Array<Record<string, unknown>> };

/** Links `slackUser` to `user`, presses Confirm on the DM signed with `secret`; the DM's channel id. */
export async function confirmSlack(h: Harness, slack: FakeSlack, secret: string, user: string, slackUser: string): Promise<string> {
  const res = await call(h, 'POST', '/me/channels', { user, body: { type: 'slack', config: { slack_user_id: slackUser } } });
  expect(res.status).toBe(201);
  const dm: string = res.body.channel.config.dm_channel;
  const confirm = (slack.posts(dm).at(-1)!.args.blocks as Block[]).find((b) => b.type === 'actions')!.elements![0]!;
  const pressed = await postSlackInteraction(h, secret, slackPress(slackUser, 'hado_confirm', String(confirm.value), dm));
  expect(pressed.statusCode).toBe(200);
  await h.ctx.channels.idle();
  const listed = await call(h, 'GET', '/me/channels', { user });
  expect(listed.body.channels.find((c: { type: string }) => c.type === 'slack').confirmed).toBe(true);
  return dm;
}

/** Adds `address` for `user` and confirms it through the link of its confirmation mail. */
export async function confirmEmail(h: Harness, smtp: FakeSmtp, user: string, address: string): Promise<void> {
  const before = smtp.mails.length;
  const res = await call(h, 'POST', '/me/channels', { user, body: { type: 'email', config: { address } } });
  expect(res.status).toBe(201);
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  const link = /https:\/\/hado\.example\.org\/a\/confirm\/[A-Za-z0-9_./-]+/.exec(mail!.parsed.text!)![0];
  const confirmed = await h.app.inject({
    method: 'POST',
    url: new URL(link).pathname,
    headers: { host: 'hado.example.org', 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(confirmed.statusCode).toBe(200);
}
