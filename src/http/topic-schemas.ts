// Request and answer shapes of a source's topics (issue 23, PUT/GET
// /api/topics), checked before any handler runs. Unknown fields — a label
// in a language Hado does not speak among them — are refused by name.
import { type TBoolean, type TOptional, type TString, Type } from 'typebox';
import { CHANNEL_TYPES, type ChannelType } from '../domain/channels.ts';
import { DELIVERY_POLICIES, type DeliveryPolicy, MAX_LABEL, MAX_TOPICS, REGROUP_POLICIES, type RegroupPolicy } from '../domain/topics.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';

const ChannelTypeSchema = Type.Unsafe<ChannelType>(Type.Union(CHANNEL_TYPES.map((t) => Type.Literal(t))));
const Label = Type.String({ minLength: 1, maxLength: MAX_LABEL, pattern: '\\S' });
const Localized = (description: string) =>
  Type.Object(Object.fromEntries(LOCALES.map((l) => [l, Type.Optional(Label)])) as Record<Locale, TOptional<TString>>, {
    additionalProperties: false,
    description,
  });
const Defaults = Type.Object(Object.fromEntries(CHANNEL_TYPES.map((t) => [t, Type.Optional(Type.Boolean())])) as Record<ChannelType, TOptional<TBoolean>>, {
  additionalProperties: false,
  description: "A cell's value when the user never set it; a type missing here is on",
});
const Delivery = Type.Unsafe<DeliveryPolicy>(
  Type.Union(
    DELIVERY_POLICIES.map((p) => Type.Literal(p)),
    { description: 'presence: SPEC B5, presence first (the default); all: every allowed channel at once' },
  ),
);
const Regroup = Type.Unsafe<RegroupPolicy>(
  Type.Union(
    REGROUP_POLICIES.map((p) => Type.Literal(p)),
    { description: 'What a group join re-pushes: web, open inboxes only, at most once per 30 s (the default); all, every channel' },
  ),
);

const TOPIC_EXAMPLE = {
  topic: 'mention',
  labels: { en: 'Mentions', uk: 'Згадки', ru: 'Упоминания' },
  section: { en: 'Comments', uk: 'Коментарі' },
  channels: ['web', 'slack', 'telegram'],
  defaults: { telegram: false },
  delivery: 'all',
  toast: true,
  regroup: 'web',
};

export const TopicIn = Type.Object(
  {
    topic: Type.String({ maxLength: 100, description: 'The topic notices name' }),
    labels: Type.Optional(Localized("The topic's name in the grid, per language")),
    section: Type.Optional(Localized('The heading the grid groups it under, per language')),
    channels: Type.Optional(
      Type.Array(ChannelTypeSchema, {
        minItems: 1,
        maxItems: CHANNEL_TYPES.length,
        uniqueItems: true,
        description: 'The channel types this topic may ever use; default all',
      }),
    ),
    defaults: Type.Optional(Defaults),
    delivery: Type.Optional(Delivery),
    toast: Type.Optional(Type.Boolean({ description: 'Whether its notice frames ask the page for a toast (default false)' })),
    regroup: Type.Optional(Regroup),
  },
  { additionalProperties: false },
);

export const TopicsBody = Type.Object(
  { topics: Type.Array(TopicIn, { maxItems: MAX_TOPICS }) },
  { additionalProperties: false, examples: [{ topics: [TOPIC_EXAMPLE] }] },
);

export const TopicOut = Type.Object(
  {
    topic: Type.String(),
    labels: Localized('Per language'),
    section: Localized('Per language'),
    channels: Type.Array(ChannelTypeSchema),
    defaults: Defaults,
    delivery: Delivery,
    toast: Type.Boolean(),
    regroup: Regroup,
  },
  { additionalProperties: false },
);

export const TopicsOut = Type.Object({ topics: Type.Array(TopicOut) }, { additionalProperties: false, examples: [{ topics: [TOPIC_EXAMPLE] }] });
