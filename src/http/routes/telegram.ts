// Telegram's two entries (SPEC A8, A9): POST /me/channels/telegram/link,
// signed in (signed-in.ts), gives a one-time code, and POST /hooks/telegram takes
// the bot's updates, authenticated by the secret Telegram echoes in
// X-Telegram-Bot-Api-Secret-Token (set with setWebhook's secret_token).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createLinkCode } from '../../channels/telegram/link.ts';
import { handleUpdate, parseUpdate } from '../../channels/telegram/updates.ts';
import { actOnToken } from '../../core/token-actions.ts';
import { toDate } from '../../domain/time.ts';
import { conflict, HadoError, notFound, unauthorized } from '../../errors.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors, NoBody, TelegramLink } from '../response-schemas.ts';
import { documentedAs } from '../schemas.ts';
import { signedInUser } from '../auth.ts';
import { Type } from 'typebox';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Compares digests, so neither the length nor the content of the secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const NOT_CONFIGURED = 'Telegram is not configured on this Hado: set TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET, and register the webhook';

/** POST /me/channels/telegram/link: the one-time code the user sends to the bot. */
export function telegramLinkRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const client = ctx.telegram;
  return async (me) => {
    me.post(
      '/me/channels/telegram/link',
      {
        schema: {
          tags: [TAGS.channels],
          security: SECURITY.user,
          operationId: 'linkTelegram',
          summary: 'A one-time code: send "/start <code>" to the bot (or open start_url) to link Telegram',
          response: { 200: TelegramLink, ...errors(401, 403, 409, 502) },
        },
      },
      async (request) => {
        if (!client || !ctx.config.telegramWebhookSecret) throw conflict(NOT_CONFIGURED);
        let username: string;
        try {
          username = await client.botUsername();
        } catch (e) {
          throw new HadoError(
            502,
            'bad_gateway',
            `Could not ask the Telegram Bot API for the bot's name (getMe): ${(e as Error).message}. Check TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT.`,
          );
        }
        const { code, expiresAt } = await createLinkCode(ctx.db, signedInUser(request).id, toDate(ctx.clock.now()));
        const botUrl = `https://t.me/${username}`;
        return { code, bot_url: botUrl, start_url: `${botUrl}?start=${code}`, expires_at: expiresAt.toISOString() };
      },
    );
  };
}

/** POST /hooks/telegram: the bot's updates. */
export function telegramHookRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const client = ctx.telegram;
  return async (app) => {
    // The answers and replies of updates run after the HTTP answer: let them finish first.
    if (client) app.addHook('onClose', async () => client.idle());

    await app.register(async (hooks) => {
      hooks.post(
        '/hooks/telegram',
        {
          schema: {
            tags: [TAGS.hooks],
            security: SECURITY.telegram,
            operationId: 'telegramUpdate',
            summary: 'An update from the Telegram Bot API (setWebhook): messages to the bot and button callbacks',
            description: 'Answers an empty 200. 404 when Telegram is not configured on this Hado.',
            // Documented only: parseUpdate checks it (a 400 "Not a Telegram update") and ignores the rest.
            body: documentedAs(
              Type.Object(
                { update_id: Type.Integer() },
                {
                  additionalProperties: true,
                  description: 'A Telegram Update object (https://core.telegram.org/bots/api#update)',
                  examples: [
                    {
                      update_id: 1001,
                      message: {
                        message_id: 1,
                        date: 1785585600,
                        chat: { id: 42, type: 'private' },
                        from: { id: 42, is_bot: false, first_name: 'Ana' },
                        text: '/start',
                      },
                    },
                  ],
                },
              ),
            ),
            response: { 200: NoBody('Taken (an empty body)'), ...errors(400, 401, 404) },
          },
          // The secret is checked before the body is even parsed.
          onRequest: async (request) => {
            const expected = ctx.config.telegramWebhookSecret;
            if (!client || !expected) throw notFound(NOT_CONFIGURED);
            const given = request.headers[SECRET_HEADER];
            if (typeof given !== 'string' || !sameSecret(given, expected)) {
              throw unauthorized('Missing or wrong X-Telegram-Bot-Api-Secret-Token');
            }
          },
        },
        async (request, reply) => {
          const update = parseUpdate(request.body);
          if (!update) throw new HadoError(400, 'bad_request', 'Not a Telegram update');
          const outcome = await handleUpdate(
            {
              db: ctx.db,
              clock: ctx.clock,
              defaultLocale: ctx.config.defaultLocale,
              client: client!,
              act: (token, action) => actOnToken(ctx, token, action),
            },
            update,
          );
          request.log.info({ telegram: outcome }, 'telegram update');
          // An empty 200: a JSON body with "method" would be taken by Telegram as a call.
          return reply.status(200).send();
        },
      );
    });
  };
}
