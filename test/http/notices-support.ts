// Helpers for the notice tests: a valid notice, POST and feed calls, and a
// listener on the notices NOTIFY channel for either backend.
import pg from 'pg';
import { LIVE_CHANNEL } from '../../src/db/notify.ts';
import { call, type TestApp } from '../support/app.ts';
import type { TestStore } from '../support/store.ts';

export function notice(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    recipients: ['ana'],
    title: 'Ana mentioned you',
    body: 'in "Q3 plan": can you check the numbers?',
    deep_link: '/docs/7#c12',
    topic: 'mention',
    ...over,
  };
}

export function post(t: TestApp, token: string, body: unknown) {
  return call(t, 'POST', '/api/notices', { token, body });
}

export function feed(t: TestApp, user: string, query = '') {
  return call(t, 'GET', `/me/notices${query ? `?${query}` : ''}`, { user });
}

export interface NoticeMessage {
  /** Recipient user ids. */
  u: number[];
  /** Notice ids. */
  d: number[];
}

/** Collects the `notice` messages of the live NOTIFY channel; `stop()` unsubscribes. */
export async function listenNotices(store: TestStore): Promise<{ payloads: NoticeMessage[]; stop(): Promise<void> }> {
  const payloads: NoticeMessage[] = [];
  const take = (p: string) => {
    const m = JSON.parse(p);
    if (m.k === 'notice') payloads.push({ u: m.u, d: m.d });
  };
  if (store.pglite) {
    const unsub = await store.pglite.listen(LIVE_CHANNEL, take);
    return { payloads, stop: unsub };
  }
  const client = new pg.Client({ connectionString: store.url! });
  await client.connect();
  client.on('notification', (m) => {
    if (m.channel === LIVE_CHANNEL && m.payload) take(m.payload);
  });
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  return { payloads, stop: () => client.end() };
}

/** Waits until `check` passes or the time is up (notifications arrive asynchronously). */
export async function eventually(check: () => void, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      check();
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
