// Shapes of a source's view of its notices (issue 24 point 6): the list's
// query, the notice as its source sees it, its recipients' read state, its
// deliveries' state and reason, and the withdrawal's request and answer.
import { type TSchema, Type } from 'typebox';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = Type.String({ format: 'date-time', description: 'An instant, ISO 8601 in UTC' });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const SourceNoticesQuery = Type.Object(
  {
    source_ref: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    topic: Type.Optional(Type.String({ maxLength: 100 })),
    cursor: Type.Optional(Type.String({ maxLength: 32, description: "The previous page's next_cursor" })),
    limit: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,2}$', description: 'Page size, at most 200 (default 50)', examples: ['50'] })),
  },
  { additionalProperties: false },
);

export const SourceNotice = Type.Object(
  {
    id: Id,
    source_ref: Nullable(Type.String()),
    topic: Type.String(),
    mode: Type.Union([Type.Literal('create'), Type.Literal('upsert'), Type.Literal('group')]),
    title: Type.String(),
    body: Nullable(Type.String()),
    body_format: Type.Union([Type.Literal('plain'), Type.Literal('markdown')]),
    deep_link: Nullable(Type.String()),
    data: Type.Object({}, { additionalProperties: true }),
    actor: Nullable(Type.String()),
    urgent: Type.Boolean(),
    entity_label: Nullable(Type.String()),
    group: Nullable(Type.Object({ count: Type.Integer(), messages: Type.Array(Type.String()) }, { additionalProperties: false })),
    push: Type.Integer({ minimum: 1, description: 'How many times it was pushed (creation, upserts, regroups)' }),
    recipient_count: Type.Integer({ minimum: 0 }),
    read_count: Type.Integer({ minimum: 0, description: 'Recipients who have read it' }),
    created_at: Nullable(DateTime),
    updated_at: Nullable(DateTime),
  },
  { additionalProperties: false },
);

export const SourceNoticePage = Type.Object(
  {
    notices: Type.Array(SourceNotice, { description: 'Newest first' }),
    next_cursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null on the last page' })),
  },
  { additionalProperties: false },
);

export const SourceNoticeDetail = Type.Object(
  {
    notice: SourceNotice,
    recipients: Type.Array(
      Type.Object(
        { login: Type.String(), read_at: Nullable(DateTime), archived_at: Nullable(DateTime), created_at: Nullable(DateTime) },
        { additionalProperties: false },
      ),
      { description: 'By login, at most 1000 (recipient_count is exact)' },
    ),
    deliveries: Type.Array(
      Type.Object(
        {
          id: Id,
          recipient: Type.String({ description: 'The login whose channel it went to' }),
          channel: Type.String({ description: 'The channel type' }),
          push: Nullable(Type.Integer()),
          state: Type.Union([Type.Literal('pending'), Type.Literal('ok'), Type.Literal('failed')]),
          reason: Nullable(Type.String({ description: 'Why it failed, or the last retryable error' })),
          attempts: Type.Integer({ minimum: 0 }),
          sent_at: Nullable(DateTime),
          created_at: Nullable(DateTime),
        },
        { additionalProperties: false },
      ),
      { description: 'Oldest first, at most 1000' },
    ),
  },
  { additionalProperties: false },
);

export const WithdrawBody = Type.Union(
  [
    Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false }),
    Type.Object(
      { source_ref: Type.String({ minLength: 1, maxLength: 255 }), topic: Type.Optional(Type.String({ maxLength: 100, description: 'Default ""' })) },
      { additionalProperties: false },
    ),
  ],
  {
    description: '{ ids } (at most 500), or { source_ref, topic } (topic defaults to "")',
    examples: [{ ids: [41] }, { source_ref: 'job:42', topic: 'request' }],
  },
);

export const WithdrawResult = Type.Object(
  {
    withdrawn: Type.Array(Id, { description: "The notices removed; ids that are not this source's are skipped" }),
    cancelled_deliveries: Type.Integer({
      minimum: 0,
      description: 'Deliveries that will not go out: pending ones, and pushes still waiting for their channels',
    }),
    edited_messages: Type.Integer({ minimum: 0, description: 'Telegram and Slack messages whose buttons are being removed' }),
  },
  { additionalProperties: false },
);
