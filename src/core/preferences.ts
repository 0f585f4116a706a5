// The preferences grid (SPEC B3): GET shows every known (source, topic) ×
// channel type with the defaults filled in ("on"); PUT takes the whole grid.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { knownTopics, replaceCells, sourceIdsByName, userCells } from '../db/preferences.ts';
import { CHANNEL_TYPES, type ChannelType } from '../domain/channels.ts';
import { toDate } from '../domain/time.ts';
import { HadoError } from '../errors.ts';

export interface GridRow {
  source: string;
  topic: string;
  channels: Record<ChannelType, boolean>;
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

const allOn = (): Record<ChannelType, boolean> => Object.fromEntries(CHANNEL_TYPES.map((t) => [t, true])) as Record<ChannelType, boolean>;

export async function getGrid(db: Db, userId: number): Promise<Grid> {
  const [topics, cells] = await Promise.all([knownTopics(db, userId), userCells(db, userId)]);
  const rows = new Map<string, GridRow>();
  const key = (sourceId: number, topic: string) => `${sourceId}\u0000${topic}`;
  for (const t of topics) rows.set(key(t.source_id, t.topic), { source: t.source, topic: t.topic, channels: allOn() });
  for (const c of cells) rows.get(key(c.source_id, c.topic))!.channels[c.channel_type] = c.enabled;
  return { channels: CHANNEL_TYPES, rows: [...rows.values()] };
}

const bad = (index: number, field: string, message: string): HadoError =>
  new HadoError(422, 'invalid', `rows[${index}].${field}: ${message}`, { index, field });

/** Replaces the grid; a row or cell left out goes back to the default (on). Returns the new grid. */
export async function putGrid(db: Db, clock: Clock, userId: number, rows: GridRowIn[]): Promise<Grid> {
  const sources = await sourceIdsByName(
    db,
    rows.map((r) => r.source),
  );
  const seen = new Map<string, number>();
  const cells: Array<{ source_id: number; topic: string; channel_type: ChannelType; enabled: boolean }> = [];
  rows.forEach((row, index) => {
    const sourceId = sources.get(row.source);
    if (sourceId === undefined) throw bad(index, 'source', `no source named "${row.source}"`);
    const k = JSON.stringify([row.source, row.topic]);
    const first = seen.get(k);
    if (first !== undefined) throw bad(index, 'topic', `same source and topic as rows[${first}]; send each row once`);
    seen.set(k, index);
    for (const type of CHANNEL_TYPES) {
      const enabled = row.channels[type];
      if (enabled !== undefined) cells.push({ source_id: sourceId, topic: row.topic, channel_type: type, enabled });
    }
  });
  await replaceCells(db, userId, cells, toDate(clock.now()));
  return getGrid(db, userId);
}
