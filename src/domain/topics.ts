// Topics as a source's contract (issue 23): what a source declares about each
// kind of notice it sends — labels and a section in Hado's languages, the
// channel types it may ever use, the grid's defaults, and its delivery,
// toast and regroup policies. Pure: the rules that read a declaration.
import { CHANNEL_TYPES, type ChannelType } from './channels.ts';

/** presence: SPEC B5's presence-first rule (the default); all: every allowed, wanted channel at once. */
export type DeliveryPolicy = 'presence' | 'all';
export const DELIVERY_POLICIES: readonly DeliveryPolicy[] = ['presence', 'all'];
/** What a group join re-pushes: web — open inboxes only (the default); all — every channel again. */
export type RegroupPolicy = 'web' | 'all';
export const REGROUP_POLICIES: readonly RegroupPolicy[] = ['web', 'all'];

/** At most this many topics per source. */
export const MAX_TOPICS = 500;
/** A label or section name is at most this long. */
export const MAX_LABEL = 100;

/** A text per locale code (the codes Hado speaks are listed in i18n/locales.ts; the parser checks them). */
export type LocalizedText = Partial<Record<string, string>>;

/** The language every text falls back to (i18n/locales.ts' BASE_LOCALE; domain/ imports nothing above it). */
const BASE_LOCALE = 'en';

/** One declared topic, every default filled in. */
export interface TopicDeclaration {
  topic: string;
  labels: LocalizedText;
  section: LocalizedText;
  /** The channel types this topic may ever use. */
  channels: ChannelType[];
  /** A cell's value when the user never set it; a type missing here is on. */
  defaults: Partial<Record<ChannelType, boolean>>;
  delivery: DeliveryPolicy;
  toast: boolean;
  regroup: RegroupPolicy;
}

/** A topic as PUT /api/topics takes it: everything but the name optional. */
export interface TopicDeclarationIn {
  topic: string;
  labels?: LocalizedText;
  section?: LocalizedText;
  channels?: ChannelType[];
  defaults?: Partial<Record<ChannelType, boolean>>;
  delivery?: DeliveryPolicy;
  toast?: boolean;
  regroup?: RegroupPolicy;
}

export function withDefaults(t: TopicDeclarationIn): TopicDeclaration {
  return {
    topic: t.topic,
    labels: t.labels ?? {},
    section: t.section ?? {},
    channels: t.channels === undefined ? [...CHANNEL_TYPES] : CHANNEL_TYPES.filter((c) => t.channels!.includes(c)),
    defaults: t.defaults ?? {},
    delivery: t.delivery ?? 'presence',
    toast: t.toast ?? false,
    regroup: t.regroup ?? 'web',
  };
}

/**
 * The rules a declaration's JSON shape cannot say: each topic once, and a
 * default only for an allowed channel type. Returns the first problem as
 * [index, field, message], or null.
 */
export function declarationProblem(topics: readonly TopicDeclarationIn[]): [number, string, string] | null {
  const seen = new Map<string, number>();
  for (const [i, t] of topics.entries()) {
    const first = seen.get(t.topic);
    if (first !== undefined) return [i, 'topic', `"${t.topic}" is declared twice (also topics[${first}]); declare each topic once`];
    seen.set(t.topic, i);
    for (const type of Object.keys(t.defaults ?? {})) {
      if (t.channels !== undefined && !t.channels.includes(type as ChannelType)) {
        return [i, `defaults.${type}`, `"${type}" is not one of this topic's channels`];
      }
    }
  }
  return null;
}

/** A text in the reader's language, else English, else the fallback (the topic's name). */
export function localized(text: LocalizedText, locale: string, fallback: string): string {
  return text[locale] ?? text[BASE_LOCALE] ?? fallback;
}

/**
 * Whether a cell is on: the user's stored value, else the topic's default,
 * else on (SPEC B3). A type the topic does not allow is never on.
 */
export function cellValue(type: ChannelType, stored: boolean | undefined, topic: Pick<TopicDeclaration, 'channels' | 'defaults'> | null): boolean {
  if (topic !== null && !topic.channels.includes(type)) return false;
  if (stored !== undefined) return stored;
  return topic?.defaults[type] ?? true;
}
