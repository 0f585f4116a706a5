// The preferences grid (SPEC B3, curated by issue 23): GET shows the
// (source, topic) pairs that concern the user — with the topic's label and
// section in the user's language and only its allowed channel types, the
// topic's defaults where the user never set a cell; PUT takes the whole grid.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { concerningTopics, replaceCells, sourceIdsByName, userCells } from '../db/preferences.ts';
import { topicsOfSources } from '../db/topics.ts';
import { CHANNEL_TYPES, type ChannelType } from '../domain/channels.ts';
import { toDate } from '../domain/time.ts';
import { cellValue, localized } from '../domain/topics.ts';
import { HadoError } from '../errors.ts';
import type { Locale } from '../i18n/locales.ts';

export interface GridRow {
  source: string;
  topic: string;
  /** The topic's name in the reader's language (else English, else the topic). */
  label: string;
  /** The heading it is grouped under, or null. */
  section: string | null;
  /** Only the channel types the topic allows. */
  channels: Partial<Record<ChannelType, boolean>>;
}

export interface Grid {
  channels: readonly ChannelType[];
  rows: GridRow[];
}

export interface GridRowIn {
  source: string;
  topic: string;
  channels: Partial<Record<ChannelType, boolean>>;
}

/** The grid; `onlySourceId` (a user token's source, issue 25) keeps that source's rows only. */
export async function getGrid(db: Db, userId: number, locale: Locale, onlySourceId: number | null = null): Promise<Grid> {
  const [all, cells] = await Promise.all([concerningTopics(db, userId), userCells(db, userId)]);
  const pairs = onlySourceId === null ? all : all.filter((p) => p.source_id === onlySourceId);
  const declared = await topicsOfSources(
    db,
    pairs.map((p) => p.source_id),
  );
  const stored = new Map(cells.map((c) => [`${c.source_id}\u0000${c.topic}\u0000${c.channel_type}`, c.enabled]));
  const rows = pairs.map((p) => {
    const topic = declared.get(p.source_id)?.get(p.topic) ?? null;
    const types = topic === null ? CHANNEL_TYPES : CHANNEL_TYPES.filter((t) => topic.channels.includes(t));
    const channels = Object.fromEntries(types.map((t) => [t, cellValue(t, stored.get(`${p.source_id}\u0000${p.topic}\u0000${t}`), topic)]));
    const section = topic === null ? null : localized(topic.section, locale, '') || null;
    return {
      row: { source: p.source, topic: p.topic, label: topic === null ? p.topic : localized(topic.labels, locale, p.topic), section, channels },
      position: topic?.position ?? Number.MAX_SAFE_INTEGER,
    };
  });
  // A source's rows in its declared order, sections together in the order they first appear.
  const sectionRank = new Map<string, number>();
  rows.sort((a, b) => a.row.source.localeCompare(b.row.source) || a.position - b.position || a.row.topic.localeCompare(b.row.topic));
  for (const r of rows) {
    const k = `${r.row.source}\u0000${r.row.section ?? ''}`;
    if (!sectionRank.has(k)) sectionRank.set(k, sectionRank.size);
  }
  const rank = (r: GridRow) => sectionRank.get(`${r.source}\u0000${r.section ?? ''}`)!;
  const ordered = rows.map((r) => r.row).sort((a, b) => rank(a) - rank(b));
  return { channels: CHANNEL_TYPES, rows: ordered };
}

const bad = (index: number, field: string, message: string): HadoError =>
  new HadoError(422, 'invalid', `rows[${index}].${field}: ${message}`, { index, field });

/**
 * Replaces the grid; a row or cell left out goes back to the default (the
 * topic's, else on). A cell of a type the topic does not allow is refused by
 * name. Returns the new grid. With `onlySource` (a user token's source, issue
 * 25) the grid is that source's rows: a row of another source is a 403, and
 * the other sources' cells stay as they are.
 */
export async function putGrid(
  db: Db,
  clock: Clock,
  userId: number,
  locale: Locale,
  rows: GridRowIn[],
  onlySource: { id: number; name: string } | null = null,
): Promise<Grid> {
  if (onlySource !== null) {
    const index = rows.findIndex((r) => r.source !== onlySource.name);
    if (index >= 0) {
      throw new HadoError(403, 'forbidden', `rows[${index}].source: a user token of "${onlySource.name}" sets that source's rows only`, {
        index,
        field: 'source',
      });
    }
  }
  const sources = await sourceIdsByName(
    db,
    rows.map((r) => r.source),
  );
  const declared = await topicsOfSources(db, [...sources.values()]);
  const seen = new Map<string, number>();
  const cells: Array<{ source_id: number; topic: string; channel_type: ChannelType; enabled: boolean }> = [];
  rows.forEach((row, index) => {
    const sourceId = sources.get(row.source);
    if (sourceId === undefined) throw bad(index, 'source', `no source named "${row.source}"`);
    const k = JSON.stringify([row.source, row.topic]);
    const first = seen.get(k);
    if (first !== undefined) throw bad(index, 'topic', `same source and topic as rows[${first}]; send each row once`);
    seen.set(k, index);
    const topic = declared.get(sourceId)?.get(row.topic);
    for (const type of CHANNEL_TYPES) {
      const enabled = row.channels[type];
      if (enabled === undefined) continue;
      if (topic !== undefined && !topic.channels.includes(type)) throw bad(index, `channels.${type}`, 'is not available for this kind');
      cells.push({ source_id: sourceId, topic: row.topic, channel_type: type, enabled });
    }
  });
  await replaceCells(db, userId, cells, toDate(clock.now()), onlySource?.id ?? null);
  return getGrid(db, userId, locale, onlySource?.id ?? null);
}
