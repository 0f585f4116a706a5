// POST /api/frames (issue 25): a source puts its own frames on its users'
// live streams — the token streams its user tokens opened — as
// `event: frame`, data { source, type, data }. One frame, or { frames: [...] }
// of up to 100; each names its recipients (logins), an audience (issue 24) or says all: true. Never
// stored; across replicas by NOTIFY; at most HADO_RATE_LIMIT_FRAMES frames a
// minute per source.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Type } from 'typebox';
import { AUDIENCE_NAME_PATTERN } from '../../core/audiences.ts';
import { sendFrames } from '../../core/frames.ts';
import { HadoError, invalid } from '../../errors.ts';
import { authenticateSource } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { SECURITY, TAGS } from '../openapi.ts';
import { errors } from '../response-schemas.ts';

export const MAX_FRAME_DATA_BYTES = 4096;
export const MAX_FRAMES = 100;

const FrameIn = Type.Object(
  {
    type: Type.String({ pattern: '^[a-z][a-z0-9_.-]{0,63}$', description: 'The frame\'s name, e.g. "task_changed"' }),
    data: Type.Optional(Type.Unknown({ description: 'Any JSON, at most 4 KB' })),
    recipients: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._@+-]+$' }), { minItems: 1, maxItems: 1000, description: 'Logins' }),
    ),
    audience: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "One of this source's audiences (PUT /api/audiences/{name}): its members' streams" }),
    ),
    all: Type.Optional(Type.Boolean({ description: "true: every open stream of this source's user tokens (false is refused)" })),
  },
  { additionalProperties: false },
);

const FramesIn = Type.Union([FrameIn, Type.Object({ frames: Type.Array(FrameIn, { minItems: 1, maxItems: MAX_FRAMES }) }, { additionalProperties: false })], {
  examples: [{ type: 'task_changed', data: { task: 12, status: 'done' }, recipients: ['ana'] }],
});

const FramesOut = Type.Object({ accepted: Type.Integer({ minimum: 0, description: 'Frames announced' }) }, { additionalProperties: false });

type Frame = { type: string; data?: unknown; recipients?: string[]; audience?: string; all?: boolean };

/** A 422 naming the field, as frames[i].field in a batch (index set) or field for a single frame. */
const badFrame = (field: string, message: string, index: number | undefined): HadoError =>
  index === undefined ? invalid(field, message) : new HadoError(422, 'invalid', `frames[${index}].${field}: ${message}`, { index, field });

function checkFrame(frame: Frame, index: number | undefined): void {
  if (frame.all === false) throw badFrame('all', 'is true or left out', index);
  const addressed = [frame.recipients, frame.audience, frame.all].filter((a) => a !== undefined).length;
  if (addressed !== 1) throw badFrame('recipients', 'name the recipients, or an audience, or say all: true (one of the three)', index);
  if (frame.audience !== undefined && !AUDIENCE_NAME_PATTERN.test(frame.audience)) {
    throw badFrame('audience', 'must be an audience name: letters, digits and . _ - : @ +, in segments joined by single slashes', index);
  }
  const size = Buffer.byteLength(JSON.stringify(frame.data ?? null));
  if (size > MAX_FRAME_DATA_BYTES) throw badFrame('data', `is ${size} bytes of JSON; at most ${MAX_FRAME_DATA_BYTES}`, index);
}

export function apiFrameRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const perMinute = ctx.config.framesPerMinute;
  const limiter = new RateLimiterMemory({ keyPrefix: 'frames', points: perMinute, duration: 60 });
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      request.source = await authenticateSource(ctx, request);
    });
    app.post(
      '/api/frames',
      {
        schema: {
          tags: [TAGS.notices],
          security: SECURITY.source,
          operationId: 'postFrames',
          summary: "Put the source's own frames on its users' live streams (event: frame), never stored",
          body: FramesIn,
          response: { 200: FramesOut, ...errors(400, 401, 415, 422, 429) },
        },
      },
      async (request) => {
        const body = request.body as Frame | { frames: Frame[] };
        const frames = 'frames' in body ? body.frames : [body];
        for (const [i, frame] of frames.entries()) checkFrame(frame, 'frames' in body ? i : undefined);
        const source = request.source!;
        try {
          await limiter.consume(String(source.id), frames.length);
        } catch (e) {
          if (!(e instanceof RateLimiterRes)) throw e;
          const retry = String(Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
          throw new HadoError(
            429,
            'too_many_requests',
            `At most ${perMinute} frames a minute per source (HADO_RATE_LIMIT_FRAMES); retry later`,
            {},
            { 'retry-after': retry },
          );
        }
        return { accepted: await sendFrames(ctx.db, source, frames, 'frames' in body) };
      },
    );
  };
}
