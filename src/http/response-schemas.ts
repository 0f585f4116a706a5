// Response shapes, for the OpenAPI document (GET /openapi.json). They are
// not used to serialise (the app sends what the handlers return, see
// openapi.ts); test/http/openapi-examples.test.ts checks every documented
// operation's real answer against them, so they cannot drift from the code.
import { type TBoolean, type TOptional, type TSchema, Type } from 'typebox';
import { LOCALES } from '../i18n/locales.ts';
import { CHANNEL_TYPES, type ChannelType } from '../domain/channels.ts';
import { RecurrenceRuleDoc } from './schemas.ts';
import { ERROR_CODE_LIST } from '../error-codes.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = Type.String({ format: 'date-time', description: 'An instant, ISO 8601 in UTC' });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A calendar day, YYYY-MM-DD' });
const Id = Type.Integer({ minimum: 1 });

export const EventState = Type.Enum(['scheduled', 'preparing', 'today', 'overdue', 'done', 'expired', 'withdrawn'], {
  description: 'The phase of an event (see docs/concepts.md, "The lifecycle")',
});

export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Enum(ERROR_CODE_LIST, { description: 'A stable code (src/errors.ts)' }),
        message: Type.String({ description: 'What is wrong, naming the field (and the index in a batch)' }),
        index: Type.Optional(Type.Integer({ minimum: 0, description: 'The record of a batch that is wrong' })),
        field: Type.Optional(Type.String({ description: 'The dotted path of the offending field, e.g. payload.title' })),
        capability: Type.Optional(Type.Enum(['provision', 'address'], { description: 'On a 403 to a source: the capability it lacks' })),
        text: Type.Optional(
          Type.String({ description: "Under the user's session (/me/*): the message in the user's language (code and message stay English)" }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Every 4xx and 5xx answer has this body' },
);

const ERROR_MEANING: Record<number, string> = {
  400: 'The body is not JSON, or not what the route takes',
  401: 'Missing or wrong credentials',
  403: 'A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability)',
  404: 'Nothing there (or not yours)',
  408: 'The request did not arrive in time',
  409: 'The action does not apply in the current state',
  413: 'The body is too large',
  415: 'The body is not JSON',
  421: 'The Host header names another site',
  422: 'A field is invalid: the message, field and index say which',
  429: 'Too many requests: wait (see Retry-After) and retry',
  500: 'An unexpected error; the server log has the details',
  502: 'An outside service (Telegram) did not answer',
  503: 'The database is unreachable for the moment: retry after Retry-After seconds',
};

/** The error answers of a route, each with the catalogue's body. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const s of statuses) out[s] = Type.Object(ErrorBody.properties, { additionalProperties: false, description: ERROR_MEANING[s] ?? 'An error' });
  return out;
}

/** An answer without a body (a 204, Telegram's empty 200): `reply.send()`. */
export const NoBody = (description: string) => Type.Unsafe<void>({ type: 'null', description });

export const EventPayloadOut = Type.Object(
  {
    title: Type.String(),
    subtitle: Type.Optional(Type.String()),
    deep_link: Type.Optional(Type.String()),
    done_label: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const SeriesFields = {
  recurrence: Nullable(RecurrenceRuleDoc),
  fire_days_before: Nullable(Type.Integer({ minimum: 0 })),
  rule_text: Nullable(Type.String({ description: 'The rule in words, e.g. "every 2 weeks on Mon and Thu at 10:00"' })),
  next_occurrence: Nullable(Type.String({ description: 'The occurrence after the current one, in due_at form' })),
};

export const UpsertResults = Type.Object(
  {
    events: Type.Array(
      Type.Object(
        {
          source_ref: Type.String(),
          topic: Type.String(),
          id: Id,
          state: EventState,
          warnings: Type.Optional(
            Type.Array(Type.String(), {
              description: 'Present when the event was written but will not be reminded, with why: e.g. its due_at has already passed, so it is expired',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'One result per event, in the order sent' },
);

export const ApiEvent = Type.Object(
  {
    id: Id,
    source_ref: Type.String(),
    topic: Type.String(),
    user: Type.String(),
    state: EventState,
    due_at: Type.String({ description: 'The due (for a series: the current occurrence) in one of the three due_at forms' }),
    fire_at: Day,
    ...SeriesFields,
    after_due: Type.Union([Type.Literal('keep'), Type.Literal('expire')]),
    payload: EventPayloadOut,
    quiet_until: Nullable(DateTime),
    done_at: Nullable(DateTime),
    created_at: Nullable(DateTime),
    updated_at: Nullable(DateTime),
  },
  { additionalProperties: false },
);

export const UserEvent = Type.Object(
  {
    id: Id,
    source: Type.String(),
    source_ref: Type.String(),
    topic: Type.String(),
    state: EventState,
    due_at: Type.String(),
    due_mode: Type.Union([Type.Literal('local'), Type.Literal('fixed')]),
    due_day: Day,
    due_time: Nullable(Type.String({ pattern: '^\\d{2}:\\d{2}$' })),
    due_moment: Type.String({ description: "The due moment in the user's zone, without offset" }),
    all_day: Type.Boolean(),
    fire_on: Day,
    ...SeriesFields,
    after_due: Type.Union([Type.Literal('keep'), Type.Literal('expire')]),
    payload: EventPayloadOut,
    in_badge: Type.Boolean(),
    quiet_until: Nullable(DateTime),
    done_at: Nullable(DateTime),
    updated_at: Nullable(DateTime),
  },
  { additionalProperties: false },
);

export const UserEventBody = Type.Object({ event: UserEvent }, { additionalProperties: false });
export const UserEvents = Type.Object({ events: Type.Array(UserEvent) }, { additionalProperties: false });

export const Me = Type.Object(
  {
    login: Type.String(),
    tz: Type.String({ description: 'IANA zone' }),
    locale: Type.Enum(LOCALES, { description: "The user's language (pages, Telegram, rule texts)" }),
    quiet_start: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    quiet_end: Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    tz_from: Type.Enum(['default', 'source', 'user'], {
      description: "Where tz comes from: Hado's default, a source that provisioned the user (PUT /api/users), or the person's own choice (which wins)",
    }),
    locale_from: Type.Enum(['default', 'source', 'user'], { description: 'Where locale comes from, as tz_from' }),
    badge: Type.Integer({ minimum: 0, description: 'Events in today + overdue' }),
  },
  { additionalProperties: false },
);

export const TokenActionResult = Type.Object(
  {
    action: Type.Union([Type.Literal('ack'), Type.Literal('done')]),
    event: Type.Object({ id: Id, state: EventState, quiet_until: DateTime, done_at: Nullable(DateTime) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export const ChannelOut = Type.Object(
  {
    id: Id,
    type: Type.Enum([...CHANNEL_TYPES]),
    enabled: Type.Boolean(),
    confirmed: Type.Boolean({
      description: 'false for an email address or a Slack user not confirmed yet (the link in the mail, the button in Slack): nothing is delivered to it',
    }),
    vouched: Type.Boolean({ description: 'Vouched for by a source (PUT /api/users): confirmed without a mail or DM; the person may delete it' }),
    config: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'webhook: deliver_url, presence_url, presence_field, presence_present, and presence_headers as a list of header names (never their values); telegram: chat_id; email: address; slack: slack_user_id; web: {}',
      },
    ),
    last_seen_at: Nullable(DateTime),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { additionalProperties: true },
);

export const ChannelBody = Type.Object({ channel: ChannelOut }, { additionalProperties: false });
export const ChannelCreated = Type.Object(
  {
    channel: ChannelOut,
    secret: Type.Optional(
      Type.String({ pattern: '^whsec_', description: "A webhook's signing secret, shown this once (Standard Webhooks); not for email or Slack" }),
    ),
  },
  { additionalProperties: false },
);
export const ChannelList = Type.Object({ channels: Type.Array(ChannelOut) }, { additionalProperties: false });

export const TelegramLink = Type.Object(
  { code: Type.String(), bot_url: Type.String(), start_url: Type.String(), expires_at: DateTime },
  { additionalProperties: false },
);

const NoticeMode = Type.Union([Type.Literal('create'), Type.Literal('upsert'), Type.Literal('group')]);

export const NoticeWriteResult = Type.Object(
  {
    id: Id,
    result: Type.Enum(['created', 'updated', 'grouped', 'duplicate'], {
      description: 'duplicate: a repeated dedupe_key; nothing was written',
    }),
    mode: NoticeMode,
    source_ref: Nullable(Type.String()),
    topic: Type.String(),
    title: Type.String(),
    count: Type.Integer({ minimum: 0, description: "The group's counter (1 outside groups)" }),
    recipients: Type.Array(Type.String()),
    suppressed: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Only for a notice with email recipients (issue 24): how many were skipped because they unsubscribed from this source',
      }),
    ),
  },
  { additionalProperties: false },
);

export const NoticeWriteResults = Type.Union(
  [
    Type.Object({ notice: NoticeWriteResult }, { additionalProperties: false, description: 'For a single notice' }),
    Type.Object({ notices: Type.Array(NoticeWriteResult) }, { additionalProperties: false, description: 'For a batch, in order' }),
  ],
  { description: '{ notice } for a single notice, { notices } for a batch' },
);

export const RecipientNotice = Type.Object(
  {
    id: Id,
    source: Type.String(),
    source_ref: Nullable(Type.String()),
    topic: Type.String(),
    mode: NoticeMode,
    title: Type.String(),
    body: Nullable(Type.String()),
    body_format: Type.Union([Type.Literal('plain'), Type.Literal('markdown')]),
    body_html: Nullable(Type.String({ description: 'A markdown body rendered to sanitized HTML (issue 24); null for plain text' })),
    deep_link: Nullable(Type.String()),
    data: Type.Object({}, { additionalProperties: true }),
    actor: Nullable(Type.String()),
    urgent: Type.Boolean(),
    entity_label: Nullable(Type.String({ description: "The object's name at write time" })),
    group: Nullable(Type.Object({ count: Type.Integer(), messages: Type.Array(Type.String()) }, { additionalProperties: false })),
    claim: Nullable(Type.Object({ claimed_by: Nullable(Type.String()), claimed_at: Nullable(DateTime) }, { additionalProperties: false })),
    read_at: Nullable(DateTime),
    archived_at: Nullable(DateTime),
    created_at: Nullable(DateTime),
    updated_at: Nullable(DateTime),
  },
  { additionalProperties: false },
);

const Unread = {
  unread: Type.Integer({ minimum: 0, maximum: 100, description: 'Unread notices in the inbox, counted up to 100' }),
  unread_label: Type.String({ description: '"", "1" … "99" or "99+"' }),
};

export const FeedPage = Type.Object(
  {
    notices: Type.Array(RecipientNotice),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null on the last page' })),
    ...Unread,
  },
  { additionalProperties: false },
);

export const NoticesChanged = Type.Object({ changed: Type.Integer({ minimum: 0 }), ...Unread }, { additionalProperties: false });

export const NoticeBody = Type.Object({ notice: RecipientNotice }, { additionalProperties: false });

export const PreferencesOut = Type.Object(
  {
    channels: Type.Immutable(Type.Array(Type.Enum([...CHANNEL_TYPES]))),
    rows: Type.Array(
      Type.Object(
        {
          source: Type.String(),
          topic: Type.String(),
          label: Type.String({ description: "The topic's label in the user's language (else English, else the topic)" }),
          section: Nullable(Type.String({ description: "The heading the topic is grouped under, in the user's language" })),
          channels: Type.Object(Object.fromEntries(CHANNEL_TYPES.map((t) => [t, Type.Optional(Type.Boolean())])) as Record<ChannelType, TOptional<TBoolean>>, {
            additionalProperties: false,
            description: 'Only the channel types the topic allows; a type absent here is not available for this kind',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Health = Type.Object(
  {
    status: Type.Enum(['ok', 'unavailable', 'ready', 'not_ready']),
    reason: Type.Optional(Type.String()),
    storage: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  },
  { additionalProperties: true },
);
