// Small builders shared by the HTTP tests: a valid client event, and a
// snapshot of every table so a test can assert "nothing changed".
import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.ts';
import { call, type TestApp } from '../support/app.ts';

export interface EventJson {
  user?: string;
  source_ref?: string;
  topic?: string;
  due_at?: string;
  fire_at?: string;
  after_due?: 'keep' | 'expire';
  payload?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** Vasya's birthday of SPEC A3, with any field overridden. */
export function birthday(over: EventJson = {}): EventJson {
  return {
    user: 'nikita',
    source_ref: 'person:42',
    topic: 'birthday',
    due_at: '2026-08-14',
    fire_at: '2026-08-14',
    after_due: 'expire',
    payload: { title: "Vasya's birthday today", subtitle: 'turns 34', deep_link: '/people/42', done_label: 'Congratulated' },
    ...over,
  };
}

export function put(t: TestApp, token: string, events: unknown[]) {
  return call(t, 'PUT', '/api/events', { token, body: { events } });
}

/** Every row of every table, in a stable order, for "nothing changed" checks. */
export async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['sources', 'users', 'channels', 'events', 'deliveries']) {
    const res = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(db);
    out[table] = res.rows;
  }
  return out;
}

/** The stored row of an event, by identity. */
export async function eventRow(db: Db, sourceRef: string, topic = '') {
  return db.selectFrom('events').selectAll().where('source_ref', '=', sourceRef).where('topic', '=', topic).executeTakeFirst();
}
