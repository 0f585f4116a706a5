// Slack's entry (issue 17): POST /hooks/slack takes the app's interactivity
// requests (button presses), each verified with SLACK_SIGNING_SECRET over
// the raw body before anything is read (401 otherwise, or when more than 5
// minutes old). Answers an empty 200 at once; message updates follow in the
// background.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { handleInteraction, parseInteraction, verifySlackSignature } from '../../channels/slack/interactions.ts';
import { ACTION } from '../../channels/slack/message.ts';
import { actOnToken } from '../../core/token-actions.ts';
import { HadoError, notFound, unauthorized } from '../../errors.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody } from '../response-schemas.ts';
import { documentedAs } from '../schemas.ts';

const NOT_CONFIGURED = 'Slack is not configured on this Hado: set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET, and the interactivity URL';

export function slackRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const client = ctx.slack;
  return async (app) => {
    if (client) app.addHook('onClose', async () => client.idle());
    // The signature covers the raw body: keep it as text, whatever Slack calls it.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    app.post(
      '/hooks/slack',
      {
        schema: {
          tags: [TAGS.hooks],
          security: SECURITY.slack,
          operationId: 'slackInteraction',
          consumes: ['application/x-www-form-urlencoded'],
          summary: "An interaction from the Slack app (button presses in Hado's DMs), signed with the signing secret",
          description:
            'application/x-www-form-urlencoded with one field, payload (JSON). Answers an empty 200 (also for a payload Hado has no use for, or none). 401 for a missing, wrong or stale (over 5 minutes) signature; 404 when Slack is not configured on this Hado.',
          body: documentedAs(
            Type.Object({
              payload: Type.String({
                description: 'A Slack interaction payload, JSON (https://api.slack.com/reference/interaction-payloads)',
                // A press of Ack in a reminder's DM: the button's value is the delivery's action token.
                examples: [
                  JSON.stringify({
                    type: 'block_actions',
                    user: { id: 'U0123ABCD' },
                    container: { type: 'message', channel_id: 'D0123ABCD', message_ts: '1785585600.000100' },
                    actions: [{ action_id: ACTION.ack, value: 'the-action-token-of-the-button' }],
                  }),
                ],
              }),
            }),
          ),
          response: { 200: NoBody('Taken (an empty body)'), ...errors(400, 401, 404) },
        },
        preValidation: async (request) => {
          const secret = ctx.config.slackSigningSecret;
          if (!client || !secret) throw notFound(NOT_CONFIGURED);
          const raw = typeof request.body === 'string' ? request.body : '';
          const header = (name: string) => {
            const v = request.headers[name];
            return typeof v === 'string' ? v : undefined;
          };
          const verdict = verifySlackSignature(
            secret,
            { timestamp: header('x-slack-request-timestamp'), signature: header('x-slack-signature') },
            raw,
            Math.floor(ctx.clock.now().epochMilliseconds / 1000),
          );
          if (!verdict.ok) throw unauthorized(`Slack request refused: ${verdict.why}`);
        },
      },
      async (request, reply) => {
        const press = parseInteraction(request.body as unknown as string);
        if (press === 'malformed') throw new HadoError(400, 'bad_request', 'Not a Slack interaction payload');
        const outcome =
          press === null
            ? 'ignored'
            : await handleInteraction(
                {
                  db: ctx.db,
                  clock: ctx.clock,
                  client: client!,
                  defaultLocale: ctx.config.defaultLocale,
                  act: (token, action) => actOnToken(ctx, token, action),
                },
                press,
              );
        request.log.info({ slack: outcome }, 'slack interaction');
        return reply.status(200).send();
      },
    );
  };
}
