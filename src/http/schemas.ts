// Request shapes, checked by Fastify's JSON-schema validator before any
// handler runs. Unknown fields are rejected (a typo such as "due" instead of
// "due_at" must not be silently dropped).
import { Type } from 'typebox';

export const MAX_BATCH = 500;

const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

export const Payload = Type.Object(
  {
    title: NonBlank(500),
    subtitle: Type.Optional(Type.String({ maxLength: 1000 })),
    deep_link: Type.Optional(Type.String({ maxLength: 2048 })),
    done_label: Type.Optional(NonBlank(100)),
  },
  { additionalProperties: false },
);

export const EventIn = Type.Object(
  {
    user: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._@+-]+$' }),
    source_ref: NonBlank(255),
    topic: Type.Optional(Type.String({ maxLength: 100 })),
    // Exactly one of due_at (a one-off event) and recurrence (a series, SPEC Part C):
    // checked in core/event-input.ts, which also names the offending rule field.
    due_at: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    fire_at: Type.Optional(Type.String({ maxLength: 10 })),
    recurrence: Type.Optional(Type.Unknown()),
    fire_days_before: Type.Optional(Type.Unknown()),
    after_due: Type.Optional(Type.Union([Type.Literal('keep'), Type.Literal('expire')])),
    payload: Payload,
  },
  { additionalProperties: false },
);

export const EventsBatch = Type.Object(
  { events: Type.Array(EventIn, { minItems: 1, maxItems: MAX_BATCH }) },
  { additionalProperties: false },
);

export const EventIdentityQuery = Type.Object(
  {
    source_ref: NonBlank(255),
    topic: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const MePatch = Type.Object(
  {
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    quiet_start: Type.Optional(ClockTime),
    quiet_end: Type.Optional(ClockTime),
    // Checked by patchUser, so an unknown code is a 422 naming `locale` with the supported ones.
    locale: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false },
);

export const IdParam = Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,15}$' }) });

export const StateQuery = Type.Object(
  { state: Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);
