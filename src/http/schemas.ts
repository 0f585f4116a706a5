// Request shapes, checked by Fastify's JSON-schema validator before any
// handler runs. Unknown fields are rejected (a typo such as "due" instead of
// "due_at" must not be silently dropped).
import { type Static, type TSchema, type TUnsafe, Type } from 'typebox';
import { MAX_FIRE_DAYS_BEFORE } from '../core/event-input.ts';
import { MAX_DURATION_MINUTES, MAX_INTERVAL_DAYS } from '../domain/recurrence.ts';

export const MAX_BATCH = 500;

/**
 * The keyword that carries a field's documented schema (openapi.ts swaps it
 * in). Fastify's validator treats it as an annotation.
 */
export const DOCUMENTED_AS = 'x-documented-as';

/**
 * A part of a request whose OpenAPI schema is `documented` while Fastify's
 * validator checks only `validated` (by default nothing): a domain parser
 * checks the rest and names the exact field in its 422 (a recurrence rule's
 * `events[2].recurrence.day_of_month: must be an integer 1..31, got 32`).
 * test/http/openapi.test.ts checks that every value the parser accepts
 * fits the documented schema.
 */
export function documentedAs<T extends TSchema>(documented: T, validated: object = {}): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>({ ...validated, [DOCUMENTED_AS]: documented });
}

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, a calendar date' });
const Weekdays = Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
  minItems: 1,
  uniqueItems: true,
  description: '0 = Monday … 6 = Sunday',
});
/** Optional on every rule type (SPEC Part C); null means absent. */
const RuleClock = {
  time_local: Type.Optional(Nullable(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM; absent = all day' }))),
  timezone: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        description: "A named IANA zone: fixed instants in that zone. Absent = the rule follows the user's zone",
      }),
    ),
  ),
  duration_minutes: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: MAX_DURATION_MINUTES,
        description: 'How long a timed occurrence lasts: it is today until its end, and after_due expire expires it at the end',
      }),
    ),
  ),
};
/** Where the rule has no anchor: accepted (a stored rule is sent as it is) and ignored. */
const IgnoredAnchor = {
  anchor_date: Type.Optional(Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Accepted and ignored on this rule type' }))),
};
const rule = (type: string, fields: Record<string, TSchema>, description: string) =>
  Type.Object({ type: Type.Literal(type), ...fields, ...RuleClock }, { additionalProperties: false, description });

/** A recurrence rule (SPEC Part C), as the domain parser (domain/recurrence.ts parseRecurrence) takes it. */
export const RecurrenceRuleDoc = Type.Union(
  [
    rule('weekly', { weekdays: Weekdays, ...IgnoredAnchor }, 'Every week on these weekdays'),
    rule('biweekly', { weekdays: Weekdays, anchor_date: IsoDay }, 'Every other week; the Monday-based week holding anchor_date is an "on" week'),
    rule(
      'monthly',
      { day_of_month: Type.Integer({ minimum: 1, maximum: 31 }), ...IgnoredAnchor },
      'That day each month; 29–31 in a shorter month fall on its last day',
    ),
    rule(
      'every_n_days',
      { interval_days: Type.Integer({ minimum: 1, maximum: MAX_INTERVAL_DAYS }), anchor_date: IsoDay },
      'anchor_date and every interval_days days before and after it',
    ),
    rule(
      'yearly',
      { month: Type.Integer({ minimum: 1, maximum: 12 }), day: Type.Integer({ minimum: 1, maximum: 31 }), ...IgnoredAnchor },
      'That date each year (a day that exists in some year); 29 Feb falls on 28 Feb in common years',
    ),
  ],
  {
    title: 'RecurrenceRule',
    examples: [{ type: 'biweekly', weekdays: [0, 3], anchor_date: '2026-11-30', time_local: '10:00' }],
  },
);

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
    recurrence: Type.Optional(documentedAs(Nullable(RecurrenceRuleDoc))),
    fire_days_before: Type.Optional(
      documentedAs(
        Nullable(
          Type.Integer({
            minimum: 0,
            maximum: MAX_FIRE_DAYS_BEFORE,
            description: 'With recurrence only: days of preparation before each occurrence, default 0',
          }),
        ),
      ),
    ),
    after_due: Type.Optional(Type.Union([Type.Literal('keep'), Type.Literal('expire')])),
    payload: Payload,
  },
  { additionalProperties: false },
);

export const EventsBatch = Type.Object(
  { events: Type.Array(EventIn, { minItems: 1, maxItems: MAX_BATCH }) },
  {
    additionalProperties: false,
    examples: [
      {
        events: [
          {
            user: 'nikita',
            source_ref: 'person:42',
            topic: 'birthday',
            due_at: '2026-08-14',
            fire_at: '2026-08-07',
            after_due: 'expire',
            payload: { title: "Vasya's birthday", subtitle: 'turns 34', deep_link: '/people/42', done_label: 'Congratulated' },
          },
          {
            user: 'nikita',
            source_ref: 'standup',
            recurrence: { type: 'weekly', weekdays: [0, 2, 4], time_local: '10:00' },
            fire_days_before: 0,
            payload: { title: 'Stand-up' },
          },
        ],
      },
    ],
  },
);

export const EventIdentityQuery = Type.Object(
  {
    source_ref: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', examples: ['person:42'] }),
    topic: Type.Optional(Type.String({ maxLength: 100, description: 'Omitted means ""', examples: ['birthday'] })),
  },
  { additionalProperties: false },
);

export const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const MePatch = Type.Object(
  {
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'An IANA zone' })),
    quiet_start: Type.Optional(ClockTime),
    quiet_end: Type.Optional(ClockTime),
    // Checked by patchUser, so an unknown code is a 422 naming `locale` with the supported ones.
    locale: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false, examples: [{ tz: 'America/Montevideo', quiet_start: '22:30', quiet_end: '08:00' }] },
);

export const IdParam = Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,15}$' }) });

export const StateQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated states; default: the live ones', examples: ['today,overdue'] })),
  },
  { additionalProperties: false },
);
