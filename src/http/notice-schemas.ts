// Request shapes of notices (SPEC B1–B3), checked by Fastify's JSON-schema
// validator before any handler runs. Unknown fields are rejected.
import { type Static, type TBoolean, type TOptional, Type } from 'typebox';
import { CHANNEL_TYPES, type ChannelType } from '../domain/channels.ts';
import { DOCUMENTED_AS, MAX_BATCH } from './schemas.ts';

const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Login = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._@+-]+$' });
const ChannelTypeSchema = Type.Union(CHANNEL_TYPES.map((t) => Type.Literal(t)));
/** One optional on/off per channel type: a row of the preferences grid (SPEC B3). */
const GridCells = Object.fromEntries(CHANNEL_TYPES.map((t) => [t, Type.Optional(Type.Boolean())])) as Record<ChannelType, TOptional<TBoolean>>;

/** Issue 24: a guest's email (the notice by mail only, with one-click unsubscribe); capability `address`. */
const EmailRecipient = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: 'One email address; mailed only, never an inbox or a user' }),
    name: Type.Optional(Type.String({ maxLength: 200, description: "The guest's name" })),
  },
  { additionalProperties: false, title: 'EmailRecipient' },
);
/** Issue 24: a Slack channel (one chat.postMessage per push); capability `address`. */
const SlackChannelRecipient = Type.Object(
  { slack_channel: Type.String({ minLength: 1, maxLength: 81, description: 'A Slack channel id (C0CREATIVE) or a public channel name (#creative)' }) },
  { additionalProperties: false, title: 'SlackChannelRecipient' },
);

export const NoticeIn = Type.Object(
  {
    recipients: Type.Optional(
      Type.Array(Type.Union([Login, EmailRecipient, SlackChannelRecipient]), {
        maxItems: 1000,
        description:
          'Logins; and, with the capability "address", { email, name } and { slack_channel } entries (modes create and upsert). With audience: the logins its members are narrowed to (the intersection)',
      }),
    ),
    audience: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "One of this source's audiences (PUT /api/audiences/{name}): its members at write time are the recipients",
        examples: ['company-42/staff'],
      }),
    ),
    mode: Type.Optional(Type.Union([Type.Literal('create'), Type.Literal('upsert'), Type.Literal('group')])),
    source_ref: Type.Optional(NonBlank(255)),
    topic: Type.Optional(Type.String({ maxLength: 100 })),
    title: NonBlank(500),
    body: Type.Optional(Type.String({ maxLength: 102400, description: 'At most 100 KB (102400 bytes of UTF-8)' })),
    body_format: Type.Optional(
      Type.Union([Type.Literal('plain'), Type.Literal('markdown')], {
        description:
          'How the body is written (default plain): markdown is rendered (sanitized) to HTML in mail and the inbox, mrkdwn in Slack, HTML in Telegram',
      }),
    ),
    deep_link: Type.Optional(Type.String({ maxLength: 2048 })),
    data: Type.Optional(Type.Object({}, { additionalProperties: true })),
    actor: Type.Optional(Type.String({ maxLength: 200 })),
    urgent: Type.Optional(Type.Boolean()),
    dedupe_key: Type.Optional(NonBlank(255)),
    claim: Type.Optional(Type.Boolean()),
    channels: Type.Optional(Type.Array(ChannelTypeSchema, { minItems: 1, maxItems: CHANNEL_TYPES.length, uniqueItems: true })),
    delivery: Type.Optional(Type.Union([Type.Literal('presence'), Type.Literal('all')], { description: "Over the topic's delivery policy (PUT /api/topics)" })),
    entity_label: Type.Optional(Type.String({ maxLength: 200, description: "The object's name at write time, shown in the feed, frames and messages" })),
    group: Type.Optional(
      Type.Object(
        {
          window_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 })),
          step: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
          template: Type.Optional(NonBlank(200)),
          messages: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const NoticesBatch = Type.Object({ notices: Type.Array(NoticeIn, { minItems: 1, maxItems: MAX_BATCH }) }, { additionalProperties: false });

const NOTICE_EXAMPLE = {
  recipients: ['ana', 'boris'],
  mode: 'group',
  source_ref: 'doc:7',
  topic: 'comment',
  title: 'New comments',
  body: 'Ana: looks good',
  deep_link: 'https://docs.example/d/7',
  actor: 'ana',
  dedupe_key: 'comment:981',
  group: { template: 'New comments', messages: ['Ana: looks good'] },
};

/**
 * POST /api/notices takes one notice or { notices: [...] }. The route wraps a
 * single notice into a batch of one before validation (one validator, one
 * write path); the document shows both forms.
 */
export const NoticesBody = Type.Unsafe<Static<typeof NoticesBatch>>({
  ...NoticesBatch,
  [DOCUMENTED_AS]: Type.Union(
    [
      Type.Object(NoticeIn.properties, { additionalProperties: false, description: 'One notice' }),
      Type.Object(NoticesBatch.properties, { additionalProperties: false, description: 'A batch of up to 500, all or nothing' }),
    ],
    { examples: [NOTICE_EXAMPLE, { notices: [NOTICE_EXAMPLE, { recipients: ['ana'], title: 'Export finished' }] }] },
  ),
});

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const NoticeIds = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: MAX_BATCH }) }, { additionalProperties: false, examples: [{ ids: [1] }] });

export const FeedQuery = Type.Object(
  {
    filter: Type.Optional(Type.Union([Type.Literal('inbox'), Type.Literal('unread'), Type.Literal('archived'), Type.Literal('all')])),
    limit: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,2}$', description: 'Page size, at most 100 (default 30)', examples: ['30'] })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: "The previous page's next_cursor" })),
  },
  { additionalProperties: false },
);

export const PreferencesGrid = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          source: NonBlank(100),
          topic: Type.String({ maxLength: 100 }),
          channels: Type.Object(GridCells, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 2000 },
    ),
  },
  { additionalProperties: false, examples: [{ rows: [{ source: 'docs', topic: 'comment', channels: { telegram: false } }] }] },
);
