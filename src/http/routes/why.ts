// Why is this event in its state, and when and where will it next remind?
//   GET /me/events/{id}/why        the answer as JSON (scheduler/why.ts)
//   GET /inbox/events/{id}/why     the same as a page, linked from each inbox item
// Both signed in (signed-in.ts); another user's event is 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { userSettingsView } from '../../core/users.ts';
import { explainUserEvent } from '../../scheduler/why.ts';
import { CHANNEL_TYPES } from '../../domain/channels.ts';
import { loadAssets } from '../assets.ts';
import { signedInUser } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { PAGE_SCHEMA, sendHtml } from '../html-reply.ts';
import { TAGS } from '../openapi.ts';
import { errors, EventState } from '../response-schemas.ts';
import { IdParam } from '../schemas.ts';
import { renderWhyPage } from '../views/why-page.ts';
import { ME_DOC, ME_ERRORS } from './me.ts';

const Instant = Type.String({ format: 'date-time' });
const OrNull = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Window = Type.Object({ start: Instant, end: Instant, fallback_at: OrNull(Instant) }, { additionalProperties: false });
const Presence = Type.Enum(['present', 'absent', 'unknown']);

export const WhyBody = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1 }),
    title: Type.String(),
    source: Type.String(),
    now: Instant,
    state: EventState,
    checkpoints: Type.Object({ preparing_at: OrNull(Instant), today_at: Instant, due_at: Instant }, { additionalProperties: false }),
    next_transition: Type.Union([Type.Object({ at: Instant, to: EventState }, { additionalProperties: false }), Type.Null()]),
    tz: Type.String(),
    active_hours: Type.Object({ from: Type.String(), until: Type.String() }, { additionalProperties: false }),
    quiet_until: OrNull(Instant),
    decision: Type.Enum(['present', 'fallback', 'not-reminding', 'no-window', 'delivered', 'quiet', 'waiting', 'no-channels'], {
      description: "The scheduler's decision as of now",
    }),
    window: Type.Union([Window, Type.Null()]),
    channels: Type.Array(
      Type.Object(
        { id: Type.Integer(), type: Type.Enum([...CHANNEL_TYPES]), enabled: Type.Boolean(), presence: Presence, chosen: Type.Boolean() },
        { additionalProperties: false },
      ),
    ),
    next_reminder: Type.Union([
      Type.Object({ at: Instant, window: Window, state: EventState, to: Type.Enum(['present', 'present-or-fallback']) }, { additionalProperties: false }),
      Type.Null(),
    ]),
    next_check_at: OrNull(Instant),
    lines: Type.Array(Type.String(), { description: 'The answer in English sentences' }),
  },
  { additionalProperties: false },
);

export function whyRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const css = (() => {
      const assets = loadAssets();
      return [assets.url('inbox.css')];
    })();

    app.get(
      '/me/events/:id/why',
      {
        schema: {
          ...ME_DOC,
          tags: [TAGS.me],
          operationId: 'whyMyEvent',
          summary: 'Why the event is in its state, and when and where it will next remind (as the scheduler decides it now)',
          params: IdParam,
          response: { 200: WhyBody, ...errors(...ME_ERRORS, 404, 422) },
        },
      },
      async (request) => explainUserEvent(ctx, Number(request.params.id), signedInUser(request).id),
    );

    app.get('/inbox/events/:id/why', { schema: { ...PAGE_SCHEMA, params: IdParam } }, async (request, reply) => {
      const user = signedInUser(request);
      const answer = await explainUserEvent(ctx, Number(request.params.id), user.id);
      return sendHtml(reply, 200, renderWhyPage(answer, userSettingsView(user).locale, css));
    });
  };
}
